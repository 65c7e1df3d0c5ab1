import KeelRouting

/// Collects what a module contributes during ``AppModule/register(in:)``. Nothing takes effect
/// until the registrar's declarations are all accepted; then every one is recorded as owned by
/// the module, and ``ModuleRegistry/unload(_:)`` removes them together.
public struct ModuleRegistrar: Sendable {
    typealias ActionHandler = @Sendable (any Sendable) async throws -> any Sendable

    struct RouteDeclaration: Sendable {
        let pattern: String
        let priority: Int
        let timeout: Duration?
        /// Reachable from ``Router/openExternal(_:context:)`` (KeelRouting).
        var external = false
        let handler: @Sendable (RouteRequest, ModuleRegistry?) async throws -> RouteOutcome
    }

    /// The module being registered.
    package let module: ModuleID
    var routes: [RouteDeclaration] = []
    var schemes: [String] = []
    var services: [@Sendable (ServiceContainer, String) throws -> Void] = []
    var actions: [(name: String, handler: ActionHandler)] = []
    var subscriptions: [(kinds: Set<AppEventKind>, handler: @Sendable (AppEvent) async -> Void)] = []
    var customSubscriptions: [(name: String, handler: @Sendable (any Sendable) async -> Void)] = []
    var types: [(url: String, key: String?, type: any Any.Type)] = []

    init(module: ModuleID) {
        self.module = module
    }

    /// Claims `scheme`: no other module may claim it or route into it.
    public mutating func claimScheme(_ scheme: String) {
        schemes.append(scheme.lowercased())
    }

    /// Declares a route (see KeelRouting's
    /// `Router/register(_:priority:replace:owner:timeout:external:handler:)`); `external: true`
    /// makes it reachable from `Router/openExternal(_:context:)`, as for the router's own routes.
    public mutating func route(
        _ pattern: String, priority: Int = 0, timeout: Duration? = nil, external: Bool = false,
        handler: @escaping @Sendable (RouteRequest) async throws -> RouteOutcome
    ) {
        routes.append(
            RouteDeclaration(pattern: pattern, priority: priority, timeout: timeout, external: external) {
                request, _ in try await handler(request)
            })
    }

    /// Declares a route that invokes a typed action: `input` builds the action's input from
    /// the request, and the route's outcome is `RouteOutcome.value(_:)` (KeelRouting) with the
    /// output (`external` as for the other `route`).
    public mutating func route<Input, Output>(
        _ pattern: String, priority: Int = 0, external: Bool = false, action key: ActionKey<Input, Output>,
        input: @escaping @Sendable (RouteRequest) throws -> Input
    ) {
        routes.append(
            RouteDeclaration(pattern: pattern, priority: priority, timeout: nil, external: external) {
                request, registry in
                guard let registry else { throw ActionError.notFound(key.name) }
                return .value(try await registry.perform(key, try input(request)))
            })
    }

    /// Declares a service with a synchronous factory.
    public mutating func service<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, eager: Bool = false,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) {
        services.append { container, owner in
            try container.register(key, scope: scope, owner: owner, eager: eager, factory: factory)
        }
    }

    /// Declares a service with an async factory.
    public mutating func asyncService<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, eager: Bool = false,
        factory: @escaping @Sendable (Resolver) async throws -> Service
    ) {
        services.append { container, owner in
            try container.registerAsync(key, scope: scope, owner: owner, eager: eager, factory: factory)
        }
    }

    /// Declares a typed action other modules can invoke by key (or by URL through a route).
    public mutating func action<Input, Output>(
        _ key: ActionKey<Input, Output>, handler: @escaping @Sendable (Input) async throws -> Output
    ) {
        actions.append(
            (
                key.name,
                { input in
                    guard let input = input as? Input else { throw ActionError.typeMismatch(key.name) }
                    return try await handler(input)
                }
            ))
    }

    /// Declares a type other modules look up by URL — the framework article's class lookup
    /// (`Network://vc1` → a view-controller class), typed: ``ModuleRegistry/type(for:as:)``
    /// returns it as the base type the caller asks for. `url`'s scheme must be one this module
    /// claims (``claimScheme(_:)``); the scheme and host compare case-insensitively.
    ///
    /// ```swift
    /// registrar.claimScheme("Network")
    /// registrar.type(SettingsViewController.self, at: "Network://vc1")
    /// // elsewhere: let screen = try await registry.type(for: "Network://vc1", as: UIViewController.self)
    /// ```
    public mutating func type<T>(_ type: T.Type, at url: String) {
        types.append((url, ModuleTypeURL.key(url), type))
    }

    /// Subscribes to app events of the given kinds; delivery follows module start order.
    public mutating func subscribe(
        to kinds: Set<AppEventKind>, handler: @escaping @Sendable (AppEvent) async -> Void
    ) {
        subscriptions.append((kinds, handler))
    }

    /// Subscribes to a custom event with a typed payload.
    public mutating func subscribe<Payload>(
        to key: CustomEventKey<Payload>, handler: @escaping @Sendable (Payload) async -> Void
    ) {
        customSubscriptions.append(
            (
                key.name,
                { payload in
                    if let payload = payload as? Payload { await handler(payload) }
                }
            ))
    }
}
