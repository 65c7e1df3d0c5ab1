import Foundation

/// A value captured from a URL by a placeholder, already converted to its type.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    /// From `<int:name>`.
    case int(Int)
    /// From `<double:name>`.
    case double(Double)
    /// From `<bool:name>`.
    case bool(Bool)
    /// From `<uuid:name>`.
    case uuid(UUID)
    /// From `<name>`, `<string:name>`, or a custom converter that keeps text.
    case string(String)
    /// From the catch-all `<path:name>`: the remaining segments, percent-decoded.
    case path([String])

    /// The value as URL text: what a placeholder would need to hold to produce it
    /// (a path joins its segments with `/`).
    public var text: String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .uuid(let value): return value.uuidString
        case .string(let value): return value
        case .path(let segments): return segments.joined(separator: "/")
        }
    }

    /// A readable form, e.g. `int(42)`.
    public var description: String {
        switch self {
        case .int(let value): return "int(\(value))"
        case .double(let value): return "double(\(value))"
        case .bool(let value): return "bool(\(value))"
        case .uuid(let value): return "uuid(\(value.uuidString))"
        case .string(let value): return "string(\(value))"
        case .path(let segments): return "path(\(segments.joined(separator: "/")))"
        }
    }

    /// The integer, if this is `.int`.
    package var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The text of a `.string` value.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
