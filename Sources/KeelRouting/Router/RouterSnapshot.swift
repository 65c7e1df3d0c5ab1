/// Everything the router knows about one registered route.
struct RouteRecord: Sendable {
    let info: RouteInfo
    let pattern: RoutePattern
    /// One entry per optional-group variant.
    let entries: [RouteEntry]
    /// The conflict keys of the variants.
    let shapes: [String]
}

/// The router's whole state as one value. Readers copy it under the lock (a few retains) and
/// then match without any lock; writers mutate it in place under the lock, and copy-on-write
/// leaves every reader's copy untouched.
struct RouterSnapshot: Sendable {
    /// Tries per scheme; `""` holds the routes of every scheme.
    var tables: [String: TrieNode] = [:]
    var records: [RouteID: RouteRecord] = [:]
    var shapes: [String: RouteID] = [:]
    var converters: [ParameterType: ParameterConverter] = BuiltInConverters.all
    var nextID: UInt64 = 1
    var schemeFallbacks: [String: RouteHandler] = [:]
    var globalFallback: RouteHandler?
    var middleware: [RouteMiddleware] = []
    var fallbackToGlobalRoutes = true

    static func shape(scheme: String?, _ segments: [PatternSegment]) -> String {
        (scheme ?? "") + "://" + segments.map(\.shape).joined(separator: "/")
    }

    // MARK: Writing

    mutating func add(
        pattern: RoutePattern, priority: Int, owner: String?, replace: Bool, timeout: Duration?,
        external: Bool = false, handler: @escaping RouteHandler
    ) throws -> RouteID {
        for element in pattern.elements {
            if case .typed(let type, _) = element.segment, converters[type] == nil {
                throw RouteError.invalidPattern(
                    RoutePatternError(
                        pattern: pattern.text, offset: element.offset, reason: .unknownType(type.rawValue)))
            }
        }
        let variants = pattern.variants
        let shapeKeys = variants.map { Self.shape(scheme: pattern.scheme, $0) }
        let displaced = Set(shapeKeys.compactMap { shapes[$0] })
        if let existing = displaced.min(by: <), !replace, let record = records[existing] {
            throw RouteError.conflict(existing: record.info.pattern, new: pattern.text)
        }
        for id in displaced.sorted(by: <) { remove(id) }
        let id = RouteID(rawValue: nextID)
        nextID += 1
        let info = RouteInfo(
            id: id, pattern: pattern.text, scheme: pattern.scheme, priority: priority, owner: owner,
            isExternal: external)
        let entries = variants.map {
            RouteEntry(info: info, segments: $0, handler: handler, timeout: timeout)
        }
        let table = pattern.scheme ?? ""
        for entry in entries {
            _ = tables[table, default: TrieNode()].insert(
                entry, segments: entry.segments[...], converters: converters)
        }
        for key in shapeKeys { shapes[key] = id }
        records[id] = RouteRecord(info: info, pattern: pattern, entries: entries, shapes: shapeKeys)
        return id
    }

    @discardableResult
    mutating func remove(_ id: RouteID) -> Bool {
        guard let record = records.removeValue(forKey: id) else { return false }
        let table = record.info.scheme ?? ""
        for entry in record.entries {
            tables[table]?.remove(id, segments: entry.segments[...])
        }
        if tables[table]?.isEmpty == true { tables[table] = nil }
        for key in record.shapes where shapes[key] == id { shapes[key] = nil }
        return true
    }

    // MARK: Reading

    /// Every matching route, best first; `fallback` overrides ``fallbackToGlobalRoutes``.
    func candidates(for url: RouteURL, fallback: Bool? = nil) -> [TrieCandidate] {
        var output: [TrieCandidate] = []
        collect(url, fallback: fallback ?? fallbackToGlobalRoutes, into: &output)
        if output.count > 1 { output.sort(by: TrieCandidate.precedes) }
        return output
    }

    /// The best matching route.
    func best(for url: RouteURL) -> TrieCandidate? {
        var output: [TrieCandidate] = []
        collect(url, fallback: fallbackToGlobalRoutes, into: &output)
        if output.count <= 1 { return output.first }
        return output.min(by: TrieCandidate.precedes)
    }

