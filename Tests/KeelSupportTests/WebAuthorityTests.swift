import KeelSupport
import Testing

/// The one `http`/`https` authority parser: user info, case, a trailing dot, escapes, IPv6
/// and ports, and what browsers and Foundation read differently (refused).
@Suite("WebAuthority")
struct WebAuthorityTests {
    @Test(
        "parses host and port as browsers and URLComponents agree",
        arguments: [
            ("example.com", "example.com", nil),
            ("EXAMPLE.com.:443", "example.com", 443),
            ("user:pw@example.com:0080", "example.com", 80),
            ("example.com@evil.com", "evil.com", nil),
            ("a@b@example.com:", "example.com", nil),
            ("ex%61mple%2Ecom", "example.com", nil),
            ("[::1]:8443", "[::1]", 8443),
            ("[FE80::1]", "[fe80::1]", nil),
            ("example.com..", "example.com.", nil),
        ] as [(String, String, Int?)])
    func parses(text: String, host: String, port: Int?) throws {
        let authority = try #require(WebAuthority(text[...]))
        #expect(authority.host == host)
        #expect(authority.port == port)
    }

    @Test(
        "refuses empty, non-ASCII, forbidden, ambiguous and bad-port authorities",
        arguments: [
            "", ".", "user@", ":443", "evil.com\\@example.com", "example.com\\", "exämple.com",
            "ex%C3%A4mple.com", "ex%00ample.com", "example.com%2Fx", "example.com%40evil.com", "exa mple.com",
            "example.com:x", "example.com:65536", "example.com:443:1", "example.com:+443", "[::1", "[::1]x",
            "[::1]:x", "[::1%25eth0]", "[]", "[example.com]", "ex%6", "ex%zzample.com",
        ])
    func refuses(text: String) {
        #expect(WebAuthority(text[...]) == nil)
    }

    @Test("the authority of a URL ends at /, ? or #; default ports are 80 and 443")
    func authorityAndPorts() throws {
        #expect(WebAuthority.authority(ofURL: "https://u@h:1/p?q#f") == "u@h:1")
        #expect(WebAuthority.authority(ofURL: "https://h?x@evil.com") == "h")
        #expect(WebAuthority.authority(ofURL: "https://h#@evil.com") == "h")
        #expect(WebAuthority.authority(ofURL: "https://h\\@evil.com/x") == "h\\@evil.com")
        #expect(WebAuthority.authority(ofURL: "https:///x") == "")
        #expect(WebAuthority.authority(ofURL: "mailto:x@y") == nil)
        #expect(WebAuthority.defaultPort(forScheme: "HTTPS") == 443)
        #expect(WebAuthority.defaultPort(forScheme: "http") == 80)
        #expect(WebAuthority.defaultPort(forScheme: "ftp") == nil)
        let https = try #require(WebAuthority("a.com:443"))
        #expect(https.hasDefaultPort(forScheme: "https"))
        #expect(!https.hasDefaultPort(forScheme: "http"))
        #expect(try #require(WebAuthority("a.com")).hasDefaultPort(forScheme: "ws"))
        #expect(WebAuthority.normalizedHost("::1") == "[::1]")
        #expect(WebAuthority.normalizedHost("Example.COM.") == "example.com")
        #expect(WebAuthority.normalizedHost(".") == nil)
    }
}
