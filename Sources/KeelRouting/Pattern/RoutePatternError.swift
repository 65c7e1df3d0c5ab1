/// Why a route pattern was rejected at registration, and where.
public struct RoutePatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package enum Reason: Hashable, Sendable {
        /// The pattern is empty or only slashes without a scheme.
        case empty
        /// The scheme before `://` is empty or has characters outside `[A-Za-z0-9+.-]`.
        case invalidScheme(String)
        /// A `<` without its closing `>`.
        case unclosedPlaceholder
        /// A `>` or `)` with nothing open.
        case unexpectedCharacter(Character)
        /// `<>` or `<int:>`.
        case emptyName
        /// A name with characters outside letters, digits and `_`.
        case invalidName(String)
        /// `<type:name>` with a type that is neither built in nor registered.
        case unknownType(String)
        /// A placeholder sharing a segment with other text (`user-<id>`).
        case placeholderInsideSegment
        /// The same parameter name twice.
        case duplicateName(String)
        /// `<path:name>` followed by more segments.
        case catchAllNotLast(String)
        /// A `(` without `)`.
        case unclosedGroup
        /// `(` inside an optional group.
        case nestedGroup
        /// More than 8 optional groups (they expand to 2ⁿ variants).
        case tooManyOptionalGroups
        /// `?` or `#`: queries and fragments are not part of a pattern.
        case queryOrFragment
        /// A `%` not followed by two hex digits.
        case invalidPercentEncoding
        /// More segments than ``RoutePattern/maximumSegments`` (the trie is walked recursively,
        /// so its depth is bounded).
        case tooManySegments(limit: Int)
    }

    /// The pattern as given.
    package let pattern: String
    /// The Unicode scalar offset (from 0) where the problem was found.
    package let offset: Int
    /// What was wrong.
    package let reason: Reason

    /// Creates an error.
    package init(pattern: String, offset: Int, reason: Reason) {
        self.pattern = pattern
        self.offset = offset
        self.reason = reason
    }

    /// A message naming the pattern, the offset and the reason.
    public var description: String {
        "invalid route pattern \"\(pattern)\" at offset \(offset): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .empty: return "empty pattern"
        case .invalidScheme(let scheme): return "invalid scheme \"\(scheme)\""
        case .unclosedPlaceholder: return "placeholder is missing its closing '>'"
        case .unexpectedCharacter(let character): return "unexpected '\(character)'"
        case .emptyName: return "placeholder has no name"
        case .invalidName(let name): return "invalid parameter name \"\(name)\" (letters, digits, _)"
        case .unknownType(let type): return "unknown parameter type \"\(type)\""
        case .placeholderInsideSegment: return "a placeholder must fill a whole segment"
        case .duplicateName(let name): return "parameter \"\(name)\" appears twice"
        case .catchAllNotLast(let name): return "catch-all <path:\(name)> must be the last segment"
        case .unclosedGroup: return "optional group is missing its closing ')'"
        case .nestedGroup: return "optional groups cannot be nested"
        case .tooManyOptionalGroups: return "more than 8 optional groups"
        case .queryOrFragment: return "a pattern has no query or fragment"
        case .invalidPercentEncoding: return "'%' must be followed by two hex digits"
        case .tooManySegments(let limit): return "more than \(limit) segments"
        }
    }
}