    private func collect(_ url: RouteURL, fallback: Bool, into output: inout [TrieCandidate]) {
        var values: [ParameterValue] = []
        var positions: [Int] = []
        if let scheme = url.scheme, let node = tables[scheme] {
            node.collect(url.segments, 0, &values, &positions, 0, table: 0, into: &output)
        }
        if url.scheme == nil || fallback, let node = tables[""] {
            node.collect(url.segments, 0, &values, &positions, 0, table: 1, into: &output)
        }
    }

    func match(_ candidate: TrieCandidate, url: RouteURL) -> RouteMatch {
        var parameters: [String: ParameterValue] = [:]
        parameters.reserveCapacity(candidate.values.count)
        // Each single-segment value's text as sent: `<uuid:id>` read into a `String` used to get
        // the re-printed value (a lowercase UUID uppercased, `007` as `7`).
        var raw: [String: String] = [:]
        for (index, (name, value)) in zip(candidate.entry.names, candidate.values).enumerated() {
            parameters[name] = value
            if case .path = value { continue }
            let position = candidate.positions[index]
            if position < url.segments.count { raw[name] = url.segments[position] }
        }
        return RouteMatch(
            route: candidate.entry.info, parameters: RouteParameters(parameters, raw: raw), url: url)
    }

    /// Every route of the URL's scheme (and the global ones) with its verdict: the linear,
    /// diagnostic twin of ``candidates(for:)``.
    ///
    /// With `externalOnly`, only external routes are considered and ``ExternalURLPolicy``'s
    /// fallback setting applies.
    func explain(_ url: RouteURL, externalOnly: Bool = false, fallback: Bool? = nil) -> [RouteExplanation
        .Entry]
    {
        let fallbackToGlobalRoutes = fallback ?? self.fallbackToGlobalRoutes
        let ranked = candidates(for: url, fallback: fallbackToGlobalRoutes).map(\.entry.info.id)
        var seen = Set<RouteID>()
        var accepted: [RouteExplanation.Entry] = []
        for id in ranked where seen.insert(id).inserted {
            guard let record = records[id], record.info.isExternal || !externalOnly else { continue }
            accepted.append(.init(route: record.info, verdict: .accepted(rank: accepted.count)))
        }
        var rejected: [(depth: Int, entry: RouteExplanation.Entry)] = []
        for record in records.values
        where !seen.contains(record.info.id) && (record.info.isExternal || !externalOnly) {
            let inScheme = record.info.scheme == url.scheme && url.scheme != nil
            let global = record.info.scheme == nil && (url.scheme == nil || fallbackToGlobalRoutes)
            guard inScheme || global else { continue }
            var best: (reason: RejectionReason, depth: Int)?
            for entry in record.entries {
                guard let verdict = reject(entry.segments, url.segments) else { continue }
                if best == nil || verdict.depth > best!.depth { best = verdict }
            }
            if let best {
                rejected.append(
                    (
                        best.depth,
                        .init(route: record.info, verdict: .rejected(best.reason, depth: best.depth))
                    ))
            }
        }
        rejected.sort { lhs, rhs in
            lhs.depth != rhs.depth ? lhs.depth > rhs.depth : lhs.entry.route.id < rhs.entry.route.id
        }
        return accepted + rejected.map(\.entry)
    }

    /// Why `pattern` does not match `segments`, or `nil` when it does.
    private func reject(_ pattern: [PatternSegment], _ segments: [String]) -> (
        reason: RejectionReason, depth: Int
    )? {
        for (position, segment) in pattern.enumerated() {
            guard position < segments.count else { return (.missingSegment(position: position), position) }
            let text = segments[position]
            switch segment {
            case .literal(let expected):
                if expected != text {
                    return (.literalMismatch(position: position, expected: expected, found: text), position)
                }
            case .typed(let type, _):
                if converters[type]?(text) == nil {
                    return (.conversionFailed(position: position, type: type, value: text), position)
                }
            case .untyped, .wildcard:
                continue
            case .catchAll:
                return nil
            }
        }
        if segments.count > pattern.count {
            return (
                .extraSegments(position: pattern.count, segments: Array(segments[pattern.count...])),
                pattern.count
            )
        }
        return nil
    }
}
