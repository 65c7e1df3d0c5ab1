import Foundation

/// Masks private values as a short hash that is stable within one process.
///
/// FNV-1a over the UTF-8 bytes, seeded with a per-process random salt so that hashes cannot
/// be matched across processes or devices (a dictionary attack on a log file from another
/// run learns nothing).
struct PrivacyHasher: Sendable {
    let salt: UInt64

    /// The hasher shared by every logging system of this process.
    static let processWide = PrivacyHasher(salt: UInt64.random(in: 1...UInt64.max))

    /// `<hash:xxxxxxxx>` for `value`.
    func mask(_ value: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
        for byte in value.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash >> 32, radix: 16)
        return "<hash:" + String(repeating: "0", count: 8 - hex.count) + hex + ">"
    }
}
