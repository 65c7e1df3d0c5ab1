import KeelSupport

/// A URL router backed by a segment trie: match cost depends on the URL, not on how many
/// routes are registered, and the winner is fixed by the precedence rules, never by
/// registration order or hashing.
///
/// ```swift
/// let router = Router()
/// try router.register("myapp://user/<int:id>") { request in
///     .destination(Destination(.profile, parameters: ["id": request.parameters.text("id")!]))
/// }
/// let result = try await router.open("myapp://user/42")
/// ```
///
/// Matching is synchronous and lock-free for readers: each call works on an immutable
/// snapshot, so routes can be added and removed while other threads match.
public final class Router: Sendable {
    /// The settings.
    package let options: RouterOptions
    private let state: Locked<RouterSnapshot>
    private let clock: any Clock<Duration>

    /// Creates an empty router.
    ///
    /// - Parameter clock: runs per-route timeouts (inject a test clock in tests).
    public init(options: RouterOptions = RouterOptions(), clock: any Clock<Duration> = ContinuousClock()) {
        self.options = options
        self.clock = clock
        var snapshot = RouterSnapshot()
        snapshot.fallbackToGlobalRoutes = options.fallbackToGlobalRoutes
        state = Locked(snapshot)
    }

    private var snapshot: RouterSnapshot { state.withLock { $0 } }

    // MARK: Registering

    /// Registers a route.
    ///
    /// - Parameters:
    ///   - pattern: e.g. `myapp://user/<int:id>`; the grammar is in the module's overview.
    ///   - priority: orders routes that tie on every segment (higher first).
    ///   - replace: replace a route of the same shape instead of throwing a conflict.
    ///   - owner: who registered it (a module id); `unregister(owner:)` removes a module's routes.
    ///   - timeout: the handler fails with ``RouteError/timedOut(pattern:after:)`` after this.
    ///   - external: whether URLs from outside the app (``openExternal(_:context:)``) may reach
    ///     it. `false` by default: only the app's own ``open(_:context:)`` calls do.
    /// - Throws: ``RouteError/invalidPattern(_:)`` or ``RouteError/conflict(existing:new:)``.
    @discardableResult
    public func register(
        _ pattern: String, priority: Int = 0, replace: Bool = false, owner: String? = nil,
        timeout: Duration? = nil, external: Bool = false,
        handler: @escaping @Sendable (RouteRequest) async throws -> RouteOutcome
    ) throws -> RouteID {
        let parsed: RoutePattern
        do { parsed = try RoutePattern(pattern) } catch let error as RoutePatternError {
            throw RouteError.invalidPattern(error)
        }
        return try state.withLock { snapshot in
            try snapshot.add(
                pattern: parsed, priority: priority, owner: owner, replace: replace, timeout: timeout,
                external: external, handler: handler)
        }
    }

    /// Registers a route whose handler runs on the main actor.
    @discardableResult
    package func registerOnMainActor(
        _ pattern: String, priority: Int = 0, replace: Bool = false, owner: String? = nil,
        timeout: Duration? = nil, external: Bool = false,
        handler: @escaping @MainActor @Sendable (RouteRequest) async throws -> RouteOutcome
    ) throws -> RouteID {
        try register(
            pattern, priority: priority, replace: replace, owner: owner, timeout: timeout, external: external
        ) {
            request in
            try await handler(request)
        }
    }

    /// Removes a route; returns whether it existed.
    @discardableResult
    public func unregister(_ id: RouteID) -> Bool {
        state.withLock { $0.remove(id) }
    }

    /// Removes every route registered by `owner` in one step; returns how many.
    @discardableResult
    package func unregister(owner: String) -> Int {
        state.withLock { snapshot in
            let ids = snapshot.records.values.filter { $0.info.owner == owner }.map(\.info.id)
            for id in ids { snapshot.remove(id) }
            return ids.count
        }
    }

    /// Adds a converter for `<name:param>` placeholders. Register it before the routes that
    /// use it. A converter ranks after the specific built-ins and before `string`.
    ///
    /// - Throws: ``RouteError/converterExists(_:)`` for a built-in or repeated name.
    public func registerConverter(_ type: ParameterType, convert: @escaping ParameterConverter) throws {
        try state.withLock { snapshot in
            guard snapshot.converters[type] == nil, type != .path else {
                throw RouteError.converterExists(type)
            }
            snapshot.converters[type] = convert
        }
    }

