import Foundation

/// One token file: a name for messages and its bytes.
public struct DTCGSource: Hashable, Sendable {
    /// The file name or other label shown in issues.
    public var name: String
    /// The JSON bytes.
    public var data: Data
    /// A source.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
    /// A source from JSON text.
    public init(name: String, text: String) {
        self.init(name: name, data: Data(text.utf8))
    }
}

/// Options for reading token files.
public struct DTCGOptions: Hashable, Sendable {
    /// Accept the pre-2025 string forms: `"16px"`, `"0.25rem"`, `"200ms"`, hex colours
    /// including `#RRGGBBAA`.
    public var legacy: Bool
    /// Points per rem (Style Dictionary's `basePxFontSize`).
    public var remBase: Double
    /// Options; strict 2025.10 and 16 pt per rem by default.
    public init(legacy: Bool = false, remBase: Double = 16) {
        self.legacy = legacy
        self.remBase = remBase
    }
}

/// Whether and why a token is deprecated.
public struct DTCGDeprecation: Hashable, Sendable {
    /// The reason, if given.
    public var reason: String?
}

/// One token of a document, with its raw and resolved value.
public struct DTCGToken: Hashable, Sendable {
    /// The path.
    public var path: TokenPath
    /// The `$value` as written (references kept).
    public var rawValue: JSONValue
    /// The resolved type, or `nil` when it could not be determined.
    public var type: TokenType?
    /// The resolved value, or `nil` when the token is invalid.
    public var value: TokenValue?
    /// `$description`.
    public var description: String?
    /// `$deprecated`, inherited from groups unless the token says `false`.
    public var deprecation: DTCGDeprecation?
    /// `$extensions`, verbatim.
    public var extensions: JSONValue?
    /// The source file that defined it last.
    public var source: String?

    /// Whether the value is a single reference to another token.
    public var aliasTarget: String? {
        if case .string(let text) = rawValue, DTCGReference.isCurly(text) { return text }
        if case .object(let object) = rawValue, object.count == 1, let pointer = object["$ref"]?.stringValue {
            return pointer
        }
        return nil
    }
}

/// A set of DTCG token files merged in order and resolved: every token with its value, and
/// every issue with its path. Reading never throws and never crashes; check ``issues``.
public struct DTCGDocument: Sendable {
    /// The merged JSON tree as written (before `$extends`), for re-encoding.
    public private(set) var tree: JSONValue
    /// The tokens by path.
    public private(set) var tokens: [TokenPath: DTCGToken]
    /// Every issue, sorted by path.
    public private(set) var issues: [DTCGIssue]
    /// The options used.
    public let options: DTCGOptions

    /// Reads, merges (later files win, token by token) and resolves `sources`.
    public init(sources: [DTCGSource], options: DTCGOptions = DTCGOptions()) {
        self.options = options
        var issues: [DTCGIssue] = []
        var merged = JSONObject()
        var origins: [TokenPath: String] = [:]
        for source in sources {
            do {
                let value = try JSONValue.parse(source.data)
                guard case .object(let object) = value else {
                    issues.append(
                        DTCGIssue(path: [], kind: .notAnObject(found: value.kindName), source: source.name))
                    continue
                }
                merged = DTCGDocument.merge(merged, object, path: [], source: source.name, origins: &origins)
            } catch {
                let syntax =
                    error as? JSONSyntaxError ?? JSONSyntaxError(message: "\(error)", line: 0, column: 0)
                issues.append(DTCGIssue(path: [], kind: .syntax(syntax), source: source.name))
            }
        }
        tree = .object(merged)
        var expander = ExtendsExpander(root: merged)
        let expanded = expander.expand(merged, path: [], stack: [])
        issues += expander.issues
        var flattener = Flattener()
        flattener.walk(expanded, path: [], inheritedType: nil, deprecation: nil)
        issues += flattener.issues
        var resolver = DTCGResolution(root: expanded, raw: flattener.tokens, options: options)
        resolver.resolveAll()
        issues += resolver.issues
        var tokens: [TokenPath: DTCGToken] = [:]
        for (path, raw) in flattener.tokens {
            let resolved = resolver.resolved[path]
            tokens[path] = DTCGToken(
                path: path, rawValue: raw.value,
                type: resolved?.type ?? raw.declaredType ?? raw.inheritedType,
                value: resolved?.value, description: raw.description, deprecation: raw.deprecation,
                extensions: raw.extensions, source: DTCGDocument.origin(of: path, in: origins))
        }
        for index in issues.indices where issues[index].source == nil {
            issues[index].source = DTCGDocument.origin(of: issues[index].path, in: origins)
        }
        self.tokens = tokens
        self.issues = issues.sorted { ($0.path, $0.message) < ($1.path, $1.message) }
    }

    /// Reads one source.
    public init(source: DTCGSource, options: DTCGOptions = DTCGOptions()) {
        self.init(sources: [source], options: options)
    }

    /// The errors.
    public var errors: [DTCGIssue] { issues.filter { $0.severity == .error } }

