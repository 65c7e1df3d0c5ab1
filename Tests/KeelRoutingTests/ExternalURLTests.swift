import Foundation
import Testing

@testable import KeelRouting

/// URLs from outside the app reach only routes marked external, under a scheme/host policy.
@Suite("External URLs")
struct ExternalURLTests {
    static let policy = ExternalURLPolicy(allowedSchemes: ["myapp", "HTTPS"], allowedHosts: ["Example.com"])

    /// A router with an internal `account/delete` (no scheme, the old attack target), an
    /// internal and an external `myapp` route, and an external universal link.
    func makeRouter(_ policy: ExternalURLPolicy = Self.policy) throws -> Router {
        let router = Router(options: RouterOptions(external: policy))
        try router.register("account/delete", handler: answer("account/delete"))
        try router.register("myapp://settings/reset", handler: answer("myapp://settings/reset"))
        try router.register("myapp://product/<int:id>", external: true, handler: answer("product"))
        try router.register(
            "https://example.com/product/<int:id>", external: true, handler: answer("web product"))
        return router
    }

    @Test("evil:// and https://account/... never reach the scheme-less internal route")
    func attackURLs() async throws {
        let router = try makeRouter()
        // The app's own open still falls back to global routes (unchanged behaviour).
        #expect(
            try await router.open("evil://account/delete").outcome.value(as: String.self) == "account/delete")
        await #expect(
            throws: RouteError.externalURLRejected(
                url: "evil://account/delete", reason: .schemeNotAllowed("evil"))
        ) { try await router.openExternal("evil://account/delete") }
        await #expect(
            throws: RouteError.externalURLRejected(
                url: "https://account/delete", reason: .hostNotAllowed(scheme: "https", host: "account"))
        ) { try await router.openExternal("https://account/delete") }
        await #expect(
            throws: RouteError.externalURLRejected(url: "/account/delete", reason: .missingScheme)
        ) { try await router.openExternal("/account/delete") }
        await #expect(
            throws: RouteError.externalURLRejected(
                url: "https://", reason: .hostNotAllowed(scheme: "https", host: nil))
        ) { try await router.openExternal("https://") }
        // An empty authority: `example.com` is the first path segment, not the host.
        for url in [
            "https:///example.com/product/3", "https:////example.com/product/3",
        ] {
            await #expect(
                throws: RouteError.externalURLRejected(
                    url: url, reason: .hostNotAllowed(scheme: "https", host: nil))
            ) { try await router.openExternal(url) }
        }
    }

    @Test("an allowed scheme reaches external routes only; internal matches are near misses")
    func externalOnly() async throws {
        let router = try makeRouter()
        #expect(
            try await router.openExternal("MyApp://product/7").outcome.value(as: String.self) == "product")
        #expect(
            try await router.openExternal("https://example.com/product/3").outcome.value(as: String.self)
                == "web product")
        // Schemes and hosts compare case-insensitively (route literals do not).
        #expect(Self.policy.rejection(of: try RouteURL("HTTPS://EXAMPLE.COM/product/3")) == nil)
        do {
            _ = try await router.openExternal("myapp://settings/reset")
            Issue.record("an internal route ran for an external URL")
        } catch RouteError.notFound(_, let nearMisses) {
            #expect(nearMisses.map(\.reason) == [.notExternal])
        }
        // Scheme-less routes are not reached by default, even when marked external.
        try router.register("account/view", external: true, handler: answer("account/view"))
        await #expect(throws: RouteError.self) { try await router.openExternal("myapp://account/view") }
    }

    @Test("the global fallback and unmatched handlers are off for external URLs unless allowed")
    func fallbacks() async throws {
        let closed = try makeRouter()
        try closed.register("help/<topic>", external: true, handler: answer("help"))
        closed.setUnmatchedHandler { _ in .value("global unmatched") }
        closed.setUnmatchedHandler(forScheme: "myapp") { _ in .value("scheme unmatched") }
        await #expect(throws: RouteError.self) { try await closed.openExternal("myapp://help/faq") }
        await #expect(throws: RouteError.self) { try await closed.openExternal("myapp://nothing") }

        var policy = Self.policy
        policy.fallbackToGlobalRoutes = true
        policy.runsUnmatchedHandlers = true
        let open = try makeRouter(policy)
        try open.register("help/<topic>", external: true, handler: answer("help"))
        open.setUnmatchedHandler(forScheme: "myapp") { _ in .value("scheme unmatched") }
        #expect(try await open.openExternal("myapp://help/faq").outcome.value(as: String.self) == "help")
        #expect(
            try await open.openExternal("myapp://nothing").outcome.value(as: String.self)
                == "scheme unmatched")
        // Still never the internal scheme-less route: it is skipped, and the unmatched handler runs.
        let result = try await open.openExternal("myapp://account/delete")
        #expect(result.outcome.value(as: String.self) == "scheme unmatched")
        #expect(result.skipped.map(\.reason) == [.notExternal])
    }

    @Test("the default policy accepts no external URL")
    func defaultPolicy() async throws {
        let router = Router()
        try router.register("myapp://product/<int:id>", external: true, handler: answer("product"))
        await #expect(
            throws: RouteError.externalURLRejected(
                url: "myapp://product/1", reason: .schemeNotAllowed("myapp"))
        ) { try await router.openExternal("myapp://product/1") }
        #expect(router.routes.first?.isExternal == true)
    }

    @Test("a middleware rewrite to an internal route is still refused for an external URL")
    func rewriteStaysExternal() async throws {
        let router = try makeRouter()
        router.use(
            .rewrite("to settings") { url in url.segments.first == "product" ? "myapp://settings/reset" : nil
            })
        await #expect(throws: RouteError.self) { try await router.openExternal("myapp://product/1") }
    }

    @Test("typed external routes work through openExternal")
    func typed() async throws {
        struct Item: Codable, Sendable, Equatable { var id: Int }
        let router = Router(options: RouterOptions(external: Self.policy))
        try router.register(try Route<Item>("myapp://item/<int:id>"), external: true) { item, _ in
            .value(item)
        }
        #expect(try await router.openExternal("myapp://item/5").outcome.value(as: Item.self) == Item(id: 5))
    }
}

