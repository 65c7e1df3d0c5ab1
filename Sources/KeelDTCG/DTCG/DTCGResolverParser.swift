import Foundation
import KeelDesign
import KeelSupport

/// Reads a resolver document's JSON into sets, modifiers and the resolution order, following
/// every `$ref` and recording each problem as a located ``DTCGResolverIssue``.
struct DTCGResolverParser {
    struct Parsed {
        var version = ""
        var name: String?
        var description: String?
        var sets: [DTCGResolverSet] = []
        var modifiers: [DTCGResolverModifier] = []
        var resolutionOrder: [DTCGResolutionItem] = []
    }

    static let rootProperties: Set<String> = [
        "version", "name", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$defs",
        "$extensions",
    ]

    let root: JSONObject
    let documentName: String
    let loader: ((String) throws -> DTCGSource)?
    private(set) var issues: [DTCGResolverIssue] = []
    /// Root sets by name once read (`nil`: malformed, already reported).
    private var setCache: [String: DTCGResolverSet?] = [:]
    /// Loaded files by path (`nil`: failed, already reported).
    private var fileCache: [String: DTCGSource?] = [:]
    /// Pointers being followed, for cycle detection.
    private var stack: [String] = []
    /// The root sets a `$ref` in a source or in `resolutionOrder` names.
    private var referencedSets: Set<String> = []

    /// The most `$ref`s followed inside one another: each is a level of recursion.
    static let maximumReferenceDepth = 64
    /// The most token sources one set, context or resolution may gather (sets that include a
    /// set twice, level after level, would otherwise double them each time).
    static let maximumSources = 1_000
    /// The most bytes of token sources one set, context or resolution may gather.
    static let maximumSourceBytes = 8 << 20

    /// Why `sources` pass a limit, if they do.
    static func limitExceeded(_ sources: [DTCGSource]) -> String? {
        if sources.count > maximumSources { return "more than \(maximumSources) token sources" }
        var bytes = 0
        for source in sources {
            bytes += source.data.count
            if bytes > maximumSourceBytes {
                return "more than \(maximumSourceBytes >> 20) MB of token sources"
            }
        }
        return nil
    }

    /// Where each member of the document is, so inline token sets keep their real positions.
    let map: DTCGSourceMap
    let bytes: [UInt8]

    /// Departures from the module's letter are errors.
    let strict: Bool

    init(
        root: JSONObject, documentName: String, loader: ((String) throws -> DTCGSource)?, map: DTCGSourceMap,
        bytes: [UInt8], strict: Bool
    ) {
        self.strict = strict
        self.root = root
        self.documentName = documentName
        self.loader = loader
        self.map = map
        self.bytes = bytes
    }

    mutating func parse() -> Parsed {
        var parsed = Parsed()
        for key in root.keys where !DTCGResolverParser.rootProperties.contains(key) {
            warn([], .unknownProperty(key))
        }
        if let version = root["version"] {
            if let text = version.stringValue {
                parsed.version = text
                if text != "2025.10" { fail(["version"], .unsupportedVersion(text)) }
            } else {
                fail(["version"], .wrongType(expected: "a string", found: version.kindName))
            }
        } else {
            fail([], .missingProperty("version"))
        }
        parsed.name = string(root["name"], at: ["name"])
        parsed.description = string(root["description"], at: ["description"])
        if let sets = object(root["sets"], at: ["sets"]) {
            for name in sets.keys {
                if let set = rootSet(name) { parsed.sets.append(set) }
            }
        }
        if let modifiers = object(root["modifiers"], at: ["modifiers"]) {
            for (name, value) in modifiers.pairs {
                if let modifier = modifier(value, name: name, at: ["modifiers", name], inline: false) {
                    parsed.modifiers.append(modifier)
                }
            }
        }
        guard let order = root["resolutionOrder"] else {
            fail([], .missingProperty("resolutionOrder"))
            return parsed
        }
        guard case .array(let items) = order else {
            fail(["resolutionOrder"], .wrongType(expected: "an array", found: order.kindName))
            return parsed
        }
        var names: Set<String> = []
        for (index, item) in items.enumerated() {
            let at = ["resolutionOrder", String(index)]
            guard let resolved = orderItem(item, at: at, modifiers: parsed.modifiers) else { continue }
            if !names.insert(resolved.name).inserted { fail(at, .duplicateName(resolved.name)) }
            parsed.resolutionOrder.append(resolved)
        }
        for set in parsed.sets where !referencedSets.contains(set.name) {
            warn(["sets", set.name], .unusedSet(set.name))
        }
        return parsed
    }

    // MARK: - Sets, modifiers, resolution order

