import Testing

@testable import KeelRouting

@Suite("URLs and queries")
struct URLParsingTests {
    @Test("R8: query keeps every value in order, percent-decoded")
    func query() throws {
        let url = try RouteURL("myapp://a?x=1&x=2&y=%20b&flag")
        #expect(url.query["x"] == ["1", "2"])
        #expect(url.query["y"] == [" b"])
        #expect(url.query["flag"] == [""])
        #expect(url.query.keys == ["x", "y", "flag"])
    }

    @Test("R8: + as space follows the option", arguments: [(true, "a b"), (false, "a+b")])
    func plus(plusAsSpace: Bool, expected: String) throws {
        let url = try RouteURL("myapp://a?q=a+b", plusAsSpace: plusAsSpace)
        #expect(url.query["q"] == [expected])
        let router = Router(options: RouterOptions(plusAsSpace: plusAsSpace))
        try router.register("myapp://a", handler: answer("a"))
        #expect(try router.match("myapp://a?q=a+b")?.url.query["q"] == [expected])
    }

    @Test("host is the first segment; empty segments dropped; %2F stays in its segment")
    func segments() throws {
        let url = try RouteURL("HTTPS://example.com//a%2Fb/?q#frag%21")
        #expect(url.scheme == "https")
        #expect(url.segments == ["example.com", "a/b"])
        #expect(url.fragment == "frag!")
        #expect(try RouteURL("/a/b").scheme == nil)
    }

    static let malformed: [(String, Int, RouteURLError.Reason)] = [
        ("1x://a", 0, .invalidScheme("1x")),
        ("://a", 0, .invalidScheme("")),
        ("myapp://a/%4", 10, .invalidPercentEncoding),
        ("myapp://a/b?x=%zz", 14, .invalidPercentEncoding),
        ("myapp://a/b?%g=1", 12, .invalidPercentEncoding),
        ("a/b#%", 4, .invalidPercentEncoding),
    ]

    @Test("malformed URLs throw a typed error saying where", arguments: malformed)
    func malformedURLs(text: String, offset: Int, reason: RouteURLError.Reason) {
        #expect(throws: RouteURLError(url: text, offset: offset, reason: reason)) { try RouteURL(text) }
    }

    @Test("the router reports malformed URLs as invalidURL, never crashes")
    func routerMalformed() throws {
        let router = try makeRouter(["a/<x>"])
        #expect(throws: RouteError.self) { try router.match("a/%") }
        if case .failure = router.explain("a/%").url {} else { Issue.record("expected a failure") }
    }
}
