/// One in-flow child of a flex container while the algorithm runs, in main/cross terms.
///
/// "Main start" is the physical left (rows) or top (columns): reversed directions are laid out
/// by walking items backwards and flipping alignment, as Taffy does; right-to-left containers
/// are laid out mirrored and flipped back at the end.
///
/// Its state is one ``Fields`` value behind the class's one `@exclusivity(unchecked)` property:
/// the algorithm reads and writes it many times per item and the run-time exclusivity check
/// each access would otherwise pay costs more than the arithmetic (see `LayoutNode.storage`);
/// an item is private to one container's layout, which never holds overlapping accesses.
final class FlexItem {
    /// The item's state, behind the class's one unchecked-exclusivity property (see above);
    /// the properties below forward to it.
    struct Fields {
        unowned(unsafe) var node: LayoutNode
        var rtl: Bool = false
        var sizeMain: Double?
        var sizeCross: Double?
        var crossIsAuto: Bool = false
        var minMain: Double?
        var minCross: Double?
        var maxMain: Double?
        var maxCross: Double?
        var aspectRatio: Double?
        var stretchMinCross: Double?
        var stretchMaxCross: Double?
        var margin: Edges<Double> = Edges<Double>.zero
        var autoMainStart: Bool = false
        var autoMainEnd: Bool = false
        var autoCrossStart: Bool = false
        var autoCrossEnd: Bool = false
        var insetLeft: Double?
        var insetRight: Double?
        var insetTop: Double?
        var insetBottom: Double?
        var pbMain: Double = 0.0
        var pbCross: Double = 0.0
        var alignSelf: AlignItems = AlignItems.stretch
        var grow: Double = 0.0
        var shrink: Double = 0.0
        var flexBasisStyle: Length = Length.auto
        var contentBoxMainExtra: Double = 0.0
        var isScrollContainer: Bool = false
        var alignSafe: Bool = false
        var flexBasis: Double = 0.0
        var innerFlexBasis: Double = 0.0
        var resolvedMinMain: Double = 0.0
        var minimumPending: Bool = false
        var measureCross: Double? = nil
        var hypotheticalMain: Double = 0.0
        var hypotheticalCross: Double = 0.0
        var targetMain: Double = 0.0
        var targetCross: Double = 0.0
        var frozen: Bool = false
        var violation: Double = 0.0
        var contentFlexFraction: Double = 0.0
        var baseline: Double = 0.0
        var offsetMain: Double = 0.0
        var offsetCross: Double = 0.0
    }
    @exclusivity(unchecked) var fields: Fields

