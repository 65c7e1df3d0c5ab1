/// One in-flow child of a flex container while the algorithm runs, in main/cross terms.
///
/// "Main start" is the physical left (rows) or top (columns): reversed directions are laid out
/// by walking items backwards and flipping alignment, as Taffy does; right-to-left containers
/// are laid out mirrored and flipped back at the end.
///
/// Its properties are `@exclusivity(unchecked)`: the algorithm reads and writes them many
/// times per item and the run-time exclusivity check each access would otherwise pay costs
/// more than the arithmetic (see ``LayoutNode``'s layout state); an item is private to one
/// container's layout, which never holds overlapping accesses.
final class FlexItem {
    /// The child this item stands for. Unowned and unchecked: the tree owns its nodes for the
    /// whole layout call the item is used in, and a pooled item (see `LayoutPass`) keeps a
    /// stale reference it never reads before ``configure`` sets it. A strong reference cost a
    /// retain and a release per child and container run.
    @exclusivity(unchecked) unowned(unsafe) var node: LayoutNode
    @exclusivity(unchecked) var rtl = false
    /// Border-box preferred, minimum and maximum sizes.
    @exclusivity(unchecked) var sizeMain: Double?
    @exclusivity(unchecked) var sizeCross: Double?
    /// Whether the cross size is `auto` in the style (an aspect ratio may still give `sizeCross`).
    @exclusivity(unchecked) var crossIsAuto = false
    @exclusivity(unchecked) var minMain: Double?
    @exclusivity(unchecked) var minCross: Double?
    @exclusivity(unchecked) var maxMain: Double?
    @exclusivity(unchecked) var maxCross: Double?
    @exclusivity(unchecked) var aspectRatio: Double?
    /// The limits of a stretched cross size: the item's own minimum and maximum cross sizes.
    /// They differ from `minCross` / `maxCross` only with an aspect ratio, which transfers the
    /// main axis's limits to those; a stretched size is not ratio-dependent, so browsers do not
    /// clamp it by them (the main size then follows the ratio and its own limits).
    @exclusivity(unchecked) var stretchMinCross: Double?
    @exclusivity(unchecked) var stretchMaxCross: Double?
    @exclusivity(unchecked) var margin = Edges<Double>.zero
    @exclusivity(unchecked) var autoMainStart = false
    @exclusivity(unchecked) var autoMainEnd = false
    @exclusivity(unchecked) var autoCrossStart = false
    @exclusivity(unchecked) var autoCrossEnd = false
    /// Relative offsets (left/right/top/bottom).
    @exclusivity(unchecked) var insetLeft: Double?
    @exclusivity(unchecked) var insetRight: Double?
    @exclusivity(unchecked) var insetTop: Double?
    @exclusivity(unchecked) var insetBottom: Double?
    @exclusivity(unchecked) var pbMain = 0.0
    @exclusivity(unchecked) var pbCross = 0.0
    @exclusivity(unchecked) var alignSelf = AlignItems.stretch
    @exclusivity(unchecked) var grow = 0.0
    @exclusivity(unchecked) var shrink = 0.0
    @exclusivity(unchecked) var flexBasisStyle = Length.auto
    @exclusivity(unchecked) var contentBoxMainExtra = 0.0
    /// The child is a scroll container: its automatic minimum main size is zero.
    @exclusivity(unchecked) var isScrollContainer = false
    /// The item's cross alignment is `safe`: it aligns to the start when it overflows its line.
    @exclusivity(unchecked) var alignSafe = false

