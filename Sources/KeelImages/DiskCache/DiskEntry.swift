import Foundation
import KeelSupport

/// The layout of one disk-cache entry file, so that a torn, truncated or foreign file is
/// recognised instead of returned:
///
/// | bytes | field |
/// | --- | --- |
/// | 4 | magic `KIMG` |
/// | 1 + 3 | format version (2), reserved |
/// | 4 | key-digest length (32), big-endian |
/// | 8 | payload length, big-endian |
/// | 8 | expiry in milliseconds since 1970, big-endian (`Int64.max`: never) |
/// | 4 | CRC-32 of the payload |
/// | 32 | the SHA-256 of the cache key (a file copied or renamed onto another name is refused) |
/// | payload | the data |
///
/// The key itself is never written: it is the request URL, often with credential-bearing
/// query items. Version 1 stored it in plaintext; such files fail with "unsupported
/// version" and are deleted.
enum DiskEntry {
    static let magic: [UInt8] = Array("KIMG".utf8)
    static let version: UInt8 = 2
    static let fixedHeaderSize = 32

    struct Decoded {
        let payload: Data
        let expiresAt: Int64
    }

    static func encode(_ payload: Data, key: String, expiresAt: Int64) -> Data {
        let keyBytes = SHA256.hash(Array(key.utf8))
        var out = Data(capacity: fixedHeaderSize + keyBytes.count + payload.count)
        out.append(contentsOf: magic)
        out.append(contentsOf: [version, 0, 0, 0])
        out.appendBigEndian(UInt64(keyBytes.count), bytes: 4)
        out.appendBigEndian(UInt64(payload.count), bytes: 8)
        out.appendBigEndian(UInt64(bitPattern: expiresAt), bytes: 8)
        out.appendBigEndian(UInt64(CRC32.checksum(payload)), bytes: 4)
        out.append(contentsOf: keyBytes)
        out.append(payload)
        return out
    }

    /// Whether `prefix` (a file's first bytes) starts like an entry of the current version.
    static func hasCurrentHeader(_ prefix: Data) -> Bool {
        prefix.count >= 5 && prefix.prefix(4).elementsEqual(magic) && prefix[prefix.startIndex + 4] == version
    }

    /// Validates the whole file and returns its payload, or says what is wrong with it.
    static func decode(_ file: Data, key: String) throws -> Decoded {
        func fail(_ reason: String) -> ImageDiskCacheError {
            ImageDiskCacheError.corruptEntry(key: key, reason: reason)
        }
        return try file.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Decoded in
            guard raw.count >= fixedHeaderSize else {
                throw fail("\(raw.count) bytes, shorter than the header")
            }
            guard Array(raw[0..<4]) == magic else { throw fail("bad magic") }
            guard raw[4] == version else { throw fail("unsupported version \(raw[4])") }
            let keyLength = Int(raw.bigEndian(at: 8, bytes: 4))  // at most 2³² − 1: no overflow below
            let payloadLength = raw.bigEndian(at: 12, bytes: 8)
            let expiresAt = Int64(bitPattern: raw.bigEndian(at: 20, bytes: 8))
            let checksum = UInt32(raw.bigEndian(at: 28, bytes: 4))
            let keyEnd = fixedHeaderSize + keyLength
            guard keyEnd <= raw.count else { throw fail("key runs past the end") }
            guard payloadLength == UInt64(raw.count - keyEnd) else {
                throw fail("payload is \(raw.count - keyEnd) bytes, header says \(payloadLength)")
            }
            guard raw[fixedHeaderSize..<keyEnd].elementsEqual(SHA256.hash(Array(key.utf8))) else {
                throw fail("stored for another key")
            }
            let payload = Data(raw[keyEnd...])
            guard CRC32.checksum(payload) == checksum else { throw fail("checksum mismatch") }
            return Decoded(payload: payload, expiresAt: expiresAt)
        }
    }
}

extension Data {
    fileprivate mutating func appendBigEndian(_ value: UInt64, bytes: Int) {
        for index in (0..<bytes).reversed() {
            append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8)))
        }
    }
}

extension UnsafeRawBufferPointer {
    fileprivate func bigEndian(at offset: Int, bytes: Int) -> UInt64 {
        (0..<bytes).reduce(UInt64(0)) { $0 << 8 | UInt64(self[offset + $1]) }
    }
}
