import Testing

@testable import KeelRouting

@Suite("Middleware")
struct MiddlewareTests {
    @Test("R14: middleware runs in order; rewrite and redirect change the URL")
    func order() async throws {
        let router = try makeRouter(["new/<int:id>", "final/<int:id>"])
        let log = OrderLog()
        router.use(
            RouteMiddleware("first") { url, _ in
                await log.append("first \(url.text)")
                return .proceed
            })
        router.use(
            .rewrite("rewrite") { url in url.segments.first == "old" ? "new/\(url.segments[1])" : nil })
        router.use(
            RouteMiddleware("last") { url, _ in
                await log.append("last \(url.text)")
                return .proceed
            })
        router.use(
            .redirect("redirect") { url in url.segments.first == "new" ? "final/\(url.segments[1])" : nil })
        let result = try await router.open("old/7")
        #expect(result.outcome.value(as: String.self) == "final/<int:id>")
        #expect(result.url.text == "final/7")
        #expect(await log.entries == ["first old/7", "last new/7", "first final/7", "last final/7"])
    }

    @Test("R14: a redirect loop ends with .redirectLoop")
    func loop() async throws {
        let router = try makeRouter(["a", "b"])
        router.use(.redirect("ping-pong") { url in url.segments == ["a"] ? "b" : "a" })
        await #expect(throws: RouteError.redirectLoop(["/a", "/b", "/a"])) { try await router.open("a") }
    }

    @Test("R14: an endless chain of new URLs stops after maximumRedirects hops")
    func hopLimit() async throws {
        let router = Router(options: RouterOptions(maximumRedirects: 3))
        router.use(.redirect("count") { url in "n/\((Int(url.segments.last ?? "0") ?? 0) + 1)" })
        do {
            _ = try await router.open("n/0")
            Issue.record("expected a loop")
        } catch RouteError.redirectLoop(let chain) {
            #expect(chain == ["/n/0", "/n/1", "/n/2", "/n/3", "/n/4"])
        }
    }

    @Test("R14: deny stops with .denied; log observes every URL")
    func deny() async throws {
        let router = try makeRouter(["account", "home"])
        let log = OrderLog()
        router.use(.log { url in Task { await log.append(url.text) } })
        router.use(.deny("auth") { url in url.segments.first == "account" ? "signed out" : nil })
        await #expect(throws: RouteError.denied(url: "account", reason: "signed out")) {
            try await router.open("account")
        }
        #expect(try await router.open("home").outcome.value(as: String.self) == "home")
    }
}
