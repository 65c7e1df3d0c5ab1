import KeelLogging
import KeelRouting

/// Holds an app's modules: validates their dependency graph before starting anything, starts
/// them in dependency order and stops them in reverse, rolls back a failed start, delivers app
/// events in module order, invokes typed actions, and unloads a module with everything it
/// registered.
///
/// ```swift
/// let registry = ModuleRegistry()
/// try await registry.add(ShopModule())
/// let report = try await registry.startAll()
/// ```
public actor ModuleRegistry {
    struct Entry {
        let module: any AppModule
        var state: ModuleState = .registered
        let registrar: ModuleRegistrar
    }

    /// The router module routes are registered in.
    public nonisolated let router: Router
    /// The container module services are registered in.
    public nonisolated let container: ServiceContainer
    private let logger: AppLogger
    private let clock: any Clock<Duration>
    private let defaultBudget: Duration
    private var entries: [ModuleID: Entry] = [:]
    private var addOrder: [ModuleID] = []
    private var startedOrder: [ModuleID] = []
    private var schemeOwners: [String: ModuleID] = [:]
    private var actions: [String: (owner: ModuleID, handler: ModuleRegistrar.ActionHandler)] = [:]
    private var types: [String: (owner: ModuleID, type: any Any.Type)] = [:]
    private var startRun: Task<ModuleStartReport, any Error>?
    /// The modules the running ``startAll()`` has yet to start: ``stop(_:)`` counts them as
    /// dependents, as it counts started and starting ones.
    private var pendingStart: Set<ModuleID> = []
    /// Bumped by ``stopAll()``: a running ``startAll()`` that sees it change starts nothing more.
    private var stopAllCount = 0
    /// Callers of ``stop(_:)`` and ``unload(_:)`` waiting for a module's start or stop to end.
    private var transitionWaiters: [ModuleID: [CheckedContinuation<Void, Never>]] = [:]
    /// Told each time a stop or unload starts waiting for a module's start or stop to end
    /// (tests use it to order an unload inside a start).
    var onTransitionWait: (@Sendable (ModuleID) -> Void)?
    /// Writes buffered log lines before the app goes to the background or terminates: every
    /// live file sink's (tests count calls instead, since the flush is process-wide).
    var flushLogs: @Sendable () -> Void = { FileSink.flushAll() }
    /// Every start, stop, failure and unload so far, in order.
    package private(set) var lifecycleLog: [ModuleLifecycleEvent] = []

    /// Creates a registry.
    ///
    /// - Parameters:
    ///   - startBudget: a module whose start takes longer is flagged (unless it sets its own).
    ///   - clock: measures start times.
    public init(
        router: Router = Router(), container: ServiceContainer = ServiceContainer(),
        startBudget: Duration = .milliseconds(100),
        logger: AppLogger = AppLogger(subsystem: "Keel", category: "modules"),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.router = router
        self.container = container
        self.defaultBudget = startBudget
        self.logger = logger
        self.clock = clock
    }

    // MARK: Adding and unloading

    /// Adds a module: runs its registration step and applies every declaration, or none.
    ///
    /// - Throws: `ModuleError/duplicateModule(_:)`, `ModuleError/schemeConflict(scheme:owner:claimant:)`,
    ///   `ModuleError/actionConflict(action:owner:claimant:)`, `ModuleError/typeConflict(url:owner:claimant:)`
    ///   or `ModuleError/registrationFailed(_:reason:)`.
    public func add(_ module: any AppModule) throws {
        let id = module.id
        guard entries[id] == nil else { throw ModuleError.duplicateModule(id) }
        var registrar = ModuleRegistrar(module: id)
        do { try module.register(in: &registrar) } catch {
            throw ModuleError.registrationFailed(id, reason: "\(error)")
        }
        for scheme in registrar.schemes {
            if let owner = schemeOwners[scheme] {
                throw ModuleError.schemeConflict(scheme: scheme, owner: owner, claimant: id)
            }
        }
        if Set(registrar.schemes).count < registrar.schemes.count {
            throw ModuleError.registrationFailed(id, reason: "a scheme is claimed twice")
        }
        for declaration in registrar.routes {
            if let scheme = try? RoutePattern(declaration.pattern).scheme, let owner = schemeOwners[scheme],
                owner != id
            {
                throw ModuleError.schemeConflict(scheme: scheme, owner: owner, claimant: id)
            }
        }
        for action in registrar.actions {
            if let existing = actions[action.name] {
                throw ModuleError.actionConflict(action: action.name, owner: existing.owner, claimant: id)
            }
        }
        var declaredTypes: Set<String> = []
        for declaration in registrar.types {
            guard let key = declaration.key, let scheme = key.components(separatedBy: "://").first,
                registrar.schemes.contains(scheme)
            else {
                throw ModuleError.registrationFailed(
                    id, reason: "type URL \(declaration.url) is not in a scheme the module claims")
            }
            if let existing = types[key] {
                throw ModuleError.typeConflict(url: declaration.url, owner: existing.owner, claimant: id)
            }
            guard declaredTypes.insert(key).inserted else {
                throw ModuleError.registrationFailed(
                    id, reason: "type URL \(declaration.url) is declared twice")
            }
        }
        // Routes and services go into shared structures: on any failure, remove what was added.
        do {
            for declaration in registrar.routes {
                let handler = declaration.handler
                try router.register(
                    declaration.pattern, priority: declaration.priority, owner: id.rawValue,
                    timeout: declaration.timeout, external: declaration.external
                ) { [weak self] request in try await handler(request, self) }
            }
            for service in registrar.services { try service(container, id.rawValue) }
        } catch {
            router.unregister(owner: id.rawValue)
            container.unregisterAll(owner: id.rawValue)
            throw ModuleError.registrationFailed(id, reason: "\(error)")
        }
        for scheme in registrar.schemes { schemeOwners[scheme] = id }
        for action in registrar.actions { actions[action.name] = (id, action.handler) }
        for declaration in registrar.types {
            if let key = declaration.key { types[key] = (id, declaration.type) }
        }
        entries[id] = Entry(module: module, registrar: registrar)
        addOrder.append(id)
    }

    /// Stops a module (if started) and removes it with every route, service, action, scheme
    /// and subscription it registered. A module that is starting or stopping is first let
    /// finish, then stopped.
    ///
    /// - Throws: `ModuleError/notFound(_:)` (also when a concurrent unload removed it first) or
    ///   `ModuleError/hasDependents(_:dependents:)`.
    public func unload(_ id: ModuleID) async throws {
        guard entries[id] != nil else { throw ModuleError.notFound(id) }
        let dependents = entries.values.filter { $0.module.dependencies.contains(id) }.map(\.module.id)
            .sorted()
        guard dependents.isEmpty else { throw ModuleError.hasDependents(id, dependents: dependents) }
        try await stop(id)
        // A concurrent unload may have removed it while this one waited.
        guard entries[id] != nil else { throw ModuleError.notFound(id) }
        router.unregister(owner: id.rawValue)
        container.unregisterAll(owner: id.rawValue)
        schemeOwners = schemeOwners.filter { $0.value != id }
        actions = actions.filter { $0.value.owner != id }
        types = types.filter { $0.value.owner != id }
        entries[id] = nil
        addOrder.removeAll { $0 == id }
        lifecycleLog.append(.unloaded(id))
    }

    // MARK: Starting and stopping

    /// The state of a module, or `nil` for an unknown id.
    public func state(of id: ModuleID) -> ModuleState? {
        entries[id]?.state
    }

    /// The modules in start order (dependencies first; ties by priority, then id).
    package func startOrder() throws -> [ModuleID] {
        try ModuleGraph.order(
            addOrder.compactMap { entries[$0] }.map {
                ModuleGraph.Node(
                    id: $0.module.id, dependencies: $0.module.dependencies, priority: $0.module.priority)
            })
    }

    /// Starts every module not started yet, in dependency order, after validating the whole
    /// graph. Concurrent calls share one run. If a start throws, the modules this run started
    /// are stopped in reverse order and the error names the failing module.
    ///
    /// - Throws: `ModuleError/cycle(_:)`, `ModuleError/missingDependency(_:requiredBy:)`
    ///   (before anything starts), or `ModuleError/startFailed(_:reason:)`.
    @discardableResult
    public func startAll() async throws -> ModuleStartReport {
        let run: Task<ModuleStartReport, any Error>
        if let existing = startRun {
            run = existing
        } else {
            run = Task { try await self.runStart() }
            startRun = run
        }
        defer { if startRun == run { startRun = nil } }
        return try await run.value
    }

    private func runStart() async throws -> ModuleStartReport {
        let order = try startOrder()
        let stopAllsBefore = stopAllCount
        pendingStart = Set(order.filter { entries[$0]?.state != .started })
        defer { pendingStart = [] }
        var report: [ModuleStartReport.Entry] = []
        var startedNow: [ModuleID] = []
        for id in order {
            // A `stopAll()` during the run (on `willTerminate`, say) used to stop the modules
            // started so far while this loop went on starting the ones that depend on them.
            if stopAllCount != stopAllsBefore, entries[id]?.state != .started {
                throw ModuleError.stoppedDuringStart(id)
            }
            pendingStart.remove(id)
            guard let entry = entries[id], entry.state != .started else { continue }
            entries[id]?.state = .starting
            lifecycleLog.append(.starting(id))
            let elapsed = Self.stopwatch(clock)
            do {
                try await entry.module.start()
            } catch {
                entries[id]?.state = .failed("\(error)")
                lifecycleLog.append(.failed(id))
                settled(id)
                logger.error("module \(id.rawValue, privacy: .public) failed to start; rolling back")
                // The run starts nothing more: its pending modules are no dependents to keep
                // the rolled-back ones running for.
                pendingStart = []
                for started in startedNow.reversed() { try? await stop(started) }
                throw ModuleError.startFailed(id, reason: "\(error)")
            }
            let duration = elapsed()
            entries[id]?.state = .started
            startedOrder.append(id)
            startedNow.append(id)
            lifecycleLog.append(.started(id))
            settled(id)
            let budget = entry.module.startBudget ?? defaultBudget
            report.append(.init(id: id, duration: duration, budget: budget))
            if duration > budget {
                logger.warning(
                    "module \(id.rawValue, privacy: .public) is slow to start: \(duration.description, privacy: .public)"
                )
            }
        }
        return ModuleStartReport(entries: report)
    }

    /// Stops every started module, in the reverse of their start order. During
    /// ``startAll()`` it first lets the modules that are starting finish, and the run starts
    /// no more (it throws `ModuleError/stoppedDuringStart(_:)` naming the first one skipped).
    public func stopAll() async {
        stopAllCount += 1
        while let starting = entries.first(where: { $0.value.state == .starting })?.key {
            onTransitionWait?(starting)
            await withCheckedContinuation { transitionWaiters[starting, default: []].append($0) }
        }
        for id in startedOrder.reversed() { try? await stop(id, checkDependents: false) }
    }

    /// Stops one module. A module that is not started is left alone (a no-op); one that is
    /// starting or stopping is first let finish.
    ///
    /// - Throws: `ModuleError/notFound(_:)`, or `ModuleError/hasDependents(_:dependents:)`
    ///   while a started or starting module depends on it, or one the running
    ///   ``startAll()`` has yet to start.
    public func stop(_ id: ModuleID) async throws {
        try await stop(id, checkDependents: true)
    }

    private func stop(_ id: ModuleID, checkDependents: Bool) async throws {
        // An unload or stop during the module's start used to see "not started", skip the
        // stop and (for unload) remove a module that then finished starting and never stopped.
        while let state = entries[id]?.state, state == .starting || state == .stopping {
            onTransitionWait?(id)
            await withCheckedContinuation { transitionWaiters[id, default: []].append($0) }
        }
        guard let entry = entries[id] else { throw ModuleError.notFound(id) }
        guard entry.state == .started else { return }
        if checkDependents {
            // A dependent still starting (or yet to start in the running `startAll()`) used to
            // be missed: `a` stopped and then `b` finished starting on top of it.
            let running = entries.values.filter {
                $0.module.dependencies.contains(id)
                    && ($0.state == .started || $0.state == .starting || pendingStart.contains($0.module.id))
            }
            if !running.isEmpty {
                throw ModuleError.hasDependents(id, dependents: running.map(\.module.id).sorted())
            }
        }
        entries[id]?.state = .stopping
        lifecycleLog.append(.stopping(id))
        await entry.module.stop()
        entries[id]?.state = .stopped
        startedOrder.removeAll { $0 == id }
        lifecycleLog.append(.stopped(id))
        settled(id)
    }

    /// Resumes the callers waiting for `id`'s start or stop to end.
    private func settled(_ id: ModuleID) {
        for waiter in transitionWaiters.removeValue(forKey: id) ?? [] { waiter.resume() }
    }

    /// Sets ``flushLogs`` (tests).
    func setFlushLogs(_ flush: @escaping @Sendable () -> Void) {
        flushLogs = flush
    }

    /// Sets ``onTransitionWait`` (tests).
    func observeTransitionWaits(_ observer: @escaping @Sendable (ModuleID) -> Void) {
        onTransitionWait = observer
    }

    private static func stopwatch(_ clock: some Clock<Duration>) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    // MARK: Events and actions

    /// Delivers `event` to the started modules that subscribed to its kind, one after the
    /// other in start order; returns the modules that received it.
    ///
    /// `didEnterBackground` and `willTerminate` first write every file sink's buffered log
    /// lines: iOS may suspend or end the process next without running exit handlers.
    @discardableResult
    public func send(_ event: AppEvent) async -> [ModuleID] {
        if event == .didEnterBackground || event == .willTerminate { flushLogs() }
        var delivered: [ModuleID] = []
        for id in deliveryOrder() {
            guard let entry = entries[id], entry.state == .started else { continue }
            let handlers = entry.registrar.subscriptions.filter { $0.kinds.contains(event.kind) }.map(
                \.handler)
            if handlers.isEmpty { continue }
            delivered.append(id)
            for handler in handlers { await handler(event) }
        }
        return delivered
    }

    /// Delivers a custom event to its subscribers among the started modules, in start order.
    @discardableResult
    public func post<Payload>(_ key: CustomEventKey<Payload>, _ payload: Payload) async -> [ModuleID] {
        var delivered: [ModuleID] = []
        for id in deliveryOrder() {
            guard let entry = entries[id], entry.state == .started else { continue }
            let handlers = entry.registrar.customSubscriptions.filter { $0.name == key.name }.map(\.handler)
            if handlers.isEmpty { continue }
            delivered.append(id)
            for handler in handlers { await handler(payload) }
        }
        return delivered
    }

    private func deliveryOrder() -> [ModuleID] {
        (try? startOrder()) ?? addOrder
    }

    /// The type a module declared at `url` (``ModuleRegistrar/type(_:at:)``), as `base` — the
    /// framework article's `ModuleCenter.class(for:)`, typed. The caller creates and presents
    /// the instance (push, present, embed): the registry only finds the type.
    ///
    /// - Throws: `ModuleError/typeNotFound(url:)` when no loaded module declares one there
    ///   (or `url` has no scheme and host), `ModuleError/typeMismatch(url:expected:)` when the
    ///   declared type is not a `base`.
    public func type<Base>(for url: String, as base: Base.Type) throws -> Base.Type {
        guard let key = ModuleTypeURL.key(url), let entry = types[key] else {
            throw ModuleError.typeNotFound(url: url)
        }
        guard let type = entry.type as? Base.Type else {
            throw ModuleError.typeMismatch(url: url, expected: "\(base)")
        }
        return type
    }

    /// Invokes a typed action by key.
    ///
    /// - Throws: `ActionError/notFound(_:)` when no module declares it, or the action's error.
    public func perform<Input, Output>(_ key: ActionKey<Input, Output>, _ input: Input) async throws -> Output
    {
        guard let action = actions[key.name] else { throw ActionError.notFound(key.name) }
        guard let output = try await action.handler(input) as? Output else {
            throw ActionError.typeMismatch(key.name)
        }
        return output
    }

    /// Invokes a typed action through the router: `url` must reach a route bound to the action.
    ///
    /// - Throws: the router's errors, or `ActionError/typeMismatch(_:)`.
    public nonisolated func perform<Input, Output>(_ key: ActionKey<Input, Output>, url: String) async throws
        -> Output
    {
        let result = try await router.open(url)
        guard let output = result.outcome.value(as: Output.self) else {
            throw ActionError.typeMismatch(key.name)
        }
        return output
    }
}
