/// How a tree is laid out: the root direction and the display scale for pixel rounding.
public struct LayoutConfiguration: Sendable, Hashable {
    /// The direction of nodes whose style inherits it.
    public var direction: TextDirection
    /// Device pixels per point for rounding; `nil` (or a non-positive value) leaves frames unrounded.
    public var pointScale: Double?

    /// A configuration; by default left-to-right, rounded to whole points.
    public init(direction: TextDirection = .leftToRight, pointScale: Double? = 1) {
        self.direction = direction
        self.pointScale = pointScale
    }

    /// The configuration for a screen: rounded to its pixels, or to whole points when the
    /// reported scale is not a positive number (a view not yet on screen reports 0).
    public init(direction: TextDirection, displayScale: Double) {
        self.init(
            direction: direction, pointScale: displayScale > 0 && displayScale.isFinite ? displayScale : 1)
    }
}

extension LayoutNode {
    /// Lays out the tree rooted here in the given space and returns every node's frame.
    ///
    /// A `.definite` space in an axis where the root's size is `auto` gives the root that size
    /// (clamped by its min/max), like a screen or a container view; `.maxContent` and
    /// `.minContent` size the root to its content. When nothing changed since the last call
    /// with the same arguments, the previous result is returned without any work.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        configuration: LayoutConfiguration = LayoutConfiguration()
    ) -> LayoutResult {
        let key = ResultKey(width: width, height: height, configuration: configuration)
        if !isLayoutDirty, let cachedResult, cachedResult.key == key { return cachedResult.result }
        let width = width.clampedToLimits
        let height = height.clampedToLimits
        let rtl = (style.direction ?? configuration.direction) == .rightToLeft
        let parentWidth = width.value
        let parentHeight = height.value
        let box = ResolvedBox(style, parentWidth: parentWidth, parentHeight: parentHeight)
        func fill(_ space: AvailableSpace, style: Double?, margin: Double, minimum: Double?, maximum: Double?)
            -> Double?
        {
            guard style == nil, let value = space.value, value.isFinite else { return nil }
            return max(0, value - margin).clamped(minimum, maximum)
        }
        let input = LayoutInput(
            knownWidth: fill(
                width, style: box.width, margin: box.margin.horizontal, minimum: box.minimumWidth,
                maximum: box.maximumWidth),
            knownHeight: fill(
                height, style: box.height, margin: box.margin.vertical, minimum: box.minimumHeight,
                maximum: box.maximumHeight),
            parentWidth: parentWidth, parentHeight: parentHeight, availableWidth: width,
            availableHeight: height, sizing: .inherentSize, rtl: rtl)
        if style.display == .none {
            LayoutEngine.hide(self)
        } else {
            let output = LayoutEngine.computeNode(self, input, mode: .performLayout)
            // A right-to-left root sits at the right edge of a definite width.
            var x = box.margin.left
            if rtl, let available = width.value, available.isFinite {
                x = available - box.margin.right - output.width
            }
            unrounded = Rect(x: x, y: box.margin.top, width: output.width, height: output.height)
        }
        let result = makeResult(grid: configuration.pointScale.flatMap { PixelGrid(scale: $0) })
        cachedResult = CachedResult(key: key, result: result)
        isLayoutDirty = false
        return result
    }

    /// Lays out the tree to fill a size (each axis where the root's size is `auto`).
    public func layout(
        in size: Size, configuration: LayoutConfiguration = LayoutConfiguration()
    ) -> LayoutResult {
        layout(width: .definite(size.width), height: .definite(size.height), configuration: configuration)
    }

    /// The size the tree would like within the given space, without filling it (for
    /// `sizeThatFits`): the root sized to its content, at most the available space where it
    /// can wrap or shrink.
    public func fittingSize(
        width: AvailableSpace, height: AvailableSpace, direction: TextDirection = .leftToRight
    )
        -> Size
    {
        let rtl = (style.direction ?? direction) == .rightToLeft
        let width = width.clampedToLimits
        let height = height.clampedToLimits
        let input = LayoutInput(
            knownWidth: nil, knownHeight: nil, parentWidth: width.value, parentHeight: height.value,
            availableWidth: width, availableHeight: height, sizing: .inherentSize, rtl: rtl)
        let output = LayoutEngine.computeNode(self, input, mode: .computeSize)
        return Size(
            width: LayoutNode.finiteSize(output.width), height: LayoutNode.finiteSize(output.height))
    }

    /// The final guard behind ``LayoutLimits``: a non-finite coordinate is 0, and a finite one
    /// is clamped to ±``LayoutLimits/maximumFrameValue`` (a huge finite offset would otherwise
    /// overflow to infinity when added to its parent's or scaled to the pixel grid).
    @inline(__always)
    static func finiteCoordinate(_ value: Double) -> Double {
        value.isFinite ? LayoutLimits.clampFrameValue(value) : 0
    }

    /// The final guard behind ``LayoutLimits``: a non-finite or negative size is 0, a finite one
    /// at most ``LayoutLimits/maximumFrameValue``.
    @inline(__always)
    static func finiteSize(_ value: Double) -> Double {
        value.isFinite && value > 0 ? LayoutLimits.clampFrameValue(value) : 0
    }

    /// `frame` with every field finite and the size non-negative.
    @inline(__always)
    static func sanitized(_ frame: Rect) -> Rect {
        Rect(
            x: finiteCoordinate(frame.x), y: finiteCoordinate(frame.y), width: finiteSize(frame.width),
            height: finiteSize(frame.height))
    }

    private func makeResult(grid: PixelGrid?) -> LayoutResult {
        var entries: [LayoutResult.Entry] = []
        entries.reserveCapacity(64)
        func visit(
            _ node: LayoutNode, parentIndex: Int?, parentX: Double, parentY: Double, parentRoundedX: Double,
            parentRoundedY: Double
        ) {
            let frame = LayoutNode.sanitized(node.unrounded)
            // Clamped, so that no depth of nesting can add up to infinity.
            let x = LayoutLimits.clampFrameValue(parentX + frame.x)
            let y = LayoutLimits.clampFrameValue(parentY + frame.y)
            var relative = frame
            if let grid {
                // Positions round relative to the parent (so a parent's rounded origin plus the
                // child's stays on the grid); sizes round through absolute edges, so adjacent
                // boxes meet. Measured leaves never shrink below their measured size.
                var width = grid.round(x + frame.width) - grid.round(x)
                var height = grid.round(y + frame.height) - grid.round(y)
                if node.measure != nil, node.children.isEmpty {
                    width = max(width, grid.ceilLength(frame.width))
                    height = max(height, grid.ceilLength(frame.height))
                }
                relative = Rect(
                    x: grid.round(frame.x), y: grid.round(frame.y), width: max(0, width),
                    height: max(0, height))
            }
            let absolute = Rect(
                x: LayoutLimits.clampFrameValue(parentRoundedX + relative.x),
                y: LayoutLimits.clampFrameValue(parentRoundedY + relative.y),
                width: relative.width, height: relative.height)
            let index = entries.count
            entries.append(
                LayoutResult.Entry(
                    id: node.id, parentIndex: parentIndex, frame: relative, absoluteFrame: absolute,
                    unroundedFrame: frame, name: node.name, text: node.debugText))
            for child in node.children {
                visit(
                    child, parentIndex: index, parentX: x, parentY: y, parentRoundedX: absolute.x,
                    parentRoundedY: absolute.y)
            }
        }
        visit(self, parentIndex: nil, parentX: 0, parentY: 0, parentRoundedX: 0, parentRoundedY: 0)
        return LayoutResult(entries: entries, pointScale: grid?.scale)
    }
}

/// The arguments a cached result was computed for.
struct ResultKey: Equatable {
    var width: AvailableSpace
    var height: AvailableSpace
    var configuration: LayoutConfiguration
}

/// A result kept on the root for clean re-layouts.
struct CachedResult {
    var key: ResultKey
    var result: LayoutResult
}
