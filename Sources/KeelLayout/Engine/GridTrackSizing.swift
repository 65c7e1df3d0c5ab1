/// A track's sizing functions resolved to points (percentages against a definite size).
enum GridMinimumFunction {
    case fixed(Double)
    case minContent
    case maxContent
    case auto

    var isIntrinsic: Bool {
        if case .fixed = self { return false }
        return true
    }
}

enum GridMaximumFunction {
    case fixed(Double)
    case minContent
    case maxContent
    case auto
    case fitContent(Double)
    case flex(Double)

    var isIntrinsic: Bool {
        switch self {
        case .minContent, .maxContent, .auto, .fitContent: return true
        case .fixed, .flex: return false
        }
    }

    var isMaxContentLike: Bool {
        switch self {
        case .maxContent, .auto: return true
        default: return false
        }
    }

    var flexFactor: Double? {
        if case .flex(let factor) = self { return factor }
        return nil
    }

    var fitContentLimit: Double? {
        if case .fitContent(let limit) = self { return limit }
        return nil
    }
}

/// One track while the track sizing algorithm (CSS Grid §11.4–11.8) runs.
struct GridTrack {
    var minimum: GridMinimumFunction
    var maximum: GridMaximumFunction
    var base = 0.0
    var limit = 0.0
    var infinitelyGrowable = false
    var planned = 0.0
    var collapsed = false

    init(_ size: GridTrackSize, percentBase: Double?, collapsed: Bool) {
        self.collapsed = collapsed
        if collapsed {
            minimum = .fixed(0)
            maximum = .fixed(0)
            return
        }
        func length(_ length: Length) -> Double? { length.resolve(percentBase).map { max(0, $0) } }
        switch size.minimum {
        case .points(let value): minimum = length(.points(value)).map { .fixed($0) } ?? .auto
        case .percent(let value): minimum = length(.percent(value)).map { .fixed($0) } ?? .auto
        case .minContent: minimum = .minContent
        case .maxContent: minimum = .maxContent
        case .auto: minimum = .auto
        }
        switch size.maximum {
        case .points(let value): maximum = length(.points(value)).map { .fixed($0) } ?? .auto
        case .percent(let value): maximum = length(.percent(value)).map { .fixed($0) } ?? .auto
        case .minContent: maximum = .minContent
        case .maxContent: maximum = .maxContent
        case .auto: maximum = .auto
        case .fitContent(let limit): maximum = length(limit).map { .fitContent($0) } ?? .maxContent
        case .fraction(let factor):
            maximum = factor.isFinite && factor >= 0 ? .flex(LayoutLimits.clamp(factor)) : .auto
        }
        // `minmax()` with a flexible minimum is invalid CSS; the spec's reading of a lone `fr`.
    }

    /// 11.4: the initial base size and growth limit.
    mutating func initialize() {
        if case .fixed(let value) = minimum { base = value } else { base = 0 }
        switch maximum {
        case .fixed(let value): limit = value
        default: limit = .infinity
        }
        if limit < base { limit = base }
        infinitelyGrowable = false
        planned = 0
    }
}

/// Which sizes one step of "distribute extra space" (§11.5.1) changes.
enum GridSizingPhase {
    /// Intrinsic minimums: base sizes of tracks with an intrinsic minimum, minimum contributions.
    case intrinsicMinimums
    /// Content-based minimums: min-/max-content minimums, min-content contributions.
    case contentMinimums
    /// Max-content minimums: max-content (and auto under a max-content constraint) minimums.
    case maxContentMinimums
    /// Intrinsic maximums: growth limits of intrinsic maximums, min-content contributions.
    case intrinsicMaximums
    /// Max-content maximums: growth limits of max-content maximums, max-content contributions.
    case maxContentMaximums

    var affectsBase: Bool {
        switch self {
        case .intrinsicMinimums, .contentMinimums, .maxContentMinimums: return true
        case .intrinsicMaximums, .maxContentMaximums: return false
        }
    }
}

/// The arithmetic of the track sizing algorithm, independent of items.
enum GridSizing {
    /// Spreads `amount` over tracks with the given headroom, in proportion to `weights`
    /// (equally when `nil` or when they sum to zero), freezing each track at its headroom.
    /// Returns the increase of each track.
    static func spread(_ amount: Double, headroom: [Double], weights: [Double]?) -> [Double] {
        let count = headroom.count
        var result = [Double](repeating: 0, count: count)
        guard amount > 0, amount.isFinite, count > 0 else { return result }
        var weight = weights ?? [Double](repeating: 1, count: count)
        if weight.reduce(0, +) <= 0 { weight = [Double](repeating: 1, count: count) }
        // Tracks freeze in the order of their headroom per unit of weight: one sorted pass
        // (O(n log n) however many tracks a grid has).
        let order = (0..<count).filter { weight[$0] > 0 && headroom[$0] > 0 }.sorted {
            headroom[$0] / weight[$0] < headroom[$1] / weight[$1]
        }
        var remaining = amount
        var totalWeight = order.reduce(0) { $0 + weight[$1] }
        for (position, index) in order.enumerated() {
            let perUnit = remaining / totalWeight
            if headroom[index] / weight[index] <= perUnit {
                result[index] = headroom[index]
                remaining -= headroom[index]
                totalWeight -= weight[index]
                if totalWeight <= 0 { break }
            } else {
                for other in order[position...] { result[other] = perUnit * weight[other] }
                break
            }
        }
        return result
    }

    /// "Find the size of an fr" (§11.7.1) for the tracks `indices` filling `space`.
    static func frSize(_ tracks: [GridTrack], _ indices: [Int], space: Double, gaps: Double) -> Double {
        var inflexible = Set<Int>()
        for index in indices where tracks[index].maximum.flexFactor == nil { inflexible.insert(index) }
        for _ in 0...indices.count {
            var leftover = space - gaps
            var factors = 0.0
            for index in indices {
                if inflexible.contains(index) {
                    leftover -= tracks[index].base
                } else {
                    factors += tracks[index].maximum.flexFactor ?? 0
                }
            }
            let fraction = leftover / max(1, factors)
            var changed = false
            for index in indices where !inflexible.contains(index) {
                let factor = tracks[index].maximum.flexFactor ?? 0
                if fraction * factor < tracks[index].base {
                    inflexible.insert(index)
                    changed = true
                }
            }
            if !changed { return fraction.isFinite ? fraction : 0 }
        }
        return 0
    }
}
