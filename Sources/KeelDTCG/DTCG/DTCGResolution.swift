import KeelDesign
import KeelSupport

/// A resolved token: its type and value.
struct ResolvedToken: Sendable {
    var type: TokenType
    var value: TokenValue
}

/// Why a token could not be resolved (recorded as an issue on that token).
struct ResolutionFailure: Error {
    var kind: DTCGIssue.Kind
    init(_ kind: DTCGIssue.Kind) { self.kind = kind }
}

/// Resolves every token: type resolution in the spec's order, aliases and JSON Pointers with
/// a stack of tokens being resolved (cycle detection), and typed decoding of every value.
struct DTCGResolution {
    private enum State {
        case resolving
        case done
        case failed
        /// Skipped by a lenient departure (a warning): dependants are skipped too.
        case skipped
    }

    /// What a reference leads to: a resolved token, or raw JSON inside a token's value.
    enum Target {
        case token(ResolvedToken)
        case json(JSONValue)
    }

    let root: JSONObject
    let raw: [TokenPath: RawToken]
    let options: DTCGOptions
    private(set) var resolved: [TokenPath: ResolvedToken] = [:]
    private(set) var issues: [DTCGIssue] = []
    /// Why each skipped token was skipped (lenient reading).
    private(set) var skipped: [TokenPath: DTCGDeparture] = [:]
    private var state: [TokenPath: State] = [:]
    private(set) var stack: [TokenPath] = []
    private var cycleMembers: Set<TokenPath> = []
    /// Warnings about the token being evaluated, kept only if it resolves.
    var pending: [DTCGIssue] = []
    /// Where each reference leads (each is read twice: the dependency scan, then evaluation).
    private var locations: [String: Result<Located, ResolutionFailure>] = [:]
    /// The tokens that name another with Style Dictionary's `{a.b.value}`, and the first such
    /// reference each writes (read leniently as `{a.b}`; reported once per file).
    private(set) var valueSuffixUses: [TokenPath: String] = [:]
    /// Tokens that wrote a reference padded inside its braces (`{ a.b }`), each with the
    /// first such reference: reported once per file, as ``valueSuffixUses`` are.
    private(set) var paddedReferenceUses: [TokenPath: String] = [:]
    /// Units that cannot be converted: the first token in one and how many are.
    private var unconvertible: [String: (first: TokenPath, count: Int)] = [:]

    init(root: JSONObject, raw: [TokenPath: RawToken], options: DTCGOptions) {
        self.root = root
        self.raw = raw
        self.options = options
    }

    /// Resolves every token. Iterative: a depth-first walk over the references each value
    /// contains, with an explicit stack, evaluates every token after the tokens it names, so
    /// evaluating one never recurses into another and no input can exhaust the call stack.
    mutating func resolveAll() {
        for path in raw.keys.sorted() where state[path] == nil { resolveIteratively(path) }
        // Once per unit, not per token.
        for (unit, found) in unconvertible.sorted(by: { $0.value.first < $1.value.first }) {
            issues.append(
                DTCGIssue(
                    path: found.first,
                    kind: .departure(.unconvertibleUnit(unit, tokens: found.count), strict: options.strict)))
        }
    }

    /// Records a departure from the spec whose value survives: a warning on the token being
    /// evaluated, or, reading strictly, an error that fails it.
    mutating func depart(_ departure: DTCGDeparture) throws {
        if options.strict { throw ResolutionFailure(.departure(departure, strict: true)) }
        guard let path = stack.last else { return }
        let issue = DTCGIssue(path: path, kind: .departure(departure, strict: false))
        // Once per token (a shadow's four "0px" are one warning).
        if !pending.contains(issue) { pending.append(issue) }
    }

    /// Replaces the kind of the recorded issue at `index` (a cycle found to run through a
    /// Tokens Studio modifier is that modifier's issue).
    mutating func replaceIssue(at index: Int, with kind: DTCGIssue.Kind) {
        issues[index].kind = kind
    }

