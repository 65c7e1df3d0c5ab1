import Testing

@testable import KeelRouting

@Suite("Routing errors never carry a URL's user info")
struct ErrorRedactionTests {
    /// Bug: `notFound` and `externalURLRejected` stored the URL as received, so
    /// `print(error)` wrote `alice:s3cr3t`.
    @Test("not found and refused URLs mask the user info in the error and its description")
    func notFoundAndRefusedMaskUserInfo() async throws {
        let router = Router(
            options: RouterOptions(
                external: ExternalURLPolicy(
                    allowedSchemes: ["https"], allowedHosts: ["example.com"])))
        try router.register("https://example.com/product/<int:id>", external: true) { _ in .value(1) }
        do {
            _ = try await router.open("https://alice:s3cr3t@example.com/nothing")
            Issue.record("expected notFound")
        } catch let error as RouteError {
            guard case .notFound(let url, _) = error else { throw error }
            #expect(url == "https://***@example.com/nothing")
            #expect(!error.description.contains("s3cr3t"))
            #expect(!error.description.contains("alice"))
        }
        do {
            _ = try await router.openExternal("https://alice:s3cr3t@evil.com/x")
            Issue.record("expected externalURLRejected")
        } catch let error as RouteError {
            guard case .externalURLRejected(let url, _) = error else { throw error }
            #expect(url == "https://***@evil.com/x")
            #expect(!error.description.contains("s3cr3t"))
        }
    }

    /// The same for a middleware's denial and a redirect loop.
    @Test("denied and redirect-loop errors mask the user info")
    func middlewareErrorsMaskUserInfo() async throws {
        let denying = Router()
        denying.use(.deny("all") { _ in "no" })
        await #expect(throws: RouteError.denied(url: "app://***@host/x", reason: "no")) {
            try await denying.open("app://bob:pw@host/x")
        }
        let looping = Router()
        looping.use(.redirect("loop") { url in url.text })
        do {
            _ = try await looping.open("app://bob:pw@host/x")
            Issue.record("expected redirectLoop")
        } catch let error as RouteError {
            guard case .redirectLoop = error else { throw error }
            #expect(!error.description.contains("pw@"))
        }
    }

    /// A magic link's `?token=`, an OAuth callback's `?code=` or a fragment's token reached
    /// `print(error)` whole when no route took the link; the description now shows the query's
    /// names with `…` for values, as KeelNetworking's errors do. The error keeps the URL.
    @Test("routing error descriptions hide query values and fragments")
    func descriptionsHideQueryValues() async throws {
        let router = Router(
            options: RouterOptions(
                external: ExternalURLPolicy(allowedSchemes: ["https"], allowedHosts: ["a.com"])))
        do {
            _ = try await router.open("myapp://login?token=MAGIC&state=S1#access_token=FRAG")
            Issue.record("expected notFound")
        } catch let error as RouteError {
            guard case .notFound(let url, _) = error else { throw error }
            #expect(url.contains("MAGIC"))
            for secret in ["MAGIC", "S1", "FRAG"] { #expect(!error.description.contains(secret), "\(error)") }
            #expect(error.description.contains("myapp://login?token=…&state=…#…"), "\(error)")
        }
        let denying = Router()
        denying.use(.deny("all") { _ in "no" })
        do {
            _ = try await denying.open("app://host/x?code=OAUTH")
            Issue.record("expected denied")
        } catch let error as RouteError {
            #expect(!error.description.contains("OAUTH"), "\(error)")
        }
        do {
            _ = try await router.openExternal("https://evil.com/x?code=OAUTH")
            Issue.record("expected externalURLRejected")
        } catch let error as RouteError {
            #expect(!error.description.contains("OAUTH"), "\(error)")
        }
    }

    @Test("a malformed URL's description hides its query values")
    func invalidURLHidesQueryValues() {
        let error = RouteURLError(
            url: "myapp://login?token=MAGIC%ZZ", offset: 26, reason: .invalidPercentEncoding)
        #expect(!error.description.contains("MAGIC"), "\(error)")
        #expect(error.description.contains("myapp://login?token=…"))
    }

    /// A malformed URL's description masks it too (the offset counts in the URL as received).
    @Test("a malformed URL's description masks the user info")
    func invalidURLMasksUserInfo() {
        let error = RouteURLError(url: "app://bob:pw@host/%zz", offset: 18, reason: .invalidPercentEncoding)
        #expect(
            error.description == "invalid URL \"app://***@host/%zz\" at offset 18: malformed percent escape")
    }

    @Test(
        "redaction leaves URLs without user info alone",
        arguments: [
            "app://host/a@b", "app://host?x=a@b", "mailto:a@b", "app://host#a@b", "plain",
        ])
    func noUserInfoUnchanged(url: String) {
        #expect(UserInfoRedaction.redact(url) == url)
    }
}
