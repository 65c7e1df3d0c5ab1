import KeelApp
import KeelRouting

/// Records lifecycle calls across modules, in order.
actor CallLog {
    private(set) var calls: [String] = []

    func append(_ call: String) {
        calls.append(call)
    }
}

struct CartQuery: Sendable, Equatable {
    let userID: Int
}

struct CartSummary: Sendable, Equatable {
    let userID: Int
    let items: Int
}

extension ActionKey where Input == CartQuery, Output == CartSummary {
    static var cartSummary: Self { .init("cart.summary") }
}

extension CustomEventKey where Payload == Int {
    static var cartChanged: Self { .init("cart.changed") }
}

/// A configurable module for registry tests.
struct TestModule: AppModule {
    let id: ModuleID
    var dependencies: [ModuleID] = []
    var priority = 0
    var startBudget: Duration?
    var log: CallLog
    var failStart = false
    var startWork: (@Sendable () async -> Void)?
    var declare: (@Sendable (inout ModuleRegistrar) throws -> Void)?

    init(
        _ id: ModuleID, dependencies: [ModuleID] = [], priority: Int = 0, log: CallLog,
        failStart: Bool = false,
        startBudget: Duration? = nil, declare: (@Sendable (inout ModuleRegistrar) throws -> Void)? = nil,
        startWork: (@Sendable () async -> Void)? = nil
    ) {
        self.id = id
        self.dependencies = dependencies
        self.priority = priority
        self.log = log
        self.failStart = failStart
        self.startBudget = startBudget
        self.startWork = startWork
        self.declare = declare
    }

    struct StartFailure: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    func register(in registrar: inout ModuleRegistrar) throws {
        try declare?(&registrar)
    }

    func start() async throws {
        await log.append("start \(id)")
        await startWork?()
        if failStart { throw StartFailure() }
    }

    func stop() async {
        await log.append("stop \(id)")
    }
}
