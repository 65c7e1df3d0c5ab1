import KeelDesign
import KeelSupport

/// Applies `$extends`: a deep copy of the target group under the local members, local tokens
/// replacing inherited ones whole.
///
/// Each group's expansion is computed once and shared by every group that extends it
/// (memoised), in an order found by a depth-first walk with an explicit stack, so neither a
/// long chain of `$extends` nor a file that extends shared groups over and over ("billion
/// laughs") can exhaust the stack or the time. The JSON values an expansion adds to the
/// document are bounded by a budget; a group whose expansion would pass it is left
/// unexpanded with an ``DTCGIssue/Kind/expansionTooLarge(limit:)`` issue.
struct ExtendsExpander {
    /// One group's expansion and its size in JSON values.
    private struct Expansion {
        var group: JSONObject
        var size: Int
    }

    private enum Visit {
        case visiting
        case done
    }

    private struct Frame {
        var path: TokenPath
        var dependencies: [TokenPath]
        /// The index in `dependencies` of the `$extends` target, if any (always the last).
        var targetIndex: Int?
        var next = 0
    }

    let root: JSONObject
    let budget: Int
    private(set) var issues: [DTCGIssue] = []
    /// `$extends` targets by extending group (`nil`: invalid, already reported).
    private var targets: [TokenPath: TokenPath?] = [:]
    /// Groups whose `$extends` closes a cycle (reported; they inherit nothing).
    private var broken: Set<TokenPath> = []
    private var memo: [TokenPath: Expansion] = [:]
    private var visits: [TokenPath: Visit] = [:]
    private var reported: Set<DTCGIssue> = []

    init(root: JSONObject, budget: Int) {
        self.root = root
        self.budget = budget
    }

    /// The document with every `$extends` applied.
    mutating func expandDocument() -> JSONObject {
        collectExtends()
        guard !targets.isEmpty else { return root }
        compute(TokenPath([]))
        return memo[TokenPath([])]?.group ?? root
    }

    // MARK: - The graph

    private static func isGroupMember(_ key: String, _ value: JSONValue) -> JSONObject? {
        guard !(key.hasPrefix("$") && key != "$root"), case .object(let child) = value, child["$value"] == nil
        else { return nil }
        return child
    }

    /// Finds every group with `$extends` and its target (iteratively).
    private mutating func collectExtends() {
        var pending: [(TokenPath, JSONObject)] = [(TokenPath([]), root)]
        while let (path, group) = pending.popLast() {
            if let extends = group["$extends"] {
                targets[path] = target(of: extends, at: path)
            } else if let pointer = group["$ref"], isGroupReference(pointer) {
                // `$ref` to a group is the JSON Schema spelling of `$extends`.
                targets[path] = target(of: .object(JSONObject([("$ref", pointer)])), at: path)
            }
            for (key, value) in group.pairs {
                if let child = ExtendsExpander.isGroupMember(key, value) {
                    pending.append((path.appending(key), child))
                }
            }
        }
    }

    /// Whether a group's `$ref` points at a group (else it is a token alias or an error the
    /// walk into tokens reports).
    private func isGroupReference(_ pointer: JSONValue) -> Bool {
        guard let text = pointer.stringValue, let segments = DTCGReference.pointerSegments(text),
            case .object(let target)? = DTCGReference.navigate(.object(root), segments)
        else { return false }
        return target["$value"] == nil
    }

    private mutating func target(of extends: JSONValue, at path: TokenPath) -> TokenPath? {
        let targetPath: TokenPath
        switch extends {
        case .string(let text) where DTCGReference.isCurly(text):
            targetPath = TokenPath(DTCGReference.curlySegments(text))
        case .object(let object):
            guard let pointer = object["$ref"]?.stringValue,
                let segments = DTCGReference.pointerSegments(pointer)
            else {
                report(
                    DTCGIssue(path: path, kind: .invalidExtends("expected {group.path} or a $ref pointer")))
                return nil
            }
            targetPath = TokenPath(segments)
        default:
            report(
                DTCGIssue(
                    path: path, kind: .invalidExtends("expected {group.path}, found \(extends.kindName)")))
            return nil
        }
        if targetPath.segments.starts(with: path.segments) || path.segments.starts(with: targetPath.segments)
        {
            report(DTCGIssue(path: path, kind: .circularExtends([path, targetPath])))
            return nil
        }
        guard let node = DTCGReference.navigate(.object(root), targetPath.segments) else {
            report(DTCGIssue(path: path, kind: .invalidExtends("'\(targetPath)' does not exist")))
            return nil
        }
        guard case .object(let target) = node, target["$value"] == nil else {
            report(DTCGIssue(path: path, kind: .invalidExtends("'\(targetPath)' is not a group")))
            return nil
        }
        return targetPath
    }

    private func rawGroup(_ path: TokenPath) -> JSONObject? {
        DTCGReference.navigate(.object(root), path.segments)?.objectValue
    }

    /// The extending groups strictly inside `path` with no extending group between.
    private func topmostExtending(in path: TokenPath) -> [TokenPath] {
        guard let group = rawGroup(path) else { return [] }
        var result: [TokenPath] = []
        var pending: [(TokenPath, JSONObject)] = [(path, group)]
        while let (current, object) = pending.popLast() {
            for (key, value) in object.pairs {
                guard let child = ExtendsExpander.isGroupMember(key, value) else { continue }
                let childPath = current.appending(key)
                if targets[childPath] != nil {
                    result.append(childPath)
                } else {
                    pending.append((childPath, child))
                }
            }
        }
        return result
    }

