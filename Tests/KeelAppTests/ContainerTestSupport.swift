import KeelApp
import KeelSupport

/// A service with identity, for scope tests.
final class Counter: Sendable {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}

/// Counts factory runs across threads.
final class RunCount: Sendable {
    private let value = AtomicInt(0)

    @discardableResult
    func increment() -> Int {
        value.add(1) + 1
    }

    var count: Int { value.load() }
}

struct Engine: Sendable {
    let counter: Counter
}

struct Car: Sendable {
    let engine: Engine
    let counter: Counter
}

@MainActor
final class ScreenModel {
    let title: String

    init(title: String) {
        self.title = title
    }
}

extension ServiceKeys {
    static let counter = ServiceKey<Counter>()
    static let namedCounter = ServiceKey<Counter>("named")
    static let engine = ServiceKey<Engine>()
    static let car = ServiceKey<Car>()
    static let screen = ServiceKey<ScreenModel>()
    static let text = ServiceKey<String>("text")
}

extension ServiceScope {
    static let session = ServiceScope(rawValue: "session")
}

/// D7: a container is `Sendable`, so a global `let` compiles in Swift 6 mode.
let globalServices = ServiceContainer()

/// Resolves through the synchronous overload (async contexts otherwise pick the async one).
func resolveSync<Service>(_ container: ServiceContainer, _ key: ServiceKey<Service>) throws -> Service {
    try container.resolve(key)
}
