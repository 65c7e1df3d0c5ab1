import KeelDesign
import KeelSupport

/// One problem found while reading a DTCG token file, with the path of the token or group.
public struct DTCGIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Hashable, Sendable {
        /// The file is not valid JSON.
        case syntax(JSONSyntaxError)
        /// A member that must be an object (the root, a token, a group) is not.
        case notAnObject(found: String)
        /// A name starts with `$` (other than `$root`) or contains `{`, `}` or `.`.
        case invalidName(String)
        /// A group looks like a token with a misspelled `$value`.
        case incompleteToken(key: String)
        /// An unknown `$` property (kept, reserved for future use).
        case unknownProperty(String)
        /// A known property has the wrong kind of value.
        case invalidProperty(String, reason: String)
        /// The value does not match its type.
        case invalidValue(String)
        /// A Tokens Studio colour modifier (`$extensions["studio.tokens"].modify`) cannot be
        /// applied to the value (an amount outside 0...1, a `mix` colour that is none): located
        /// at the modifier.
        case invalidModifier(String)
        /// A reference is malformed.
        case invalidReference(String)
        /// A reference names nothing.
        case unresolvableReference(String)
        /// A curly reference names a group (use `{group.$root}`).
        case referenceToGroup(String)
        /// A curly reference reaches into a token's value.
        case referenceIntoValue(String)
        /// Tokens reference each other in a cycle; every member is invalid.
        case circularReference([TokenPath])
        /// The token references a token that is itself invalid.
        case dependsOnInvalidToken(TokenPath)
        /// A reference's target has another type than the one required.
        case typeMismatch(expected: TokenType, found: TokenType, reference: String)
        /// Groups extend each other in a cycle.
        case circularExtends([TokenPath])
        /// Applying `$extends` would add more JSON values than the budget allows (a file that
        /// extends shared groups over and over: "billion laughs").
        case expansionTooLarge(limit: Int)
        /// Groups nest deeper than the limit (the file is not read).
        case nestingTooDeep(limit: Int)
        /// `$extends` is malformed or does not name a group.
        case invalidExtends(String)
        /// Two sibling names differ only in case.
        case namesDifferOnlyInCase(String, String)
        /// A reference inside an array names a token whose value is itself an array.
        case arrayReferenceToArray(String)
        /// A valid token under a theme group (`font.*`, `motion.*`, …) that the theme has no
        /// place for: the file is fine, the theme ignores the token.
        case notAThemeValue(String)
        /// A file that gives no token a value (`skipped`: how many it has, all skipped).
        case noTokens(skipped: Int)
        /// A unitless typography line height above 4, implausible as a multiple of the font
        /// size; `readAsPixels` when leniently read as px (it is at least the font size).
        case implausibleLineHeight(Double, readAsPixels: Bool)
        /// A Tokens Studio file that holds no tokens (`$themes.json`, `$metadata.json`) given as
        /// a token file: `what` it is; `ignored` (a warning) or an error.
        case notATokenFile(String, ignored: Bool)
        /// A departure from the letter of the spec that real tools emit: a warning when
        /// reading leniently (the value kept or the token skipped), an error when `strict`.
        case departure(DTCGDeparture, strict: Bool)
        /// A token under a theme group was skipped (see ``departure(_:strict:)``), so the theme
        /// loses a value it needs: an error in both modes.
        case skippedThemeToken(DTCGDeparture)
        /// The file's value is valid DTCG but does not make a valid theme value (out of range,
        /// not finite once converted, a hit target under 44 pt, …).
        case theme(ThemeIssue)
    }

    /// The token or group concerned.
    package var path: TokenPath
    /// What went wrong.
    package var kind: Kind
    /// The file, when known.
    package var source: String?
    /// The 1-based line in `source` of the member concerned (its key), when known.
    package var line: Int?
    /// The 1-based column (in Unicode scalars) of the member concerned, when known.
    package var column: Int?
    /// The value concerned as the file writes it (whitespace collapsed, cut at 80
    /// characters), when the issue is about a value.
    package var excerpt: String?

    /// An issue.
    package init(
        path: TokenPath, kind: Kind, source: String? = nil, line: Int? = nil, column: Int? = nil,
        excerpt: String? = nil
    ) {
        self.path = path
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }

    /// Warnings for recoverable oddities; everything else is an error.
    package var severity: IssueSeverity {
        switch kind {
        case .unknownProperty, .namesDifferOnlyInCase, .incompleteToken, .arrayReferenceToArray,
            .notAThemeValue, .noTokens, .implausibleLineHeight:
            .warning
        case .notATokenFile(_, let ignored): ignored ? .warning : .error
        case .departure(_, let strict): strict ? .error : .warning
        case .theme(let issue): issue.severity
        default: .error
        }
    }

    /// `file:line:column: path: message (as written: value)`.
    public var description: String {
        var prefix = source ?? ""
        if let line, let column { prefix += prefix.isEmpty ? "\(line):\(column)" : ":\(line):\(column)" }
        if !prefix.isEmpty { prefix += ": " }
        let written = excerpt.map { " (as written: \($0))" } ?? ""
        return "\(prefix)\(path): \(severity == .warning ? "warning: " : "")\(message)\(written)"
    }

    /// The member, below ``path``, that the issue is about: `$value` for value problems,
    /// the property for property problems.
    var property: [String] {
        switch kind {
        case .invalidProperty(let name, _), .unknownProperty(let name): [name]
        case .departure(.extensionType, _), .departure(.typeAlias, _), .departure(.rawType, _): ["$type"]
        case .departure(.alphaMember, _): ["alpha"]
        case .departure(.tokenWithChildren, _), .departure(.untyped, _), .departure(.unprefixedTokens, _),
            .departure(.json5Syntax, _):
            []
        case .departure(.colorModifier, _), .departure(.colorModifierWithoutSpace, _), .invalidModifier:
            ["$extensions", "studio.tokens", "modify"]
        case .departure, .skippedThemeToken: ["$value"]
        case .invalidExtends, .circularExtends, .expansionTooLarge: ["$extends"]
        case .invalidValue, .invalidReference, .unresolvableReference, .referenceToGroup, .referenceIntoValue,
            .circularReference, .dependsOnInvalidToken, .typeMismatch, .arrayReferenceToArray,
            .notAThemeValue, .implausibleLineHeight,
            .theme:
            ["$value"]
        default: []
        }
    }

    /// Sets ``line``, ``column`` and ``excerpt`` from the map of the issue's file.
    mutating func locate(in map: DTCGSourceMap) {
        guard line == nil else { return }
        var target = property.isEmpty ? map.entry(path.segments) : map.entry(path.segments + property)
        if !target.exact, property.first == "$value" {
            // A token written `"value"` (Style Dictionary 3, Tokens Studio), read as `$value`.
            let unprefixed = map.entry(path.segments + ["value"] + property.dropFirst())
            if unprefixed.exact { target = unprefixed }
        }
        let entry = target.exact || property.isEmpty ? target : map.entry(path.segments)
        line = entry.position.line
        column = entry.position.column
        if excerpt == nil, !property.isEmpty, target.exact { excerpt = target.excerpt }
    }

    /// The message without location.
    package var message: String {
        switch kind {
        case .syntax(let error): "invalid JSON: \(error.message)"
        case .notAnObject(let found): "expected an object, found \(found)"
        case .invalidName(let name):
            "invalid name '\(name)' (names must not start with '$' or contain '{', '}' or '.')"
        case .incompleteToken(let key): "group has a '\(key)' member but no $value: misspelled token?"
        case .unknownProperty(let name): "unknown property '\(name)' (kept)"
        case .invalidProperty(let name, let reason): "invalid \(name): \(reason)"
        case .invalidValue(let reason), .invalidModifier(let reason): "invalid value: \(reason)"
        case .invalidReference(let reference): "malformed reference '\(reference)'"
        case .unresolvableReference(let reference): "reference '\(reference)' does not name a token"
        case .referenceToGroup(let reference): "reference '\(reference)' names a group, not a token"
        case .referenceIntoValue(let reference): "reference '\(reference)' reaches into a token's value"
        case .circularReference(let cycle):
            "circular reference: \(cycle.map(\.description).joined(separator: " → "))"
        case .dependsOnInvalidToken(let path): "references invalid token '\(path)'"
        case .typeMismatch(let expected, let found, let reference):
            "reference '\(reference)' is a \(found.rawValue) token, expected \(expected.rawValue)"
        case .circularExtends(let cycle):
            "circular $extends: \(cycle.map(\.description).joined(separator: " → "))"
        case .invalidExtends(let reason): "invalid $extends: \(reason)"
        case .nestingTooDeep(let limit): "groups nest more than \(limit) levels deep; the file is not read"
        case .expansionTooLarge(let limit):
            "$extends not applied: the expansion would add more than \(limit) JSON values to the document"
        case .namesDifferOnlyInCase(let first, let second):
            "names '\(first)' and '\(second)' differ only in case"
        case .arrayReferenceToArray(let reference):
            "array element '\(reference)' names a token whose value is an array"
        case .notAThemeValue(let reason): "\(reason) (the theme ignores it)"
        case .implausibleLineHeight(let number, let readAsPixels):
            readAsPixels
                ? "a unitless line height of \(JSONValue.format(number)), at least the font size, is implausible as a multiple and read as \(JSONValue.format(number))px (Tokens Studio's Figma line heights are px)"
                : "a line height of \(JSONValue.format(number)) × the font size is implausible; if it is meant in px write \(JSONValue.format(number))px"
        case .noTokens(let skipped):
            skipped == 0
                ? "the file yields no tokens" : "the file yields no tokens (all \(skipped) skipped)"
        case .notATokenFile(let what, let ignored):
            "\(what), not a token file\(ignored ? " (ignored)" : "")"
        case .departure(let departure, let strict): departure.message(strict: strict)
        case .skippedThemeToken(let departure):
            "the theme needs this token, which was skipped: \(departure.message)"
        case .theme(let issue): "theme: \(issue)"
        }
    }
}

/// Thrown when token files have errors; lists every issue (errors and warnings).
public struct DTCGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every issue found.
    public var issues: [DTCGIssue]
    /// An error.
    package init(issues: [DTCGIssue]) { self.issues = issues }
    /// The errors only.
    package var errors: [DTCGIssue] { issues.filter { $0.severity == .error } }
    /// One line per error.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
