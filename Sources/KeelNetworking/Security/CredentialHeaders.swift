/// Which request headers carry credentials: the one definition the redirect policy strips on
/// every origin change, the client keeps to its credential scope, and the redactor hides.
///
/// A header is a credential when it is in the standard set (`Authorization`, `Cookie`, `X-API-Key` …), when its name has a credential's
/// shape (`hasCredentialShape(_:)`: the `X-…-Key` / `X-…-Token` / `X-…-Secret` family and
/// names ending in `token`, `secret`, `apikey`, `password`…, in any spelling), or when the app
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

    /// Endings (of the name's letters and digits, lowercased) that make a header a credential.
    private static let suffixes: [String] = [
        "token", "secret", "password", "passwd", "apikey", "accesskey", "secretkey", "privatekey",
        "subscriptionkey", "credential", "credentials", "sessionid", "authorization", "signature",
    ]

    /// Whether `name` has a credential header's shape: `X-…-Key`, or letters and digits
    /// (case and separators ignored) ending in `token`, `secret`, `password`, `apikey`,
    /// `accesskey`, `secretkey`, `privatekey`, `subscriptionkey`, `credential(s)`,
    /// `sessionid`, `authorization` or `signature` — `X-Auth-Token`, `Private-Token`,
    /// `X-Goog-Api-Key`, `Api-Key`, `X-Amz-Security-Token`, `X-Refresh-Token`.
    package static func hasCredentialShape(_ name: some StringProtocol) -> Bool {
        asciiCredentialShape(name) ?? unicodeCredentialShape(name)
    }

    /// ``hasCredentialShape(_:)`` by Unicode properties, for any name.
    static func unicodeCredentialShape(_ name: some StringProtocol) -> Bool {
        var normalised = ""
        normalised.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        {
            normalised.unicodeScalars.append(scalar)
        }
        normalised = normalised.lowercased()
        if suffixes.contains(where: { normalised.hasSuffix($0) }) { return true }
        let lowered = name.lowercased()
        return lowered.hasPrefix("x-") && lowered.count > 6 && lowered.hasSuffix("-key")
    }

    /// The suffixes as bytes, last byte first, for ``asciiCredentialShape(_:)``.
    private static let reversedSuffixBytes: [[UInt8]] = suffixes.map { Array($0.utf8.reversed()) }
    /// The longest suffix's length.
    private static let longestSuffix = suffixes.map(\.utf8.count).max() ?? 0

    /// ``hasCredentialShape(_:)`` over the bytes of an ASCII name (every header name a
    /// server or app sends in practice; `nil` for any other): every request's headers are
    /// checked, and Unicode property lookups cost more than the rest of a cache hit. Nothing is
    /// allocated: the name's last letters and digits are compared in a stack buffer.
    static func asciiCredentialShape(_ name: some StringProtocol) -> Bool? {
        let utf8 = name.utf8
        var count = 0
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            count += 1
        }
        func lower(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        let size = longestSuffix
        let suffixed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { ring in
            // The name's last letters and digits, lowercased, in a ring: the one kept last is at
            // `(kept - 1) % size`.
            var kept = 0
            for byte in utf8 {
                let folded = lower(byte)
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(folded)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(folded)
                {
                    ring[kept % size] = folded
                    kept += 1
                }
            }
            return reversedSuffixBytes.contains { suffix in
                suffix.count <= kept
                    && suffix.indices.allSatisfy { ring[(kept - 1 - $0) % size] == suffix[$0] }
            }
        }
        if suffixed { return true }
        guard count > 6, let first = utf8.first, lower(first) == UInt8(ascii: "x"),
            utf8.dropFirst().first == UInt8(ascii: "-")
        else { return false }
        return utf8.suffix(4).map(lower).elementsEqual("-key".utf8)
    }
}
