import KeelSupport

/// Which request headers carry credentials: the one definition the redirect policy strips on
/// every origin change, the client keeps to its credential scope, and the redactor hides.
///
/// A header is a credential when it is in the standard set (`Authorization`, `Cookie`, `X-API-Key` …), when its name has a credential's
/// shape (`hasCredentialShape(_:)`: the `X-…-Key` / `X-…-Token` / `X-…-Secret` family and
/// names ending in `token`, `secret`, `apikey`, `password`, `otp`, `mfacode`, `assertion`,
/// `jwt`…, in any spelling — `SecretNames`, the rule the redactor shares), or when the app
/// declares it (`declared`). An ``AuthenticationInterceptor`` also declares, per request,
/// every header its provider's `apply` sets.
///
/// ```swift
/// let client = APIClient(configuration: .init(
///     baseURL: apiURL, credentialHeaders: CredentialHeaders(declaring: ["X-Tenant-Signature-V2"])))
/// ```
public struct CredentialHeaders: Sendable, Equatable {
    /// The standard credential headers (compared ignoring case).
    package static let standard: Set<String> = [
        "Authorization", "Proxy-Authorization", "Cookie", "X-API-Key", "X-Auth-Token",
        "X-Amz-Security-Token", "X-CSRF-Token", "X-XSRF-Token", "Ocp-Apim-Subscription-Key",
        "X-Forwarded-Authorization",
    ]

    private static let standardLowercased = Set(standard.map { $0.lowercased() })

    /// Header names the app declares as credentials, lowercased.
    package private(set) var declared: Set<String>

    /// The standard set and the credential shapes, plus `declared` names.
    public init(declaring declared: Set<String> = []) {
        self.declared = Set(declared.map { $0.lowercased() })
    }

    /// The standard set and shapes only.
    @usableFromInline package static let `default` = CredentialHeaders()

    /// This set with `names` declared as well.
    package func declaring(_ names: some Sequence<String>) -> CredentialHeaders {
        var iterator = names.makeIterator()
        guard iterator.next() != nil else { return self }
        var copy = self
        copy.declared.formUnion(names.map { $0.lowercased() })
        return copy
    }

    /// Whether the header `name` carries a credential.
    package func contains(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        return declared.contains(lowered) || Self.standardLowercased.contains(lowered)
            || Self.hasCredentialShape(name)
    }

    /// The names in `headers` that carry credentials.
    package func credentials(in headers: [String: String]) -> [String] {
        headers.keys.filter { contains($0) }.sorted()
    }

    /// Whether `name` has a credential header's shape (`SecretNames.isCredential(_:)`, the
    /// rule the ``Redactor`` shares): letters and digits (case and separators ignored) ending in
    /// `token`, `secret`, `password`, `passphrase`, `apikey`, `subscriptionkey`, `credential(s)`,
    /// `sessionid`, `authorization`, `signature`, `assertion`, `jwt`, `otp`, `mfacode`… or whole
    /// names such as `cookie`, `session`, `sid`; and `X-…-Key` — `X-Auth-Token`, `Private-Token`,
    /// `X-Goog-Api-Key`, `X-MFA-Code`, `X-OTP`, `X-Client-Assertion`.
    package static func hasCredentialShape(_ name: some StringProtocol) -> Bool {
        SecretNames.isCredential(name)
    }
}
