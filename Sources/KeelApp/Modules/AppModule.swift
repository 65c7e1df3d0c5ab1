/// A feature module: it declares what it contributes in ``register(in:)`` (routes, schemes,
/// services, actions, event subscriptions — all recorded as its own), then is started and
/// stopped by a ``ModuleRegistry`` in dependency order.
///
/// ```swift
/// struct ShopModule: AppModule {
///     let id: ModuleID = "shop"
///     func register(in registrar: inout ModuleRegistrar) throws {
///         registrar.claimScheme("shop")
///         registrar.route("shop://product/<int:id>") { _ in .handled }
///     }
/// }
/// ```
public protocol AppModule: Sendable {
    /// The module's id.
    var id: ModuleID { get }
    /// Modules that must start before this one (and stop after it).
    var dependencies: [ModuleID] { get }
    /// Among modules whose dependencies are met, higher priority starts first.
    var priority: Int { get }
    /// A start slower than this is flagged in the start report; `nil` uses the registry's.
    var startBudget: Duration? { get }
    /// Declares the module's contributions. Called once, when the module is added.
    func register(in registrar: inout ModuleRegistrar) throws
    /// Starts the module.
    func start() async throws
    /// Stops the module; must not fail.
    func stop() async
}

extension AppModule {
    /// No dependencies.
    public var dependencies: [ModuleID] { [] }
    /// Priority 0.
    public var priority: Int { 0 }
    /// The registry's budget.
    public var startBudget: Duration? { nil }
    /// Declares nothing.
    public func register(in registrar: inout ModuleRegistrar) throws {}
    /// Does nothing.
    public func start() async throws {}
    /// Does nothing.
    public func stop() async {}
}

/// A typed data-flow action between modules: a name with its input and output types, in
/// place of target/action strings.
///
/// ```swift
/// extension ActionKey where Input == CartQuery, Output == CartSummary {
///     static var cartSummary: Self { .init("cart.summary") }
/// }
/// ```
public struct ActionKey<Input: Sendable, Output: Sendable>: Hashable, Sendable {
    /// The action's name.
    package let name: String

    /// A key by name.
    public init(_ name: String) {
        self.name = name
    }

    /// The name.
    package var description: String { name }
}
