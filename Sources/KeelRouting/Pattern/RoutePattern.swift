import KeelSupport

/// A route pattern parsed by Keel's own tokenizer.
///
/// Grammar: `[scheme "://"] segment ("/" segment)*`, where a segment is a literal, `<name>`,
/// `<type:name>`, `*`, or `<path:name>` (last only), and `( … )` marks an optional group
/// (`list(/<int:page>)`), expanded into every combination at registration. Empty segments
/// are ignored, so `a//b/` is `a/b`. A malformed pattern throws ``RoutePatternError`` with the
/// offset of the problem; so does one with more than ``maximumSegments`` segments.
package struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The most segments a pattern may have (256). Matching, insertion and removal walk the
    /// trie one level per segment, so this bounds their depth; URLs may be longer (only a
    /// catch-all matches the extra segments, without descending further).
    package static let maximumSegments = 256

    /// One parsed segment, its optional group (if any) and where it starts in the text.
    package struct Element: Hashable, Sendable {
        /// The segment.
        package let segment: PatternSegment
        /// The index of the optional group holding it, or `nil` when it is required.
        package let group: Int?
        /// The character offset of the segment in the pattern.
        package let offset: Int
    }

    /// The pattern as written.
    package let text: String
    /// The scheme, lowercased; `nil` for a pattern that applies to every scheme.
    package let scheme: String?
    /// The segments in order.
    package let elements: [Element]
    /// The number of optional groups.
    package let groupCount: Int

    /// Parses `text`.
    ///
    /// - Throws: ``RoutePatternError`` with the offset and reason.
    package init(_ text: String) throws {
        var parser = PatternParser(text: text)
        let parsed = try parser.parse()
        self.text = text
        scheme = parsed.scheme
        elements = Self.normalizingWebHost(parsed.elements, scheme: parsed.scheme)
        groupCount = parsed.groups
    }

    /// An `http`/`https` pattern's host read as `RouteURL/normalizingWebHost` reads a URL's
    /// (`https://Example.com:443/p` is `example.com/p`), so the URLs that name its server match.
    private static func normalizingWebHost(_ elements: [Element], scheme: String?) -> [Element] {
        guard let scheme, ExternalURLPolicy.webSchemes.contains(scheme), let first = elements.first,
            first.group == nil, case .literal(let host) = first.segment,
            let authority = WebAuthority(Substring(host))
        else { return elements }
        var elements = elements
        elements[0] = Element(
            segment: .literal(authority.hostAndPort(forScheme: scheme)), group: nil, offset: first.offset)
        return elements
    }

    /// Every concrete segment list the optional groups expand to, all groups present first.
    package var variants: [[PatternSegment]] {
        var result: [[PatternSegment]] = []
        var seen = Set<[PatternSegment]>()
        let combinations = 1 << groupCount
        for mask in (0..<combinations).reversed() {
            let segments = elements.filter { element in
                guard let group = element.group else { return true }
                return mask & (1 << group) != 0
            }.map(\.segment)
            if seen.insert(segments).inserted { result.append(segments) }
        }
        return result
    }

    /// The names of every captured parameter.
    package var parameterNames: [String] {
        elements.compactMap(\.segment.parameterName)
    }

    /// The pattern as written.
    package var description: String { text }
}

/// The tokenizer behind ``RoutePattern``: one pass over the Unicode scalars (not grapheme
/// clusters: a combining mark after a `/` must not merge with it and hide it, since
/// `RouteURL` splits URLs on the `/` byte).
private struct PatternParser {
    let text: String
    let characters: [Unicode.Scalar]
    var index = 0
    var elements: [RoutePattern.Element] = []
    var group: Int?
    var groupStart = 0
    var groups = 0
    // The segment being read.
    var literal = ""
    var literalStart = 0
    var hasLiteral = false
    var placeholder: (segment: PatternSegment, offset: Int)?

    init(text: String) {
        self.text = text
        characters = Array(text.unicodeScalars)
    }

    func error(_ reason: RoutePatternError.Reason, at offset: Int) -> RoutePatternError {
        RoutePatternError(pattern: text, offset: offset, reason: reason)
    }

