/// An absolutely positioned child sized and laid out in its containing block: the steps flex
/// and grid containers share (CSS Position 3 §4–5, CSS Sizing 4 size keywords).
///
/// Each container chooses the containing block (a flex container's padding box, a grid
/// area or the grid's padding box for `auto` lines) and places the child where both insets
/// of an axis are `auto` (a flex container's static position, a grid area's alignment);
/// everything else happens here, the same for both: insets and the box resolve against the
/// containing block, sizes are clamped by min/max sizes (never below padding and border),
/// size keywords resolve, two insets in an axis stretch an `auto` size, an aspect ratio fills
/// the other axis, the content is measured in the inset-modified containing block, and the
/// child is laid out at its final size. The containing block is in the container's mirrored
/// frame for right-to-left containers: `left` is the start side there.
struct AbsoluteChild {
    /// The child's margins against the containing block's width (`auto` ones are zero),
    /// mirrored for a right-to-left container.
    let margin: Edges<Double>
    /// Which margins are `auto`, mirrored for a right-to-left container.
    let autoMargin: (left: Bool, right: Bool, top: Bool, bottom: Bool)
    /// The start-side horizontal inset (`nil` for `auto`): `left`, or `right` for a
    /// right-to-left container.
    let left: Double?
    /// The end-side horizontal inset (`nil` for `auto`).
    let right: Double?
    /// The top inset (`nil` for `auto`).
    let top: Double?
    /// The bottom inset (`nil` for `auto`).
    let bottom: Double?
    /// The child's border-box width, as laid out.
    let width: Double
    /// The child's border-box height, as laid out.
    let height: Double

