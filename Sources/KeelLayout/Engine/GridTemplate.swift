/// One axis of a grid container's explicit grid: its tracks after `repeat()` expansion, the
/// names of its lines, and the tracks an `auto-fit` repetition produced.
///
/// Lines are numbered from zero at the explicit grid's start (CSS line 1 is line 0 here, and
/// line -1 is `tracks.count`); implicit lines before the explicit grid are negative.
struct GridAxisTemplate {
    var tracks: [GridTrackSize] = []
    /// Line indices by name, ascending.
    var lineNames: [String: [Int]] = [:]
    /// The explicit tracks an `auto-fit` repetition generated (collapsed when empty).
    var autoFitTracks: Range<Int>? = nil

    /// An empty template (no explicit tracks).
    init() {}

    /// Expands `entries`; `space` is the content-box size an `auto-fill`/`auto-fit` repetition
    /// fills (`nil`: one repetition), `fillsMinimum` whether that size is a minimum to reach
    /// rather than a maximum not to exceed.
    init(
        entries: [GridTemplateEntry], space: Double?, fillsMinimum: Bool, gap: Double, percentBase: Double?,
        areaTracks: Int
    ) {
        let limit = GridLimits.maximumLines
        var autoRepeatSeen = false
        var pendingNames: [String] = []
        func flushNames(at line: Int) {
            for name in pendingNames { lineNames[name, default: []].append(line) }
            pendingNames.removeAll()
        }
        func fixedSize(_ track: GridTrackSize) -> Double? {
            func resolve(_ length: Length) -> Double? { length.resolve(percentBase).map { max(0, $0) } }
            switch track.maximum {
            case .points(let value): if let size = resolve(.points(value)) { return size }
            case .percent(let value): if let size = resolve(.percent(value)) { return size }
            default: break
            }
            switch track.minimum {
            case .points(let value): return resolve(.points(value))
            case .percent(let value): return resolve(.percent(value))
            default: return nil
            }
        }
        // The number of auto repetitions: as many as fit `space` (or reach it for a minimum).
        var autoCount = 1
        if let space, space.isFinite {
            var otherSize = 0.0
            var otherCount = 0
            var repeatSize = 0.0
            var repeatCount = 0
            var repeatDefinite = true
            var foundAuto = false
            for entry in entries {
                switch entry {
                case .lineNames: break
                case .track(let track):
                    otherSize += fixedSize(track) ?? 0
                    otherCount += 1
                case .repeat(let repetition, let inner):
                    let tracks = inner.compactMap { entry -> GridTrackSize? in
                        if case .track(let track) = entry { return track }
                        return nil
                    }
                    switch repetition {
                    case .count(let count):
                        let times = min(max(1, count), limit)
                        for track in tracks { otherSize += (fixedSize(track) ?? 0) * Double(times) }
                        otherCount += tracks.count * times
                    case .autoFill, .autoFit:
                        if foundAuto {
                            for track in tracks { otherSize += fixedSize(track) ?? 0 }
                            otherCount += tracks.count
                        } else {
                            foundAuto = true
                            repeatCount = tracks.count
                            for track in tracks {
                                if let size = fixedSize(track) {
                                    repeatSize += size
                                } else {
                                    repeatDefinite = false
                                }
                            }
                        }
                    }
                }
            }
            let step = repeatSize + gap * Double(repeatCount)
            if foundAuto, repeatDefinite, repeatCount > 0, step > 0, step.isFinite {
                // total(k) = otherSize + k·repeatSize + gap·(otherCount + k·repeatCount − 1)
                let base = otherSize + gap * Double(max(0, otherCount - 1)) + (otherCount > 0 ? gap : 0)
                let available = space - base + gap
                var count = (available / step).rounded(.down)
                if fillsMinimum, count * step < available { count += 1 }
                let maximum = Double(max(1, (limit - otherCount) / max(1, repeatCount)))
                autoCount = Int(min(max(1, count.isFinite ? count : 1), maximum))
            }
        }
        for entry in entries {
            switch entry {
            case .lineNames(let names):
                pendingNames += names
            case .track(let track):
                guard tracks.count < limit else { break }
                flushNames(at: tracks.count)
                tracks.append(track)
            case .repeat(let repetition, let inner):
                let times: Int
                var isAuto = false
                switch repetition {
                case .count(let count): times = min(max(1, count), limit)
                case .autoFill, .autoFit:
                    times = autoRepeatSeen ? 1 : autoCount
                    isAuto = !autoRepeatSeen
                    autoRepeatSeen = true
                }
                let first = tracks.count
                for _ in 0..<times {
                    for item in inner {
                        switch item {
                        case .lineNames(let names): pendingNames += names
                        case .track(let track):
                            guard tracks.count < limit else { break }
                            flushNames(at: tracks.count)
                            tracks.append(track)
                        case .repeat: break  // nested repeats are invalid CSS: ignored
                        }
                    }
                }
                if isAuto, case .autoFit = repetition { autoFitTracks = first..<tracks.count }
            }
        }
        flushNames(at: tracks.count)
        // Areas may make the explicit grid larger than its template.
        while tracks.count < min(areaTracks, limit) { tracks.append(.auto) }
    }

    /// Adds the implicit `name-start` / `name-end` lines of areas.
    mutating func addAreaLines(_ areas: [(name: String, start: Int, end: Int)]) {
        for area in areas {
            lineNames[area.name + "-start", default: []].append(area.start)
            lineNames[area.name + "-end", default: []].append(area.end)
        }
        for key in lineNames.keys { lineNames[key]?.sort() }
    }

