import Foundation
import KeelSupport
import Testing

@testable import KeelNetworking

/// HTTP-dates as RFC 9110 §5.6.7 writes them: the cache reads `Expires`, `Date` and
/// `Last-Modified` with this grammar, so an invalid `Expires` counts as already expired
/// (RFC 9111 §5.3) instead of a date a lenient formatter guessed.
@Suite("HTTP-dates: the three forms exactly (names in any case), nothing else")
struct HTTPCacheDateTests {
    /// 2023-11-14 22:13:20 UTC.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    /// 1994-11-06 08:49:37 UTC, RFC 9110's example.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test(
        "the preferred form, the RFC 850 form and asctime's form are read",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            // Only the names' case is forgiven, as browsers do.
            "sun, 06 NOV 1994 08:49:37 gmt", "SUNDAY, 06-nov-94 08:49:37 Gmt", "SUN nov  6 08:49:37 1994",
        ])
    func threeForms(text: String) {
        #expect(RetryAfter.httpDate(text, now: Self.now) == Self.example)
    }

    @Test(
        "anything else is invalid",
        arguments: [
            "Thu, 18 Aug 2050 02:01:18 UTC", "Thu 18 Aug 2050 02:01:18 GMT", "Thu,  18 Aug 2050 02:01:18 GMT",
            "Thu, 18-Aug-2050 02:01:18 GMT", "Thu, 18 Aug 2050 02.01.18 GMT", "Thu, 18 Aug 2050 2:01:18 GMT",
            "Thu, 31 Feb 2050 02:01:18 GMT", "Thu, 18 Aug 2050 24:01:18 GMT", "Thu, 18 Aug 2050 02:60:18 GMT",
            "Thu, 18 Aug 2050 02:01:18 GMT ", " Thu, 18 Aug 2050 02:01:18 GMT",
            "Thu, 18 Aug 2050 02:01:18 +0000",
            "Thursday, 18-Aug-2050 02:01:18 GMT", "Thu, 18-Aug-50 02:01:18 GMT", "Thu Aug 8 02:01:18 2050",
            "Thu Aug 08 02:01:18 2050 GMT", "0", "-1", "", "Thu, 00 Aug 2050 02:01:18 GMT",
            // Only letters fold case: a control byte is not a space, a comma, a dash or a colon.
            "Thu,\u{0}18 Aug 2050 02:01:18 GMT", "Thu\u{C} 18 Aug 2050 02:01:18 GMT",
            "Thu, 18 Aug 2050 02\u{1A}01:18 GMT", "Thursday, 18\rAug-50 02:01:18 GMT",
        ])
    func invalid(text: String) {
        #expect(RetryAfter.httpDate(text, now: Self.now) == nil)
    }

    @Test("a leap second, the 29th of February in a leap year, and asctime's two-digit day")
    func edges() {
        #expect(RetryAfter.httpDate("Sat, 31 Dec 2016 23:59:60 GMT", now: Self.now) != nil)
        #expect(RetryAfter.httpDate("Thu, 29 Feb 2024 00:00:00 GMT", now: Self.now) != nil)
        #expect(RetryAfter.httpDate("Sun, 29 Feb 2100 00:00:00 GMT", now: Self.now) == nil)
        #expect(
            RetryAfter.httpDate("Thu Aug 18 02:01:18 2050", now: Self.now)
                == RetryAfter.httpDate("Thu, 18 Aug 2050 02:01:18 GMT", now: Self.now))
    }

    /// RFC 9110 §5.6.7: a two-digit year more than 50 years in the future is the most recent
    /// past year with the same last two digits.
    @Test("an RFC 850 year is within 50 years ahead of now, else the century before")
    func twoDigitYears() throws {
        let in2050 = try #require(RetryAfter.httpDate("Thursday, 18-Aug-50 02:01:18 GMT", now: Self.now))
        #expect(in2050 == RetryAfter.httpDate("Thu, 18 Aug 2050 02:01:18 GMT", now: Self.now))
        let in1980 = try #require(RetryAfter.httpDate("Monday, 18-Aug-80 02:01:18 GMT", now: Self.now))
        #expect(in1980 == RetryAfter.httpDate("Mon, 18 Aug 1980 02:01:18 GMT", now: Self.now))
        let in2073 = try #require(RetryAfter.httpDate("Friday, 18-Aug-73 02:01:18 GMT", now: Self.now))
        #expect(in2073 == RetryAfter.httpDate("Fri, 18 Aug 2073 02:01:18 GMT", now: Self.now))
        // Judged by the date, not the year: Dec 2073 is more than 50 years after Nov 2023.
        let december = try #require(RetryAfter.httpDate("Monday, 18-Dec-73 02:01:18 GMT", now: Self.now))
        #expect(december == RetryAfter.httpDate("Mon, 18 Dec 1973 02:01:18 GMT", now: Self.now))
        let in1974 = try #require(RetryAfter.httpDate("Sunday, 18-Aug-74 02:01:18 GMT", now: Self.now))
        #expect(in1974 == RetryAfter.httpDate("Sun, 18 Aug 1974 02:01:18 GMT", now: Self.now))
    }

    @Test("the year of a date, either side of the epoch")
    func years() {
        #expect(HTTPDateParser.year(of: Self.now) == 2023)
        #expect(HTTPDateParser.year(of: Self.example) == 1994)
        #expect(HTTPDateParser.year(of: Date(timeIntervalSince1970: -1)) == 1969)
        #expect(HTTPDateParser.year(of: Date(timeIntervalSince1970: 951_782_400)) == 2000)  // 2000-02-29
    }

    @Test("Retry-After still reads what a server sent loosely; the cache does not")
    func retryAfterStaysLenient() throws {
        let delay = try RetryAfter.delay(from: "Tue, 14 Nov 2023 22:14:20 UTC", now: Self.now)
        #expect(delay == .seconds(60))
    }

    @Test("an invalid Expires is already expired: the response is stored but never fresh")
    func invalidExpiresIsStale() {
        for expires in ["Thu, 18 Aug 2050 02:01:18 UTC", "Thu 18 Aug 2050 02:01:18 GMT", "0"] {
            let response = StoredResponse(
                status: 200,
                headers: ["Expires": expires, "Date": RetryAfter.httpDateString(Self.now)], body: Data(),
                requestTime: Self.now, responseTime: Self.now)
            #expect(HTTPCacheRules.timing(of: response).lifetime == 0, "\(expires)")
        }
    }

    @Test("fields Connection names are not stored")
    func connectionListedFields() {
        let stored = StoredResponse.storable([
            "Connection": "a, B ,keep-alive", "a": "1", "b": "2", "c": "3", "Keep-Alive": "timeout=5",
            "Content-Type": "text/plain",
        ])
        #expect(stored == ["c": "3", "Content-Type": "text/plain"])
    }

    /// Seeded mutations of the three forms (and random bytes): never a trap, and whatever is
    /// read renders and reads back as the same second.
    @Test("mutated dates never trap, and what is read round-trips", arguments: [1, 2, 3])
    func seededMutations(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let forms = [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        ]
        let alphabet = Array(" ,-:0123456789GMTSunNovAugFebéx\u{0}\t".utf8)
        var read = 0
        for _ in 0..<3000 {
            var bytes = Array(forms[Int(next() % 3)].utf8)
            for _ in 0..<(1 + Int(next() % 3)) {
                let index = Int(next() % UInt64(bytes.count + 1))
                switch next() % 3 {
                case 0 where index < bytes.count:
                    bytes[index] = alphabet[Int(next() % UInt64(alphabet.count))]
                case 1 where index < bytes.count: bytes.remove(at: index)
                default: bytes.insert(alphabet[Int(next() % UInt64(alphabet.count))], at: index)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let date = RetryAfter.httpDate(text, now: Self.now) else { continue }
            read += 1
            // Foundation's formatter writes dates before 1583 in the Julian calendar; the
            // parser (and RFC 9110) counts proleptic Gregorian days, so only later years compare.
            guard HTTPDateParser.year(of: date) >= 1600 else { continue }
            #expect(RetryAfter.httpDate(RetryAfter.httpDateString(date), now: Self.now) == date, "\(text)")
        }
        #expect(read > 0)
        for _ in 0..<1000 {
            let random = (0..<Int(next() % 40)).map { _ in UInt8(truncatingIfNeeded: next()) }
            _ = RetryAfter.httpDate(String(decoding: random, as: UTF8.self), now: Self.now)
        }
    }
}

/// The `Vary` hash's shortcut for plain values gives the text the general rule gives, so
/// entries stored before it still match.
@Suite("HTTP cache: Vary hashes")
struct HTTPCacheVaryHashTests {
    /// The rule before the shortcut: split at commas, trim each part, join.
    static func generalHash(_ value: String?) -> String {
        guard let value else { return HTTPCacheRules.hash(nil) }
        let normalised = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ",")
        return SHA256.hex("=" + normalised)
    }

    @Test(
        "plain and irregular values hash as the general rule says",
        arguments: [
            "", "en-GB", "gzip, br", " a", "a ", "a,,b", ",", "\u{A0}x", "x\u{3000}", " \u{301}a", "a\tb",
            "application/json", "é", "a , b ,c",
        ])
    func sameAsGeneralRule(value: String) {
        #expect(HTTPCacheRules.hash(value) == Self.generalHash(value))
    }

    @Test("a request's hashes are reused across entries and stay correct")
    func memoisedMatch() {
        let headers = ["Accept-Language": "en-GB", "Accept": "application/json"]
        let hashes = HTTPCacheRules.varyHashes(
            requestHeaders: headers, responseHeaders: ["Vary": "Accept-Language, Accept"])
        var entry = StoredResponse(
            status: 200, headers: [:], body: Data(), requestTime: Date(), responseTime: Date(),
            varyHashes: hashes)
        var memo: [String: String] = [:]
        #expect(HTTPCacheRules.varyMatches(entry, requestHeaders: headers, hashes: &memo))
        #expect(memo.count == 2)
        #expect(HTTPCacheRules.varyMatches(entry, requestHeaders: headers, hashes: &memo))
        entry.varyHashes = ["accept-language": HTTPCacheRules.hash("fr")]
        #expect(!HTTPCacheRules.varyMatches(entry, requestHeaders: headers, hashes: &memo))
        #expect(!HTTPCacheRules.varyMatches(entry, requestHeaders: headers))
    }
}
