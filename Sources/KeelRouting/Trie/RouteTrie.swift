/// A registered route variant as stored in the trie: immutable, shared by snapshots.
final class RouteEntry: Sendable {
    let info: RouteInfo
    let segments: [PatternSegment]
    /// The captured names, in segment order (wildcards capture nothing).
    let names: [String]
    let handler: RouteHandler
    let timeout: Duration?

    init(info: RouteInfo, segments: [PatternSegment], handler: @escaping RouteHandler, timeout: Duration?) {
        self.info = info
        self.segments = segments
        self.names = segments.compactMap(\.parameterName)
        self.handler = handler
        self.timeout = timeout
    }
}

/// A route handler as the router stores it.
typealias RouteHandler = @Sendable (RouteRequest) async throws -> RouteOutcome

/// An edge for a non-literal segment kind, with its converter resolved at registration.
struct TrieEdge: Sendable {
    /// The segment with its name erased (`untyped(name: "")` etc.): equal kinds share an edge.
    let kind: PatternSegment
    let rank: UInt8
    let convert: ParameterConverter?
    var child: TrieNode
}

/// One node of the segment trie. A value type: writers mutate a copy-on-write copy under
/// the router's lock while readers keep walking the snapshot they took.
struct TrieNode: Sendable {
    var literals: [String: TrieNode] = [:]
    /// Sorted by rank, then type name: the order candidates are tried in.
    var edges: [TrieEdge] = []
    var terminal: RouteEntry?

    var isEmpty: Bool { literals.isEmpty && edges.isEmpty && terminal == nil }

    /// Inserts `entry` along `segments[index...]`; returns the entry it displaced, if any.
    mutating func insert(
        _ entry: RouteEntry, segments: ArraySlice<PatternSegment>,
        converters: [ParameterType: ParameterConverter]
    ) -> RouteEntry? {
        guard let segment = segments.first else {
            defer { terminal = entry }
            return terminal
        }
        let rest = segments.dropFirst()
        if case .literal(let text) = segment {
            return literals[text, default: TrieNode()].insert(entry, segments: rest, converters: converters)
        }
        let kind = Self.erased(segment)
        if let index = edges.firstIndex(where: { $0.kind == kind }) {
            return edges[index].child.insert(entry, segments: rest, converters: converters)
        }
        var convert: ParameterConverter?
        if case .typed(let type, _) = segment { convert = converters[type] }
        var edge = TrieEdge(kind: kind, rank: segment.rank, convert: convert, child: TrieNode())
        let displaced = edge.child.insert(entry, segments: rest, converters: converters)
        edges.append(edge)
        edges.sort { lhs, rhs in
            lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.kind.description < rhs.kind.description
        }
        return displaced
    }

    /// Removes the terminal for `id` along `segments`, pruning empty nodes.
    mutating func remove(_ id: RouteID, segments: ArraySlice<PatternSegment>) {
        guard let segment = segments.first else {
            if terminal?.info.id == id { terminal = nil }
            return
        }
        let rest = segments.dropFirst()
        if case .literal(let text) = segment {
            literals[text]?.remove(id, segments: rest)
            if literals[text]?.isEmpty == true { literals[text] = nil }
            return
        }
        let kind = Self.erased(segment)
        guard let index = edges.firstIndex(where: { $0.kind == kind }) else { return }
        edges[index].child.remove(id, segments: rest)
        if edges[index].child.isEmpty { edges.remove(at: index) }
    }

    static func erased(_ segment: PatternSegment) -> PatternSegment {
        switch segment {
        case .literal, .wildcard: return segment
        case .typed(let type, _): return .typed(type, name: "")
        case .untyped: return .untyped(name: "")
        case .catchAll: return .catchAll(name: "")
        }
    }
}

/// A full match found in the trie, before names are attached.
struct TrieCandidate {
    let entry: RouteEntry
    let values: [ParameterValue]
    /// The index of the URL segment each value was converted from (a catch-all's first).
    let positions: [Int]
    /// The per-segment ranks packed 4 bits each, first segment in the top bits: comparing
    /// keys compares rank sequences left to right.
    let rankKey: UInt64
    /// The ranks of segments 17 and later (a literal is 0), empty for shallower matches: they
    /// used to be dropped, so registration order decided between deep routes.
    var deepRanks: [UInt8] = []
    /// 0 for the URL's scheme table, 1 for the global table.
    let table: Int

    /// Precedence: table, ranks left to right, priority (higher first), registration order.
    static func precedes(_ lhs: TrieCandidate, _ rhs: TrieCandidate) -> Bool {
        if lhs.table != rhs.table { return lhs.table < rhs.table }
        if lhs.rankKey != rhs.rankKey { return lhs.rankKey < rhs.rankKey }
        if lhs.deepRanks != rhs.deepRanks {
            // A missing rank is a literal's 0, as in the packed key.
            for index in 0..<max(lhs.deepRanks.count, rhs.deepRanks.count) {
                let left = index < lhs.deepRanks.count ? lhs.deepRanks[index] : 0
                let right = index < rhs.deepRanks.count ? rhs.deepRanks[index] : 0
                if left != right { return left < right }
            }
        }
        if lhs.entry.info.priority != rhs.entry.info.priority {
            return lhs.entry.info.priority > rhs.entry.info.priority
        }
        return lhs.entry.info.id < rhs.entry.info.id
    }
}

extension TrieNode {
    /// Collects every route matching `segments[index...]`, backtracking through every
    /// edge whose converter accepts the segment.
    func collect(
        _ segments: [String], _ index: Int, _ values: inout [ParameterValue], _ positions: inout [Int],
        _ key: UInt64, table: Int, deep: [UInt8] = [], into output: inout [TrieCandidate]
    ) {
        if index == segments.count {
            if let terminal {
                output.append(
                    TrieCandidate(
                        entry: terminal, values: values, positions: positions, rankKey: key, deepRanks: deep,
                        table: table))
            }
            return
        }
        let segment = segments[index]
        // Ranks past the 16 that fit in the key go to `deep`, position by position.
        let packed = index < 16
        if let child = literals[segment] {
            child.collect(
                segments, index + 1, &values, &positions, key, table: table, deep: packed ? deep : deep + [0],
                into: &output)
        }
        let shift = UInt64(max(0, 60 - 4 * index))
        for edge in edges {
            let edgeKey = packed ? key | (UInt64(edge.rank) << shift) : key
            let edgeDeep = packed ? deep : deep + [edge.rank]
            switch edge.kind {
            case .typed:
                guard let value = edge.convert?(segment) else { continue }
                values.append(value)
                positions.append(index)
                edge.child.collect(
                    segments, index + 1, &values, &positions, edgeKey, table: table, deep: edgeDeep,
                    into: &output)
                values.removeLast()
                positions.removeLast()
            case .untyped:
                values.append(.string(segment))
                positions.append(index)
                edge.child.collect(
                    segments, index + 1, &values, &positions, edgeKey, table: table, deep: edgeDeep,
                    into: &output)
                values.removeLast()
                positions.removeLast()
            case .wildcard:
                edge.child.collect(
                    segments, index + 1, &values, &positions, edgeKey, table: table, deep: edgeDeep,
                    into: &output)
            case .catchAll:
                guard let terminal = edge.child.terminal else { continue }
                values.append(.path(Array(segments[index...])))
                positions.append(index)
                output.append(
                    TrieCandidate(
                        entry: terminal, values: values, positions: positions, rankKey: edgeKey,
                        deepRanks: edgeDeep, table: table))
                values.removeLast()
                positions.removeLast()
            case .literal:
                continue
            }
        }
    }
}
