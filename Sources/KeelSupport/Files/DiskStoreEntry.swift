import Foundation

/// The layout of one ``DiskStore`` entry file, so that a torn, truncated, foreign or misplaced
/// file is recognised instead of returned:
///
/// | bytes | field |
/// | --- | --- |
/// | 4 | magic (the store's format: `KIMG` for images, `KHTC` for HTTP responses) |
/// | 1 + 3 | format version (3), reserved (zero) |
/// | 4 | key-digest length (32), big-endian |
/// | 8 | payload length, big-endian |
/// | 8 | expiry in milliseconds since 1970, big-endian (`Int64.max`: never) |
/// | 4 | CRC-32 of every other byte of the file: the header around it, the digest, the payload |
/// | 32 | the entry's key digest (a file copied or renamed onto another name is refused) |
/// | payload | the data |
///
/// So any altered byte — an expiry or a reserved byte included — fails validation. Version 2
/// (the image cache's files before the shared engine) is the same layout with the CRC-32 over
/// the payload only; it is still read, so existing caches keep their entries. The key itself
/// is never written: it is a URL, often with credential-bearing query items. Version 1 (the
/// image cache's first format) stored it in plaintext; such files fail with "unsupported
/// version" and are deleted.
package enum DiskStoreEntry {
    /// The format version written.
    package static let version: UInt8 = 3
    /// The earlier version still read: the CRC-32 covers the payload only.
    package static let payloadChecksumVersion: UInt8 = 2
    /// The bytes before the key digest.
    package static let fixedHeaderSize = 32

    /// Why a file is not a valid entry.
    package struct Invalid: Error, Equatable {
        /// What is wrong, as a phrase ("bad magic", "checksum mismatch" …).
        package let reason: String
    }

    /// The file bytes of an entry holding `payload`.
    package static func encode(_ payload: Data, digest: [UInt8], expiresAt: Int64, magic: [UInt8]) -> Data {
        var out = Data(capacity: fixedHeaderSize + digest.count + payload.count)
        out.append(contentsOf: magic.prefix(4))
        out.append(contentsOf: [version, 0, 0, 0])
        out.appendBigEndian(UInt64(digest.count), bytes: 4)
        out.appendBigEndian(UInt64(payload.count), bytes: 8)
        out.appendBigEndian(UInt64(bitPattern: expiresAt), bytes: 8)
        out.append(contentsOf: [0, 0, 0, 0])  // the checksum, below
        out.append(contentsOf: digest)
        out.append(payload)
        let checksum = out.withUnsafeBytes { Self.checksum(of: $0) }
        for index in 0..<4 {
            out[checksumOffset + index] = UInt8(truncatingIfNeeded: checksum >> UInt32(24 - 8 * index))
        }
        return out
    }

    private static let checksumOffset = 28

    /// The CRC-32 of everything in a version-3 file but its checksum field.
    private static func checksum(of file: UnsafeRawBufferPointer) -> UInt32 {
        let header = CRC32.checksum(UnsafeRawBufferPointer(rebasing: file[0..<checksumOffset]))
        return CRC32.checksum(
            UnsafeRawBufferPointer(rebasing: file[(checksumOffset + 4)...]), continuing: header)
    }

    /// Whether `prefix` (a file's first bytes) starts like an entry of the current version.
    package static func hasCurrentHeader(_ prefix: Data, magic: [UInt8]) -> Bool {
        prefix.count >= 5 && prefix.prefix(4).elementsEqual(magic)
            && [version, payloadChecksumVersion].contains(prefix[prefix.startIndex + 4])
    }

    /// Validates the whole file; returns where its payload lies in `file` and its expiry, or
    /// throws ``Invalid`` saying what is wrong (`magic` is four bytes).
    package static func validate(
        _ file: UnsafeRawBufferPointer, digest: [UInt8], magic: [UInt8]
    ) throws -> (payload: Range<Int>, expiresAt: Int64) {
        let raw = file
        guard raw.count >= fixedHeaderSize else {
            throw Invalid(reason: "\(raw.count) bytes, shorter than the header")
        }
        guard raw[0] == magic[0], raw[1] == magic[1], raw[2] == magic[2], raw[3] == magic[3] else {
            throw Invalid(reason: "bad magic")
        }
        guard raw[4] == version || raw[4] == payloadChecksumVersion else {
            throw Invalid(reason: "unsupported version \(raw[4])")
        }
        guard raw[5] == 0, raw[6] == 0, raw[7] == 0 else { throw Invalid(reason: "reserved bytes set") }
        let keyLength = Int(raw.bigEndian(at: 8, bytes: 4))  // at most 2³² − 1: no overflow below
        let payloadLength = raw.bigEndian(at: 12, bytes: 8)
        let expiresAt = Int64(bitPattern: raw.bigEndian(at: 20, bytes: 8))
        let checksum = UInt32(raw.bigEndian(at: 28, bytes: 4))
        let keyEnd = fixedHeaderSize + keyLength
        guard keyEnd <= raw.count else { throw Invalid(reason: "key runs past the end") }
        guard payloadLength == UInt64(raw.count - keyEnd) else {
            throw Invalid(reason: "payload is \(raw.count - keyEnd) bytes, header says \(payloadLength)")
        }
        guard keyLength == digest.count, raw[fixedHeaderSize..<keyEnd].elementsEqual(digest) else {
            throw Invalid(reason: "stored for another key")
        }
        let computed =
            raw[4] == version
            ? Self.checksum(of: raw) : CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[keyEnd...]))
        guard computed == checksum else {
            throw Invalid(reason: "checksum mismatch")
        }
        return (keyEnd..<raw.count, expiresAt)
    }

    /// Validates `file` and returns a copy of its payload and its expiry; throws ``Invalid``.
    package static func decode(
        _ file: Data, digest: [UInt8], magic: [UInt8]
    ) throws -> (payload: Data, expiresAt: Int64) {
        try file.withUnsafeBytes { raw in
            let (range, expiresAt) = try validate(raw, digest: digest, magic: magic)
            return (Data(UnsafeRawBufferPointer(rebasing: raw[range])), expiresAt)
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
        var value: UInt64 = 0
        for index in 0..<bytes { value = value << 8 | UInt64(self[offset + index]) }
        return value
    }
}
