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

    /// Whether a decoded segment is usable as one file-name component: no separator, no
    /// control character, not starting with `.` (so neither `.`, `..` nor a hidden file such
    /// as a store's `.keel-store-id`). A route that needs dot-files registers a custom
    /// placeholder type.
    static func isSafeSegment(_ text: String) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: ".") else { return false }
        return !text.utf8.contains {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F
        }
    }
}
