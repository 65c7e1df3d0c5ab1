import Foundation
import KeelSupport

/// The bytes of one cache file: `KHC1`, the length of the metadata (4 bytes, big-endian),
/// the metadata as JSON (status, headers, times, `Vary` hashes and the SHA-256 of the entry's
/// key), the body, and a SHA-256 of everything before it. Decoding checks every part and the
/// key hash, so a torn, altered or misplaced file is rejected.
package enum HTTPCacheFile {
    private static let magic = Array("KHC1".utf8)

    private struct Metadata: Codable {
        var key: String
        var status: Int
        var headers: [String: String]
        var requestTime: Double
        var responseTime: Double
        var vary: [String: String]?
    }

    package static func encode(_ response: StoredResponse, key: String) -> Data {
        let metadata = Metadata(
            key: SHA256.hex(key), status: response.status, headers: response.headers,
            requestTime: response.requestTime.timeIntervalSince1970,
            responseTime: response.responseTime.timeIntervalSince1970, vary: response.varyHashes)
        let json = (try? JSONEncoder().encode(metadata)) ?? Data()
        var data = Data(magic)
        let length = UInt32(json.count)
        data.append(contentsOf: [
            UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
            UInt8(length & 0xFF),
        ])
        data.append(json)
        data.append(response.body)
        data.append(contentsOf: SHA256.hash(data))
        return data
    }

    package static func decode(_ data: Data, key: String) -> StoredResponse? {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + SHA256.digestSize, Array(bytes[0..<4]) == magic else { return nil }
        let contentEnd = bytes.count - SHA256.digestSize
        guard SHA256.hash(bytes[0..<contentEnd]) == Array(bytes[contentEnd...]) else { return nil }
        let length = Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7])
        guard length <= contentEnd - 8,
            let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(bytes[8..<8 + length])),
            metadata.key == SHA256.hex(key), (100..<600).contains(metadata.status),
            metadata.requestTime.isFinite, metadata.responseTime.isFinite
        else { return nil }
        return StoredResponse(
            status: metadata.status, headers: metadata.headers, body: Data(bytes[(8 + length)..<contentEnd]),
            requestTime: Date(timeIntervalSince1970: metadata.requestTime),
            responseTime: Date(timeIntervalSince1970: metadata.responseTime), varyHashes: metadata.vary)
    }
}