/// `%2F` decodes inside a segment; the `segment` type refuses separators and dot segments.
@Suite("Path separators in parameters")
struct PathSeparatorTests {
    @Test("a decoded %2F stays in one segment and reaches a plain placeholder")
    func plainPlaceholderKeepsSeparators() throws {
        let router = try makeRouter(["docs/<name>"])
        let match = try #require(try router.match("docs/..%2F..%2FLibrary%2FPreferences"))
        #expect(match.parameters.text("name") == "../../Library/Preferences")
    }

    static let refused = [
        "..%2F..%2FLibrary", "a%2Fb", "a%5Cb", "..", ".", "%2E%2E", "a%00b", ".hidden", ".keel-store-id",
        "...",
        "a%0Ab", "%2Essh",
        // Finding 12: these used to match (the check was byte-based: below 0x20 and 0x7F).
        "a%C2%85b", "%C2%9B31m", "invoice%E2%80%AEfdp.exe", "a%E2%80%A8b", "a%E2%80%A9b",
        "x%E2%81%A6y", "a%7Fb", String(repeating: "a", count: 256), String(repeating: "a", count: 300),
        String(repeating: "%C3%A9", count: 150),
    ]

    @Test("<segment:name> refuses separators, control characters, and leading dots", arguments: refused)
    func segmentRefuses(_ text: String) throws {
        let router = try makeRouter(["docs/<segment:name>"])
        #expect(try router.match("docs/\(text)") == nil)
        let explanation = router.explain("docs/\(text)")
        #expect(explanation.accepted.isEmpty)
    }

    @Test("<segment:name> accepts ordinary names, dots inside included")
    func segmentAccepts() throws {
        let router = try makeRouter(["docs/<segment:name>"])
        for name in [
            "report.pdf", "a..b", "%F0%9F%93%84", "notes.", "v1.2.3", String(repeating: "a", count: 255),
            "caf%C3%A9", "%E2%80%8Bzero-width",
        ] {
            #expect(try router.match("docs/\(name)") != nil, "\(name)")
        }
    }

    @Test("segment is a built-in: a converter of that name cannot be registered")
    func builtIn() {
        #expect(throws: RouteError.converterExists(.segment)) {
            try Router().registerConverter(.segment) { .string($0) }
        }
    }
}
