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
    private var state: [TokenPath: State] = [:]
    private var stack: [TokenPath] = []
    private var cycleMembers: Set<TokenPath> = []

    init(root: JSONObject, raw: [TokenPath: RawToken], options: DTCGOptions) {
        self.root = root
        self.raw = raw
        self.options = options
    }

    mutating func resolveAll() {
        for path in raw.keys.sorted() { _ = resolve(path) }
    }

    private mutating func resolve(_ path: TokenPath) -> ResolvedToken? {
        switch state[path] {
        case .done: return resolved[path]
        case .failed, .resolving: return nil
        case nil: break
        }
        guard let token = raw[path], !token.hasInvalidType else {
            state[path] = .failed
            return nil
        }
        state[path] = .resolving
        stack.append(path)
        defer { stack.removeLast() }
        do {
            let result = try evaluate(token)
            state[path] = .done
            resolved[path] = result
            return result
        } catch {
            state[path] = .failed
            let kind = (error as? ResolutionFailure)?.kind ?? .invalidValue("\(error)")
            if !cycleMembers.contains(path) { issues.append(DTCGIssue(path: path, kind: kind)) }
            return nil
        }
    }

    private mutating func evaluate(_ token: RawToken) throws -> ResolvedToken {
        if let reference = referenceText(token.value) {
            switch try follow(reference, expected: token.declaredType) {
            case .token(let target):
                if let declared = token.declaredType, declared != target.type {
                    throw ResolutionFailure(
                        .typeMismatch(expected: declared, found: target.type, reference: reference))
                }
                return target
            case .json(let json):
                guard let type = token.declaredType ?? token.inheritedType else {
                    throw ResolutionFailure(.missingType)
                }
                return ResolvedToken(type: type, value: try decodeLiteral(json, as: type))
            }
        }
        guard let type = token.declaredType ?? token.inheritedType else {
            throw ResolutionFailure(.missingType)
        }
        return ResolvedToken(type: type, value: try decode(token.value, as: type))
    }

    // MARK: - References

    /// The reference text when `json` is a whole-value reference.
    func referenceText(_ json: JSONValue) -> String? {
        switch json {
        case .string(let text) where text.hasPrefix("{") && text.hasSuffix("}"): return text
        case .object(let object) where object["$ref"] != nil && object.count == 1:
            return object["$ref"]?.stringValue ?? "$ref"
        default: return nil
        }
    }

    mutating func follow(_ reference: String, expected: TokenType?) throws
        -> Target
    {
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
                    guard index == segments.count - 1 else {
                        throw ResolutionFailure(.referenceIntoValue(reference))
                    }
                    return .token(try dependency(path))
                }
                node = child
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
                if rest.isEmpty { return .token(try dependency(path)) }
                if rest[0] == "$value" {
                    let target = try dependency(path)
                    return .json(try navigate(target.value.json, Array(rest.dropFirst()), reference))
                }
                return .json(try navigate(.object(object), rest, reference))
            }
            node = object
        }
        throw ResolutionFailure(.referenceToGroup(reference))
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

    private mutating func dependency(_ path: TokenPath) throws -> ResolvedToken {
        if state[path] == .resolving, let start = stack.firstIndex(of: path) {
            let members = Array(stack[start...])
            let cycle = members + [path]
            let isNew = !members.allSatisfy(cycleMembers.contains)
            cycleMembers.formUnion(members)
            if isNew { issues.append(DTCGIssue(path: path, kind: .circularReference(cycle))) }
            throw ResolutionFailure(.circularReference(cycle))
        }
        if let resolved = resolve(path) { return resolved }
        throw ResolutionFailure(.dependsOnInvalidToken(path))
    }
}
