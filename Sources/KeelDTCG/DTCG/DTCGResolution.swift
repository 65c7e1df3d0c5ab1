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

    /// Resolves every token. Iterative: a depth-first walk over the references each value
    /// contains, with an explicit stack, evaluates every token after the tokens it names, so
    /// evaluating one never recurses into another and no input can exhaust the call stack.
    mutating func resolveAll() {
        for path in raw.keys.sorted() where state[path] == nil { resolveIteratively(path) }
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
        do {
            let result = try evaluate(token)
            state[path] = .done
            resolved[path] = result
        } catch {
            state[path] = .failed
            let kind = (error as? ResolutionFailure)?.kind ?? .invalidValue("\(error)")
            if !cycleMembers.contains(path) { issues.append(DTCGIssue(path: path, kind: kind)) }
        }
    }

    /// The tokens `path`'s value names (curly references and `$ref` pointers at any depth):
    /// a superset of those evaluation follows.
    private func dependencies(of path: TokenPath) -> [TokenPath] {
        guard let token = raw[path] else { return [] }
        var result: [TokenPath] = []
        var seen: Set<TokenPath> = []
        var pending = [token.value]
        while let value = pending.popLast() {
            var reference: String?
            switch value {
            case .string(let text) where DTCGReference.isCurly(text): reference = text
            case .array(let elements): pending += elements
            case .object(let object):
                if let pointer = object["$ref"]?.stringValue { reference = pointer }
                pending += object.pairs.map(\.value)
            default: break
            }
            guard let reference, let located = try? locate(reference) else { continue }
            switch located {
            case .token(let target), .tokenValue(let target, _):
                if seen.insert(target).inserted { result.append(target) }
            case .json: break
            }
        }
        return result
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
        switch try locate(reference) {
        case .token(let path): return .token(try dependency(path))
        case .tokenValue(let path, let rest):
            let target = try dependency(path)
            return .json(try navigate(target.value.json, rest, reference))
        case .json(let json): return .json(json)
        }
    }

    /// Parses and navigates a reference on the tree.
    func locate(_ reference: String) throws -> Located {
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
                    return .token(path)
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
                if rest.isEmpty { return .token(path) }
                if rest[0] == "$value" { return .tokenValue(path, Array(rest.dropFirst())) }
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
        case .failed?, nil:
            // `nil`: a token the dependency scan did not find; it is a superset, so only a
            // path without a token gets here, and that is invalid.
            break
        }
        throw ResolutionFailure(.dependsOnInvalidToken(path))
    }
}