    private mutating func orderItem(_ item: JSONValue, at: [String], modifiers: [DTCGResolverModifier])
        -> DTCGResolutionItem?
    {
        guard case .object(let object) = item else {
            fail(at, .wrongType(expected: "a set, a modifier or a {\"$ref\": …}", found: item.kindName))
            return nil
        }
        if let reference = object["$ref"] {
            guard let text = reference.stringValue else {
                fail(at + ["$ref"], .wrongType(expected: "a string", found: reference.kindName))
                return nil
            }
            guard let segments = DTCGReference.pointerSegments(text), segments.count == 2,
                segments[0] == "sets" || segments[0] == "modifiers"
            else {
                fail(at, .invalidReference(text, reason: "expected #/sets/<name> or #/modifiers/<name>"))
                return nil
            }
            let name = segments[1]
            if segments[0] == "sets" { referencedSets.insert(name) }
            guard let target = root[segments[0]]?[name] else {
                fail(at, .unresolvableReference(text))
                return nil
            }
            var overrides = object
            overrides["$ref"] = nil
            if overrides.count == 0 {
                // The root definition was read (and any problem reported) already.
                if segments[0] == "sets" { return rootSet(name).map(DTCGResolutionItem.set) }
                return modifiers.first { $0.name == name }.map(DTCGResolutionItem.modifier)
            }
            // Members beside `$ref` override the target's, shallowly.
            guard case .object(var merged) = target else { return nil }
            for (key, value) in overrides.pairs { merged[key] = value }
            if segments[0] == "sets" {
                return set(merged, name: name, at: at, inline: false).map(DTCGResolutionItem.set)
            }
            return modifier(.object(merged), name: name, at: at, inline: false).map(
                DTCGResolutionItem.modifier)
        }
        let type = string(object["type"], at: at + ["type"])
        let name = string(object["name"], at: at + ["name"])
        if object["type"] == nil { fail(at, .missingProperty("type")) }
        if object["name"] == nil { fail(at, .missingProperty("name")) }
        guard let type, let name else { return nil }
        switch type {
        case "set": return set(object, name: name, at: at, inline: true).map(DTCGResolutionItem.set)
        case "modifier":
            return modifier(item, name: name, at: at, inline: true).map(DTCGResolutionItem.modifier)
        default:
            fail(at + ["type"], .invalidItemType(type))
            return nil
        }
    }

    /// The root set `name`, read once; following a reference to it from inside it is a cycle.
    private mutating func rootSet(_ name: String) -> DTCGResolverSet? {
        if let cached = setCache[name] { return cached }
        let at = ["sets", name]
        guard let value = root["sets"]?[name] else { return nil }
        guard case .object(let object) = value else {
            fail(at, .wrongType(expected: "an object", found: value.kindName))
            setCache[name] = .some(nil)
            return nil
        }
        let pointer = DTCGReference.pointer(at)
        guard stack.count < DTCGResolverParser.maximumReferenceDepth else {
            fail(
                at,
                .limitExceeded("$ref chain deeper than \(DTCGResolverParser.maximumReferenceDepth) levels"))
            setCache[name] = .some(nil)
            return nil
        }
        stack.append(pointer)
        defer { stack.removeLast() }
        let result = set(object, name: name, at: at, inline: false)
        setCache[name] = .some(result)
        return result
    }

    private mutating func set(_ object: JSONObject, name: String, at: [String], inline: Bool)
        -> DTCGResolverSet?
    {
        var allowed: Set<String> = ["sources", "description", "$extensions"]
        if inline { allowed.formUnion(["name", "type"]) }
        for key in object.keys where !allowed.contains(key) { warn(at, .unknownProperty(key)) }
        let description = string(object["description"], at: at + ["description"])
        let extensions = self.extensions(object["$extensions"], at: at)
        guard let sources = object["sources"] else {
            fail(at, .missingProperty("sources"))
            return nil
        }
        guard case .array(let entries) = sources else {
            fail(at + ["sources"], .wrongType(expected: "an array", found: sources.kindName))
            return nil
        }
        return DTCGResolverSet(
            name: name, description: description, sources: self.sources(entries, at: at + ["sources"]),
            extensions: extensions, location: DTCGReference.pointer(at))
    }

