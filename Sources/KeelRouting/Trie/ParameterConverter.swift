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
        .string: { .string($0) },
    ]
}
