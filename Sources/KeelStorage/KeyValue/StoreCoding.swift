import Foundation

/// The JSON coding every key-value store and migration shares.
///
/// Dates are written as their exact `timeIntervalSinceReferenceDate` (a JSON number printed
/// with the shortest digits that read back as the same `Double`), so sub-second parts, `-0`
/// and subnormal instants survive a reopen bit for bit. Reading also accepts the ISO 8601
/// strings earlier versions wrote (`2023-11-14T22:13:20Z`, with or without fractional seconds
/// or a UTC offset).
enum StoreCoding {
    /// An encoder with sorted keys and exact dates.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }

    /// A decoder for exact dates and the older ISO 8601 dates.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeDate)
        return decoder
    }

    @Sendable
    private static func decodeDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        let text = try container.decode(String.self)
        guard let date = parseISO8601(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a date (a number or ISO 8601 text), found '\(text)'")
        }
        return date
    }

    /// An ISO 8601 internet date-time (`Z` or an offset, optional fractional seconds).
    static func parseISO8601(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