    /// The token at a dotted path.
    public subscript(dotted: String) -> DTCGToken? { tokens[TokenPath(dotted: dotted)] }

    /// The tokens sorted by path.
    public var sortedTokens: [DTCGToken] { tokens.values.sorted { $0.path < $1.path } }

    /// The merged document as JSON text (everything preserved, including `$extensions`).
    public func encoded(pretty: Bool = true) -> String { tree.encoded(pretty: pretty) }

    private static func origin(of path: TokenPath, in origins: [TokenPath: String]) -> String? {
        var current = path
        while true {
            if let source = origins[current] { return source }
            if current.segments.isEmpty { return nil }
            current.segments.removeLast()
        }
    }

    /// Deep merge: groups merge member by member, a token replaces whatever was there.
    static func merge(
        _ base: JSONObject, _ overlay: JSONObject, path: TokenPath, source: String,
        origins: inout [TokenPath: String]
    ) -> JSONObject {
        var result = base
        for (key, value) in overlay.pairs {
            let childPath = path.appending(key)
            if key.hasPrefix("$") && key != "$root" {
                result[key] = value
                continue
            }
            if case .object(let overlayChild) = value, overlayChild["$value"] == nil,
                case .object(let baseChild)? = base[key], baseChild["$value"] == nil
            {
                result[key] = .object(
                    merge(baseChild, overlayChild, path: childPath, source: source, origins: &origins))
            } else {
                result[key] = value
                origins[childPath] = source
            }
        }
        if path.segments.isEmpty, origins[path] == nil { origins[path] = source }
        return result
    }
}

/// Applies `$extends`: a deep copy of the target group under the local members, local tokens
/// replacing inherited ones whole.
private struct ExtendsExpander {
    let root: JSONObject
    var issues: [DTCGIssue] = []

    mutating func expand(_ group: JSONObject, path: TokenPath, stack: [TokenPath]) -> JSONObject {
        var result = group
        if let extends = group["$extends"] {
            result["$extends"] = nil
            if let base = inherited(extends, path: path, stack: stack) {
                result = overlay(base, result)
            }
        }
        for (key, value) in result.pairs where !(key.hasPrefix("$") && key != "$root") {
            if case .object(let child) = value, child["$value"] == nil {
                result[key] = .object(expand(child, path: path.appending(key), stack: stack + [path]))
            }
        }
        return result
    }

    private mutating func inherited(_ extends: JSONValue, path: TokenPath, stack: [TokenPath]) -> JSONObject?
    {
        let targetPath: TokenPath
        switch extends {
        case .string(let text) where DTCGReference.isCurly(text):
            targetPath = TokenPath(DTCGReference.curlySegments(text))
        case .object(let object):
            guard let pointer = object["$ref"]?.stringValue,
                let segments = DTCGReference.pointerSegments(pointer)
            else {
                issues.append(
                    DTCGIssue(path: path, kind: .invalidExtends("expected {group.path} or a $ref pointer")))
                return nil
            }
            targetPath = TokenPath(segments)
        default:
            issues.append(
                DTCGIssue(
                    path: path, kind: .invalidExtends("expected {group.path}, found \(extends.kindName)")))
            return nil
        }
        if let index = (stack + [path]).firstIndex(of: targetPath) {
            issues.append(
                DTCGIssue(
                    path: path, kind: .circularExtends(Array((stack + [path])[index...]) + [targetPath])))
            return nil
        }
        if targetPath.segments.starts(with: path.segments) || path.segments.starts(with: targetPath.segments)
        {
            issues.append(DTCGIssue(path: path, kind: .circularExtends([path, targetPath])))
            return nil
        }
        var node = JSONValue.object(root)
        for segment in targetPath.segments {
            guard case .object(let object) = node, let next = object[segment] else {
                issues.append(DTCGIssue(path: path, kind: .invalidExtends("'\(targetPath)' does not exist")))
                return nil
            }
            node = next
        }
        guard case .object(let target) = node, target["$value"] == nil else {
            issues.append(DTCGIssue(path: path, kind: .invalidExtends("'\(targetPath)' is not a group")))
            return nil
        }
        return expand(target, path: targetPath, stack: stack + [path])
    }

    private func overlay(_ base: JSONObject, _ local: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in local.pairs {
            if case .object(let localChild) = value, localChild["$value"] == nil,
                case .object(let baseChild)? = base[key], baseChild["$value"] == nil
            {
                result[key] = .object(overlay(baseChild, localChild))
            } else {
                result[key] = value
            }
        }
        return result
    }
}

/// A token as found in the tree, before resolution.
struct RawToken: Sendable {
    var value: JSONValue
    var declaredType: TokenType?
    var inheritedType: TokenType?
    var description: String?
    var deprecation: DTCGDeprecation?
    var extensions: JSONValue?
    /// The token's own `$type` was invalid (already reported).
    var hasInvalidType = false
}

/// Walks the expanded tree into tokens, validating names and properties.
private struct Flattener {
    var tokens: [TokenPath: RawToken] = [:]
    var issues: [DTCGIssue] = []