    /// Sets the handler for URLs nothing else handled: of `scheme` only, or of any scheme when
    /// `scheme` is `nil` (a scheme's own handler runs before that one). `nil` removes it.
    public func setUnmatchedHandler(
        forScheme scheme: String? = nil, _ handler: (@Sendable (RouteRequest) async throws -> RouteOutcome)?
    ) {
        state.withLock { state in
            if let scheme {
                state.schemeFallbacks[scheme.lowercased()] = handler
            } else {
                state.globalFallback = handler
            }
        }
    }

    /// Appends a middleware; they run in the order added.
    public func use(_ middleware: RouteMiddleware) {
        state.withLock { $0.middleware.append(middleware) }
    }

    // MARK: Reading

    /// Every registered route, in registration order.
    package var routes: [RouteInfo] {
        snapshot.records.values.map(\.info).sorted { $0.id < $1.id }
    }

    /// The route that would run first for `url`, with its parameters; `nil` when none matches.
    ///
    /// - Throws: ``RouteError/invalidURL(_:)``.
    package func match(_ url: String) throws -> RouteMatch? {
        let parsed = try parse(url)
        let snapshot = self.snapshot
        return snapshot.best(for: parsed).map { snapshot.match($0, url: parsed) }
    }

    /// Every matching route, in the order ``open(_:context:)`` would try them.
    package func candidates(for url: String) throws -> [RouteMatch] {
        let parsed = try parse(url)
        let snapshot = self.snapshot
        return snapshot.candidates(for: parsed).map { snapshot.match($0, url: parsed) }
    }

    /// Every candidate considered for `url`, in order, with why it was accepted or rejected
    /// (before middleware and handlers run).
    public func explain(_ url: String) -> RouteExplanation {
        do {
            let parsed = try RouteURL(url, plusAsSpace: options.plusAsSpace).normalizingWebHost
            return RouteExplanation(url: .success(parsed), entries: snapshot.explain(parsed))
        } catch let error as RouteURLError {
            return RouteExplanation(url: .failure(error), entries: [])
        } catch {
            return RouteExplanation(
                url: .failure(RouteURLError(url: url, offset: 0, reason: .invalidScheme(""))), entries: [])
        }
    }

    /// `url` parsed, an `http`/`https` host normalised (``RouteURL/normalizingWebHost``).
    private func parse(_ url: String) throws -> RouteURL {
        do {
            return try RouteURL(url, plusAsSpace: options.plusAsSpace).normalizingWebHost
        } catch let error as RouteURLError {
            throw RouteError.invalidURL(error)
        }
    }

    // MARK: Opening

    /// Runs the middleware, then the best candidate's handler; a handler returning
    /// ``RouteOutcome/pass`` hands over to the next candidate, then to the scheme's unmatched
    /// handler, then the global one.
    ///
    /// Handlers run in the calling task, so cancelling it cancels them.
    ///
    /// - Throws: ``RouteError/notFound(url:nearMisses:)`` with the rejected candidates and
    ///   why, ``RouteError/denied(url:reason:)``, ``RouteError/redirectLoop(_:)``,
    ///   ``RouteError/timedOut(pattern:after:)``, `CancellationError`, or a handler's error.
    public func open(_ url: String, context: (any Sendable)? = nil) async throws -> RouteResult {
        try await perform(url, parsed: try parse(url), context: context, external: nil)
    }

    /// Opens a URL that came from outside the app (a link, another app, a notification):
    /// refuses it unless the ``RouterOptions``' external policy allows its scheme (and, for `http` and
    /// `https`, its host, on the scheme's default port), then runs the middleware and only routes registered with
    /// `external: true`. Routes without a scheme and the unmatched handlers are reached only
    /// when the policy says so (both off by default).
    ///
    /// The policy is checked on the URL as received; middleware may still rewrite it, and the
    /// rewritten URL again reaches only external routes.
    ///
    /// - Throws: ``RouteError/externalURLRejected(url:reason:)`` before any middleware or
    ///   handler runs, or what ``open(_:context:)`` throws; internal routes the URL matched
    ///   appear in ``RouteError/notFound(url:nearMisses:)`` as near misses (not external).
    public func openExternal(_ url: String, context: (any Sendable)? = nil) async throws -> RouteResult {
        let policy = options.external
        switch policy.admit(try parse(url)) {
        case .refused(let rejection):
            throw RouteError.externalURLRejected(url: UserInfoRedaction.redact(url), reason: rejection)
        case .accepted(let admitted):
            // An http(s) URL is matched by its host alone (`https://example.com:443/…` reaches
            // `https://example.com/…`), so what was accepted is what is routed.
            return try await perform(url, parsed: admitted, context: context, external: policy)
        }
    }