    /// Sets the item up for `node` (a fresh or a recycled item: every field is assigned).
    func configure(
        node: LayoutNode,
        rtl: Bool,
        sizeMain: Double?,
        sizeCross: Double?,
        crossIsAuto: Bool,
        minMain: Double?,
        minCross: Double?,
        maxMain: Double?,
        maxCross: Double?,
        aspectRatio: Double?,
        margin: Edges<Double>,
        autoMainStart: Bool,
        autoMainEnd: Bool,
        autoCrossStart: Bool,
        autoCrossEnd: Bool,
        insetLeft: Double?,
        insetRight: Double?,
        insetTop: Double?,
        insetBottom: Double?,
        pbMain: Double,
        pbCross: Double,
        alignSelf: AlignItems,
        grow: Double,
        shrink: Double,
        flexBasisStyle: Length,
        contentBoxMainExtra: Double,
        isScrollContainer: Bool,
        alignSafe: Bool
    ) {
        self.node = node
        self.rtl = rtl
        self.sizeMain = sizeMain
        self.sizeCross = sizeCross
        self.crossIsAuto = crossIsAuto
        self.minMain = minMain
        self.minCross = minCross
        self.maxMain = maxMain
        self.maxCross = maxCross
        self.aspectRatio = aspectRatio
        self.stretchMinCross = minCross
        self.stretchMaxCross = maxCross
        self.margin = margin
        self.autoMainStart = autoMainStart
        self.autoMainEnd = autoMainEnd
        self.autoCrossStart = autoCrossStart
        self.autoCrossEnd = autoCrossEnd
        self.insetLeft = insetLeft
        self.insetRight = insetRight
        self.insetTop = insetTop
        self.insetBottom = insetBottom
        self.pbMain = pbMain
        self.pbCross = pbCross
        self.alignSelf = alignSelf
        self.grow = grow
        self.shrink = shrink
        self.flexBasisStyle = flexBasisStyle
        self.contentBoxMainExtra = contentBoxMainExtra
        self.isScrollContainer = isScrollContainer
        self.alignSafe = alignSafe
        flexBasis = 0
        innerFlexBasis = 0
        resolvedMinMain = 0
        minimumPending = false
        measureCross = nil
        hypotheticalMain = 0
        hypotheticalCross = 0
        targetMain = 0
        targetCross = 0
        frozen = false
        violation = 0
        contentFlexFraction = 0
        baseline = 0
        offsetMain = 0
        offsetCross = 0
    }

    init(node: LayoutNode) {
        self.node = node
    }

    @exclusivity(unchecked) var flexBasis = 0.0
    @exclusivity(unchecked) var innerFlexBasis = 0.0
    @exclusivity(unchecked) var resolvedMinMain = 0.0
    /// The automatic minimum is not computed yet: it cannot exceed the flex base size, so it
    /// is only measured when the line shrinks (saves a min-content pass per item and level).
    @exclusivity(unchecked) var minimumPending = false
    /// The cross size to measure the min-content size with.
    @exclusivity(unchecked) var measureCross: Double? = nil
    @exclusivity(unchecked) var hypotheticalMain = 0.0
    @exclusivity(unchecked) var hypotheticalCross = 0.0
    @exclusivity(unchecked) var targetMain = 0.0
    @exclusivity(unchecked) var targetCross = 0.0
    @exclusivity(unchecked) var frozen = false
    @exclusivity(unchecked) var violation = 0.0
    @exclusivity(unchecked) var contentFlexFraction = 0.0
    @exclusivity(unchecked) var baseline = 0.0
    @exclusivity(unchecked) var offsetMain = 0.0
    @exclusivity(unchecked) var offsetCross = 0.0

    @inline(__always) func marginMainStart(_ isRow: Bool) -> Double { margin.mainStart(isRow) }
    @inline(__always) func marginMain(_ isRow: Bool) -> Double { margin.mainSum(isRow) }
    @inline(__always) func marginCross(_ isRow: Bool) -> Double { margin.crossSum(isRow) }
    @inline(__always) func outerHypotheticalMain(_ isRow: Bool) -> Double {
        hypotheticalMain + margin.mainSum(isRow)
    }
    @inline(__always) func outerHypotheticalCross(_ isRow: Bool) -> Double {
        hypotheticalCross + margin.crossSum(isRow)
    }
    @inline(__always) func outerTargetMain(_ isRow: Bool) -> Double { targetMain + margin.mainSum(isRow) }
    @inline(__always) func outerTargetCross(_ isRow: Bool) -> Double { targetCross + margin.crossSum(isRow) }
}

/// A flex line: a range of items and its cross size and offset.
struct FlexLine {
    var start: Int
    var end: Int
    var crossSize = 0.0
    var offsetCross = 0.0
}
