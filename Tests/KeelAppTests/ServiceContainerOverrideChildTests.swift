import Testing

@testable import KeelApp

@Suite("withOverrides through child containers")
struct ServiceContainerOverrideChildTests {
    /// Bug: a child's parent walk went to the original parent, so `child.resolve` inside
    /// `parent.withOverrides` returned the real service (1) instead of the override (99).
    @Test("an override on a parent applies to resolves through its child")
    func overrideReachesChild() async throws {
        let parent = ServiceContainer()
        try parent.register(ServiceKeys.counter) { _ in Counter(id: 1) }
        let child = ServiceContainer(parent: parent)
        let grandchild = ServiceContainer(parent: child)
        let ids = try await parent.withOverrides(
            { try $0.register(ServiceKeys.counter, replace: true) { _ in Counter(id: 99) } },
            operation: {
                [
                    try resolveSync(parent, ServiceKeys.counter).id,
                    try resolveSync(child, ServiceKeys.counter).id,
                    try await grandchild.resolve(ServiceKeys.counter).id,
                ]
            })
        #expect(ids == [99, 99, 99])
        // Outside the operation the real service is back.
        #expect(try resolveSync(child, ServiceKeys.counter).id == 1)
    }

    /// A dependency a child's factory resolves through its resolver also reaches the override.
    @Test("a child factory's dependency on the parent gets the override")
    func dependencyThroughChildResolver() async throws {
        let parent = ServiceContainer()
        try parent.register(ServiceKeys.counter) { _ in Counter(id: 1) }
        let child = ServiceContainer(parent: parent)
        try child.register(ServiceKeys.engine) { Engine(counter: try $0.resolve(ServiceKeys.counter)) }
        let id = try await parent.withOverrides(
            { try $0.register(ServiceKeys.counter, replace: true) { _ in Counter(id: 99) } },
            operation: { try resolveSync(child, ServiceKeys.engine).counter.id })
        #expect(id == 99)
    }
}
