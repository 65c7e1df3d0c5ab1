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
/// The first two measurements are stored inline and only further ones in an array: an
/// array for every measured node was an allocation of six entries per node and layout (a
/// twentieth of building and laying out a small tree).
struct LayoutCache {
    private var layoutInput: LayoutInput?
    private var layoutOutput = LayoutOutput.zero
    private var firstSizeInput: LayoutInput?
    private var firstSizeOutput = LayoutOutput.zero
    private var secondSizeInput: LayoutInput?
    private var secondSizeOutput = LayoutOutput.zero
    private var moreSizeEntries: [(LayoutInput, LayoutOutput)] = []
    private var nextSlot = 0
    /// Measurements kept beyond the two inline ones (the oldest is replaced when full).
    private static let moreCapacity = 4

    mutating func clear() {
        layoutInput = nil
        firstSizeInput = nil
        secondSizeInput = nil
        if !moreSizeEntries.isEmpty { moreSizeEntries.removeAll(keepingCapacity: true) }
        nextSlot = 0
    }

    /// `mutating` although it only reads: called on a node's stored cache, a non-mutating
    /// method gets a copy of the whole cache (a memcpy per lookup), a mutating one its address.
    mutating func lookup(_ input: LayoutInput, mode: RunMode) -> LayoutOutput? {
        if let layoutInput, layoutInput.matches(input) { return layoutOutput }
        if mode == .computeSize {
            guard let firstSizeInput else { return nil }
            if firstSizeInput.matches(input) { return firstSizeOutput }
            guard let secondSizeInput else { return nil }
            if secondSizeInput.matches(input) { return secondSizeOutput }
            for entry in moreSizeEntries where entry.0.matches(input) { return entry.1 }
        }
        return nil
    }

    mutating func store(_ input: LayoutInput, mode: RunMode, output: LayoutOutput) {
        switch mode {
        case .performLayout:
            layoutInput = input
            layoutOutput = output
        case .computeSize:
            if firstSizeInput == nil {
                firstSizeInput = input
                firstSizeOutput = output
            } else if secondSizeInput == nil {
                secondSizeInput = input
                secondSizeOutput = output
            } else if moreSizeEntries.count < Self.moreCapacity {
                // One allocation for all the slots instead of regrowing 1 → 2 → 4.
                if moreSizeEntries.capacity == 0 { moreSizeEntries.reserveCapacity(Self.moreCapacity) }
                moreSizeEntries.append((input, output))
            } else {
                moreSizeEntries[nextSlot] = (input, output)
                nextSlot = (nextSlot + 1) % Self.moreCapacity
            }
        }
    }
}