    static let groupProperties: Set<String> = [
        "$type", "$description", "$extends", "$deprecated", "$extensions", "$schema",
    ]
    static let tokenProperties: Set<String> = [
        "$value", "$type", "$description", "$deprecated", "$extensions",
    ]

    mutating func walk(
        _ group: JSONObject, path: TokenPath, inheritedType: TokenType?, deprecation: DTCGDeprecation?
    ) {
        var type = inheritedType
        if let declared = group["$type"] {
            type = parseType(declared, path: path) ?? inheritedType
        }
        var groupDeprecation = deprecation
        if let value = group["$deprecated"] {
            groupDeprecation = parseDeprecation(value, path: path, inherited: deprecation)
        }
        if let description = group["$description"], description.stringValue == nil {
            issues.append(
                DTCGIssue(path: path, kind: .invalidProperty("$description", reason: "expected a string")))
        }
        var lowercased: [String: String] = [:]
        for (key, value) in group.pairs {
            if key.hasPrefix("$") && key != "$root" {
                if case .object(let object) = value, object["$value"] != nil {
                    // A token named with a leading `$`: names must not start with one.
                    issues.append(DTCGIssue(path: path.appending(key), kind: .invalidName(key)))
                } else if !Flattener.groupProperties.contains(key) {
                    issues.append(DTCGIssue(path: path, kind: .unknownProperty(key)))
                }
                continue
            }
            let childPath = path.appending(key)
            guard DTCGReference.isValidName(key) else {
                issues.append(DTCGIssue(path: childPath, kind: .invalidName(key)))
                continue
            }
            if let other = lowercased[key.lowercased()] {
                issues.append(DTCGIssue(path: childPath, kind: .namesDifferOnlyInCase(other, key)))
            }
            lowercased[key.lowercased()] = key
            guard case .object(let child) = value else {
                issues.append(DTCGIssue(path: childPath, kind: .notAnObject(found: value.kindName)))
                continue
            }
            if child["$value"] != nil {
                addToken(child, path: childPath, inheritedType: type, deprecation: groupDeprecation)
            } else {
                if key != "$root", child["value"] != nil, !child.keys.contains(where: { $0.hasPrefix("$") }) {
                    issues.append(DTCGIssue(path: childPath, kind: .incompleteToken(key: "value")))
                    continue
                }
                walk(child, path: childPath, inheritedType: type, deprecation: groupDeprecation)
            }
        }
    }

    private mutating func addToken(
        _ object: JSONObject, path: TokenPath, inheritedType: TokenType?, deprecation: DTCGDeprecation?
    ) {
        var hasChildren = false
        for key in object.keys {
            if key.hasPrefix("$") {
                if !Flattener.tokenProperties.contains(key) {
                    issues.append(DTCGIssue(path: path, kind: .unknownProperty(key)))
                }
            } else {
                hasChildren = true
            }
        }
        if hasChildren {
            issues.append(DTCGIssue(path: path, kind: .valueWithChildren))
            return
        }
        var token = RawToken(value: object["$value"]!, inheritedType: inheritedType, deprecation: deprecation)
        if let declared = object["$type"] {
            token.declaredType = parseType(declared, path: path)
            if token.declaredType == nil {
                // An unknown $type makes the token unusable: do not fall back to the group's.
                token.inheritedType = nil
                token.hasInvalidType = true
                tokens[path] = token
                return
            }
        }
        if let description = object["$description"] {
            if let text = description.stringValue {
                token.description = text
            } else {
                issues.append(
                    DTCGIssue(path: path, kind: .invalidProperty("$description", reason: "expected a string"))
                )
            }
        }
        if let value = object["$deprecated"] {
            token.deprecation = parseDeprecation(value, path: path, inherited: deprecation)
        }
        if let extensions = object["$extensions"] {
            token.extensions = extensions
            if extensions.objectValue == nil {
                issues.append(
                    DTCGIssue(path: path, kind: .invalidProperty("$extensions", reason: "expected an object"))
                )
            }
        }
        tokens[path] = token
    }

    private mutating func parseType(_ value: JSONValue, path: TokenPath) -> TokenType? {
        guard let text = value.stringValue else {
            issues.append(DTCGIssue(path: path, kind: .invalidProperty("$type", reason: "expected a string")))
            return nil
        }
        guard let type = TokenType(rawValue: text) else {
            issues.append(DTCGIssue(path: path, kind: .unknownType(text)))
            return nil
        }
        return type
    }

    private mutating func parseDeprecation(_ value: JSONValue, path: TokenPath, inherited: DTCGDeprecation?)
        -> DTCGDeprecation?
    {
        switch value {
        case .bool(true): return DTCGDeprecation(reason: nil)
        case .bool(false): return nil
        case .string(let reason): return DTCGDeprecation(reason: reason)
        default:
            issues.append(
                DTCGIssue(
                    path: path,
                    kind: .invalidProperty("$deprecated", reason: "expected a boolean or a string")))
            return inherited
        }
    }
}