    /// The child this item stands for. Unowned and unchecked: the tree owns its nodes for the
    /// whole layout call the item is used in, and a pooled item (see `LayoutPass`) keeps a
    /// stale reference it never reads before ``configure`` sets it. A strong reference cost a
    /// retain and a release per child and container run.
    var node: LayoutNode {
        @inline(__always) get { fields.node }
        // Set, not modified: a modify would load (and retain) the old, possibly stale, reference.
        @inline(__always) set { fields.node = newValue }
    }
    var rtl: Bool {
        @inline(__always) get { fields.rtl }
        @inline(__always) _modify { yield &fields.rtl }
    }
    /// Border-box preferred, minimum and maximum sizes.
    var sizeMain: Double? {
        @inline(__always) get { fields.sizeMain }
        @inline(__always) _modify { yield &fields.sizeMain }
    }
    var sizeCross: Double? {
        @inline(__always) get { fields.sizeCross }
        @inline(__always) _modify { yield &fields.sizeCross }
    }
    /// Whether the cross size is `auto` in the style (an aspect ratio may still give `sizeCross`).
    var crossIsAuto: Bool {
        @inline(__always) get { fields.crossIsAuto }
        @inline(__always) _modify { yield &fields.crossIsAuto }
    }
    var minMain: Double? {
        @inline(__always) get { fields.minMain }
        @inline(__always) _modify { yield &fields.minMain }
    }
    var minCross: Double? {
        @inline(__always) get { fields.minCross }
        @inline(__always) _modify { yield &fields.minCross }
    }
    var maxMain: Double? {
        @inline(__always) get { fields.maxMain }
        @inline(__always) _modify { yield &fields.maxMain }
    }
    var maxCross: Double? {
        @inline(__always) get { fields.maxCross }
        @inline(__always) _modify { yield &fields.maxCross }
    }
    var aspectRatio: Double? {
        @inline(__always) get { fields.aspectRatio }
        @inline(__always) _modify { yield &fields.aspectRatio }
    }
    /// The limits of a stretched cross size: the item's own minimum and maximum cross sizes.
    /// They differ from `minCross` / `maxCross` only with an aspect ratio, which transfers the
    /// main axis's limits to those; a stretched size is not ratio-dependent, so browsers do not
    /// clamp it by them (the main size then follows the ratio and its own limits).
    var stretchMinCross: Double? {
        @inline(__always) get { fields.stretchMinCross }
        @inline(__always) _modify { yield &fields.stretchMinCross }
    }
    var stretchMaxCross: Double? {
        @inline(__always) get { fields.stretchMaxCross }
        @inline(__always) _modify { yield &fields.stretchMaxCross }
    }
    var margin: Edges<Double> {
        @inline(__always) get { fields.margin }
        @inline(__always) _modify { yield &fields.margin }
    }
    var autoMainStart: Bool {
        @inline(__always) get { fields.autoMainStart }
        @inline(__always) _modify { yield &fields.autoMainStart }
    }
    var autoMainEnd: Bool {
        @inline(__always) get { fields.autoMainEnd }
        @inline(__always) _modify { yield &fields.autoMainEnd }
    }
    var autoCrossStart: Bool {
        @inline(__always) get { fields.autoCrossStart }
        @inline(__always) _modify { yield &fields.autoCrossStart }
    }
    var autoCrossEnd: Bool {
        @inline(__always) get { fields.autoCrossEnd }
        @inline(__always) _modify { yield &fields.autoCrossEnd }
    }
    /// Relative offsets (left/right/top/bottom).
    var insetLeft: Double? {
        @inline(__always) get { fields.insetLeft }
        @inline(__always) _modify { yield &fields.insetLeft }
    }
    var insetRight: Double? {
        @inline(__always) get { fields.insetRight }
        @inline(__always) _modify { yield &fields.insetRight }
    }
    var insetTop: Double? {
        @inline(__always) get { fields.insetTop }
        @inline(__always) _modify { yield &fields.insetTop }
    }
    var insetBottom: Double? {
        @inline(__always) get { fields.insetBottom }
        @inline(__always) _modify { yield &fields.insetBottom }
    }
    var pbMain: Double {
        @inline(__always) get { fields.pbMain }
        @inline(__always) _modify { yield &fields.pbMain }
    }
    var pbCross: Double {
        @inline(__always) get { fields.pbCross }
        @inline(__always) _modify { yield &fields.pbCross }
    }
    var alignSelf: AlignItems {
        @inline(__always) get { fields.alignSelf }
        @inline(__always) _modify { yield &fields.alignSelf }
    }
    var grow: Double {
        @inline(__always) get { fields.grow }
        @inline(__always) _modify { yield &fields.grow }
    }
    var shrink: Double {
        @inline(__always) get { fields.shrink }
        @inline(__always) _modify { yield &fields.shrink }
    }
    var flexBasisStyle: Length {
        @inline(__always) get { fields.flexBasisStyle }
        @inline(__always) _modify { yield &fields.flexBasisStyle }
    }
    var contentBoxMainExtra: Double {
        @inline(__always) get { fields.contentBoxMainExtra }
        @inline(__always) _modify { yield &fields.contentBoxMainExtra }
    }
    /// The child is a scroll container: its automatic minimum main size is zero.
    var isScrollContainer: Bool {
        @inline(__always) get { fields.isScrollContainer }
        @inline(__always) _modify { yield &fields.isScrollContainer }
    }
    /// The item's cross alignment is `safe`: it aligns to the start when it overflows its line.
    var alignSafe: Bool {
        @inline(__always) get { fields.alignSafe }
        @inline(__always) _modify { yield &fields.alignSafe }
    }

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
        fields = Fields(node: node)
    }

    var flexBasis: Double {
        @inline(__always) get { fields.flexBasis }
        @inline(__always) _modify { yield &fields.flexBasis }
    }
    var innerFlexBasis: Double {
        @inline(__always) get { fields.innerFlexBasis }
        @inline(__always) _modify { yield &fields.innerFlexBasis }
    }
    var resolvedMinMain: Double {
        @inline(__always) get { fields.resolvedMinMain }
        @inline(__always) _modify { yield &fields.resolvedMinMain }
    }
    /// The automatic minimum is not computed yet: it cannot exceed the flex base size, so it
    /// is only measured when the line shrinks (saves a min-content pass per item and level).
    var minimumPending: Bool {
        @inline(__always) get { fields.minimumPending }
        @inline(__always) _modify { yield &fields.minimumPending }
    }
    /// The cross size to measure the min-content size with.
    var measureCross: Double? {
        @inline(__always) get { fields.measureCross }
        @inline(__always) _modify { yield &fields.measureCross }
    }
    var hypotheticalMain: Double {
        @inline(__always) get { fields.hypotheticalMain }
        @inline(__always) _modify { yield &fields.hypotheticalMain }
    }
    var hypotheticalCross: Double {
        @inline(__always) get { fields.hypotheticalCross }
        @inline(__always) _modify { yield &fields.hypotheticalCross }
    }
    var targetMain: Double {
        @inline(__always) get { fields.targetMain }
        @inline(__always) _modify { yield &fields.targetMain }
    }
    var targetCross: Double {
        @inline(__always) get { fields.targetCross }
        @inline(__always) _modify { yield &fields.targetCross }
    }
    var frozen: Bool {
        @inline(__always) get { fields.frozen }
        @inline(__always) _modify { yield &fields.frozen }
    }
    var violation: Double {
        @inline(__always) get { fields.violation }
        @inline(__always) _modify { yield &fields.violation }
    }
    var contentFlexFraction: Double {
        @inline(__always) get { fields.contentFlexFraction }
        @inline(__always) _modify { yield &fields.contentFlexFraction }
    }
    var baseline: Double {
        @inline(__always) get { fields.baseline }
        @inline(__always) _modify { yield &fields.baseline }
    }
    var offsetMain: Double {
        @inline(__always) get { fields.offsetMain }
        @inline(__always) _modify { yield &fields.offsetMain }
    }
    var offsetCross: Double {
        @inline(__always) get { fields.offsetCross }
        @inline(__always) _modify { yield &fields.offsetCross }
    }

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
