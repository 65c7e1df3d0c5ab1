import Foundation
import KeelDesign
import KeelSupport

/// One token file: a name for messages and its bytes.
public struct DTCGSource: Hashable, Sendable {
    /// The file name or other label shown in issues.
    package var name: String
    /// The JSON bytes.
    package var data: Data
    /// The line of the file `name` where `data` starts (1 unless the tokens are a part of a
    /// larger file, such as a resolver document's inline set).
    package var line: Int = 1
    /// The column where `data` starts on ``line``.
    package var column: Int = 1
    /// A source.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
    /// A source that is a part of the file `name`, starting at `line` and `column`.
    package init(name: String, data: Data, line: Int, column: Int) {
        self.init(name: name, data: data)
        self.line = line
        self.column = column
    }
    /// A source from JSON text.
    public init(name: String, text: String) {
        self.init(name: name, data: Data(text.utf8))
    }
}

/// Parsed sources kept across documents read from the same files (the combinations of a
/// resolver matrix share their sets): a source is parsed once per name, line and bytes; and
/// the documents of a resolver's inputs, resolved once (one set of options per cache).
///
/// Safe to share between threads (a matrix validates its combinations in parallel): a value
/// another thread is making is waited for, not made twice.
package final class DTCGParseCache: @unchecked Sendable {
    /// One value, made once: the first caller makes it under the slot's lock, the others wait.
    private final class Slot<Value>: @unchecked Sendable {
        // Invariant: `value` is only touched under `lock`.
        let lock = NSLock()
        var value: Value?

        func value(_ make: () throws -> Value) rethrows -> Value {
            try lock.withLock {
                if let value { return value }
                let made = try make()
                value = made
                return made
            }
        }
    }

    // Invariant: `sources` and `documents` are only touched under `lock`.
    private let lock = NSLock()
    private var sources: [DTCGSource: Slot<(DTCGDocument.ParsedSource, mayExtend: Bool)>] = [:]
    private var documents: [[String: String]: Slot<DTCGDocument>] = [:]

    /// The document for `inputs`, made by `make` the first time.
    func document(for inputs: [String: String], _ make: () throws -> DTCGDocument) rethrows -> DTCGDocument {
        let slot = lock.withLock {
            if let slot = documents[inputs] { return slot }
            let slot = Slot<DTCGDocument>()
            documents[inputs] = slot
            return slot
        }
        return try slot.value(make)
    }

    /// An empty cache.
    package init() {}

    /// `source` parsed, and whether it may hold a `$extends` (``DTCGDocument/mayExtend(_:)``).
    func parsed(_ source: DTCGSource) -> (DTCGDocument.ParsedSource, mayExtend: Bool) {
        let slot = lock.withLock {
            if let slot = sources[source] { return slot }
            let slot = Slot<(DTCGDocument.ParsedSource, mayExtend: Bool)>()
            sources[source] = slot
            return slot
        }
        return slot.value { (DTCGDocument.parse(source), DTCGDocument.mayExtend(source)) }
    }
}

/// Options for reading token files.
public struct DTCGOptions: Hashable, Sendable {
    /// Accept the pre-2025 string forms (`"16px"`, `"0.25rem"`, `"200ms"`, hex colours
    /// including `#RRGGBBAA`) without a warning, in either mode.
    package var legacy: Bool
    /// Points per rem (Style Dictionary's `basePxFontSize`).
    package var remBase: Double
    /// Strict to the letter of DTCG 2025.10: every ``DTCGDeparture`` is an error. Lenient (the
    /// default) keeps the value, or skips the token, with a warning.
    package var strict: Bool
    /// The viewport `vw` and `vh` are relative to, in points: by default the smallest iPhone
    /// Keel supports (iPhone SE 2nd and 3rd generation, iOS 16: 375 × 667).
    package var viewport: (width: Double, height: Double) {
        get { (viewportWidth, viewportHeight) }
        set { (viewportWidth, viewportHeight) = newValue }
    }
    private var viewportWidth = 375.0
    private var viewportHeight = 667.0

    /// Options: lenient (every departure from the spec that real tools emit is a warning, see
    /// the module article's table) unless `strict`, 16 pt per rem by default.
    public init(legacy: Bool = false, remBase: Double = 16, strict: Bool = false) {
        self.legacy = legacy
        self.remBase = remBase
        self.strict = strict
    }
}

