/// One segment of a parsed route pattern.
package enum PatternSegment: Hashable, Sendable, CustomStringConvertible {
    /// Matches exactly this (percent-decoded) text.
    case literal(String)
    /// `<type:name>`: matches a segment the type's converter accepts.
    case typed(ParameterType, name: String)
    /// `<name>`: matches any one non-empty segment as a string.
    case untyped(name: String)
    /// `*`: matches any one segment and captures nothing.
    case wildcard
    /// `<path:name>`: matches one or more remaining segments; last position only.
    case catchAll(name: String)

    /// The captured parameter's name, if the segment captures one.
    package var parameterName: String? {
        switch self {
        case .typed(_, let name), .untyped(let name), .catchAll(let name): return name
        case .literal, .wildcard: return nil
        }
    }

    /// The segment as written in a pattern.
    package var description: String {
        switch self {
        case .literal(let text): return text
        case .typed(let type, let name): return "<\(type.rawValue):\(name)>"
        case .untyped(let name): return "<\(name)>"
        case .wildcard: return "*"
        case .catchAll(let name): return "<path:\(name)>"
        }
    }

    /// The precedence rank at one position: lower wins. Literal, then the specific built-in
    /// types, then custom converters, then `string`, then untyped, wildcard and catch-all.
    var rank: UInt8 {
        switch self {
        case .literal: return 0
        case .typed(let type, _):
            switch type {
            case .int: return 1
            case .double: return 2
            case .bool: return 3
            case .uuid: return 4
            case .string: return 6
            default: return 5
            }
        case .untyped: return 7
        case .wildcard: return 8
        case .catchAll: return 9
        }
    }

    /// The segment with its name erased: two patterns with the same shapes conflict.
    var shape: String {
        switch self {
        case .literal(let text): return "=" + text
        case .typed(let type, _): return "<" + type.rawValue + ">"
        case .untyped: return "<>"
        case .wildcard: return "*"
        case .catchAll: return "<path>"
        }
    }
}