    private func frame(_ path: TokenPath) -> Frame {
        var dependencies = topmostExtending(in: path)
        var targetIndex: Int?
        if case .some(.some(let target)) = targets[path] {
            targetIndex = dependencies.count
            dependencies.append(target)
        }
        return Frame(path: path, dependencies: dependencies, targetIndex: targetIndex)
    }

    /// Computes the expansion of `start` and everything it needs, dependencies first.
    private mutating func compute(_ start: TokenPath) {
        var frames = [frame(start)]
        visits[start] = .visiting
        while !frames.isEmpty {
            let top = frames.count - 1
            guard frames[top].next < frames[top].dependencies.count else {
                let done = frames.removeLast()
                memo[done.path] = expansion(of: done.path)
                visits[done.path] = .done
                continue
            }
            let next = frames[top].next
            let dependency = frames[top].dependencies[next]
            frames[top].next += 1
            switch visits[dependency] {
            case .done?: continue
            case nil:
                visits[dependency] = .visiting
                frames.append(frame(dependency))
            case .visiting?:
                // A cycle: break it at the `$extends` nearest the top of the walk (one exists,
                // since containment alone only leads down), and walk again from there.
                let start = frames.lastIndex { $0.path == dependency } ?? 0
                var cut = top
                while cut > start, frames[cut].targetIndex != frames[cut].next - 1 { cut -= 1 }
                let cycle = frames[start...].map(\.path) + [dependency]
                report(DTCGIssue(path: frames[cut].path, kind: .circularExtends(cycle)))
                broken.insert(frames[cut].path)
                for abandoned in frames[(cut + 1)...] { visits[abandoned.path] = nil }
                frames.removeSubrange((cut + 1)...)
            }
        }
    }

    // MARK: - Expansions

    /// The expansion of the group at `path`; everything it needs is in `memo`.
    private mutating func expansion(of path: TokenPath) -> Expansion {
        guard let group = rawGroup(path) else { return Expansion(group: JSONObject(), size: 1) }
        var added = 0
        var local = materialize(group, path: path, added: &added)
        guard let target = targets[path] else { return Expansion(group: local.group, size: local.size) }
        for key in ["$extends", "$ref"] {
            guard let extends = local.group[key] else { continue }
            local.group[key] = nil
            local.size -= ExtendsExpander.count(extends)
        }
        guard let target, !broken.contains(path), let base = memo[target] else {
            return Expansion(group: local.group, size: local.size)
        }
        let (total, overflow) = added.addingReportingOverflow(base.size)
        if overflow || total > budget {
            report(DTCGIssue(path: path, kind: .expansionTooLarge(limit: budget)))
            return Expansion(group: local.group, size: local.size)
        }
        // The two root objects merge into one; members of both count once each (a bound).
        let size = local.size.addingReportingOverflow(base.size - 1)
        return Expansion(
            group: overlay(base.group, local.group), size: size.overflow ? Int.max : size.partialValue)
    }

    /// `group` with every extending group inside replaced by its expansion; `added` counts
    /// the JSON values those add, each kept only while the total stays within the budget.
    private mutating func materialize(_ group: JSONObject, path: TokenPath, added: inout Int) -> Expansion {
        var result = group
        var size = 1
        for (key, value) in group.pairs {
            guard let child = ExtendsExpander.isGroupMember(key, value) else {
                size = size.addingReportingOverflow(ExtendsExpander.count(value)).partialValue
                continue
            }
            let childPath = path.appending(key)
            if targets[childPath] != nil, let expanded = memo[childPath] {
                let childRaw = ExtendsExpander.count(value)
                let extra = max(0, expanded.size - childRaw)
                let (total, overflow) = added.addingReportingOverflow(extra)
                if !overflow, total <= budget {
                    added = total
                    result[key] = .object(expanded.group)
                    size = size.addingReportingOverflow(expanded.size).partialValue
                } else {
                    report(DTCGIssue(path: childPath, kind: .expansionTooLarge(limit: budget)))
                    size = size.addingReportingOverflow(childRaw).partialValue
                }
            } else {
                // Nesting is bounded by the parser's depth limit.
                let expanded = materialize(child, path: childPath, added: &added)
                result[key] = .object(expanded.group)
                size = size.addingReportingOverflow(expanded.size).partialValue
            }
        }
        return Expansion(group: result, size: size)
    }

    /// The number of JSON values in `value` (iterative).
    static func count(_ value: JSONValue) -> Int {
        var total = 0
        var pending = [value]
        while let next = pending.popLast() {
            total += 1
            switch next {
            case .array(let elements): pending += elements
            case .object(let object): pending += object.pairs.map(\.value)
            default: break
            }
        }
        return total
    }

    /// `local` over `base`: groups merge member by member, a local token replaces the
    /// inherited one whole. Nesting is bounded by the parser's depth limit.
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

    private mutating func report(_ issue: DTCGIssue) {
        if reported.insert(issue).inserted { issues.append(issue) }
    }
}