/// Whether and why a token is deprecated.
package struct DTCGDeprecation: Hashable, Sendable {
    /// The reason, if given.
    package var reason: String?
}

/// One token of a document, with its raw and resolved value.
package struct DTCGToken: Hashable, Sendable {
    /// The path.
    package var path: TokenPath
    /// The `$value` as written (references kept).
    package var rawValue: JSONValue
    /// The resolved type, or `nil` when it could not be determined.
    package var type: TokenType?
    /// The resolved value, or `nil` when the token is invalid.
    package var value: TokenValue?
    /// `$description`.
    package var description: String?
    /// `$deprecated`, inherited from groups unless the token says `false`.
    package var deprecation: DTCGDeprecation?
    /// `$extensions`, verbatim.
    package var extensions: JSONValue?
    /// The source file that defined it last.
    package var source: String?

    /// Whether the value is a single reference to another token.
    package var aliasTarget: String? {
        if case .string(let text) = rawValue, DTCGReference.isCurly(text) { return text }
        if case .object(let object) = rawValue, object.count == 1, let pointer = object["$ref"]?.stringValue {
            return pointer
        }
        return nil
    }
}

/// A set of DTCG token files merged in order and resolved: every token with its value, and
/// every issue with its path. Reading never throws and never crashes; check ``issues``.
package struct DTCGDocument: Sendable {
    /// The merged JSON tree as written (before `$extends`; leniently, unprefixed tokens spelled
    /// as DTCG: ``DTCGDeparture/unprefixedTokens(count:)``), for re-encoding.
    package private(set) var tree: JSONValue
    /// The tokens by path.
    package private(set) var tokens: [TokenPath: DTCGToken]
    /// Every issue, sorted by path.
    package private(set) var issues: [DTCGIssue]
    /// The options used.
    package let options: DTCGOptions
    /// The tokens lenient reading skipped, with why (a warning each, or once per unit).
    package private(set) var skipped: [TokenPath: DTCGDeparture]
    /// Where each member of each file is, by file name.
    let maps: [String: DTCGSourceMap]
    /// The file that defined each path last.
    private let origins: [TokenPath: String]

    /// Reads, merges (later files win, token by token) and resolves `sources`; `cache` keeps
    /// each source's parse for the next document (a resolver matrix reads its sets once).
    package init(sources: [DTCGSource], options: DTCGOptions = DTCGOptions(), cache: DTCGParseCache? = nil) {
        self.options = options
        var issues: [DTCGIssue] = []
        var merged = JSONObject()
        var origins: [TokenPath: String] = [:]
        var maps: [String: DTCGSourceMap] = [:]
        var mayExtend = false
        // Paths only Tokens Studio `source` sets define, by file: resolved, not output.
        var sourceOnly: [String: Set<[String]>] = [:]
        // Files read in the unprefixed form (Style Dictionary 3's `value`).
        var unprefixedSources: Set<String> = []
        for source in sources {
            let (parsed, extends) =
                cache?.parsed(source) ?? (DTCGDocument.parse(source), DTCGDocument.mayExtend(source))
            mayExtend = mayExtend || extends
            switch parsed {
            case .issue(var issue, let map):
                if let map { maps[source.name] = map }
                // A metadata file is ignored leniently; strictly, an array member is not DTCG.
                if options.strict, case .notATokenFile(let what, ignored: true) = issue.kind {
                    issue.kind = .notATokenFile(what, ignored: false)
                }
                issues.append(issue)
            case .object(var object, var map, let json5):
                if let json5 {
                    issues.append(
                        DTCGIssue(
                            path: [], kind: .departure(.json5Syntax, strict: options.strict),
                            source: source.name,
                            line: json5.line, column: json5.column))
                }
                let unprefixed = DTCGUnprefixedTokens.find(in: object, rewrite: !options.strict)
                if let first = unprefixed.first {
                    object = unprefixed.object
                    unprefixedSources.insert(source.name)
                    issues.append(
                        DTCGIssue(
                            path: first,
                            kind: .departure(
                                .unprefixedTokens(count: unprefixed.count), strict: options.strict),
                            source: source.name))
                    if !options.strict {
                        for (path, name) in unprefixed.dropped {
                            issues.append(
                                DTCGIssue(
                                    path: path,
                                    kind: .departure(.extraMembers([name], of: "token"), strict: false),
                                    source: source.name))
                        }
                    }
                }
                if let sets = DTCGStudioSets.selection(in: object) {
                    issues.append(
                        DTCGIssue(
                            path: [],
                            kind: .departure(
                                .studioSets(
                                    read: sets.sets, themes: sets.themes, otherThemes: sets.otherThemes,
                                    leftOut: sets.leftOut, noneSelected: sets.noneSelected),
                                strict: options.strict),
                            source: source.name))
                    if !options.strict {
                        let original = object
                        object = DTCGStudioSets.merged(object, sets, source: source.name)
                        map.roots = DTCGStudioSets.setsByPath(object: original, sets.sets)
                        sourceOnly[source.name] = DTCGStudioSets.sourceOnlyPaths(object: original, sets)
                    }
                }
                maps[source.name] = map
                DTCGDocument.merge(into: &merged, object, path: [], source: source.name, origins: &origins)
            }
        }
        tree = .object(merged)
        var expanded = merged
        if mayExtend {
            var expander = ExtendsExpander(
                root: merged,
                budget: DTCGDocument.expansionBudget(forValues: ExtendsExpander.count(.object(merged))))
            expanded = expander.expandDocument()
            issues += expander.issues
        }
        var flattener = Flattener(root: expanded, strict: options.strict)
        flattener.walk(expanded, path: [], inherited: .none, deprecation: nil)
        issues += flattener.issues
        if !unprefixedSources.isEmpty {
            for path in Array(flattener.tokens.keys)
            where DTCGDocument.origin(of: path, in: origins).map(unprefixedSources.contains) == true {
                flattener.tokens[path]?.isUnprefixed = true
            }
        }
        var resolver = DTCGResolution(root: expanded, raw: flattener.tokens, options: options)
        resolver.resolveAll()
        issues += resolver.issues
        self.skipped = resolver.skipped
        // Style Dictionary's `{a.b.value}` and padded `{ a.b }` references: one warning per
        // file, at its first user.
        let perFile: [([TokenPath: String], (String, Int) -> DTCGDeparture)] = [
            (resolver.valueSuffixUses, { .valueSuffixReference($0, tokens: $1) }),
            (resolver.paddedReferenceUses, { .paddedReference($0, tokens: $1) }),
        ]
        for (uses, departure) in perFile {
            var found: [String: (first: TokenPath, reference: String, count: Int)] = [:]
            for (path, reference) in uses.sorted(by: { $0.key < $1.key }) {
                let file = DTCGDocument.origin(of: path, in: origins) ?? ""
                let known = found[file]
                found[file] = (known?.first ?? path, known?.reference ?? reference, (known?.count ?? 0) + 1)
            }
            for (file, use) in found.sorted(by: { $0.key < $1.key }) {
                issues.append(
                    DTCGIssue(
                        path: use.first, kind: .departure(departure(use.reference, use.count), strict: false),
                        source: file.isEmpty ? nil : file))
            }
        }
        var tokens: [TokenPath: DTCGToken] = [:]
        for (path, raw) in flattener.tokens {
            let origin = DTCGDocument.origin(of: path, in: origins)
            if let origin, sourceOnly[origin]?.contains(path.segments) == true { continue }
            let resolved = resolver.resolved[path]
            tokens[path] = DTCGToken(
                path: path, rawValue: raw.value,
                type: resolved?.type ?? raw.declaredType ?? raw.inheritedType,
                value: resolved?.value, description: raw.description, deprecation: raw.deprecation,
                extensions: raw.extensions, source: origin)
        }
        for index in issues.indices {
            if issues[index].source == nil {
                issues[index].source = DTCGDocument.origin(of: issues[index].path, in: origins)
            }
            if let source = issues[index].source, let map = maps[source] { issues[index].locate(in: map) }
        }
        self.maps = maps
        self.origins = origins
        self.tokens = tokens
        // Messages are built once each, not once per comparison.
        self.issues = issues.map { ($0, $0.message) }.sorted { ($0.0.path, $0.1) < ($1.0.path, $1.1) }.map(
            \.0)
    }

    /// One source parsed: its object and map (and, for a JSON5 file, where its first JSON5
    /// syntax is), or the issue that stops it.
    enum ParsedSource: @unchecked Sendable {
        case object(JSONObject, DTCGSourceMap, json5: DTCGSourceMap.Position?)
        case issue(DTCGIssue, DTCGSourceMap?)
    }

    /// Whether `source` may hold a `$extends` (or a group's `$ref`, its JSON Schema spelling):
    /// the bytes name one, or escape something (`"\u0024extends"`). Most files do not, and
    /// they skip the expansion pass.
    static func mayExtend(_ source: DTCGSource) -> Bool {
        source.data.range(of: Data("$extends".utf8)) != nil || source.data.range(of: Data("$ref".utf8)) != nil
            || source.data.range(of: Data("\\u".utf8)) != nil
    }

    /// Reads `bytes` as JSON or, when that fails, as JSON5: the tape, the value and, for JSON5,
    /// where the strict reading failed (the file's first JSON5 syntax). When both fail, the
    /// error is the JSON5 reading's for a `.json5` file or one that JSON5 reads further into,
    /// else the JSON reading's.
    static func read(_ bytes: [UInt8], name: String) throws -> (JSONTape, JSONValue, json5: JSONSyntaxError?)
    {
        let strictError: JSONSyntaxError
        do {
            let tape = try JSONValue.tape(of: bytes, maximumDepth: DTCGSourceMap.maximumNesting)
            return (tape, try JSONValue(tape: tape), nil)
        } catch let error as JSONSyntaxError {
            strictError = error
        }
        do {
            let tape = try JSONValue.tape(of: bytes, maximumDepth: DTCGSourceMap.maximumNesting, json5: true)
            return (tape, try JSONValue(tape: tape), strictError)
        } catch let error as JSONSyntaxError {
            let further = (error.line, error.column) > (strictError.line, strictError.column)
            throw name.lowercased().hasSuffix(".json5") || further ? error : strictError
        }
    }

    /// The issue for a Tokens Studio `$themes.json` (an array of themes: an error, as any
    /// array) or `$metadata.json` (only `tokenSetOrder`: ignored) given as a token file.
    static func studioFile(_ value: JSONValue, name: String) -> DTCGIssue.Kind? {
        switch value {
        case .array(let themes)
        where name.hasSuffix("$themes.json")
            || (!themes.isEmpty && themes.allSatisfy { $0.objectValue?["selectedTokenSets"] != nil }):
            return .notATokenFile("a Tokens Studio theme file ($themes.json)", ignored: false)
        case .object(let object)
        where object["tokenSetOrder"]?.arrayValue != nil
            && object.keys.allSatisfy({ ["tokenSetOrder", "activeThemes", "activeSets"].contains($0) }):
            return .notATokenFile("a Tokens Studio metadata file ($metadata.json)", ignored: true)
        default: return nil
        }
    }

    /// Parses one source (syntax, UTF-8, an object at the root, group depth).
    static func parse(_ source: DTCGSource) -> ParsedSource {
        let bytes = [UInt8](source.data)
        let start = DTCGSourceMap.Position(line: source.line, column: source.column)
        do {
            let (tape, value, json5Error) = try read(bytes, name: source.name)
            let json5 = json5Error.map {
                DTCGSourceMap.Position(line: $0.line, column: $0.column).shifted(by: start)
            }
            if let offset = DTCGSourceMap.firstInvalidUTF8(in: bytes) {
                // Text that is not UTF-8 must not turn into U+FFFD in names and values.
                let position = DTCGSourceMap.position(of: offset, in: bytes).shifted(by: start)
                let error = JSONSyntaxError(
                    message: "invalid UTF-8 (byte \(offset))", line: position.line, column: position.column)
                return .issue(
                    DTCGIssue(
                        path: [], kind: .syntax(error), source: source.name, line: position.line,
                        column: position.column), nil)
            }
            let map = DTCGSourceMap(tape: tape, start: start)
            if let studio = studioFile(value, name: source.name) {
                return .issue(DTCGIssue(path: [], kind: studio, source: source.name), map)
            }
            guard case .object(let object) = value else {
                return .issue(
                    DTCGIssue(path: [], kind: .notAnObject(found: value.kindName), source: source.name), map)
            }
            if let deep = DTCGDocument.groupTooDeep(object) {
                // Merging, `$extends` and the walk into tokens recurse once per group level.
                return .issue(
                    DTCGIssue(
                        path: deep, kind: .nestingTooDeep(limit: DTCGDocument.maximumGroupDepth),
                        source: source.name), map)
            }
            return .object(object, map, json5: json5)
        } catch {
            let syntax = error as? JSONSyntaxError ?? JSONSyntaxError(message: "\(error)", line: 1, column: 1)
            let position = DTCGSourceMap.Position(line: syntax.line, column: syntax.column).shifted(by: start)
            return .issue(
                DTCGIssue(
                    path: [], kind: .syntax(syntax), source: source.name, line: position.line,
                    column: position.column), nil)
        }
    }

    /// The most JSON values `$extends` may ever add to a document; a group whose expansion
    /// would pass the budget stays unexpanded, with an
    /// ``DTCGIssue/Kind/expansionTooLarge(limit:)`` error.
    package static let expansionBudget = 100_000
    /// The budget of a document whose files hold `values` JSON values: four times their
    /// own size, at least 20,000, at most ``expansionBudget`` (a few bytes of "billion laughs"
    /// cannot buy the full budget).
    package static func expansionBudget(forValues values: Int) -> Int {
        min(expansionBudget, max(20_000, values.multipliedReportingOverflow(by: 4).partialValue))
    }

    /// The most levels of groups a file may nest; a deeper file is rejected with a
    /// ``DTCGIssue/Kind/nestingTooDeep(limit:)`` error at the first group past the limit.
    package static let maximumGroupDepth = 64

    /// The first group nested deeper than ``maximumGroupDepth`` (found iteratively).
    static func groupTooDeep(_ root: JSONObject) -> TokenPath? {
        var pending: [(TokenPath, JSONObject)] = [(TokenPath([]), root)]
        while let (path, group) = pending.popLast() {
            if path.segments.count > maximumGroupDepth { return path }
            for (key, value) in group.pairs where !(key.hasPrefix("$") && key != "$root") {
                // A token's children too: lenient reading walks them (a token with children).
                if case .object(let child) = value,
                    child["$value"] == nil || child.keys.contains(where: { !$0.hasPrefix("$") })
                {
                    pending.append((path.appending(key), child))
                }
            }
        }
        return nil
    }

    /// Reads one source.
    package init(source: DTCGSource, options: DTCGOptions = DTCGOptions()) {
        self.init(sources: [source], options: options)
    }

    /// The errors.
    package var errors: [DTCGIssue] { issues.filter { $0.severity == .error } }

    /// `issue` with its file (the one that defined its path last), line, column and the value
    /// as written filled in where missing.
    package func located(_ issue: DTCGIssue) -> DTCGIssue {
        var issue = issue
        if issue.source == nil { issue.source = DTCGDocument.origin(of: issue.path, in: origins) }
        if let source = issue.source, let map = maps[source] { issue.locate(in: map) }
        return issue
    }

    /// The token at a dotted path.
    package subscript(dotted: String) -> DTCGToken? { tokens[TokenPath(dotted: dotted)] }

    /// The tokens sorted by path.
    package var sortedTokens: [DTCGToken] { tokens.values.sorted { $0.path < $1.path } }

    /// The merged document as JSON text (everything preserved, including `$extensions`).
    package func encoded(pretty: Bool = true) -> String { tree.encoded(pretty: pretty) }

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
        merge(into: &result, overlay, path: path, source: source, origins: &origins)
        return result
    }

    /// ``merge(_:_:path:source:origins:)`` in place: `base` (and each group merged into) is
    /// changed where it is, not copied, so merging many sets one after another costs the size
    /// of the sets, not the size of the growing tree once per set.
    static func merge(
        into base: inout JSONObject, _ overlay: JSONObject, path: TokenPath, source: String,
        origins: inout [TokenPath: String]
    ) {
        for (key, value) in overlay.pairs {
            let childPath = path.appending(key)
            if key.hasPrefix("$") && key != "$root" {
                base[key] = value
                continue
            }
            if case .object(let overlayChild) = value, overlayChild["$value"] == nil,
                case .object(var baseChild)? = base[key], baseChild["$value"] == nil
            {
                // Drop the tree's own reference first, so the group is changed, not copied.
                base[key] = .null
                merge(into: &baseChild, overlayChild, path: childPath, source: source, origins: &origins)
                base[key] = .object(baseChild)
            } else {
                base[key] = value
                origins[childPath] = source
            }
        }
        if path.segments.isEmpty, origins[path] == nil { origins[path] = source }
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
    /// The `$type` outside the spec (on the token or its group) for which it is skipped.
    var extensionType: String?
    /// A numeric `alpha` member beside `$value` (GitHub Primer's), in 0...1.
    var alpha: Double?
    /// The token's own `$type` is Tokens Studio's `lineHeights` (or `lineHeight`): leniently
    /// its value may also be a length (kept as a dimension).
    var isLineHeight = false
    /// The token was written in the unprefixed form (`value`, Style Dictionary 3), whose
    /// convention reads a unitless line height above 4 as px.
    var isUnprefixed = false
}

