/// The one rule for "is this header, query item or field name a secret's?", shared by
/// KeelNetworking's `CredentialHeaders` (which headers the redirect policy strips on an origin
/// change and the credential scope holds back) and `Redactor` (what is hidden in network logs),
/// and by KeelLogging (which log metadata values are masked when redaction is on).
///
/// A name is compared in one normalised form (``normalised(_:)``): its letters and digits,
/// lowercased, every separator (`-`, `_`, `.`, spaces, other punctuation) dropped. So
/// `X-Refresh-Token`, `refresh_token` and `refreshToken` are one name.
///
/// - A name is a **credential** (``isCredential(_:)``) when its normalised form is one of
///   ``credentialNames``, ends in one of ``credentialSuffixes``, or when it is an `X-…-Key`
///   header name. Every credential is redacted.
/// - A name is **redacted** (``isRedacted(_:)``) when it is a credential or one of
///   ``redactedOnlyNames``: whole names that usually hold a secret in a query or a body
///   (`code`, `key`, `pin`…) but are too generic to strip from a redirected request or keep
///   from other origins (an `X-Country-Code` header, a `key` sort parameter).
///
/// Both answers are one function of the name: the redactor can never show what a redirect
/// strips, and nothing the redactor hides for its secret-like shape is kept on a redirect,
/// apart from the redacted-only whole names.
package enum SecretNames {
    /// Endings (of the normalised form) that make a name a credential.
    package static let credentialSuffixes: [String] = [
        "token", "secret", "password", "passwd", "passphrase", "passcode", "apikey", "accesskey",
        "secretkey", "privatekey", "subscriptionkey", "credential", "credentials", "sessionid",
        "authorization", "signature", "assertion", "jwt", "otp", "otpcode", "authcode",
        "authorizationcode", "verificationcode", "mfacode", "smscode", "pincode", "samlresponse",
        "cookie", "cookies", "authheader", "authorizationheader",
    ]

    /// Whole names (normalised) that are credentials though no suffix covers them.
    package static let credentialNames: Set<String> = [
        "pwd", "auth", "session", "sid", "sig", "codeverifier", "bearer",
    ]

    /// Whole names (normalised) that are redacted but are not credentials: each is also an
    /// ordinary word (`code` for a country or error code, `key` for a sort or cache key, `pin`
    /// for pinning, `pass` for a boarding pass, `ticket` for a support ticket) or, like a SAML
    /// request, private without being a credential. Stripping a header of that name on a
    /// redirect, or keeping it from other origins, would break ordinary requests.
    package static let redactedOnlyNames: Set<String> = [
        "code", "key", "pin", "pass", "ticket", "samlrequest",
    ]

    /// Whether `name` is a credential's name (in any spelling): stripped on a redirect to
    /// another origin, kept to its credential scope, and redacted.
    package static func isCredential(_ name: some StringProtocol) -> Bool {
        // As a `String` at once: called from other modules, the generic body would run
        // unspecialised, through witness tables, for every byte of every header name.
        decide(String(name), redactedOnly: false)
    }

    /// Whether `name` is redacted in logs: a credential's name or one of ``redactedOnlyNames``.
    package static func isRedacted(_ name: some StringProtocol) -> Bool {
        decide(String(name), redactedOnly: true)
    }

    /// The form names are compared in: letters and digits only, lowercased (Unicode letters
    /// too, with Unicode case folding), as bytes of UTF-8.
    package static func normalised(_ name: some StringProtocol) -> [UInt8] {
        var kept = ""
        kept.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars
        where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            kept.unicodeScalars.append(scalar)
        }
        return Array(kept.lowercased().utf8)
    }

    // MARK: - The decision

    private static let reversedSuffixes: [[UInt8]] = credentialSuffixes.map { Array($0.utf8.reversed()) }
    private static let credentialWholeNames: [[UInt8]] = credentialNames.map { Array($0.utf8) }
    private static let redactedOnlyWholeNames: [[UInt8]] = redactedOnlyNames.map { Array($0.utf8) }
    /// How many trailing normalised bytes the decision needs: the longest suffix or whole name.
    private static let window =
        (credentialSuffixes + credentialNames + redactedOnlyNames).map(\.utf8.count).max() ?? 1

    private static func decide(_ name: String, redactedOnly: Bool) -> Bool {
        asciiDecision(name, redactedOnly: redactedOnly) ?? unicodeDecision(name, redactedOnly: redactedOnly)
    }

    /// The decision over the bytes of an ASCII name (every header name that can be sent, and
    /// almost every query item and field; `nil` for any other). Every request's headers and
    /// every word of a logged body are checked, so nothing is allocated: the name's last
    /// letters and digits are kept in a ring on the stack.
    static func asciiDecision(_ name: some StringProtocol, redactedOnly: Bool) -> Bool? {
        let utf8 = name.utf8
        for byte in utf8 where byte >= 0x80 { return nil }
        let size = window
        let matched = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { ring in
            // The name's last letters and digits, lowercased: the one kept last is at
            // `(kept - 1) % size`.
            var kept = 0
            for byte in utf8 {
                let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(folded)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(folded)
                {
                    ring[kept % size] = folded
                    kept += 1
                }
            }
            return matches(count: kept, redactedOnly: redactedOnly) { ring[(kept - 1 - $0) % size] }
        }
        return matched || isXKeyName(utf8)
    }

    /// The decision for any name, by Unicode properties (letters of any script, Unicode case).
    static func unicodeDecision(_ name: some StringProtocol, redactedOnly: Bool) -> Bool {
        let bytes = normalised(name)
        if matches(count: bytes.count, redactedOnly: redactedOnly, fromEnd: { bytes[bytes.count - 1 - $0] }) {
            return true
        }
        return isXKeyName(name.lowercased().utf8)
    }

    /// Whether a normalised name of `count` bytes, read by `fromEnd` (0 is the last byte), is a
    /// whole name or ends in a suffix.
    private static func matches(count: Int, redactedOnly: Bool, fromEnd: (Int) -> UInt8) -> Bool {
        func isWhole(_ whole: [UInt8]) -> Bool {
            whole.count == count && whole.indices.allSatisfy { fromEnd(count - 1 - $0) == whole[$0] }
        }
        if credentialWholeNames.contains(where: isWhole) { return true }
        if redactedOnly, redactedOnlyWholeNames.contains(where: isWhole) { return true }
        return reversedSuffixes.contains { suffix in
            suffix.count <= count && suffix.indices.allSatisfy { fromEnd($0) == suffix[$0] }
        }
    }

    /// `X-…-Key` (ASCII case ignored): `X-Goog-Api-Key`, `X-Tenant-Key`.
    private static func isXKeyName(_ utf8: some Collection<UInt8>) -> Bool {
        guard utf8.count >= 6 else { return false }
        func lower(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        return utf8.prefix(2).map(lower).elementsEqual("x-".utf8)
            && utf8.suffix(4).map(lower).elementsEqual("-key".utf8)
    }

    /// Whether `value` has a credential's shape whatever its name: an HTTP `Authorization`
    /// value (`Bearer …`, `Basic …`, `Digest …`, `Token …`), or text carrying an
    /// `Authorization:` header or a credential query item (`access_token=…`).
    package static func looksLikeCredential(_ value: some StringProtocol) -> Bool {
        looksLikeCredential(text: String(value))
    }

    private static func looksLikeCredential(text value: String) -> Bool {
        // Most values (identifiers, counts, words) have none of these: no allocation for them.
        guard
            value.utf8.contains(where: {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":")
            })
        else { return false }
        let lowered = value.lowercased()
        for scheme in ["bearer ", "basic ", "digest ", "token "] where lowered.hasPrefix(scheme) {
            return lowered.count > scheme.count
        }
        if lowered.contains("authorization:") { return true }
        // `name=` pairs of a query or form: any whose name is a credential's.
        for pair in lowered.split(whereSeparator: { "?&#; \n".contains($0) }) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if isCredential(pair[..<equals]) { return true }
        }
        return false
    }
}
