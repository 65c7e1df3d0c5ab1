import Foundation
import KeelSupport
import Testing

@testable import KeelRouting

/// The host of an external `http`/`https` URL is read from its authority (user info, case,
/// a trailing dot, escapes and the default port do not matter), and what is accepted reaches
/// the route registered for the bare host.
@Suite("External URL hosts")
struct ExternalHostTests {
    static let policy = ExternalURLPolicy(
        allowedSchemes: ["https", "http"], allowedHosts: ["example.com", "::1"])

    /// A router whose external web routes answer with their pattern and `id`.
    func makeRouter() throws -> Router {
        let router = Router(options: RouterOptions(external: Self.policy))
        for pattern in [
            "https://example.com/product/<int:id>", "http://example.com/product/<int:id>",
            "https://[::1]/product/<int:id>", "http://[::1]/product/<int:id>",
        ] {
            try router.register(pattern, external: true) { request in
                .value("\(pattern) \(request.parameters.int("id") ?? -1)")
            }
        }
        return router
    }

    /// Each of these used to be refused: the policy compared the whole first segment
    /// (`example.com:443`, `example.com.`, `user@example.com`, `ex%61mple.com` decoded but
    /// `EXAMPLE.com` accepted by the policy and then matching no route, since route literals
    /// are case-sensitive) with the allowed host. Now they reach the bare host's route.
    @Test(
        "default ports, a trailing dot, user info, case and escapes reach the bare host's route",
        arguments: [
            ("https://example.com:443/product/1", "https://example.com/product/<int:id> 1"),
            ("https://example.com:0443/product/2", "https://example.com/product/<int:id> 2"),
            ("https://example.com:/product/3", "https://example.com/product/<int:id> 3"),
            ("http://example.com:80/product/4", "http://example.com/product/<int:id> 4"),
            ("https://example.com./product/5", "https://example.com/product/<int:id> 5"),
            ("https://EXAMPLE.com.:443/product/6?x=1#top", "https://example.com/product/<int:id> 6"),
            ("https://user@example.com/product/7", "https://example.com/product/<int:id> 7"),
            ("https://user:pw@example.com:443/product/8", "https://example.com/product/<int:id> 8"),
            ("https://ex%61mple.com/product/9", "https://example.com/product/<int:id> 9"),
            ("https://EX%41MPLE.COM/product/10", "https://example.com/product/<int:id> 10"),
            ("https://[::1]:443/product/11", "https://[::1]/product/<int:id> 11"),
        ])
    func accepted(url: String, answer: String) async throws {
        let router = try makeRouter()
        #expect(try await router.openExternal(url).outcome.value(as: String.self) == answer)
    }