/// The `$type` a group passes to its descendants.
enum InheritedType: Equatable {
    case none
    case type(TokenType)
    /// A type outside the spec (reported at the group); the tokens are skipped.
    case `extension`(String)

    var tokenType: TokenType? {
        if case .type(let type) = self { return type }
        return nil
    }
}

/// What a `$type` member says.
enum ParsedType {
    case type(TokenType)
    case `extension`(String)
    /// Not usable (already reported).
    case invalid
}

/// Walks the expanded tree into tokens, validating names and properties.
private struct Flattener {
    /// The expanded tree, to tell `{"$ref": …}` aliases (pointing at a token) from groups.
    let root: JSONObject
    /// Departures are errors.
    let strict: Bool
    /// The tree writes `$value` somewhere: an untyped `value` member is then a group's.
    lazy var dollarValues = DTCGUnprefixedTokens.writesDollarValue(root)
    var tokens: [TokenPath: RawToken] = [:]
    var issues: [DTCGIssue] = []

    /// Whether `object` is a token written as a JSON Pointer alias, `{"$ref": "#/base"}`:
    /// no `$value`, no members, and a pointer to a token.
    func isPointerAlias(_ object: JSONObject) -> Bool {
        guard object["$value"] == nil, let pointer = object["$ref"]?.stringValue,
            object.keys.allSatisfy({ $0.hasPrefix("$") }),
            let segments = DTCGReference.pointerSegments(pointer),
            case .object(let target)? = DTCGReference.navigate(.object(root), segments)
        else { return false }
        return target["$value"] != nil
    }

