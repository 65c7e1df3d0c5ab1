import KeelDesign

/// A drawing surface for one case: nodes in order, plus every text drawn with its measured
/// layout so overflow can be asserted rather than judged by eye.
package struct GalleryCanvas: Sendable {
    /// The canvas width in points.
    package var width: Double
    /// The canvas height in points.
    package var height: Double
    /// The background fill.
    package var background: ColorValue?
    /// The nodes drawn so far.
    package private(set) var nodes: [SVGNode] = []
    /// The texts drawn so far.
    package private(set) var texts: [DrawnText] = []
    /// The measurer texts are laid out with.
    package let measurer: FontMetricsMeasurer

    /// A canvas.
    package init(width: Double, height: Double, background: ColorValue?, measurer: FontMetricsMeasurer) {
        self.width = width
        self.height = height
        self.background = background
        self.measurer = measurer
    }

    /// Adds a node.
    package mutating func draw(_ node: SVGNode) { nodes.append(node) }

    /// Lays out and draws text in `frame`; the result is recorded for overflow checks.
    @discardableResult
    package mutating func text(
        _ text: String, font: FontDescriptor, color: ColorValue, in frame: Rect,
        alignment: TextBlockAlignment = .leading, direction: TextDirection = .leftToRight,
        maximumLines: Int = 0,
        centerVertically: Bool = false
    ) -> DrawnText {
        let drawn = measurer.draw(
            text, font: font, color: color, in: frame, alignment: alignment, direction: direction,
            maximumLines: maximumLines, centerVertically: centerVertically)
        if let node = drawn.node { nodes.append(node) }
        texts.append(drawn)
        return drawn
    }

    /// Records text drawn elsewhere (inside a group) for the overflow check.
    package mutating func record(_ text: DrawnText) { texts.append(text) }

    /// The canvas as a document.
    package var document: SVGDocument {
        SVGDocument(width: width, height: height, background: background, nodes: nodes)
    }
}
