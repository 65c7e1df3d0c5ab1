import Foundation
import KeelSupport

/// The bytes of one HTTP cache entry. The file is a `DiskStoreEntry` (magic `KHTC`: the SHA-256
/// of the entry's key, a length and a CRC-32 of the payload, so a torn, altered or misplaced
/// file is rejected) whose payload is a compact binary encoding of the response:
///
/// | bytes | field |
/// | --- | --- |
/// | 1 | payload version (1) |
/// | 2 | status, big-endian |
/// | 8 + 8 | request and response times (`Double` bit patterns, seconds since 1970) |
/// | 2 | header count, then per header: 2-byte name length, name, 4-byte value length, value |
/// | 1 | `Vary` hashes present (1) or `Vary: *` (0); when present a 2-byte count, then per field a 2-byte name length, name, 2-byte hash length, hash |
/// | rest | the body |
///
/// Every length is checked against the bytes that remain, so decoding bad bytes returns `nil`
/// and never traps or allocates more than the input holds; texts that are not UTF-8 are
/// repaired, never trusted.
package enum HTTPCacheFile {
    /// The disk store's format for HTTP responses: entries `KHTC`, index `keel-http-cache-index 1`,
    /// anyone's responses in the namespace `shared`, each credential scope in one of its own.
    package static let format = DiskStore.Format(
        indexHeader: "keel-http-cache-index 1", entryMagic: "KHTC",
        defaultNamespace: DiskStore.Namespace("shared")!)

    private static let payloadVersion: UInt8 = 1

    /// The whole file for `response` stored under `key` in the default namespace.
    package static func encode(_ response: StoredResponse, key: String) -> Data {
        DiskStoreEntry.encode(
            payload(response), digest: SHA256.hash(key.utf8), expiresAt: .max, magic: format.entryMagic)
    }

    /// The response in a whole file stored under `key` in the default namespace; `nil` when
    /// any part of it is wrong.
    package static func decode(_ data: Data, key: String) -> StoredResponse? {
        data.withUnsafeBytes { raw in
            guard
                let (range, _) = try? DiskStoreEntry.validate(
                    raw, digest: SHA256.hash(key.utf8), magic: format.entryMagic)
            else { return nil }
            return response(fromPayload: UnsafeRawBufferPointer(rebasing: raw[range]))
        }
    }

    /// The binary payload of `response`. A header whose name passes 65,535 bytes or whose
    /// value passes 4 GiB, and headers past the 65,535th, are left out (no server sends them).
    package static func payload(_ response: StoredResponse) -> Data {
        var out = Data()
        out.reserveCapacity(64 + response.body.count)
        out.append(payloadVersion)
        out.appendBigEndian(UInt64(clamping: max(0, response.status)), bytes: 2)
        out.appendBigEndian(response.requestTime.timeIntervalSince1970.bitPattern, bytes: 8)
        out.appendBigEndian(response.responseTime.timeIntervalSince1970.bitPattern, bytes: 8)
        let headers = response.headers.filter {
            $0.key.utf8.count <= 0xFFFF && $0.value.utf8.count <= 0xFFFF_FFFF
        }
        .prefix(0xFFFF)
        out.appendBigEndian(UInt64(headers.count), bytes: 2)
        for (name, value) in headers {
            out.appendText(name, lengthBytes: 2)
            out.appendText(value, lengthBytes: 4)
        }
        if let vary = response.varyHashes {
            let fields = vary.filter { $0.key.utf8.count <= 0xFFFF && $0.value.utf8.count <= 0xFFFF }.prefix(
                0xFFFF)
            out.append(1)
            out.appendBigEndian(UInt64(fields.count), bytes: 2)
            for (name, hash) in fields {
                out.appendText(name, lengthBytes: 2)
                out.appendText(hash, lengthBytes: 2)
            }
        } else {
            out.append(0)
        }
        out.append(response.body)
        return out
    }

    /// The response a payload holds; `nil` when a length runs past the end, the version is
    /// unknown, the status is not 100–599 or a time is not finite.
    package static func response(fromPayload raw: UnsafeRawBufferPointer) -> StoredResponse? {
        var reader = PayloadReader(raw: raw)
        guard reader.integer(1) == UInt64(payloadVersion), let status = reader.integer(2),
            (100..<600).contains(status), let requested = reader.integer(8),
            let responded = reader.integer(8),
            let headerCount = reader.integer(2)
        else { return nil }
        let requestTime = Double(bitPattern: requested)
        let responseTime = Double(bitPattern: responded)
        guard requestTime.isFinite, responseTime.isFinite else { return nil }
        var headers: [String: String] = [:]
        headers.reserveCapacity(Int(min(headerCount, 64)))
        for _ in 0..<headerCount {
            guard let name = reader.text(lengthBytes: 2), let value = reader.text(lengthBytes: 4) else {
                return nil
            }
            headers[name] = value
        }
        var vary: [String: String]?
        switch reader.integer(1) {
        case 0: vary = nil
        case 1:
            guard let count = reader.integer(2) else { return nil }
            var fields: [String: String] = [:]
            for _ in 0..<count {
                guard let name = reader.text(lengthBytes: 2), let hash = reader.text(lengthBytes: 2) else {
                    return nil
                }
                fields[name] = hash
            }
            vary = fields
        default: return nil
        }
        return StoredResponse(
            status: Int(status), headers: headers, body: reader.rest(),
            requestTime: Date(timeIntervalSince1970: requestTime),
            responseTime: Date(timeIntervalSince1970: responseTime), varyHashes: vary)
    }
}

/// Bounds-checked reads over a payload: every read that would run past the end returns `nil`.
private struct PayloadReader {
    let raw: UnsafeRawBufferPointer
    var offset = 0

    mutating func integer(_ bytes: Int) -> UInt64? {
        guard raw.count - offset >= bytes else { return nil }
        var value: UInt64 = 0
        for index in offset..<offset + bytes { value = value << 8 | UInt64(raw[index]) }
        offset += bytes
        return value
    }

    mutating func text(lengthBytes: Int) -> String? {
        guard let length = integer(lengthBytes), UInt64(raw.count - offset) >= length else { return nil }
        let end = offset + Int(length)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<end]), as: UTF8.self)
        offset = end
        return text
    }

    func rest() -> Data {
        Data(UnsafeRawBufferPointer(rebasing: raw[offset...]))
    }
}

extension Data {
    fileprivate mutating func appendBigEndian(_ value: UInt64, bytes: Int) {
        for index in (0..<bytes).reversed() {
            append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8)))
        }
    }

    fileprivate mutating func appendText(_ text: String, lengthBytes: Int) {
        let utf8 = text.utf8
        appendBigEndian(UInt64(utf8.count), bytes: lengthBytes)
        append(contentsOf: utf8)
    }
}
