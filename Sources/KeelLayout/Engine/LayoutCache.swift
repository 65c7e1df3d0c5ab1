/// Whether a layout call only sizes a node or also positions its descendants.
enum RunMode {
    case computeSize
    case performLayout
}

/// Whether the node's own size properties apply (`inherent`) or are ignored because the caller
/// asks for its content size (flex basis from content, min-content suggestion).
enum SizingMode {
    case contentSize
    case inherentSize
}

/// The inputs of one node layout that decide its output.
struct LayoutInput: Equatable {
    var knownWidth: Double?
    var knownHeight: Double?
    var parentWidth: Double?
    var parentHeight: Double?
    var availableWidth: AvailableSpace
    var availableHeight: AvailableSpace
    var sizing: SizingMode
    var rtl: Bool
    /// Whether `knownHeight` is a flexed height that the node's content must treat as
    /// indefinite for percentages (see `FlexContainerLayout.flexedHeightIsIndefinite`).
    var heightIsIndefiniteForPercentages = false

    /// Whether a cached result for `self` answers `other` (parent sizes matter only through
    /// percentages, which are part of the key too).
    @inline(__always)
    func matches(_ other: LayoutInput) -> Bool {
        self == other
    }
}

/// The outputs of one node layout.
struct LayoutOutput {
    var width: Double
    var height: Double
    /// The first baseline measured from the top of the border box.
    var baseline: Double?

    static let zero = LayoutOutput(width: 0, height: 0, baseline: nil)
}

/// Per-node memo of recent layouts: one full layout and a few size-only measurements.
///
/// Yoga and Taffy keep a similar small cache: during one layout a flex item is typically
/// sized with a handful of distinct constraints (content basis, min-content, final size).
struct LayoutCache {
    private var layoutInput: LayoutInput?
    private var layoutOutput = LayoutOutput.zero
    private var sizeEntries: [(LayoutInput, LayoutOutput)] = []
    private var nextSlot = 0
    private static let sizeCapacity = 6

    mutating func clear() {
        layoutInput = nil
        if !sizeEntries.isEmpty { sizeEntries.removeAll(keepingCapacity: true) }
        nextSlot = 0
    }

    /// `mutating` although it only reads: called on a node's stored cache, a non-mutating
    /// method gets a copy of the whole cache (a memcpy per lookup), a mutating one its address.
    mutating func lookup(_ input: LayoutInput, mode: RunMode) -> LayoutOutput? {
        if let layoutInput, layoutInput.matches(input) { return layoutOutput }
        if mode == .computeSize {
            for entry in sizeEntries where entry.0.matches(input) { return entry.1 }
        }
        return nil
    }

    mutating func store(_ input: LayoutInput, mode: RunMode, output: LayoutOutput) {
        switch mode {
        case .performLayout:
            layoutInput = input
            layoutOutput = output
        case .computeSize:
            if sizeEntries.count < Self.sizeCapacity {
                // One allocation for all the slots instead of regrowing 1 → 2 → 4 → 8.
                if sizeEntries.capacity == 0 { sizeEntries.reserveCapacity(Self.sizeCapacity) }
                sizeEntries.append((input, output))
            } else {
                sizeEntries[nextSlot] = (input, output)
                nextSlot = (nextSlot + 1) % Self.sizeCapacity
            }
        }
    }
}