    /// `open` and `openExternal`: with a policy, only external routes run.
    private func perform(
        _ url: String, parsed received: RouteURL, context: (any Sendable)?, external: ExternalURLPolicy?
    ) async throws -> RouteResult {
        let snapshot = self.snapshot
        let parsed = try await applyMiddleware(snapshot.middleware, to: received, context: context)
        var skipped: [NearMiss] = []
        for candidate in snapshot.candidates(for: parsed, fallback: external?.fallbackToGlobalRoutes) {
            try Task.checkCancellation()
            let match = snapshot.match(candidate, url: parsed)
            if external != nil, !match.route.isExternal {
                skipped.append(NearMiss(route: match.route, reason: .notExternal))
                continue
            }
            let request = RouteRequest(
                url: parsed, route: match.route, parameters: match.parameters, context: context)
            do {
                let outcome = try await run(candidate.entry, request)
                if !outcome.isPass {
                    return RouteResult(
                        outcome: outcome, source: .route(match.route), url: parsed, skipped: skipped)
                }
                skipped.append(NearMiss(route: match.route, reason: .handlerPassed))
            } catch let signal as PassSignal {
                skipped.append(NearMiss(route: match.route, reason: signal.reason))
            }
        }
        let fallbackRequest = RouteRequest(url: parsed, context: context)
        let runsUnmatchedHandlers = external?.runsUnmatchedHandlers ?? true
        if runsUnmatchedHandlers, let scheme = parsed.scheme, let fallback = snapshot.schemeFallbacks[scheme]
        {
            try Task.checkCancellation()
            let outcome = try await fallback(fallbackRequest)
            if !outcome.isPass {
                return RouteResult(
                    outcome: outcome, source: .schemeFallback(scheme), url: parsed, skipped: skipped)
            }
        }
        if runsUnmatchedHandlers, let fallback = snapshot.globalFallback {
            try Task.checkCancellation()
            let outcome = try await fallback(fallbackRequest)
            if !outcome.isPass {
                return RouteResult(outcome: outcome, source: .globalFallback, url: parsed, skipped: skipped)
            }
        }
        let explained = snapshot.explain(
            parsed, externalOnly: external != nil, fallback: external?.fallbackToGlobalRoutes)
        let rejected = explained.compactMap { entry -> NearMiss? in
            guard case .rejected(let reason, let depth) = entry.verdict, depth > 0 else { return nil }
            return NearMiss(route: entry.route, reason: reason)
        }
        // The user info never goes into an error (it may hold a password): the raw URL used to.
        throw RouteError.notFound(
            url: UserInfoRedaction.redact(url), nearMisses: skipped + rejected.prefix(5))
    }

    private func applyMiddleware(
        _ middleware: [RouteMiddleware], to start: RouteURL, context: (any Sendable)?
    ) async throws -> RouteURL {
        var url = start
        var visited = [url.normalized]
        var index = 0
        while index < middleware.count {
            try Task.checkCancellation()
            switch try await middleware[index].body(url, context) {
            case .proceed:
                index += 1
            case .rewrite(let text):
                url = try parse(text)
                index += 1
            case .redirect(let text):
                url = try parse(text)
                let normalized = url.normalized
                if visited.contains(normalized) || visited.count > options.maximumRedirects {
                    throw RouteError.redirectLoop((visited + [normalized]).map(UserInfoRedaction.redact))
                }
                visited.append(normalized)
                index = 0
            case .deny(let reason):
                throw RouteError.denied(url: UserInfoRedaction.redact(url.text), reason: reason)
            }
        }
        return url
    }

    private func run(_ entry: RouteEntry, _ request: RouteRequest) async throws -> RouteOutcome {
        guard let timeout = entry.timeout else { return try await entry.handler(request) }
        let clock = self.clock
        let handler = entry.handler
        do {
            return try await withTimeout(timeout, clock: clock) { try await handler(request) }
        } catch is TimeoutError {
            throw RouteError.timedOut(pattern: entry.info.pattern, after: timeout)
        }
    }
}

/// Thrown by a typed route's handler wrapper to pass to the next candidate with a reason.
struct PassSignal: Error {
    let reason: RejectionReason
}
