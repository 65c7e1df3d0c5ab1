/// One in-flow child of a flex container while the algorithm runs, in main/cross terms.
///
/// "Main start" is the physical left (rows) or top (columns): reversed directions are laid out
/// by walking items backwards and flipping alignment, as Taffy does; right-to-left containers
/// are laid out mirrored and flipped back at the end.
final class FlexItem {
    let node: LayoutNode
    let rtl: Bool
    /// Border-box preferred, minimum and maximum sizes.
    var sizeMain: Double?
    var sizeCross: Double?
    /// Whether the cross size is `auto` in the style (an aspect ratio may still give `sizeCross`).
    var crossIsAuto: Bool
    var minMain: Double?
    var minCross: Double?
    var maxMain: Double?
    var maxCross: Double?
    var aspectRatio: Double?
    var margin: Edges<Double>
    var autoMainStart: Bool
    var autoMainEnd: Bool
    var autoCrossStart: Bool
    var autoCrossEnd: Bool
    /// Relative offsets (left/right/top/bottom).
    var insetLeft: Double?
    var insetRight: Double?
    var insetTop: Double?
    var insetBottom: Double?
    var pbMain: Double
    var pbCross: Double
    var alignSelf: AlignItems
    var grow: Double
    var shrink: Double
    var flexBasisStyle: Length
    var contentBoxMainExtra: Double

    init(
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
        contentBoxMainExtra: Double
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
    }

    var flexBasis = 0.0
    var innerFlexBasis = 0.0
    var resolvedMinMain = 0.0
    /// The automatic minimum is not computed yet: it cannot exceed the flex base size, so it
    /// is only measured when the line shrinks (saves a min-content pass per item and level).
    var minimumPending = false
    /// The cross size to measure the min-content size with.
    var measureCross: Double? = nil
    var hypotheticalMain = 0.0
    var hypotheticalCross = 0.0
    var targetMain = 0.0
    var targetCross = 0.0
    var frozen = false
    var violation = 0.0
    var contentFlexFraction = 0.0
    var baseline = 0.0
    var offsetMain = 0.0
    var offsetCross = 0.0

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
