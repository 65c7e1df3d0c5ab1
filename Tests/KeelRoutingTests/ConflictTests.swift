import Testing

@testable import KeelRouting

@Suite("Conflicts and unregistering")
struct ConflictTests {
    @Test("R4: a route of the same shape throws a conflict; replace: true swaps the handler")
    func conflict() async throws {
        let router = Router()
        try router.register("user/<b>", handler: answer("old"))
        #expect(throws: RouteError.conflict(existing: "user/<b>", new: "user/<a>")) {
            try router.register("user/<a>", handler: answer("new"))
        }
        try router.register("user/<a>", replace: true, handler: answer("new"))
        let result = try await router.open("user/5")
        #expect(result.outcome.value(as: String.self) == "new")
        #expect(router.routes.map(\.pattern) == ["user/<a>"])
    }

    @Test("different kinds or literals are not conflicts")
    func notConflicts() throws {
        let router = Router()
        try router.register("user/<a>", handler: answer("a"))
        try router.register("user/<int:a>", handler: answer("b"))
        try router.register("user/me", handler: answer("c"))
        try router.register("myapp://user/<a>", handler: answer("d"))
        #expect(router.routes.count == 4)
    }

    @Test("an optional variant that repeats an existing shape conflicts")
    func optionalConflict() throws {
        let router = try makeRouter(["list"])
        #expect(throws: RouteError.conflict(existing: "list", new: "list(/<int:page>)")) {
            try router.register("list(/<int:page>)", handler: answer("x"))
        }
    }

    @Test("unregistering by id and by owner removes the routes")
    func unregister() throws {
        let router = Router()
        let id = try router.register("a", handler: answer("a"))
        try router.register("b/<x>", owner: "shop", handler: answer("b"))
        try router.register("c", owner: "shop", handler: answer("c"))
        #expect(router.unregister(id))
        #expect(!router.unregister(id))
        #expect(router.unregister(owner: "shop") == 2)
        #expect(try router.match("b/1") == nil)
        #expect(router.routes.isEmpty)
        try router.register("b/<y>", handler: answer("again"))
        #expect(try router.match("b/1")?.route.pattern == "b/<y>")
    }
}
