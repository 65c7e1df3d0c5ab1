import KeelSupport

/// Masks private values as a short keyed hash that is stable within one process.
///
/// HMAC-SHA256 over the UTF-8 bytes, keyed with 32 random bytes drawn once per process, shown
/// as its first 64 bits. Without the key, a mask cannot be computed for a guessed value, so a
/// dictionary attack on a log file learns nothing, and masks cannot be matched across
/// processes or devices. Neighbouring values (`a`, `b`) give unrelated masks.
struct PrivacyHasher: Sendable {
    /// The digest bytes shown (8 bytes, 64 bits, 16 hex digits).
    static let shownBytes = 8

    private let hmac: HMACSHA256

    /// A hasher keyed with `key`.
    init(key: [UInt8]) {
        hmac = HMACSHA256(key: key)
    }

    /// The hasher shared by every logging system of this process, with a random key.
    static let processWide: PrivacyHasher = {
        var generator = SystemRandomNumberGenerator()
        return PrivacyHasher(key: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }()

    /// `<hash:xxxxxxxxxxxxxxxx>` for `value`.
    func mask(_ value: String) -> String {
        let digest = hmac.authenticationCode(for: value.utf8)
        return "<hash:" + Hex.encode(digest.prefix(Self.shownBytes)) + ">"
    }
}