    mutating func parse() throws -> (scheme: String?, elements: [RoutePattern.Element], groups: Int) {
        var scheme: String?
        if let separator = text.range(of: "://") {
            let candidate = text[..<separator.lowerBound]
            guard isValidScheme(candidate) else { throw error(.invalidScheme(String(candidate)), at: 0) }
            scheme = candidate.lowercased()
            index = candidate.unicodeScalars.count + 3
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "/":
                try endSegment()
            case "(":
                guard group == nil else { throw error(.nestedGroup, at: index) }
                try endSegment()
                guard groups < 8 else { throw error(.tooManyOptionalGroups, at: index) }
                group = groups
                groupStart = index
                groups += 1
            case ")":
                guard group != nil else { throw error(.unexpectedCharacter(")"), at: index) }
                try endSegment()
                group = nil
            case "<":
                guard !hasLiteral, placeholder == nil else {
                    throw error(.placeholderInsideSegment, at: index)
                }
                placeholder = (try readPlaceholder(), index)
                index = characters[index...].firstIndex(of: ">")!
            case ">":
                throw error(.unexpectedCharacter(">"), at: index)
            case "?", "#":
                throw error(.queryOrFragment, at: index)
            default:
                guard placeholder == nil else { throw error(.placeholderInsideSegment, at: index) }
                if !hasLiteral { literalStart = index }
                hasLiteral = true
                literal.unicodeScalars.append(character)
            }
            index += 1
        }
        if group != nil { throw error(.unclosedGroup, at: groupStart) }
        try endSegment()
        try validate()
        if scheme == nil && elements.isEmpty { throw error(.empty, at: 0) }
        return (scheme, elements, groups)
    }

    mutating func endSegment() throws {
        defer {
            literal = ""
            hasLiteral = false
            placeholder = nil
        }
        if placeholder != nil || hasLiteral, elements.count >= RoutePattern.maximumSegments {
            throw error(
                .tooManySegments(limit: RoutePattern.maximumSegments), at: placeholder?.offset ?? literalStart
            )
        }
        if let placeholder {
            elements.append(.init(segment: placeholder.segment, group: group, offset: placeholder.offset))
        } else if hasLiteral {
            if literal == "*" {
                elements.append(.init(segment: .wildcard, group: group, offset: literalStart))
                return
            }
            switch PercentEncoding.decode(Substring(literal)) {
            case .success(let decoded):
                elements.append(.init(segment: .literal(decoded), group: group, offset: literalStart))
            case .failure(let failure):
                throw error(.invalidPercentEncoding, at: literalStart + failure.offset)
            }
        }
    }

    /// Reads `<…>` starting at `index` without moving it.
    func readPlaceholder() throws -> PatternSegment {
        guard let close = characters[index...].firstIndex(of: ">") else {
            throw error(.unclosedPlaceholder, at: index)
        }
        let body = String(String.UnicodeScalarView(characters[(index + 1)..<close]))
        if body.unicodeScalars.contains("<") || body.unicodeScalars.contains("/") {
            throw error(.unclosedPlaceholder, at: index)
        }
        let parts = body.utf8.split(
            separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false
        )
        .map { Substring($0) }
        let name = String(parts.count == 2 ? parts[1] : parts[0])
        guard !name.isEmpty else { throw error(.emptyName, at: index) }
        guard name.unicodeScalars.allSatisfy(isNameCharacter) else {
            throw error(.invalidName(name), at: index)
        }
        guard parts.count == 2 else { return .untyped(name: name) }
        let type = String(parts[0])
        guard !type.isEmpty, type.unicodeScalars.allSatisfy(isNameCharacter) else {
            throw error(.unknownType(type), at: index)
        }
        let parameterType = ParameterType(rawValue: type)
        return parameterType == .path ? .catchAll(name: name) : .typed(parameterType, name: name)
    }

    func validate() throws {
        var names = Set<String>()
        for (position, element) in elements.enumerated() {
            if let name = element.segment.parameterName, !names.insert(name).inserted {
                throw error(.duplicateName(name), at: element.offset)
            }
            if case .catchAll(let name) = element.segment, position != elements.count - 1 {
                throw error(.catchAllNotLast(name), at: element.offset)
            }
        }
    }
}

private func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "_"
}