    /// The failure that skips the token being evaluated (leniently; strictly it is an error).
    func skip(_ departure: DTCGDeparture) -> ResolutionFailure {
        ResolutionFailure(.departure(departure, strict: options.strict))
    }

    private struct Frame {
        var path: TokenPath
        var dependencies: [TokenPath]
        var next = 0
    }

    /// Marks `path` as being resolved, or as failed when there is no usable token there.
    private mutating func begin(_ path: TokenPath) -> Bool {
        guard let token = raw[path], !token.hasInvalidType else {
            state[path] = .failed
            return false
        }
        if let name = token.extensionType {
            // Reported where the `$type` is written.
            state[path] = .skipped
            skipped[path] = .extensionType(name)
            return false
        }
        state[path] = .resolving
        return true
    }

    private mutating func resolveIteratively(_ start: TokenPath) {
        guard begin(start) else { return }
        var frames = [Frame(path: start, dependencies: dependencies(of: start))]
        stack.append(start)
        while !frames.isEmpty {
            let top = frames.count - 1
            if frames[top].next < frames[top].dependencies.count {
                let dependency = frames[top].dependencies[frames[top].next]
                frames[top].next += 1
                // A dependency being resolved already is a cycle: evaluation reports it.
                if state[dependency] == nil, begin(dependency) {
                    frames.append(Frame(path: dependency, dependencies: dependencies(of: dependency)))
                    stack.append(dependency)
                }
                continue
            }
            let path = frames.removeLast().path
            evaluate(path)
            stack.removeLast()
        }
    }

    /// Evaluates the token at `path` (every token it names is resolved or failed by now).
    private mutating func evaluate(_ path: TokenPath) {
        guard let token = raw[path] else { return }
        pending = []
        do {
            let result = try evaluate(token)
            state[path] = .done
            resolved[path] = result
            issues += pending
        } catch {
            state[path] = .failed
            let kind = (error as? ResolutionFailure)?.kind ?? .invalidValue("\(error)")
            if case .departure(let departure, let strict) = kind, !departure.keepsValue {
                if !strict {
                    state[path] = .skipped
                    skipped[path] = departure
                }
                if case .unconvertibleUnit(let unit, _) = departure {
                    let found = unconvertible[unit]
                    unconvertible[unit] = (found?.first ?? path, (found?.count ?? 0) + 1)
                    return
                }
            }
            if !cycleMembers.contains(path) { issues.append(DTCGIssue(path: path, kind: kind)) }
        }
    }

    /// The tokens `path`'s value names (curly references and `$ref` pointers at any depth):
    /// a superset of those evaluation follows.
    private mutating func dependencies(of path: TokenPath) -> [TokenPath] {
        guard let token = raw[path] else { return [] }
        // A Tokens Studio modifier's `value` or `color` may name a token (`"{opacity.half}"`):
        // it must resolve first, whatever the order of the paths.
        let modifier = Self.studioModifierMembers(of: token)
        // Most tokens are literals: a string that is not a reference names nothing.
        if modifier == nil, case .string(let text) = token.value, !DTCGReference.isCurly(text),
            !text.utf8.contains(UInt8(ascii: "{"))
        {
            return []
        }
        var result: [TokenPath] = []
        var seen: Set<TokenPath> = []
        var pending = [token.value]
        if let modifier { pending.append(modifier) }
        while let value = pending.popLast() {
            var references: [String] = []
            switch value {
            case .string(let text) where DTCGReference.isCurly(text): references = [text]
            case .string(let text) where text.utf8.contains(UInt8(ascii: "{")):
                // The references inside an expression (`{size.unit} * 4`) or a CSS string
                // (`0 0 0 1px {color.gray.20} inset`).
                references = TokenExpression.parse(text)?.references ?? DTCGReference.embedded(in: text)
            case .array(let elements): pending += elements
            case .object(let object):
                if let pointer = object["$ref"]?.stringValue { references = [pointer] }
                pending += object.pairs.map(\.value)
            default: break
            }
            for reference in references {
                guard let located = try? cachedLocate(reference) else { continue }
                switch located {
                case .token(let target), .tokenValue(let target, _):
                    if seen.insert(target).inserted { result.append(target) }
                case .json: break
                }
            }
        }
        return result
    }

