import Testing

@testable import KeelRouting

@Suite("Introspection")
struct ExplainTests {
    @Test("R17: explain lists every candidate in order with an accept or reject reason")
    func explain() throws {
        let router = Router()
        try router.register("myapp://user/<int:id>", owner: "profile", handler: answer("int"))
        try router.register("myapp://user/<name>", handler: answer("name"))
        try router.register("myapp://user/me/settings", handler: answer("settings"))
        try router.register("myapp://user", handler: answer("short"))
        try router.register("myapp://team/<id>", handler: answer("team"))
        try router.register("other://user/<id>", handler: answer("other"))
        let explanation = router.explain("myapp://user/abc")
        #expect(
            explanation.entries.map(\.route.pattern) == [
                "myapp://user/<name>", "myapp://user/<int:id>", "myapp://user/me/settings", "myapp://user",
                "myapp://team/<id>",
            ])
        #expect(explanation.entries[0].verdict == .accepted(rank: 0))
        #expect(
            explanation.entries[1].verdict
                == .rejected(.conversionFailed(position: 1, type: .int, value: "abc"), depth: 1))
        #expect(
            explanation.entries[2].verdict
                == .rejected(.literalMismatch(position: 1, expected: "me", found: "abc"), depth: 1))
        #expect(
            explanation.entries[3].verdict
                == .rejected(.extraSegments(position: 1, segments: ["abc"]), depth: 1))
        #expect(
            explanation.entries[4].verdict
                == .rejected(.literalMismatch(position: 0, expected: "team", found: "user"), depth: 0))
        #expect(explanation.accepted.map(\.pattern) == ["myapp://user/<name>"])
        #expect(explanation.description.hasPrefix("accept #0 myapp://user/<name>"))
    }

    @Test("R17: routes lists every pattern with its owner, in registration order")
    func routes() throws {
        let router = Router()
        try router.register("b", owner: "shop", handler: answer("b"))
        try router.register("a", handler: answer("a"))
        #expect(router.routes.map(\.pattern) == ["b", "a"])
        #expect(router.routes.map(\.owner) == ["shop", nil])
        #expect(router.routes[0].description == "b (shop)")
    }

    @Test("a URL too short for a pattern is a missing segment")
    func missing() throws {
        let router = try makeRouter(["a/b/c"])
        #expect(
            router.explain("a/b").entries.first?.verdict == .rejected(.missingSegment(position: 2), depth: 2))
    }
}