    /// `example.com@evil.com` is the host `evil.com` with user info `example.com`; a port that
    /// is not the scheme's default is another origin. Before, `https://example.com:8443/…`
    /// was refused only by accident (the segment `example.com:8443` is not a host), and the
    /// rejection named user info, password included (`user:pw@evil.com`).
    @Test(
        "user info before another host, other ports and ambiguous authorities are refused",
        arguments: [
            ("https://example.com@evil.com/product/1", "evil.com"),
            ("https://user:pw@evil.com/product/1", "evil.com"),
            ("https://example.com:8443/product/1", "example.com:8443"),
            ("http://example.com:443/product/1", "example.com:443"),
            ("https://example.com:80/product/1", "example.com:80"),
            ("https://example.com:99999/product/1", "example.com:99999"),
            ("https://example.com:x/product/1", "example.com:x"),
            ("https://example.com..:443/product/1", "example.com."),
            ("https://evil.com\\@example.com/product/1", "evil.com"),
            ("https://example.com\\@evil.com/product/1", "example.com"),
            ("https://ex%00ample.com/product/1", "ex%00ample.com"),
            ("https://example.com%2Fevil/product/1", "example.com%2Fevil"),
            ("https://example.com%40evil.com/product/1", "example.com%40evil.com"),
            ("https://ex%C3%A4mple.com/product/1", "ex%C3%A4mple.com"),
            ("https://[::1]:8443/product/1", "[::1]:8443"),
            ("https://[::1%25eth0]/product/1", "[::1%25eth0]"),
            ("https://./product/1", "."),
        ])
    func refused(url: String, host: String) async throws {
        let router = try makeRouter()
        let scheme = try #require(url.split(separator: ":").first).lowercased()
        // The error's URL masks the user info (it used to hold the raw text, password included).
        let masked: [String: String] = [
            "https://example.com@evil.com/product/1": "https://***@evil.com/product/1",
            "https://user:pw@evil.com/product/1": "https://***@evil.com/product/1",
            "https://evil.com\\@example.com/product/1": "https://***@example.com/product/1",
            "https://example.com\\@evil.com/product/1": "https://***@evil.com/product/1",
        ]
        await #expect(
            throws: RouteError.externalURLRejected(
                url: masked[url] ?? url, reason: .hostNotAllowed(scheme: scheme, host: host))
        ) { try await router.openExternal(url) }
    }

    @Test("allowed hosts are normalised as URL hosts are")
    func allowedHostsNormalised() throws {
        let policy = ExternalURLPolicy(
            allowedSchemes: ["https"], allowedHosts: ["Example.COM.", "[::2]", ""])
        #expect(policy.allowedHosts == ["example.com", "[::2]"])
        #expect(policy.rejection(of: try RouteURL("https://example.com/")) == nil)
        #expect(policy.rejection(of: try RouteURL("https://[::2]:443/")) == nil)
        // A non-web scheme keeps its first segment as written.
        let app = ExternalURLPolicy(allowedSchemes: ["myapp"])
        let admitted = app.admit(try RouteURL("myapp://User@Product:1/x"))
        #expect(admitted == .accepted(try RouteURL("myapp://User@Product:1/x")))
    }

    /// An allowed entry with a port used to work by accident (the whole first segment
    /// `localhost:8080` was compared) and, once hosts were read from the authority, was turned
    /// into the IPv6 literal `[localhost:8080]` and never matched. An entry now names a host or
    /// a host and port; the default port spelled out is the host alone.
    @Test("allowed hosts may name a port; the default port spelled out is the host alone")
    func allowedHostsWithPorts() async throws {
        let policy = ExternalURLPolicy(
            allowedSchemes: ["https", "http"],
            allowedHosts: ["LocalHost:8080", "[::1]:8443", "example.com:443"])
        #expect(policy.allowedHosts == ["localhost:8080", "[::1]:8443", "example.com:443"])
        let router = Router(options: RouterOptions(external: policy))
        for pattern in [
            "http://localhost:8080/x/<int:id>", "https://[::1]:8443/x/<int:id>",
            "https://example.com/x/<int:id>",
        ] {
            try router.register(pattern, external: true) { request in
                .value("\(pattern) \(request.parameters.int("id") ?? -1)")
            }
        }
        for (url, answer) in [
            ("http://localhost:8080/x/1", "http://localhost:8080/x/<int:id> 1"),
            ("http://LOCALHOST.:08080/x/2", "http://localhost:8080/x/<int:id> 2"),
            ("https://[::1]:8443/x/3", "https://[::1]:8443/x/<int:id> 3"),
            ("https://example.com/x/4", "https://example.com/x/<int:id> 4"),
            ("https://example.com:443/x/5", "https://example.com/x/<int:id> 5"),
        ] {
            #expect(try await router.openExternal(url).outcome.value(as: String.self) == answer, "\(url)")
        }
        for (url, host) in [
            ("http://localhost/x/1", "localhost"), ("http://localhost:8081/x/1", "localhost:8081"),
            ("http://example.com/x/1", "example.com"),
            ("https://[::1]/x/1", "[::1]"),
        ] {
            let scheme = try #require(url.split(separator: ":").first).lowercased()
            await #expect(
                throws: RouteError.externalURLRejected(
                    url: url, reason: .hostNotAllowed(scheme: scheme, host: host))
            ) { try await router.openExternal(url) }
        }
    }

    /// Route literals are case-sensitive, and the external policy matched the lowercased host:
    /// a route registered as `https://Example.com/…` answered `open` but never `openExternal`.
    /// The host of a web route pattern and of a web URL is now read as a host on both paths.
    @Test("a web route's host matches whatever case, dot or default port names it, on both paths")
    func webRouteHostsMatchAsHosts() async throws {
        let router = Router(
            options: RouterOptions(
                external: ExternalURLPolicy(allowedSchemes: ["https"], allowedHosts: ["example.com"])))
        try router.register("https://Example.COM:443/p/<int:id>", external: true) { request in
            .value(request.parameters.int("id") ?? -1)
        }
        for (index, url) in [
            "https://Example.com/p/1", "https://example.com./p/2", "https://EXAMPLE.COM:443/p/3",
            "https://user@example.com/p/4",
        ].enumerated() {
            #expect(try await router.openExternal(url).outcome.value(as: Int.self) == index + 1, "\(url)")
            #expect(try await router.open(url).outcome.value(as: Int.self) == index + 1, "\(url)")
        }
        // Another port is another server, for `open` too.
        await #expect(throws: RouteError.self) { try await router.open("https://example.com:8443/p/1") }
    }

    /// The accepted set, for random authorities with user info, ports, dots, case and
    /// escapes, is exactly the URLs whose host as Foundation's `URLComponents(string:)`
    /// computes it (lowercased, one trailing dot removed, IPv6 in brackets) is allowed, on the
    /// scheme's default port; and every accepted one reaches the bare host's route. The only
    /// exceptions are refusals on purpose: an authority with `\` (Foundation and browsers
    /// disagree on it) — Foundation must never see an allowed host where Keel accepts.
    @Test("seeded random authorities: accepted exactly when Foundation's host is allowed")
    func randomAuthorities() async throws {
        var random = SeededRandom(seed: 0x4B45_454C_484F_5354)
        let router = try makeRouter()
        var acceptedCount = 0
        for _ in 0..<3000 {
            let scheme = ["https", "http", "HTTPS", "Http"].randomElement(using: &random)!
            let authority = Self.randomAuthority(&random)
            let id = Int.random(in: 0..<1000, using: &random)
            let url = "\(scheme)://\(authority)/product/\(id)"
            let expected = Self.foundationAccepts(url, allowed: Self.policy.allowedHosts)
            let admitted = (try? RouteURL(url)).map { Self.policy.admit($0) }
            let accepted: Bool
            if case .accepted = admitted { accepted = true } else { accepted = false }
            if authority.contains("\\") {
                #expect(!accepted, "\(url) has a backslash")
                continue
            }
            #expect(accepted == expected, "\(url): Keel \(accepted), Foundation \(expected)")
            guard accepted else { continue }
            acceptedCount += 1
            let host = URLComponents(string: url)?.host.flatMap(WebAuthority.normalizedHost) ?? "?"
            let answer = "\(scheme.lowercased())://\(host)/product/<int:id> \(id)"
            #expect(try await router.openExternal(url).outcome.value(as: String.self) == answer, "\(url)")
        }
        // The generator reaches both sides often.
        #expect(acceptedCount > 300)
    }

    /// Foundation's verdict: the host is allowed and the port is absent or the default.
    static func foundationAccepts(_ url: String, allowed: Set<String>) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host, let normalized = WebAuthority.normalizedHost(host)
        else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        return allowed.contains(normalized) && (components.port == nil || components.port == defaultPort)
    }

    /// `[user-info@]host[:port]` from pieces chosen to collide: allowed and other hosts,
    /// case, escapes, dots, `@`, ports around the defaults, and a rare `\`.
    static func randomAuthority(_ random: inout SeededRandom) -> String {
        let hosts = [
            "example.com", "EXAMPLE.com", "Example.Com", "example.com.", "example.com..", "evil.com",
            "evil.com.",
            "ex%61mple.com", "%65xample.com", "example%2Ecom", "ex%41mple.com", "example.co", "wexample.com",
            "example.com.evil.com", "[::1]", "[::2]", "[0:0::1]", ".", "",
        ]
        let users = ["user", "u:p", "example.com", "a@b", "evil.com", "", "us%40er", "example.com:443"]
        let ports = ["", "443", "80", "0443", "8443", "0", "99999", "1", "00080", "65535"]
        var text = ""
        if Int.random(in: 0..<3, using: &random) == 0 { text += users.randomElement(using: &random)! + "@" }
        if Int.random(in: 0..<12, using: &random) == 0 {
            text += ["evil.com\\@", "example.com\\"].randomElement(using: &random)!
        }
        text += hosts.randomElement(using: &random)!
        if Int.random(in: 0..<2, using: &random) == 0 { text += ":" + ports.randomElement(using: &random)! }
        return text
    }
}