    private mutating func evaluate(_ token: RawToken) throws -> ResolvedToken {
        var resolved = try applyingStudioModifier(of: token, to: try evaluateValue(token))
        if let alpha = token.alpha {
            // Primer's `alpha` sets the colour's alpha (its `alpha` transform); beside any other
            // type it means nothing and is ignored, as other tools' members are.
            if case .color(var color) = resolved.value {
                try depart(.alphaMember(alpha))
                color.alpha = alpha
                resolved.value = .color(color)
            } else {
                try depart(.nonTokenMember("alpha", found: "number"))
            }
        }
        return resolved
    }

    private mutating func evaluateValue(_ token: RawToken) throws -> ResolvedToken {
        if token.isLineHeight, !options.strict, let length = try lineHeightLength(token.value) {
            return length
        }
        if let reference = referenceText(token.value) {
            switch try follow(reference, expected: token.declaredType) {
            case .token(let target):
                // A token's own `$type` binds an alias (an error when the target's differs).
                if let expected = token.declaredType ?? token.inheritedType, expected != target.type {
                    if expected == .number, let number = try plainNumber(behind: reference, target) {
                        return ResolvedToken(type: .number, value: .number(number))
                    }
                    if token.declaredType == nil {
                        // DTCG 2025.10 §5.2.2: own `$type`, then the referenced token's, then the
                        // group's; so the target's type wins over the group's. Valid, hence no
                        // issue strictly; leniently a warning, as it is often a mistake (a
                        // colour group's token aliasing a dimension).
                        if !options.strict {
                            try depart(.groupTypeOverridden(reference, group: expected, found: target.type))
                        }
                        return target
                    }
                    if let length = try lengthFromNumber(behind: reference, target, as: expected) {
                        return ResolvedToken(type: expected, value: length)
                    }
                    if expected == .number, target.type == .dimension, !options.strict {
                        // Canvas's `"line-height": {"type": "number", "value": "{size.x}"}`
                        // (a rem length): the length, as the token reads in CSS.
                        try depart(.numberAliasesDimension(reference))
                        return target
                    }
                    throw ResolutionFailure(
                        .typeMismatch(expected: expected, found: target.type, reference: reference))
                }
                return target
            case .json(let json):
                guard let type = token.declaredType ?? token.inheritedType else { throw skip(.untyped) }
                return ResolvedToken(type: type, value: try decodeLiteral(json, as: type))
            }
        }
        guard let type = token.declaredType ?? token.inheritedType else {
            if let inferred = inferFromThemeGroup(token.value) { return inferred }
            throw skip(.untyped)
        }
        return ResolvedToken(type: type, value: try decode(token.value, as: type))
    }

    /// An untyped literal under a theme group (`color.brand: "#0a66c2"`), read leniently as the
    /// group's type when its value is one (a departure); `nil` otherwise, and always strictly.
    private mutating func inferFromThemeGroup(_ value: JSONValue) -> ResolvedToken? {
        guard !options.strict, let written = stack.last?.segments.first else { return nil }
        let group = ThemeGroupNames.synonyms[written] ?? written
        for type in ThemeGroupNames.inferredTypes[group] ?? [] {
            let before = pending
            do {
                let decoded = try decodeLiteral(value, as: type)
                try depart(.typeFromGroup(written, type))
                return ResolvedToken(type: type, value: decoded)
            } catch {
                pending = before
            }
        }
        return nil
    }

    // MARK: - References

    /// The reference text when `json` is a whole-value reference.
    func referenceText(_ json: JSONValue) -> String? {
        switch json {
        case .string(let text) where DTCGReference.isCurly(text): return text
        case .object(let object) where object["$ref"] != nil && object.count == 1:
            return object["$ref"]?.stringValue ?? "$ref"
        default: return nil
        }
    }

