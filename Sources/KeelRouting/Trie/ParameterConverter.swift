import Foundation

/// Turns one decoded URL segment into a typed value, or returns `nil` to reject it (the
/// router then backtracks to the next candidate).
public typealias ParameterConverter = @Sendable (String) -> ParameterValue?

/// The built-in converters.
enum BuiltInConverters {
    static let all: [ParameterType: ParameterConverter] = [
        .int: { Int($0).map(ParameterValue.int) },
        .double: { text in
            guard let value = Double(text), value.isFinite else { return nil }
            return .double(value)
        },
        .bool: { text in
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        },
        .uuid: { UUID(uuidString: $0).map(ParameterValue.uuid) },
        .segment: { isSafeSegment($0) ? .string($0) : nil },
        .string: { .string($0) },
    ]

    /// The most UTF-8 bytes a `segment` value may hold: one file-name component (`NAME_MAX`).
    static let maximumSegmentBytes = 255

    /// Whether a decoded segment is usable as one file-name component: no separator, no
    /// control character (C0, DEL or C1, such as NEL U+0085 or the terminal escape CSI
    /// U+009B), no line or paragraph separator (U+2028, U+2029), no bidirectional override or
    /// isolate (U+202A–U+202E, U+2066–U+2069: `invoice\u{202E}fdp.exe` shows as
    /// `invoiceexe.pdf`), at most 255 UTF-8 bytes, and not starting with `.` (so neither `.`,
    /// `..` nor a hidden file such as a store's `.keel-store-id`). A route that needs
    /// dot-files registers a custom placeholder type.
    static func isSafeSegment(_ text: String) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: "."),
            text.utf8.count <= maximumSegmentBytes
        else { return false }
        return !text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x2F, 0x5C: true  // "/", "\\"
            case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
            default: scalar.properties.generalCategory == .control
            }
        }
    }
}
