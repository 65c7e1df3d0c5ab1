/// Resolved physical edges (margins, padding, borders) as the flex algorithm reads them: by
/// main and cross axis.
extension Edges where Value == Double {
    @inline(__always) func mainStart(_ isRow: Bool) -> Double { isRow ? left : top }
    @inline(__always) func mainEnd(_ isRow: Bool) -> Double { isRow ? right : bottom }
    @inline(__always) func crossStart(_ isRow: Bool) -> Double { isRow ? top : left }
    @inline(__always) func crossEnd(_ isRow: Bool) -> Double { isRow ? bottom : right }
    @inline(__always) func mainSum(_ isRow: Bool) -> Double { isRow ? horizontal : vertical }
    @inline(__always) func crossSum(_ isRow: Bool) -> Double { isRow ? vertical : horizontal }

    static func + (lhs: Edges<Double>, rhs: Edges<Double>) -> Edges<Double> {
        Edges(
            top: lhs.top + rhs.top, left: lhs.left + rhs.left, bottom: lhs.bottom + rhs.bottom,
            right: lhs.right + rhs.right)
    }
}

/// Sanitising helpers: every number from a style passes through them, so NaN and infinities
/// never reach the algorithm.
extension Length {
    /// Whether this is a percentage.
    @inline(__always) var isPercent: Bool {
        if case .percent = self { return true }
        return false
    }
}

extension Length {
    /// Whether this is exactly zero points.
    @inline(__always) var isZeroPoints: Bool {
        if case .points(let value) = self { return value == 0 }
        return false
    }
}

extension Edges where Value == Length {
    /// Whether every edge is exactly zero points.
    @inline(__always) var isZeroPoints: Bool {
        top.isZeroPoints && left.isZeroPoints && bottom.isZeroPoints && right.isZeroPoints
    }
}

extension Double {
    /// `self` if finite, otherwise `nil`.
    @inline(__always) var finiteOrNil: Double? { isFinite ? self : nil }
}

extension Optional where Wrapped == Double {
    /// Clamps into `[minimum, maximum]`; the minimum wins over a smaller maximum (CSS rule).
    @inline(__always)
    func clamped(_ minimum: Double?, _ maximum: Double?) -> Double? {
        guard let value = self else { return nil }
        return value.clamped(minimum, maximum)
    }
}

extension Double {
    /// Clamps into `[minimum, maximum]`; the minimum wins over a smaller maximum (CSS rule).
    @inline(__always)
    func clamped(_ minimum: Double?, _ maximum: Double?) -> Double {
        var value = self
        if let maximum, value > maximum { value = maximum }
        if let minimum, value < minimum { value = minimum }
        return value
    }
}

/// A node's box properties resolved against its containing block, in points.
///
/// Sizes are border-box sizes (content-box styles have padding and border added). Negative
/// or non-finite lengths from the style are dropped: sizes become `auto`, padding and border
/// become zero (CSS rejects them at parse time; we resolve them the same way).
struct ResolvedBox {
    // No default values, and every initialiser assigns each field once: defaults would be
    // stored first and overwritten, and the init runs for every node's first layout.
    var padding: Edges<Double>
    var border: Edges<Double>
    var margin: Edges<Double>
    var autoMargin: (left: Bool, right: Bool, top: Bool, bottom: Bool)
    var width: Double?
    var height: Double?
    var minimumWidth: Double?
    var minimumHeight: Double?
    var maximumWidth: Double?
    var maximumHeight: Double?
    var aspectRatio: Double?
    /// The scrollbar gutters inside the padding box (not part of `padding`: they take space
    /// from the content box but do not floor the box's size): `gutterWidth` for a vertical
    /// scrollbar (`overflowY == .scroll`, at the right, or the left in right-to-left),
    /// `gutterHeight` at the bottom.
    var gutterWidth: Double
    var gutterHeight: Double

    var paddingBorder: Edges<Double> { padding + border }

    /// Zero edges and no sizes.
    init() {
        let zero = Edges<Double>(top: 0, left: 0, bottom: 0, right: 0)
        padding = zero
        border = zero
        margin = zero
        autoMargin = (false, false, false, false)
        width = nil
        height = nil
        minimumWidth = nil
        minimumHeight = nil
        maximumWidth = nil
        maximumHeight = nil
        aspectRatio = nil
        gutterWidth = 0
        gutterHeight = 0
    }

