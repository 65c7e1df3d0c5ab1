import Foundation
import KeelSupport

/// Parses `Retry-After` header values (RFC 9110 §10.2.3).
package enum RetryAfter {
    /// The delay a `Retry-After` value asks for: delta-seconds (`"120"`) or an HTTP-date
    /// (`"Wed, 21 Oct 2015 07:28:00 GMT"`, also the obsolete RFC 850 and asctime forms),
    /// relative to `now`. A date in the past means no delay.
    ///
    /// - Throws: ``APIError/invalidResponse(reason:body:)`` naming the value when it is neither.
    package static func delay(from value: String, now: Date) throws -> Duration {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            // Huge values saturate instead of overflowing.
            guard trimmed.utf8.count <= 12, let seconds = Int64(trimmed) else { return .seconds(Int64(1e12)) }
            return .seconds(seconds)
        }
        if let date = httpDate(trimmed) {
            // Clamped, never trapping, whatever year a date formatter accepts.
            return .clampedSeconds(date.timeIntervalSince(now))
        }
        throw APIError.invalidResponse(
            reason: "Retry-After '\(value.prefix(64))' is neither delta-seconds nor an HTTP-date",
            body: Data())
    }

    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
        "EEE MMM d HH:mm:ss yyyy",  // asctime
    ]

    /// Parses an HTTP-date in any of its three forms.
    static func httpDate(_ text: String) -> Date? {
        if let date = imfFixdate(text) { return date }
        // HTTP-dates are printable ASCII; anything else is refused before the formatter, which
        // on Linux traps on text with combining marks ("Incorrect range CFRange").
        guard text.utf8.count <= 64, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
            text.contains(where: \.isLetter)
        else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The preferred form, `Sun, 06 Nov 1994 08:49:37 GMT`, read by hand: the cache reads a
    /// `Date` on every hit, and a `DateFormatter` costs tens of microseconds. `nil` for any
    /// other shape (the formatter then tries every form).
    package static func imfFixdate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == 44, bytes[4] == 32, bytes[7] == 32, bytes[11] == 32,
            bytes[16] == 32, bytes[19] == 58, bytes[22] == 58, bytes[25] == 32,
            bytes[26...28].elementsEqual("GMT".utf8)
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        let monthName = String(decoding: bytes[8..<11], as: UTF8.self)
        guard let day = number(5..<7), let year = number(12..<16), let hour = number(17..<19),
            let minute = number(20..<22), let second = number(23..<25),
            let monthIndex = months.firstIndex(of: monthName), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        // Days since 1970-01-01 (the civil-from-days inverse, proleptic Gregorian).
        let month = monthIndex + 1
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Renders `date` as an IMF-fixdate, for servers and tests.
    package static func httpDateString(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
