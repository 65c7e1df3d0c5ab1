/// A distribution of free space along one axis: `justify-content` and `align-content` share it.
enum Distribution {
    case start, end, flexStart, flexEnd, center, stretch, spaceBetween, spaceAround, spaceEvenly

    init(_ justify: JustifyContent) {
        switch justify {
        case .start: self = .start
        case .end: self = .end
        case .flexStart: self = .flexStart
        case .flexEnd: self = .flexEnd
        case .center: self = .center
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }

    init(_ align: AlignContent) {
        switch align {
        case .start: self = .start
        case .end: self = .end
        case .flexStart: self = .flexStart
        case .flexEnd: self = .flexEnd
        case .center: self = .center
        case .stretch: self = .stretch
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }

    /// The CSS fallback when there is no room to distribute or only one subject.
    func fallback(free: Double, count: Int) -> Distribution {
        if free < 0 {
            // Overflowing distributions fall back safely to the start, as browsers do.
            switch self {
            case .stretch, .spaceBetween: return .flexStart
            case .spaceAround, .spaceEvenly: return .start
            default: return self
            }
        }
        guard count <= 1 || free == 0 else { return self }
        switch self {
        case .stretch, .spaceBetween: return .flexStart
        case .spaceAround, .spaceEvenly: return .center
        default: return self
        }
    }

    /// The space before a subject: the leading offset for the first placed one, then the gap
    /// plus the share of free space between subjects. `reversed` is true when subjects are
    /// placed from the physical start but the flex start is at the other end.
    func offset(free: Double, count: Int, gap: Double, reversed: Bool, isFirst: Bool) -> Double {
        let n = Double(count)
        if isFirst {
            switch self {
            case .start, .stretch, .spaceBetween: return 0
            case .end: return free
            case .flexStart: return reversed ? free : 0
            case .flexEnd: return reversed ? 0 : free
            case .center: return free / 2
            case .spaceAround: return free >= 0 ? free / n / 2 : free / 2
            case .spaceEvenly: return free >= 0 ? free / (n + 1) : free / 2
            }
        }
        let positive = max(0, free)
        switch self {
        case .start, .end, .flexStart, .flexEnd, .center, .stretch: return gap
        case .spaceBetween: return gap + positive / (n - 1)
        case .spaceAround: return gap + positive / n
        case .spaceEvenly: return gap + positive / (n + 1)
        }
    }
}
