import Testing

@testable import KeelRouting

@Suite("Precedence beyond 16 segments")
struct DeepPrecedenceTests {
    /// `app://s0/s1/…/s15` followed by `tail`.
    static func deep(_ tail: String) -> String {
        "app://" + (0..<16).map { "s\($0)" }.joined(separator: "/") + "/" + tail
    }

    /// Bug: ranks after the 16th segment were not compared, so whichever of `<x>` and `lit`
    /// was registered first won for `…/s15/lit`.
    @Test("a literal beats a placeholder at segment 17 whatever the registration order")
    func literalWinsDeep() async throws {
        let literal = Self.deep("lit")
        let placeholder = Self.deep("<x>")
        for order in [[placeholder, literal], [literal, placeholder]] {
            let router = try makeRouter(order)
            #expect(try router.match(literal)?.route.pattern == literal, "order \(order)")
            #expect(try await router.open(literal).outcome.value(as: String.self) == literal)
            #expect(try router.match(Self.deep("other"))?.route.pattern == placeholder)
        }
    }

    /// Deeper still, and with a typed placeholder against an untyped one.
    @Test("typed beats untyped at segment 20 whatever the registration order")
    func typedWinsDeeper() throws {
        let typed = Self.deep("a/b/c/<int:n>")
        let untyped = Self.deep("a/b/c/<n>")
        let catchAll = Self.deep("a/<path:rest>")
        for order in [[untyped, catchAll, typed], [catchAll, typed, untyped], [typed, untyped, catchAll]] {
            let router = try makeRouter(order)
            #expect(try router.match(Self.deep("a/b/c/7"))?.route.pattern == typed, "order \(order)")
            #expect(try router.match(Self.deep("a/b/c/x"))?.route.pattern == untyped, "order \(order)")
            #expect(try router.match(Self.deep("a/b/x/y"))?.route.pattern == catchAll, "order \(order)")
        }
    }
}