    /// Sizes `child` in a containing block of `areaWidth` × `areaHeight` and lays out its
    /// subtree at that size (its own frame is left to the caller).
    ///
    /// Size keywords: `stretch` fills the containing block less the margins and insets;
    /// `minContent` / `maxContent` measure the content; `fitContent` is the space `stretch`
    /// would fill, between the two. Min and max sizes clamp each of them, and the box is never
    /// smaller than its padding and border.
    init(sizing child: LayoutNode, areaWidth: Double, areaHeight: Double, rtl: Bool, pass: LayoutPass) {
        let style = child.storedStyle
        var box = child.resolvedBox(parentWidth: areaWidth, parentHeight: areaHeight)
        if rtl { box.mirror() }
        var left = style.inset.left.resolve(areaWidth)
        var right = style.inset.right.resolve(areaWidth)
        if rtl { swap(&left, &right) }
        let top = style.inset.top.resolve(areaHeight)
        let bottom = style.inset.bottom.resolve(areaHeight)
        let pb = box.paddingBorder
        let minimumWidth = max(box.minimumWidth ?? 0, pb.horizontal)
        let minimumHeight = max(box.minimumHeight ?? 0, pb.vertical)
        let margin = box.margin
        // The inset-modified containing block (an `auto` inset leaves its edge in place):
        // the content is measured in it, and `stretch` fills it less the margins.
        let insetWidth = max(0, areaWidth - (left ?? 0) - (right ?? 0))
        let insetHeight = max(0, areaHeight - (top ?? 0) - (bottom ?? 0))
        let stretchWidth = max(0, areaWidth - (left ?? 0) - (right ?? 0) - margin.horizontal)
        let stretchHeight = max(0, areaHeight - (top ?? 0) - (bottom ?? 0) - margin.vertical)
        let measureWidth = AvailableSpace.definite(insetWidth.clamped(minimumWidth, box.maximumWidth))
        let measureHeight = AvailableSpace.definite(insetHeight.clamped(minimumHeight, box.maximumHeight))

        var knownWidth = box.width.clamped(minimumWidth, box.maximumWidth)
        var knownHeight = box.height.clamped(minimumHeight, box.maximumHeight)
        if child.styleUsesSizeKeywords {
            /// The content's size in one axis for `space` there.
            func content(horizontal: Bool, _ space: AvailableSpace) -> Double {
                let output = LayoutEngine.computeChild(
                    child, knownWidth: horizontal ? nil : knownWidth,
                    knownHeight: horizontal ? knownHeight : nil, parentWidth: areaWidth,
                    parentHeight: areaHeight, availableWidth: horizontal ? space : measureWidth,
                    availableHeight: horizontal ? measureHeight : space, sizing: .contentSize,
                    parentRTL: rtl, mode: .computeSize, pass: pass)
                return horizontal ? output.width : output.height
            }
            /// The keyword's size in one axis, clamped, or `known` for other lengths.
            func keywordSize(
                _ keyword: Length, horizontal: Bool, known: Double?, stretch: Double, minimum: Double,
                maximum: Double?, floor: Double
            ) -> Double? {
                let size: Double?
                switch keyword {
                case .stretch: size = stretch
                case .minContent: size = content(horizontal: horizontal, .minContent)
                case .maxContent: size = content(horizontal: horizontal, .maxContent)
                case .fitContent:
                    size = min(
                        content(horizontal: horizontal, .maxContent),
                        max(content(horizontal: horizontal, .minContent), stretch))
                case .auto, .points, .percent, .content: size = known
                }
                return size.map { max($0.clamped(minimum, maximum), floor) }
            }
            knownWidth = keywordSize(
                style.width, horizontal: true, known: knownWidth,
                stretch: stretchWidth, minimum: minimumWidth,
                maximum: box.maximumWidth, floor: pb.horizontal)
            knownHeight = keywordSize(
                style.height, horizontal: false, known: knownHeight,
                stretch: stretchHeight, minimum: minimumHeight,
                maximum: box.maximumHeight, floor: pb.vertical)
        }
        // Both insets set stretch an `auto` size; an aspect ratio then gives the other axis
        // its size from the clamped one, clamped in turn.
        if knownWidth == nil, left != nil, right != nil {
            knownWidth = stretchWidth.clamped(minimumWidth, box.maximumWidth)
            (knownWidth, knownHeight) = ResolvedBox.applyRatio(knownWidth, knownHeight, box.aspectRatio)
            knownHeight = knownHeight.clamped(minimumHeight, box.maximumHeight)
        }
        if knownHeight == nil, top != nil, bottom != nil {
            knownHeight = stretchHeight.clamped(minimumHeight, box.maximumHeight)
            (knownWidth, knownHeight) = ResolvedBox.applyRatio(knownWidth, knownHeight, box.aspectRatio)
            knownWidth = knownWidth.clamped(minimumWidth, box.maximumWidth)
        }
        var width = knownWidth
        var height = knownHeight
        if width == nil || height == nil {
            let measured = LayoutEngine.computeChild(
                child, knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: areaWidth,
                parentHeight: areaHeight, availableWidth: measureWidth, availableHeight: measureHeight,
                sizing: .contentSize, parentRTL: rtl, mode: .computeSize, pass: pass)
            width = width ?? measured.width.clamped(minimumWidth, box.maximumWidth)
            height = height ?? measured.height.clamped(minimumHeight, box.maximumHeight)
        }
        let output = LayoutEngine.computeChild(
            child, knownWidth: width ?? 0, knownHeight: height ?? 0, parentWidth: areaWidth,
            parentHeight: areaHeight, availableWidth: .definite(areaWidth),
            availableHeight: .definite(areaHeight), sizing: .contentSize, parentRTL: rtl,
            mode: .performLayout, pass: pass)
        self.margin = margin
        self.autoMargin = box.autoMargin
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.width = output.width
        self.height = output.height
    }

