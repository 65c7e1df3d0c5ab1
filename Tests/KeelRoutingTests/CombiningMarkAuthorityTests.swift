import KeelSupport
import Testing

@testable import KeelRouting

/// A combining mark (U+0301, U+FE0F, U+200D…) after a URL delimiter merges with it into one
/// `Character`; every URL split is by UTF-8 byte, so it cannot hide the delimiter.
@Suite("URL delimiters followed by combining marks")
struct CombiningMarkAuthorityTests {
    /// Used to be accepted as `example.com`: `WebAuthority` ended the authority at the first
    /// `Character` equal to `/`, `?` or `#` (and looked for `\` and `@` the same way), so
    /// `/\u{301}` was not an end and the later `@example.com` read as the host, while the
    /// router's byte split saw `evil.com`, which `admit` then replaced with `example.com`.
    @Test(
        "a mark after /, ?, # or \\ does not move the authority's end",
        arguments: [
            "https://evil.com/\u{301}@example.com/x",
            "https://evil.com?\u{301}@example.com/",
            "https://evil.com#\u{301}@example.com/",
            "https://evil.com\\\u{301}@example.com/",
            "https://evil.com/\u{FE0F}@example.com/x",
            "https://evil.com/\u{200D}@example.com/x",
        ])
    func markDoesNotMoveTheAuthorityEnd(url: String) async throws {
        let router = Router(
            options: RouterOptions(
                external: ExternalURLPolicy(allowedSchemes: ["https"], allowedHosts: ["example.com"])))
        try router.register("https://example.com/<path:rest>", external: true) { _ in .value("rest") }
        try router.register("https://example.com", external: true) { _ in .value("root") }
        await #expect(throws: RouteError.self) { _ = try await router.openExternal(url) }
        let policy = ExternalURLPolicy(allowedSchemes: ["https"], allowedHosts: ["example.com"])
        guard case .refused(.hostNotAllowed(_, let host)) = policy.admit(try RouteURL(url)) else {
            Issue.record("\(url) was not refused for its host")
            return
        }
        #expect(host == "evil.com")
    }

    /// The authority scan and the parser read bytes: the authority of these ends at the
    /// first `/`, `?` or `#` byte, and a `\` followed by a mark is still refused.
    @Test("WebAuthority finds delimiters by byte")
    func webAuthorityBytes() throws {
        #expect(WebAuthority.authority(ofURL: "https://evil.com/\u{301}@example.com/x"[...]) == "evil.com")
        #expect(WebAuthority.authority(ofURL: "https://a\u{301}/x"[...]) == "a\u{301}")
        #expect(WebAuthority("evil.com\\\u{301}@example.com"[...]) == nil)
        #expect(WebAuthority("user@\u{301}example.com"[...]) == nil)
        #expect(WebAuthority("[::1]\u{301}"[...]) == nil)
        #expect(WebAuthority("example.com:\u{301}443"[...]) == nil)
        let plain = try #require(WebAuthority("user:pw@example.com:443"[...]))
        #expect(plain.host == "example.com" && plain.port == 443)
    }

    /// Used to be left unmasked: the redaction looked for the authority's end and its `@` as
    /// `Character`s, so an `@` followed by a mark was not found and the password stayed.
    @Test("user info before a mark is still masked")
    func redactionFindsTheAtByte() {
        #expect(UserInfoRedaction.redact("https://a:pw@\u{301}x/") == "https://***@\u{301}x/")
        #expect(UserInfoRedaction.redact("https://a:pw@x/\u{301}@y") == "https://***@x/\u{301}@y")
    }

    /// A route pattern splits on `/` scalars as the URL does: `a/\u{301}b` is two segments (it
    /// used to be one literal `a/\u{301}b` that no URL could match).
    @Test("patterns split on the / scalar")
    func patternSplitsOnScalar() async throws {
        let router = Router()
        try router.register("app://x/a/\u{301}b") { _ in .value("hit") }
        #expect(try await router.open("app://x/a/\u{301}b").outcome.value(as: String.self) == "hit")
    }
}
