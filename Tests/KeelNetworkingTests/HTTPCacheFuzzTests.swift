import Foundation
import KeelNetworking
import KeelTestSupport
import KeelTesting
import Testing

/// Seeded random input for the cache's parsers: `Cache-Control` fields, header sets the
/// rules read (dates, `Age`, `Vary`, `Expires`), and cache files cut and altered at random.
/// Nothing may crash or hang, and a damaged file must never decode. `KEEL_LONG_TESTS=1` runs
/// twenty times as many cases.
@Suite("HTTP cache fuzzing (seeded)", .onOwnThread)
struct HTTPCacheFuzzTests {
    /// SplitMix64, seeded: KeelTesting's generator.
    typealias Random = SeededRandomNumberGenerator

    static let fragments = [
        "max-age", "s-maxage", "no-store", "no-cache", "private", "public", "must-revalidate",
        "stale-while-revalidate", "stale-if-error", "=", ",", "\"", "\\", " ", "-1", "0", "60",
        "99999999999999999999999", "é", "\u{0}", "Mon, 06 Nov 2023 08:49:37 GMT", "*", ";", "GMT",
    ]

    func field(_ random: inout Random) -> String {
        (0..<random.below(12)).map { _ in random.pick(Self.fragments) }.joined()
    }

    @Test(
        "Random Cache-Control fields and headers: parsed and judged without a crash",
        arguments: [1, 2, 3] as [UInt64])
    func randomHeaders(seed: UInt64) {
        var random = Random(seed: seed)
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        for _ in 0..<LongRuns.cases(short: 250, long: 5_000) {
            let control = CacheControl(field(&random))
            #expect((control.maxAge ?? 0) >= 0)
            var headers: [String: String] = [:]
            for name in ["Cache-Control", "Expires", "Date", "Age", "Last-Modified", "Vary", "ETag"]
            where random.below(2) == 0 {
                headers[name] = field(&random)
            }
            let response = StoredResponse(
                status: random.pick([200, 203, 301, 404, 500, 599]), headers: headers, body: Data(),
                requestTime: t0, responseTime: t0,
                varyHashes: HTTPCacheRules.varyHashes(requestHeaders: headers, responseHeaders: headers))
            let lifetime = HTTPCacheRules.freshnessLifetime(of: response)
            #expect(lifetime >= 0 && lifetime.isFinite)
            let age = HTTPCacheRules.currentAge(
                of: response, now: t0.addingTimeInterval(Double(random.below(1000))))
            #expect(age >= 0 && age.isFinite)
            _ = HTTPCacheRules.use(of: response, requestHeaders: headers, now: t0)
            _ = HTTPCacheRules.refusal(
                method: "GET", requestHeaders: headers, status: response.status, responseHeaders: headers)
        }
    }

    @Test("Cache files cut or altered at random never decode", arguments: [1, 2, 3] as [UInt64])
    func damagedFiles(seed: UInt64) {
        var random = Random(seed: seed)
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let original = StoredResponse(
            status: 200, headers: ["Cache-Control": "max-age=60", "ETag": "\"v\""],
            body: Data(repeating: 7, count: 300),
            requestTime: t0, responseTime: t0)
        let file = HTTPCacheFile.encode(original, key: "k")
        #expect(HTTPCacheFile.decode(file, key: "k") == original)
        #expect(HTTPCacheFile.decode(file, key: "other") == nil)
        for _ in 0..<LongRuns.cases(short: 60, long: 2_000) {
            var damaged = file
            switch random.below(3) {
            case 0: damaged = damaged.prefix(random.below(file.count))
            case 1: damaged[random.below(file.count)] ^= UInt8(1 + random.below(255))
            default: damaged = Data((0..<random.below(200)).map { _ in UInt8(random.below(256)) })
            }
            #expect(HTTPCacheFile.decode(damaged, key: "k") == nil)
        }
    }
}

extension SeededRandomNumberGenerator {
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