    private mutating func modifier(_ value: JSONValue, name: String, at: [String], inline: Bool)
        -> DTCGResolverModifier?
    {
        guard case .object(let object) = value else {
            fail(at, .wrongType(expected: "an object", found: value.kindName))
            return nil
        }
        var allowed: Set<String> = ["contexts", "default", "description", "$extensions"]
        if inline { allowed.formUnion(["name", "type"]) }
        for key in object.keys where !allowed.contains(key) { warn(at, .unknownProperty(key)) }
        let description = string(object["description"], at: at + ["description"])
        let extensions = self.extensions(object["$extensions"], at: at)
        let defaultContext = string(object["default"], at: at + ["default"])
        guard let contextsValue = object["contexts"] else {
            fail(at, .missingProperty("contexts"))
            return nil
        }
        guard case .object(let contextObject) = contextsValue else {
            fail(at + ["contexts"], .wrongType(expected: "an object", found: contextsValue.kindName))
            return nil
        }
        var contexts: [String: [DTCGSource]] = [:]
        var valid = true
        for (context, entries) in contextObject.pairs {
            let contextAt = at + ["contexts", context]
            guard case .array(let array) = entries else {
                fail(contextAt, .wrongType(expected: "an array of sources", found: entries.kindName))
                valid = false
                continue
            }
            contexts[context] = sources(array, at: contextAt)
        }
        switch contextObject.count {
        case 0:
            fail(at + ["contexts"], .emptyContexts)
            valid = false
        case 1:
            // Tools emit them (a mode with one value so far): a set, leniently.
            warn(at + ["contexts"], .departure(.singleContext(contextObject.keys[0]), strict: strict))
            if strict { valid = false }
        default: break
        }
        if let defaultContext, contextObject[defaultContext] == nil {
            fail(at + ["default"], .invalidDefault(defaultContext, allowed: contextObject.keys))
            valid = false
        }
        guard valid else { return nil }
        return DTCGResolverModifier(
            name: name, description: description, contextNames: contextObject.keys, contexts: contexts,
            defaultContext: defaultContext, extensions: extensions, location: DTCGReference.pointer(at))
    }

    // MARK: - Sources

    private mutating func sources(_ entries: [JSONValue], at: [String]) -> [DTCGSource] {
        var result: [DTCGSource] = []
        for (index, entry) in entries.enumerated() {
            result += source(entry, at: at + [String(index)])
            if let reason = DTCGResolverParser.limitExceeded(result) {
                fail(at, .limitExceeded(reason))
                return []
            }
        }
        return result
    }

    /// One entry of `sources` or of a context: inline tokens, or a `$ref` (members beside it
    /// override the target's, shallowly).
    private mutating func source(_ entry: JSONValue, at: [String]) -> [DTCGSource] {
        guard case .object(let object) = entry else {
            fail(at, .wrongType(expected: "an object (tokens or {\"$ref\": …})", found: entry.kindName))
            return []
        }
        guard let reference = object["$ref"] else {
            return [inline(entry, at: at)]
        }
        guard let text = reference.stringValue else {
            fail(at + ["$ref"], .wrongType(expected: "a string", found: reference.kindName))
            return []
        }
        var overrides = object
        overrides["$ref"] = nil
        if text.hasPrefix("#") { return local(text, overrides: overrides, at: at) }
        if text.contains("://") {
            fail(at, .invalidReference(text, reason: "remote references are not supported"))
            return []
        }
        return file(text, overrides: overrides, at: at).map { [$0] } ?? []
    }

    private mutating func local(_ text: String, overrides: JSONObject, at: [String]) -> [DTCGSource] {
        guard let segments = DTCGReference.pointerSegments(text) else {
            fail(at, .invalidReference(text, reason: "not a JSON Pointer (RFC 6901)"))
            return []
        }
        let here = DTCGReference.pointer(at)
        switch segments.first {
        case "modifiers" where strict || segments.count < 4 || segments[2] != "contexts":
            fail(at, .invalidReference(text, reason: "only resolutionOrder may reference a modifier"))
            return []
        case "modifiers":
            // `#/modifiers/<name>/contexts/<context>`: that context's sources, leniently.
            warn(at, .departure(.referenceIntoModifier(text), strict: false))
        case "resolutionOrder":
            fail(at, .invalidReference(text, reason: "nothing may reference resolutionOrder"))
            return []
        default: break
        }
        if segments.count >= 2, segments[0] == "sets" { referencedSets.insert(segments[1]) }
        if at.starts(with: segments) {
            fail(at, .circularReference([here, text]))
            return []
        }
        if let start = stack.firstIndex(of: text) {
            fail(at, .circularReference(Array(stack[start...]) + [text]))
            return []
        }
        if segments.count == 2, segments[0] == "sets", overrides.count == 0 {
            guard root["sets"]?[segments[1]] != nil else {
                fail(at, .unresolvableReference(text))
                return []
            }
            return rootSet(segments[1])?.sources ?? []
        }
        guard var target = DTCGReference.navigate(.object(root), segments) else {
            fail(at, .unresolvableReference(text))
            return []
        }
        if case .object(var object) = target, overrides.count > 0 {
            for (key, value) in overrides.pairs { object[key] = value }
            target = .object(object)
        }
        guard stack.count < DTCGResolverParser.maximumReferenceDepth else {
            fail(
                at,
                .limitExceeded("$ref chain deeper than \(DTCGResolverParser.maximumReferenceDepth) levels"))
            return []
        }
        stack.append(text)
        defer { stack.removeLast() }
        if segments.count == 2, segments[0] == "sets", case .object(let object) = target {
            return set(object, name: segments[1], at: at, inline: false)?.sources ?? []
        }
        switch target {
        case .array(let entries): return sources(entries, at: segments)
        case .object(let object) where object["$ref"] != nil: return source(target, at: segments)
        case .object: return [DTCGSource(name: documentName + text, text: target.encoded(pretty: false))]
        default:
            fail(at, .wrongType(expected: "$ref to a token object", found: target.kindName))
            return []
        }
    }

