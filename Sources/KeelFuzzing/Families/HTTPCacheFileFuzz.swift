import Foundation
import KeelNetworking
import KeelSupport

extension FuzzFamily {
    /// HTTP cache entries (`HTTPCacheFile`): the input is decoded as a response payload (the
    /// binary encoding of status, times, headers, `Vary` hashes and body) and as a whole entry
    /// file. Neither may trap or hang; a payload that decodes must encode back to bytes that
    /// decode to the same response, and its body can be no larger than the input.
    package static let httpCacheFile = FuzzFamily(
        name: "http.cachefile",
        summary: "HTTP cache entry payloads and files: decoding never traps; what decodes round-trips",
        seeds: HTTPCacheFileFuzz.seeds,
        dictionary: HTTPCacheFileFuzz.dictionary,
        testCases: 4_000,
        generate: HTTPCacheFileFuzz.generate
    ) { input in
        let decoded = input.withUnsafeBytes { HTTPCacheFile.response(fromPayload: $0) }
        if let decoded {
            guard decoded.body.count <= input.count, (100..<600).contains(decoded.status) else {
                throw FuzzViolation("decoded status \(decoded.status), body of \(decoded.body.count) bytes")
            }
            let again = HTTPCacheFile.payload(decoded).withUnsafeBytes {
                HTTPCacheFile.response(fromPayload: $0)
            }
            guard again == decoded else { throw FuzzViolation("a decoded payload does not round-trip") }
        }
        if let file = HTTPCacheFile.decode(Data(input), key: HTTPCacheFileFuzz.key) {
            guard file.body.count <= input.count else {
                throw FuzzViolation("a file decoded to a body of \(file.body.count) bytes")
            }
        }
    }
}

/// Seeds and structured inputs for ``FuzzFamily/httpCacheFile``.
enum HTTPCacheFileFuzz {
    static let key = "https://api.example.com/users/42"

    static let response = StoredResponse(
        status: 200,
        headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "Content-Type": "application/json"],
        body: Data(#"{"id":42}"#.utf8), requestTime: Date(timeIntervalSince1970: 1_800_000_000),
        responseTime: Date(timeIntervalSince1970: 1_800_000_001), varyHashes: ["accept": SHA256.hex("json")])

    static let seeds: [[UInt8]] = [
        Array(HTTPCacheFile.payload(response)),
        Array(HTTPCacheFile.encode(response, key: key)),
        Array(
            HTTPCacheFile.payload(
                StoredResponse(
                    status: 404, headers: [:], body: Data(), requestTime: Date(timeIntervalSince1970: 0),
                    responseTime: Date(timeIntervalSince1970: 0), varyHashes: nil))),
    ]

    static let dictionary: [[UInt8]] = [
        [1], [0], [0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xF8, 0, 0, 0, 0, 0, 0], [0, 200],
        [0x02, 0x58],
        Array("KHTC".utf8), [2, 0, 0, 0], Array("Cache-Control".utf8), [0xC3, 0x28],
    ]

    /// A payload built field by field, each length right, wrong or extreme.
    static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        var out: [UInt8] = [random.oneIn(8) ? UInt8(random.below(256)) : 1]
        func integer(_ value: UInt64, _ bytes: Int) {
            for index in (0..<bytes).reversed() {
                out.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8)))
            }
        }
        func length(_ actual: Int, _ bytes: Int) {
            switch random.below(6) {
            case 0: integer(UInt64(actual + 1 + random.below(100)), bytes)
            case 1: integer(UInt64.max, bytes)
            default: integer(UInt64(actual), bytes)
            }
        }
        func text() -> [UInt8] {
            (0..<random.below(24)).map { _ in
                random.oneIn(6) ? UInt8(0x80 + random.below(128)) : UInt8(0x61 + random.below(26))
            }
        }
        integer(UInt64([200, 304, 99, 600, 0, 65_535, 404][random.below(7)]), 2)
        let times: [Double] = [0, 1_800_000_000, -1, .nan, .infinity, .greatestFiniteMagnitude]
        integer(times[random.below(times.count)].bitPattern, 8)
        integer(times[random.below(times.count)].bitPattern, 8)
        let headerCount = random.below(5)
        length(headerCount, 2)
        for _ in 0..<headerCount {
            let name = text()
            let value = text()
            length(name.count, 2)
            out += name
            length(value.count, 4)
            out += value
        }
        out.append(UInt8(random.below(3)))
        let varyCount = random.below(3)
        integer(UInt64(varyCount), 2)
        for _ in 0..<varyCount {
            let name = text()
            let hash = text()
            length(name.count, 2)
            out += name
            length(hash.count, 2)
            out += hash
        }
        out += text()
        if random.oneIn(4) { out = Array(out.prefix(random.below(out.count + 1))) }
        return out
    }
}