    /// Where a reference leads, without resolving anything.
    enum Located {
        /// A whole token.
        case token(TokenPath)
        /// A place inside a token's resolved `$value`.
        case tokenValue(TokenPath, [String])
        /// Raw JSON of the tree (a part of a token object other than its value).
        case json(JSONValue)
    }

    /// Follows a reference to what it names, resolving the token it reaches.
    mutating func follow(_ reference: String, expected: TokenType?) throws -> Target {
        let located = try cachedLocate(reference)
        if !options.strict, DTCGReference.unpadded(reference) != nil, let user = stack.last,
            paddedReferenceUses[user] == nil
        {
            // `{ a.b }` read as `{a.b}`: reported once per file (DTCGDocument counts).
            paddedReferenceUses[user] = reference
        }
        // The segments as written, without the padding a padded reference carries.
        let written = DTCGReference.curlySegments(DTCGReference.unpadded(reference) ?? reference)
        switch located {
        case .token(let path):
            if !options.strict, let token = raw[path], let name = token.extensionType,
                DTCGDeparture.rawTypes.contains(name.lowercased()), referenceText(token.value) == nil
            {
                // A Tokens Studio `text` or `other` token: its raw value, for the slot to read.
                try depart(.rawTypeValue(reference, type: name))
                return .json(token.value)
            }
            if !options.strict, reference.hasPrefix("{"),
                path.segments.count < written.count,
                let user = stack.last, valueSuffixUses[user] == nil
            {
                // `{a.b.value}` read as `{a.b}`: reported once per file (DTCGDocument counts).
                valueSuffixUses[user] = reference
            }
            if path.segments.last == "$root", reference.hasPrefix("{"), written.last != "$root" {
                try depart(.groupReference(reference))
            }
            return .token(try dependency(path))
        case .tokenValue(let path, let rest):
            let target = try dependency(path)
            return .json(try navigate(target.value.json, rest, reference))
        case .json(let json): return .json(json)
        }
    }

    /// ``locate(_:)``, once per reference text.
    mutating func cachedLocate(_ reference: String) throws -> Located {
        if let known = locations[reference] { return try known.get() }
        // Untyped: typed throws crash Swift 6.3's SIL generation for iOS.
        let result: Result<Located, ResolutionFailure>
        do {
            result = .success(try locate(reference))
        } catch let failure as ResolutionFailure {
            result = .failure(failure)
        } catch {
            result = .failure(ResolutionFailure(.invalidReference(reference)))
        }
        locations[reference] = result
        return try result.get()
    }

    /// Parses and navigates a reference on the tree.
    func locate(_ reference: String) throws -> Located {
        if !options.strict, let unpadded = DTCGReference.unpadded(reference) { return try locate(unpadded) }
        if !options.strict, let token = valueSuffixTarget(reference) { return .token(token) }
        if reference.hasPrefix("{") {
            guard DTCGReference.isValidCurly(reference) else {
                throw ResolutionFailure(.invalidReference(reference))
            }
            let segments = DTCGReference.curlySegments(reference)
            var node = root
            var path = TokenPath([])
            for (index, segment) in segments.enumerated() {
                guard case .object(let child)? = node[segment] else {
                    throw ResolutionFailure(.unresolvableReference(reference))
                }
                path = path.appending(segment)
                if child["$value"] != nil {
                    if index == segments.count - 1 { return .token(path) }
                    // A token with children (kept when reading leniently): on into a child.
                    let next = segments[index + 1]
                    guard !options.strict, !next.hasPrefix("$"), case .object? = child[next] else {
                        throw ResolutionFailure(.referenceIntoValue(reference))
                    }
                }
                node = child
            }
            // `{color.accent}` for `{color.accent.$root}`: a departure, read leniently.
            if !options.strict, case .object(let base)? = node["$root"], base["$value"] != nil {
                return .token(path.appending("$root"))
            }
            throw ResolutionFailure(.referenceToGroup(reference))
        }
        guard let segments = DTCGReference.pointerSegments(reference) else {
            throw ResolutionFailure(.invalidReference(reference))
        }
        var node = root
        var path = TokenPath([])
        for (index, segment) in segments.enumerated() {
            guard let child = node[segment] else {
                throw ResolutionFailure(.unresolvableReference(reference))
            }
            guard case .object(let object) = child, !(segment.hasPrefix("$") && segment != "$root") else {
                return .json(try navigate(child, Array(segments[(index + 1)...]), reference))
            }
            path = path.appending(segment)
            if object["$value"] != nil {
                let rest = Array(segments[(index + 1)...])
                if rest.isEmpty { return .token(path) }
                if rest[0] == "$value" { return .tokenValue(path, Array(rest.dropFirst())) }
                if !options.strict, !rest[0].hasPrefix("$"), case .object? = object[rest[0]] {
                    // A token with children (kept when reading leniently): on into a child.
                    node = object
                    continue
                }
                return .json(try navigate(.object(object), rest, reference))
            }
            node = object
        }
        throw ResolutionFailure(.referenceToGroup(reference))
    }

