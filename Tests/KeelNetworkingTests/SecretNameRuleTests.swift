import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One rule for "is this name a secret?": what a redirect strips as a credential and what the
/// redactor hides in logs come from `SecretNames`.
@Suite("One secret-name rule for redirects, credential scopes and logs")
struct SecretNameRuleTests {
    /// Headers the redactor hid for their secret shape while `CredentialHeaders` did not count
    /// them as credentials: a cross-origin redirect used to keep them (and default headers of
    /// these names went to every origin).
    static let formerlyRedactorOnly = [
        "X-MFA-Code", "X-OTP", "X-Passphrase", "X-Client-Assertion", "X-Api-Jwt",
    ]

    @Test(
        "A header hidden in logs for its secret shape is dropped on a cross-origin redirect",
        arguments: formerlyRedactorOnly)
    func droppedOnRedirectAndRedacted(name: String) throws {
        // Before the shared rule `CredentialHeaders` knew none of these: the redirect to
        // b.test kept the header, with its value.
        #expect(CredentialHeaders.default.contains(name), "\(name)")
        var proposed = URLRequest(url: URL(string: "https://b.test/next")!)
        proposed.setValue("PLANTED-\(name)", forHTTPHeaderField: name)
        proposed.setValue("application/json", forHTTPHeaderField: "Accept")
        let next = try RedirectPolicy.default.request(
            redirecting: proposed, from: URL(string: "https://a.test/start")!
        ).get()
        #expect(next.value(forHTTPHeaderField: name) == nil, "\(name) followed the redirect")
        #expect(next.allHTTPHeaderFields == ["Accept": "application/json"])
        // A redirect within the origin keeps it.
        var sameOrigin = proposed
        sameOrigin.url = URL(string: "https://a.test/next")
        let kept = try RedirectPolicy.default.request(
            redirecting: sameOrigin, from: URL(string: "https://a.test/start")!
        ).get()
        #expect(kept.value(forHTTPHeaderField: name) == "PLANTED-\(name)")
        // And the log never shows it.
        let logged = Redactor().redact(headers: [name: "PLANTED-\(name)", "X-Trace": "t-1"])
        #expect(logged.first { $0.name == name }?.value == Redactor.placeholder, "\(logged)")
        #expect(logged.first { $0.name == "X-Trace" }?.value == "t-1")
    }

    @Test(
        "A credential shape is redacted as a query item too",
        arguments: ["subscription-key", "Subscription_Key", "x-forwarded-authorization", "accessKey"])
    func credentialShapeRedactedInURLs(name: String) {
        // `subscription-key` is a credential by its shape (`Ocp-Apim-Subscription-Key`), but
        // the redactor's own list lacked the ending: `?subscription-key=…` used to be logged
        // as it was, as was `x-forwarded-authorization`.
        #expect(CredentialHeaders.hasCredentialShape(name))
        let text = Redactor().redact(urlText: "https://api.test/v1/items?\(name)=PLANTED-9f3&page=2")
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
        #expect(text.contains("page=2"), "\(text)")
    }

    @Test("Generic whole names are redacted but are not credentials (a deliberate exception)")
    func redactedOnlyNames() throws {
        for name in ["code", "key", "pin", "pass", "ticket", "SAMLRequest"] {
            #expect(Redactor.isSecretName(name), "\(name)")
            let text = Redactor().redact(urlText: "https://api.test/cb?\(name)=PLANTED-9f3")
            #expect(!text.contains("PLANTED-9f3"), "\(text)")
            #expect(!CredentialHeaders.default.contains(name), "\(name)")
        }
        // A `Code` header (a country or error code) still follows a cross-origin redirect.
        var proposed = URLRequest(url: URL(string: "https://b.test/next")!)
        proposed.setValue("FR", forHTTPHeaderField: "Code")
        let next = try RedirectPolicy.default.request(
            redirecting: proposed, from: URL(string: "https://a.test/start")!
        ).get()
        #expect(next.value(forHTTPHeaderField: "Code") == "FR")
    }

    @Test(
        "Seeded: every name the credential rule accepts is redacted as a header, a query item and a JSON field"
    )
    func everyCredentialIsRedacted() {
        var random = SeededRandomNumberGenerator(seed: 0x0AE1_5EC2)
        let pieces =
            SecretNames.credentialSuffixes + SecretNames.credentialNames.sorted()
            + SecretNames.redactedOnlyNames.sorted()
            + Array(CredentialHeaders.standard).sorted()
            + [
                "x-", "-key", "X-", "api", "Id", "client", "refresh", "x", "tenant", "code", "sms", "ﬁ", "é",
                "K",
            ]
        let separators = ["", "-", "_", ".", " ", "-", ""]
        var credentials = 0
        for _ in 0..<4_000 {
            var name = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var piece = pieces.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: piece = piece.uppercased()
                case 1: piece = piece.prefix(1).uppercased() + piece.dropFirst()
                default: break
                }
                name += separators.randomElement(using: &random)! + piece
            }
            guard CredentialHeaders.default.contains(name) else { continue }
            credentials += 1
            let redactor = Redactor()
            #expect(Redactor.isSecretName(name), "\(name)")
            let header = redactor.redact(headers: [name: "PLANTED-9f3"])
            #expect(header.first?.value == Redactor.placeholder, "\(name)")
            let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
            let url = redactor.redact(urlText: "https://api.test/x?\(query)=PLANTED-9f3")
            #expect(!url.contains("PLANTED-9f3"), "\(name): \(url)")
            let json = redactor.redact(json: Data(#"{"\#(name)":"PLANTED-9f3"}"#.utf8)) ?? ""
            #expect(!json.contains("PLANTED-9f3"), "\(name): \(json)")
        }
        // The generator must reach the rule often enough to mean something.
        #expect(credentials > 1_000, "only \(credentials) credential names generated")
    }
}