    /// The lines called `name`, or for `name` without any, the area lines `name-start`/`-end`.
    func lines(named name: String, isStart: Bool) -> [Int] {
        if let lines = lineNames[name + (isStart ? "-start" : "-end")], !lines.isEmpty { return lines }
        return lineNames[name] ?? []
    }

    /// The line a definite `line` value gives, or `nil` when it is `auto` or a span.
    func resolve(_ line: GridLine, isStart: Bool) -> Int? {
        let count = tracks.count
        switch line {
        case .auto, .span, .spanNamed: return nil
        case .line(let number):
            if number == 0 { return nil }
            let bounded = min(max(number, -GridLimits.maximumLines), GridLimits.maximumLines)
            let index = bounded > 0 ? bounded - 1 : count + 1 + bounded
            return Self.clampLine(index)
        case .named(let name, let occurrence):
            let lines = lines(named: name, isStart: isStart)
            let wanted =
                occurrence == 0 ? 1 : max(-GridLimits.maximumLines, min(occurrence, GridLimits.maximumLines))
            if wanted > 0 {
                if wanted <= lines.count { return lines[wanted - 1] }
                return Self.clampLine(count + wanted - lines.count)
            }
            let back = -wanted
            if back <= lines.count { return lines[lines.count - back] }
            return Self.clampLine(-(back - lines.count))
        }
    }

    /// The line `span` tracks away from `from` (forwards for an end, backwards for a start).
    func spanLine(_ line: GridLine, from: Int, forward: Bool) -> Int {
        switch line {
        case .spanNamed(let name, let occurrence):
            let wanted = min(max(1, occurrence), GridLimits.maximumLines)
            let lines = lineNames[name] ?? []
            if forward {
                let after = lines.filter { $0 > from }
                if wanted <= after.count { return after[wanted - 1] }
                return Self.clampLine(max(tracks.count, from) + wanted - after.count, span: true)
            }
            let before = lines.filter { $0 < from }
            if wanted <= before.count { return before[before.count - wanted] }
            return Self.clampLine(min(0, from) - (wanted - before.count), span: true)
        default:
            let span = Self.spanCount(line)
            return forward ? from + span : from - span
        }
    }

    /// The number of tracks a span value covers (1 for anything else and for a named span,
    /// whose length depends on where it lands).
    static func spanCount(_ line: GridLine) -> Int {
        if case .span(let count) = line { return min(max(1, count), GridLimits.maximumLines) }
        return 1
    }

    static func isSpan(_ line: GridLine) -> Bool {
        switch line {
        case .span, .spanNamed: return true
        default: return false
        }
    }

    static func clampLine(_ line: Int, span: Bool = false) -> Int {
        let bound = GridLimits.maximumLines * (span ? 2 : 1)
        return min(max(line, -bound), bound)
    }

    /// An item's placement in this axis: a definite `start..<end`, or automatic with a span.
    func placement(start: GridLine, end: GridLine) -> GridAxisPlacement {
        let startLine = resolve(start, isStart: true)
        let endLine = resolve(end, isStart: false)
        switch (startLine, endLine) {
        case (let s?, let e?):
            if s == e { return .definite(s, s + 1) }
            return s < e ? .definite(s, e) : .definite(e, s)
        case (let s?, nil):
            return .definite(s, Self.isSpan(end) ? spanLine(end, from: s, forward: true) : s + 1)
        case (nil, let e?):
            return .definite(Self.isSpan(start) ? spanLine(start, from: e, forward: false) : e - 1, e)
        case (nil, nil):
            return .automatic(Self.isSpan(start) ? Self.spanCount(start) : Self.spanCount(end))
        }
    }
}

/// Where an item sits in one axis before automatic placement.
enum GridAxisPlacement {
    case definite(Int, Int)
    case automatic(Int)
}

/// Named areas from `grid-template-areas` strings.
struct GridAreas {
    var rows = 0
    var columns = 0
    var rowAreas: [(name: String, start: Int, end: Int)] = []
    var columnAreas: [(name: String, start: Int, end: Int)] = []

    /// Parses the strings; rows of different lengths make the whole template invalid (no
    /// areas), and a name whose cells do not form one filled rectangle is dropped.
    init(_ strings: [String]) {
        let grid = strings.prefix(GridLimits.maximumLines).map {
            Array(
                $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).prefix(
                    GridLimits.maximumLines))
        }
        guard let width = grid.first?.count, width > 0, grid.allSatisfy({ $0.count == width }) else { return }
        rows = grid.count
        columns = width
        var bounds: [Substring: (r0: Int, r1: Int, c0: Int, c1: Int, cells: Int)] = [:]
        var order: [Substring] = []
        for (r, row) in grid.enumerated() {
            for (c, name) in row.enumerated() where !name.allSatisfy({ $0 == "." }) {
                if var entry = bounds[name] {
                    entry.r0 = min(entry.r0, r)
                    entry.r1 = max(entry.r1, r + 1)
                    entry.c0 = min(entry.c0, c)
                    entry.c1 = max(entry.c1, c + 1)
                    entry.cells += 1
                    bounds[name] = entry
                } else {
                    bounds[name] = (r, r + 1, c, c + 1, 1)
                    order.append(name)
                }
            }
        }
        for name in order {
            guard let entry = bounds[name], entry.cells == (entry.r1 - entry.r0) * (entry.c1 - entry.c0)
            else {
                continue
            }
            rowAreas.append((String(name), entry.r0, entry.r1))
            columnAreas.append((String(name), entry.c0, entry.c1))
        }
    }
}