    /// The token a Style Dictionary reference `{a.b.value}` (v3) or `{a.b.$value}` (v4) names
    /// when `a.b` is a token and `a.b.value` is not itself one: read leniently as `{a.b}`.
    func valueSuffixTarget(_ reference: String) -> TokenPath? {
        guard DTCGReference.isCurly(reference) else { return nil }
        var segments = DTCGReference.curlySegments(reference)
        guard segments.count >= 2, segments.last == "value" || segments.last == "$value" else { return nil }
        segments.removeLast()
        guard segments.allSatisfy(DTCGReference.isValidName) else { return nil }
        var node = root
        for (index, segment) in segments.enumerated() {
            guard case .object(let child)? = node[segment] else { return nil }
            if index == segments.count - 1 {
                guard child["$value"] != nil else { return nil }
                // `a.b.value` is a token of its own (a child named `value`): not this form.
                if case .object(let named)? = child["value"], named["$value"] != nil { return nil }
                return TokenPath(segments)
            }
            node = child
        }
        return nil
    }

    private func navigate(_ json: JSONValue, _ segments: [String], _ reference: String)
        throws
        -> JSONValue
    {
        var current = json
        for segment in segments {
            switch current {
            case .object(let object):
                guard let next = object[segment] else {
                    throw ResolutionFailure(.unresolvableReference(reference))
                }
                current = next
            case .array(let array):
                guard let index = Int(segment), segment.allSatisfy(\.isASCII), array.indices.contains(index)
                else {
                    throw ResolutionFailure(.unresolvableReference(reference))
                }
                current = array[index]
            default:
                throw ResolutionFailure(.unresolvableReference(reference))
            }
        }
        return current
    }

    /// Warns, on the token being resolved, that an array element names an array token.
    mutating func noteArrayReferenceToArray(_ reference: String) {
        guard let path = stack.last else { return }
        issues.append(DTCGIssue(path: path, kind: .arrayReferenceToArray(reference)))
    }

    /// The resolved token at `path`, which the iterative walk resolved first; one still being
    /// resolved closes a cycle.
    private mutating func dependency(_ path: TokenPath) throws -> ResolvedToken {
        switch state[path] {
        case .done?:
            if let token = resolved[path] { return token }
        case .resolving?:
            let start = stack.firstIndex(of: path) ?? 0
            let members = Array(stack[start...])
            let cycle = members + [path]
            let isNew = !members.allSatisfy(cycleMembers.contains)
            cycleMembers.formUnion(members)
            if isNew { issues.append(DTCGIssue(path: path, kind: .circularReference(cycle))) }
            throw ResolutionFailure(.circularReference(cycle))
        case .skipped?:
            throw skip(.dependsOnSkipped(path))
        case .failed?, nil:
            // `nil`: a token the dependency scan did not find; it is a superset, so only a
            // path without a token gets here, and that is invalid.
            break
        }
        throw ResolutionFailure(.dependsOnInvalidToken(path))
    }
}
