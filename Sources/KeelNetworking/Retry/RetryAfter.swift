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
        if let date = httpDate(trimmed, now: now) ?? lenientHTTPDate(trimmed) {
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

    /// An HTTP-date in any of its three forms, exactly as RFC 9110 §5.6.7 writes them:
    /// `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete `Sunday, 06-Nov-94 08:49:37 GMT` (a
    /// two-digit year more than 50 years after `now` is the century before) and asctime's
    /// `Sun Nov  6 08:49:37 1994`. Every field has its exact width and separators, the day
    /// exists in its month and the zone is `GMT`; only the case of the names is forgiven (`sun`,
    /// `NOV`, `gmt`, as browsers do). Anything else is `nil`, which the cache reads as an invalid
    /// date (an invalid `Expires` is already expired, RFC 9111 §5.3).
    package static func httpDate(_ text: String, now: Date = Date()) -> Date? {
        HTTPDateParser(Array(text.utf8)).parse(now: now)
    }

    /// What a `DateFormatter` reads as one of the three forms (`UTC` for `GMT`, a one-digit
    /// hour): only `Retry-After` accepts it, after ``httpDate(_:now:)`` refused the text, since
    /// a server asking to be left alone should be, however it wrote the date.
    static func lenientHTTPDate(_ text: String) -> Date? {
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

    /// The preferred form, `Sun, 06 Nov 1994 08:49:37 GMT`, only: the form a validator is sent
    /// back in verbatim.
    package static func imfFixdate(_ text: String) -> Date? {
        var parser = HTTPDateParser(Array(text.utf8))
        return parser.imfFixdate()
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

/// RFC 9110 §5.6.7's grammar, read byte by byte (the cache reads a `Date` on every hit, and a
/// `DateFormatter` costs tens of microseconds).
struct HTTPDateParser {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    func parse(now: Date) -> Date? {
        guard bytes.count >= 24, bytes.count <= 40 else { return nil }
        var imf = self
        if let date = imf.imfFixdate() { return date }
        var rfc850 = self
        if let date = rfc850.rfc850(now: now) { return date }
        var asctime = self
        return asctime.asctime()
    }

    /// `day-name "," SP day SP month SP year SP time-of-day SP "GMT"`
    mutating func imfFixdate() -> Date? {
        guard name(in: Self.dayNames) != nil, literal(", "), let day = digits(2), literal(" "),
            let month = name(in: Self.months), literal(" "), let year = digits(4), literal(" "),
            let time = timeOfDay(), literal(" GMT"), position == bytes.count
        else { return nil }
        return Self.date(year: year, month: month + 1, day: day, time: time)
    }

    /// `day-name-l "," SP day "-" month "-" 2DIGIT SP time-of-day SP "GMT"`
    mutating func rfc850(now: Date) -> Date? {
        guard name(in: Self.longDayNames) != nil, literal(", "), let day = digits(2), literal("-"),
            let month = name(in: Self.months), literal("-"), let shortYear = digits(2), literal(" "),
            let time = timeOfDay(), literal(" GMT"), position == bytes.count
        else { return nil }
        // RFC 9110 §5.6.7: a timestamp that appears more than 50 years in the future is in the
        // most recent year in the past with the same last two digits (judged by the date, not
        // only the year).
        let current = Self.year(of: now)
        let fiftyYearsOn = now.addingTimeInterval(50 * 365.2425 * 86_400)
        let year = current - current % 100 + shortYear
        guard let date = Self.date(year: year, month: month + 1, day: day, time: time) else { return nil }
        if date > fiftyYearsOn { return Self.date(year: year - 100, month: month + 1, day: day, time: time) }
        if let later = Self.date(year: year + 100, month: month + 1, day: day, time: time),
            later <= fiftyYearsOn
        {
            return later
        }
        return date
    }

    /// `day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time-of-day SP year`
    mutating func asctime() -> Date? {
        guard name(in: Self.dayNames) != nil, literal(" "), let month = name(in: Self.months), literal(" ")
        else { return nil }
        let day: Int
        if literal(" ") {
            guard let digit = digits(1) else { return nil }
            day = digit
        } else {
            guard let twoDigits = digits(2) else { return nil }
            day = twoDigits
        }
        guard literal(" "), let time = timeOfDay(), literal(" "), let year = digits(4),
            position == bytes.count
        else { return nil }
        return Self.date(year: year, month: month + 1, day: day, time: time)
    }

    /// `hour ":" minute ":" second`, two digits each, 00–23, 00–59 and 00–60 (a leap second).
    mutating func timeOfDay() -> Int? {
        guard let hour = digits(2), literal(":"), let minute = digits(2), literal(":"),
            let second = digits(2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// The index in `names` of the name at the cursor (ASCII case ignored), moving past it.
    mutating func name(in names: [String]) -> Int? {
        for (index, name) in names.enumerated() where literal(name) { return index }
        return nil
    }

    /// Whether `text` is at the cursor, ASCII case ignored, moving past it when it is.
    mutating func literal(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard bytes.count - position >= utf8.count,
            bytes[position..<(position + utf8.count)].elementsEqual(utf8, by: Self.sameIgnoringCase)
        else { return false }
        position += utf8.count
        return true
    }

    /// Whether two bytes are equal, or the same ASCII letter in either case (only letters fold:
    /// a control byte is not a space, nor a comma).
    static func sameIgnoringCase(_ lhs: UInt8, _ rhs: UInt8) -> Bool {
        guard lhs != rhs else { return true }
        let lower = lhs | 0x20
        return lower == rhs | 0x20 && lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// Exactly `count` ASCII digits at the cursor, as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.count - position >= count else { return nil }
        var value = 0
        for byte in bytes[position..<(position + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += count
        return value
    }

    /// The date, or `nil` when `day` does not exist in that month.
    static func date(year: Int, month: Int, day: Int, time: Int) -> Date? {
        let lengths = [31, CivilDate.isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= lengths[month - 1] else { return nil }
        return Date(
            timeIntervalSince1970: TimeInterval(
                CivilDate.days(year: year, month: month, day: day) * 86_400 + time))
    }

    /// The Gregorian year `date` falls in (UTC).
    static func year(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 2000 }
        return CivilDate.date(fromDays: Int((seconds / 86_400).rounded(.down))).year
    }
}
