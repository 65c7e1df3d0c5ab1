import Foundation

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
            let interval = date.timeIntervalSince(now)
            return interval > 0 ? .milliseconds(Int64((interval * 1000).rounded())) : .zero
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
        guard text.count <= 64, text.contains(where: \.isLetter) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
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