    private mutating func file(_ text: String, overrides: JSONObject, at: [String]) -> DTCGSource? {
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard let loaded = load(path, at: at) else { return nil }
        guard parts.count == 2 || overrides.count > 0 else { return loaded }
        let value: JSONValue
        do {
            let bytes = [UInt8](loaded.data)
            value = try JSONValue(tape: JSONValue.tape(of: bytes, maximumDepth: DTCGSourceMap.maximumNesting))
        } catch {
            let syntax = error as? JSONSyntaxError ?? JSONSyntaxError(message: "\(error)", line: 0, column: 0)
            issues.append(DTCGResolverIssue(location: "#", kind: .syntax(syntax), source: loaded.name))
            return nil
        }
        var target = value
        if parts.count == 2 {
            if !parts[1].hasPrefix("/"), !parts[1].isEmpty {
                // `file.json#orange`: the pointer `#/orange` abbreviated, as some tools write it.
                warn(at, .departure(.nonPointerReference(text), strict: strict))
            }
            let fragment = parts[1].hasPrefix("/") || parts[1].isEmpty ? "#" + parts[1] : "#/" + parts[1]
            guard let segments = DTCGReference.pointerSegments(fragment),
                let found = DTCGReference.navigate(value, segments)
            else {
                fail(at, .unresolvableReference(text))
                return nil
            }
            target = found
        }
        guard case .object(var object) = target else {
            fail(at, .wrongType(expected: "$ref to a token object", found: target.kindName))
            return nil
        }
        for (key, value) in overrides.pairs { object[key] = value }
        return DTCGSource(
            name: loaded.name + (parts.count == 2 ? "#" + parts[1] : ""),
            text: JSONValue.object(object).encoded(pretty: false))
    }

    private mutating func load(_ path: String, at: [String]) -> DTCGSource? {
        if let cached = fileCache[path] { return cached }
        guard let loader else {
            fail(at, .unreadableFile(path, reason: "no loader for file references was given"))
            return nil
        }
        do {
            let source = try loader(path)
            fileCache[path] = .some(source)
            return source
        } catch {
            fail(at, .unreadableFile(path, reason: "\(error)"))
            fileCache[path] = .some(nil)
            return nil
        }
    }

    /// An inline token set: its bytes as the document writes them, positioned in the document
    /// so issues in it give the resolver file's lines and columns.
    private func inline(_ tokens: JSONValue, at: [String]) -> DTCGSource {
        let name = documentName + DTCGReference.pointer(at)
        guard let span = map.span(at), span.start < span.end, span.end <= bytes.count else {
            return DTCGSource(name: name, text: tokens.encoded(pretty: false))
        }
        return DTCGSource(
            name: name, data: Data(bytes[span.start..<span.end]), line: span.position.line,
            column: span.position.column)
    }

    // MARK: - Helpers

    private mutating func string(_ value: JSONValue?, at: [String]) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue else {
            fail(at, .wrongType(expected: "a string", found: value.kindName))
            return nil
        }
        return text
    }

    private mutating func object(_ value: JSONValue?, at: [String]) -> JSONObject? {
        guard let value else { return nil }
        guard let object = value.objectValue else {
            fail(at, .wrongType(expected: "an object", found: value.kindName))
            return nil
        }
        return object
    }

    private mutating func extensions(_ value: JSONValue?, at: [String]) -> JSONValue? {
        object(value, at: at + ["$extensions"]).map(JSONValue.object)
    }

    private mutating func fail(_ at: [String], _ kind: DTCGResolverIssue.Kind) {
        issues.append(
            DTCGResolverIssue(location: DTCGReference.pointer(at), kind: kind, source: documentName))
    }

    private mutating func warn(_ at: [String], _ kind: DTCGResolverIssue.Kind) {
        issues.append(
            DTCGResolverIssue(location: DTCGReference.pointer(at), kind: kind, source: documentName))
    }
}