    /// Where the child's border box starts in one axis of a containing block starting at
    /// `areaStart` (in the container's mirrored frame), placed by its insets there; `nil`
    /// when both are `auto` (the container places it then).
    ///
    /// A start inset wins over an end inset. With both set, `auto` margins share the free
    /// space; where that is negative and both are `auto`, the horizontal start margin is zero
    /// (the box overflows at the end), while vertical ones share it equally (CSS 2 §10.3.7,
    /// §10.6.4; CSS Position 3 §4.2).
    func insetPosition(horizontal: Bool, areaStart: Double, areaSize: Double) -> Double? {
        let insetStart = horizontal ? left : top
        let insetEnd = horizontal ? right : bottom
        let marginStart = horizontal ? margin.left : margin.top
        let marginEnd = horizontal ? margin.right : margin.bottom
        let size = horizontal ? width : height
        guard let insetStart else {
            guard let insetEnd else { return nil }
            return areaStart + areaSize - insetEnd - marginEnd - size
        }
        let autoStart = horizontal ? autoMargin.left : autoMargin.top
        let autoEnd = horizontal ? autoMargin.right : autoMargin.bottom
        var lead = marginStart
        if let insetEnd, autoStart || autoEnd {
            let free = areaSize - size - marginStart - marginEnd - insetStart - insetEnd
            if autoStart, autoEnd {
                lead = horizontal && free < 0 ? 0 : free / 2
            } else if autoStart {
                lead = free
            }
        }
        return areaStart + insetStart + lead
    }

    /// The frame of the absolute child of a static descendant, relative to that static
    /// parent (`staticParent`, at `x`/`y` from the container's border box): insets resolve
    /// against the container's padding box (`areaStart…`, `areaWidth` × `areaHeight`, in the
    /// container's mirrored frame), and an axis without insets starts at the static parent's
    /// content edge (on the right for a right-to-left parent). Flex and grid containers share
    /// it: for either, such a child's containing block is the padding box (CSS Grid 2 §9.1).
    func frame(
        underStaticParent staticParent: (node: LayoutNode, x: Double, y: Double), areaStartX: Double,
        areaWidth: Double, areaStartY: Double, areaHeight: Double, containerWidth: Double, rtl: Bool
    ) -> Rect {
        let parentBox = staticParent.node.cachedBox
        let parentWidth = staticParent.node.unrounded.width
        let parentRTL = staticParent.node.storedStyle.direction.map { $0 == .rightToLeft } ?? rtl
        let physicalX: Double
        if let x = insetPosition(horizontal: true, areaStart: areaStartX, areaSize: areaWidth) {
            physicalX = (rtl ? containerWidth - x - width : x) - staticParent.x
        } else {
            let marginLeft = rtl ? margin.right : margin.left
            let marginRight = rtl ? margin.left : margin.right
            physicalX =
                parentRTL
                ? parentWidth - parentBox.padding.right - parentBox.border.right - width - marginRight
                : parentBox.padding.left + parentBox.border.left + marginLeft
        }
        let physicalY =
            insetPosition(horizontal: false, areaStart: areaStartY, areaSize: areaHeight).map {
                $0 - staticParent.y
            } ?? parentBox.padding.top + parentBox.border.top + margin.top
        return Rect(x: physicalX, y: physicalY, width: width, height: height)
    }
}

extension LayoutEngine {
    /// Calls `place` for the absolute children of every in-flow `static` descendant of
    /// `container` reached through static nodes (and `display: contents` ones) only — the
    /// children whose containing block is `container` — with their static parent and its
    /// offset from `container`'s border box. Each static node walked through is stamped laid
    /// out in `pass`, so an updated result rewrites its children's slots even when its own
    /// layout was a cache hit.
    static func visitStaticDescendants(
        of container: LayoutNode, pass: LayoutPass,
        _ place: (_ child: LayoutNode, _ staticParent: (node: LayoutNode, x: Double, y: Double)) -> Void
    ) {
        func visit(_ parent: LayoutNode, offsetX: Double, offsetY: Double, depth: Int) {
            guard parent.staticChildCount > 0 || parent.contentsChildCount > 0,
                depth < LayoutNode.maximumContentsDepth
            else { return }
            for child in parent.layoutChildren
            where child.storedStyle.position == .static && child.storedStyle.display != .none {
                let x = offsetX + child.unrounded.x
                let y = offsetY + child.unrounded.y
                child.layoutPass = pass.number
                for grandchild in child.layoutChildren
                where grandchild.storedStyle.position == .absolute && grandchild.storedStyle.display != .none
                {
                    place(grandchild, (child, x, y))
                }
                visit(child, offsetX: x, offsetY: y, depth: depth + 1)
            }
        }
        visit(container, offsetX: 0, offsetY: 0, depth: 0)
    }
}
