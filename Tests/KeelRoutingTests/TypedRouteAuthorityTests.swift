import Testing

@testable import KeelRouting

/// Parameters with one path value.
private struct ItemID: Codable, Sendable, Equatable {
    var id: Int
}

@Suite("Typed route URLs for web hosts with a port or an IPv6 literal")
struct TypedRouteAuthorityTests {
    /// Bug: the host was escaped like a path segment (`https://example.com%3A8443/product/7`,
    /// `https://%5B%3A%3A1%5D/…`), which `openExternal` refused and no browser reads.
    @Test(
        "url(for:) writes a web pattern's host as an authority",
        arguments: [
            (
                "https://example.com:8443/product/<int:id>", "example.com:8443",
                "https://example.com:8443/product/7"
            ),
            ("https://[::1]/product/<int:id>", "[::1]", "https://[::1]/product/7"),
            ("http://[::1]:8080/product/<int:id>", "[::1]:8080", "http://[::1]:8080/product/7"),
            ("https://Example.COM:443/product/<int:id>", "example.com", "https://example.com/product/7"),
        ])
    func authorityIsNotEscaped(pattern: String, allowed: String, expected: String) async throws {
        let route = try Route<ItemID>(pattern)
        let url = try route.url(for: ItemID(id: 7))
        #expect(url == expected)
        let router = Router(
            options: RouterOptions(
                external: ExternalURLPolicy(allowedSchemes: ["https", "http"], allowedHosts: [allowed])))
        try router.register(route, external: true) { params, _ in .value(params.id) }
        #expect(try await router.open(url).outcome.value(as: Int.self) == 7)
        #expect(try await router.openExternal(url).outcome.value(as: Int.self) == 7)
    }

    /// Only the host: a non-web scheme's first segment and later literals are still escaped.
    @Test("other literals are still percent-encoded")
    func otherLiteralsEscaped() throws {
        #expect(try Route<ItemID>("app://a:b/x:y/<int:id>").url(for: ItemID(id: 1)) == "app://a%3Ab/x%3Ay/1")
        #expect(
            try Route<ItemID>("https://example.com/x:y/<int:id>").url(for: ItemID(id: 1))
                == "https://example.com/x%3Ay/1")
    }
}