    /// Resolves `node`'s style into this box in place (every field is assigned). The layout
    /// keeps each node's box in the node and resolves it there: building a box and copying it
    /// in and out was two copies of its ~200 bytes per child and container run. The style is
    /// read field by field from the node: passing it as a value copied all of it first (it is
    /// not a plain-data type since the grid properties), an eighth of the box's cost.
    @inline(__always)
    mutating func resolve(styleOf node: LayoutNode, parentWidth: Double?, parentHeight: Double?) {
        // Most boxes have no padding, border or margin: four zero checks are a fraction of
        // resolving four lengths (this was a sixth of the box's cost per edge set).
        let zero = Edges<Double>(top: 0, left: 0, bottom: 0, right: 0)
        padding =
            node.storedStyle.padding.isZeroPoints
            ? zero : Self.nonNegative(node.storedStyle.padding, parentWidth)
        border =
            node.storedStyle.border.isZeroPoints
            ? zero : Self.nonNegative(node.storedStyle.border, parentWidth)
        margin =
            node.storedStyle.margin.isZeroPoints
            ? zero
            : Edges<Double>(
                left: node.storedStyle.margin.left.resolve(parentWidth) ?? 0,
                right: node.storedStyle.margin.right.resolve(parentWidth) ?? 0,
                top: node.storedStyle.margin.top.resolve(parentWidth) ?? 0,
                bottom: node.storedStyle.margin.bottom.resolve(parentWidth) ?? 0)
        autoMargin = (
            node.storedStyle.margin.left.isAuto, node.storedStyle.margin.right.isAuto,
            node.storedStyle.margin.top.isAuto,
            node.storedStyle.margin.bottom.isAuto
        )
        var ratio: Double?
        if let value = node.storedStyle.aspectRatio, value.isFinite, value > 0 {
            ratio = min(max(value, 1 / LayoutLimits.maximumLength), LayoutLimits.maximumLength)
        }
        aspectRatio = ratio
        let contentBox = node.storedStyle.boxSizing == .contentBox
        let extraW = contentBox ? padding.horizontal + border.horizontal : 0
        let extraH = contentBox ? padding.vertical + border.vertical : 0
        width = Self.size(node.storedStyle.width, parentWidth, extraW)
        height = Self.size(node.storedStyle.height, parentHeight, extraH)
        minimumWidth = Self.size(node.storedStyle.minimumWidth, parentWidth, extraW)
        minimumHeight = Self.size(node.storedStyle.minimumHeight, parentHeight, extraH)
        maximumWidth = Self.size(node.storedStyle.maximumWidth, parentWidth, extraW)
        maximumHeight = Self.size(node.storedStyle.maximumHeight, parentHeight, extraH)
        if let ratio {
            (width, height) = Self.applyRatio(width, height, ratio)
            (minimumWidth, minimumHeight) = Self.applyRatio(minimumWidth, minimumHeight, ratio)
            (maximumWidth, maximumHeight) = Self.applyRatio(maximumWidth, maximumHeight, ratio)
        }
        // Scrollbars take their space from the content box (the content-box sizes above take
        // padding and border only), as browsers do.
        if node.storedStyle.overflowX == .scroll || node.storedStyle.overflowY == .scroll {
            let scrollbar =
                node.storedStyle.scrollbarWidth.isFinite
                ? LayoutLimits.clamp(max(0, node.storedStyle.scrollbarWidth)) : 0
            // A box sized smaller than its scrollbar keeps its size: the gutter is at most the
            // content box a definite size or maximum leaves.
            func gutter(_ scrolls: Bool, _ size: Double?, _ maximum: Double?, _ insets: Double) -> Double {
                guard scrolls else { return 0 }
                guard let limit = size ?? maximum else { return scrollbar }
                return min(scrollbar, max(0, limit - insets))
            }
            gutterWidth = gutter(
                node.storedStyle.overflowY == .scroll, width, maximumWidth,
                padding.horizontal + border.horizontal)
            gutterHeight = gutter(
                node.storedStyle.overflowX == .scroll, height, maximumHeight,
                padding.vertical + border.vertical)
        } else {
            gutterWidth = 0
            gutterHeight = 0
        }
    }

    /// A border-box size from a style length (`nil` when it does not resolve or is negative).
    @inline(__always)
    static func size(_ dimension: Length, _ base: Double?, _ extra: Double) -> Double? {
        guard let value = dimension.resolve(base), value >= 0 else { return nil }
        return LayoutLimits.clamp(value + extra)
    }