    static let groupProperties: Set<String> = [
        "$type", "$description", "$extends", "$ref", "$deprecated", "$extensions", "$schema",
    ]
    static let tokenProperties: Set<String> = [
        "$value", "$type", "$description", "$deprecated", "$extensions",
    ]

    mutating func walk(
        _ group: JSONObject, path: TokenPath, inherited: InheritedType, deprecation: DTCGDeprecation?
    ) {
        var type = inherited
        if let declared = group["$type"] {
            switch parseType(declared, path: path) {
            case .type(let parsed): type = .type(parsed)
            case .extension(let name): type = .extension(name)
            case .invalid: break
            }
        }
        var groupDeprecation = deprecation
        if let value = group["$deprecated"] {
            groupDeprecation = parseDeprecation(value, path: path, inherited: deprecation)
        }
        if let description = group["$description"], description.stringValue == nil {
            issues.append(
                DTCGIssue(path: path, kind: .invalidProperty("$description", reason: "expected a string")))
        }
        walkChildren(group, path: path, inherited: type, deprecation: groupDeprecation)
    }

    /// The members of `group` that are tokens or groups.
    private mutating func walkChildren(
        _ group: JSONObject, path: TokenPath, inherited type: InheritedType,
        deprecation groupDeprecation: DTCGDeprecation?
    ) {
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
                // A tool's own member (`"alpha": 0.2`, `"comment": "…"`): ignored leniently.
                issues.append(
                    DTCGIssue(
                        path: childPath,
                        kind: .departure(.nonTokenMember(key, found: value.kindName), strict: strict)))
                continue
            }
            if child["$value"] != nil {
                addToken(child, path: childPath, inherited: type, deprecation: groupDeprecation)
            } else if isPointerAlias(child) {
                var token = child
                token["$value"] = .object(JSONObject([("$ref", child["$ref"]!)]))
                token["$ref"] = nil
                addToken(token, path: childPath, inherited: type, deprecation: groupDeprecation)
            } else {
                if key != "$root", DTCGUnprefixedTokens.isUnprefixedToken(child, dollarValues: dollarValues),
                    !child.keys.contains(where: { $0.hasPrefix("$") })
                {
                    issues.append(DTCGIssue(path: childPath, kind: .incompleteToken(key: "value")))
                    continue
                }
                walk(child, path: childPath, inherited: type, deprecation: groupDeprecation)
            }
        }
    }

    private mutating func addToken(
        _ object: JSONObject, path: TokenPath, inherited: InheritedType, deprecation: DTCGDeprecation?
    ) {
        var hasChildren = false
        for (key, value) in object.pairs {
            if key.hasPrefix("$") {
                if !Flattener.tokenProperties.contains(key) {
                    issues.append(DTCGIssue(path: path, kind: .unknownProperty(key)))
                }
            } else if case .object = value {
                hasChildren = true
            } else if key == "alpha", case .number(let alpha) = value, (0...1).contains(alpha) {
                // Primer's alpha beside a colour's `$value`: applied when the token resolves.
                continue
            } else {
                // Not a child: a tool's own member beside `$value` (`"alpha": 0.2`).
                issues.append(
                    DTCGIssue(
                        path: path.appending(key),
                        kind: .departure(.nonTokenMember(key, found: value.kindName), strict: strict)))
            }
        }
        if hasChildren {
            issues.append(DTCGIssue(path: path, kind: .departure(.tokenWithChildren, strict: strict)))
            if strict { return }
        }
        var token = RawToken(
            value: object["$value"]!, inheritedType: inherited.tokenType, deprecation: deprecation)
        if case .number(let alpha)? = object["alpha"], (0...1).contains(alpha) { token.alpha = alpha }
        if case .extension(let name) = inherited { token.extensionType = name }
        var ownType = inherited
        if let declared = object["$type"] {
            switch parseType(declared, path: path) {
            case .type(let type):
                token.declaredType = type
                token.extensionType = nil
                ownType = .type(type)
                let name = (declared.stringValue ?? "").lowercased().filter { $0.isLetter }
                token.isLineHeight = type == .number && (name == "lineheights" || name == "lineheight")
            case .extension(let name):
                token.extensionType = name
                token.inheritedType = nil
                ownType = .extension(name)
            case .invalid:
                // An unusable $type makes the token unusable: do not fall back to the group's.
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
        if hasChildren {
            // Older exports nest tokens in a token: its type passes to them as a group's would.
            let children = JSONObject(
                object.pairs.filter { key, value in
                    guard !key.hasPrefix("$"), case .object = value else { return false }
                    return true
                }.map { ($0.0, $0.1) })
            walkChildren(children, path: path, inherited: ownType, deprecation: token.deprecation)
        }
    }

    /// A `$type`: one of the 13, another tool's name for one of them (a departure), or a type
    /// of its own (a departure that skips the tokens).
    private mutating func parseType(_ value: JSONValue, path: TokenPath) -> ParsedType {
        guard let text = value.stringValue else {
            issues.append(DTCGIssue(path: path, kind: .invalidProperty("$type", reason: "expected a string")))
            return .invalid
        }
        if let type = TokenType(rawValue: text) { return .type(type) }
        if let type = TokenType.alias(text) {
            issues.append(DTCGIssue(path: path, kind: .departure(.typeAlias(text, as: type), strict: strict)))
            return strict ? .invalid : .type(type)
        }
        let departure: DTCGDeparture =
            DTCGDeparture.rawTypes.contains(text.lowercased()) ? .rawType(text) : .extensionType(text)
        issues.append(DTCGIssue(path: path, kind: .departure(departure, strict: strict)))
        return strict ? .invalid : .extension(text)
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