    /// Whether any length the box resolves is a percentage (else the box is the same for
    /// every containing block).
    static func usesPercentages(_ style: LayoutStyle) -> Bool {
        func edges(_ edges: Edges<Length>) -> Bool {
            edges.left.isPercent || edges.right.isPercent || edges.top.isPercent || edges.bottom.isPercent
        }
        return edges(style.padding) || edges(style.border) || edges(style.margin) || style.width.isPercent
            || style.height.isPercent || style.minimumWidth.isPercent || style.minimumHeight.isPercent
            || style.maximumWidth.isPercent || style.maximumHeight.isPercent
    }

    /// The space a container's content may fill in one axis: the known border-box size less
    /// the content insets, else a definite available space less margins, capped by the
    /// maximum, less the insets (never negative); min- and max-content spaces pass through.
    /// Flex and grid containers share it.
    static func contentSpace(
        known: Double?, available space: AvailableSpace, margin: Double, insets: Double, maximum: Double?
    ) -> AvailableSpace {
        if let known { return .definite(max(0, known - insets)) }
        guard case .definite(var value) = space else { return space }
        value -= margin
        if let maximum { value = min(value, maximum) }
        return .definite(max(0, value - insets))
    }

    /// Whether the style sizes itself with a keyword (`width`, `height` or `flexBasis`).
    static func usesSizeKeywords(_ style: LayoutStyle) -> Bool {
        style.width.isSizeKeyword || style.height.isSizeKeyword || style.flexBasis.isSizeKeyword
    }

    /// Whether the style's insets offset it in flow (any inset set, and not `static`).
    static func hasRelativeInsets(_ style: LayoutStyle) -> Bool {
        style.position != .static
            && !(style.inset.left.isAuto && style.inset.right.isAuto && style.inset.top.isAuto
                && style.inset.bottom.isAuto)
    }

    /// Mirrors left and right (for right-to-left containers, which lay out mirrored).
    mutating func mirror() {
        padding = padding.mirrored
        border = border.mirrored
        margin = margin.mirrored
        autoMargin = (autoMargin.right, autoMargin.left, autoMargin.top, autoMargin.bottom)
    }

    /// The node's known outer size for `input`: the caller's known sizes, else (when the
    /// node's own size applies) its clamped `width`/`height`, never below padding plus border,
    /// with the aspect ratio filling a missing side before and after.
    @inline(__always)
    func knownSize(for input: LayoutInput) -> (width: Double?, height: Double?) {
        let pb = paddingBorder
        var (knownWidth, knownHeight) = Self.applyRatio(input.knownWidth, input.knownHeight, aspectRatio)
        if input.sizing == .inherentSize {
            if knownWidth == nil, let width {
                knownWidth = max(width.clamped(minimumWidth, maximumWidth), pb.horizontal)
            }
            if knownHeight == nil, let height {
                knownHeight = max(height.clamped(minimumHeight, maximumHeight), pb.vertical)
            }
            // An auto size that min and max clamp to one value is definite: its percentages
            // resolve against it (a max at or below the min leaves only the min).
            if knownWidth == nil, let minimumWidth, let maximumWidth, maximumWidth <= minimumWidth {
                knownWidth = max(minimumWidth, pb.horizontal)
            }
            if knownHeight == nil, let minimumHeight, let maximumHeight, maximumHeight <= minimumHeight {
                knownHeight = max(minimumHeight, pb.vertical)
            }
            (knownWidth, knownHeight) = Self.applyRatio(knownWidth, knownHeight, aspectRatio)
        }
        return (knownWidth, knownHeight)
    }

    @inline(__always)
    static func applyRatio(_ width: Double?, _ height: Double?, _ ratio: Double?) -> (Double?, Double?) {
        guard let ratio else { return (width, height) }
        switch (width, height) {
        case (let width?, nil): return (width, LayoutLimits.clamp(width / ratio))
        case (nil, let height?): return (LayoutLimits.clamp(height * ratio), height)
        default: return (width, height)
        }
    }

    @inline(__always)
    private static func nonNegative(_ edges: Edges<Length>, _ base: Double?) -> Edges<Double> {
        Edges<Double>(
            left: max(0, edges.left.resolve(base) ?? 0), right: max(0, edges.right.resolve(base) ?? 0),
            top: max(0, edges.top.resolve(base) ?? 0), bottom: max(0, edges.bottom.resolve(base) ?? 0))
    }
}
