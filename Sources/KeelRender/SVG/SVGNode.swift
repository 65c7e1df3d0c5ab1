import KeelDesign

/// One drawable element of an ``SVGDocument``.
package indirect enum SVGNode: Hashable, Sendable {
    /// A rectangle with optional rounded corners.
    case rect(SVGRectShape)
    /// A circle.
    case circle(center: Point, radius: Double, fill: SVGPaint, stroke: SVGStroke?)
    /// A path from SVG path data.
    case path(SVGPathShape)
    /// Lines of text.
    case text(SVGTextShape)
    /// A group: transformed, clipped, faded or shadowed as one.
    case group(SVGGroup)
    /// Trusted, already-serialised SVG markup (for example a nested `<svg>` from another
    /// renderer such as KeelLayout's `LayoutSVG`), written verbatim.
    case markup(String)
}

/// A rectangle with optional rounded corners, fill, border and shadow.
package struct SVGRectShape: Hashable, Sendable {
    /// The frame.
    package var frame: Rect
    /// The corner radius (clamped to half the shorter side when written).
    package var cornerRadius: Double
    /// The fill.
    package var fill: SVGPaint
    /// The border, drawn centred on the edge.
    package var stroke: SVGStroke?
    /// A drop shadow.
    package var shadow: SVGShadow?

    /// A rectangle.
    package init(
        frame: Rect, cornerRadius: Double = 0, fill: SVGPaint, stroke: SVGStroke? = nil,
        shadow: SVGShadow? = nil
    ) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.stroke = stroke
        self.shadow = shadow
    }
}

/// A path.
package struct SVGPathShape: Hashable, Sendable {
    /// The path data (`M0 0L10 10Z`).
    package var data: String
    /// The fill.
    package var fill: SVGPaint
    /// The outline.
    package var stroke: SVGStroke?
    /// Use the even-odd fill rule (for shapes with holes).
    package var evenOdd: Bool

    /// A path.
    package init(data: String, fill: SVGPaint, stroke: SVGStroke? = nil, evenOdd: Bool = false) {
        self.data = data
        self.fill = fill
        self.stroke = stroke
        self.evenOdd = evenOdd
    }
}

/// Where a line of text is anchored horizontally, in physical terms.
package enum SVGTextAnchor: String, Hashable, Sendable {
    /// `x` is the left edge of the line.
    case left
    /// `x` is the centre of the line.
    case center
    /// `x` is the right edge of the line.
    case right
}

/// One line of an ``SVGTextShape``.
package struct SVGTextLine: Hashable, Sendable {
    /// The text of the line.
    package var text: String
    /// The anchor's x.
    package var x: Double
    /// The baseline's y.
    package var baseline: Double

    /// A line.
    package init(text: String, x: Double, baseline: Double) {
        self.text = text
        self.x = x
        self.baseline = baseline
    }
}

/// Lines of text in one font: written as one `<text>` with one `<tspan>` per line, so the
/// browser never re-wraps what was laid out with measured metrics.
package struct SVGTextShape: Hashable, Sendable {
    /// The lines.
    package var lines: [SVGTextLine]
    /// The CSS font-family list (the family that was measured first).
    package var fontFamily: String
    /// The font size in points.
    package var fontSize: Double
    /// The numeric font weight.
    package var fontWeight: Double
    /// Extra space after each character in points.
    package var letterSpacing: Double
    /// The text colour.
    package var color: ColorValue
    /// The physical anchor of every line.
    package var anchor: SVGTextAnchor
    /// The base direction (bidi ordering of the characters).
    package var rightToLeft: Bool

    /// A text element.
    package init(
        lines: [SVGTextLine], fontFamily: String, fontSize: Double, fontWeight: Double = 400,
        letterSpacing: Double = 0, color: ColorValue, anchor: SVGTextAnchor = .left, rightToLeft: Bool = false
    ) {
        self.lines = lines
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.letterSpacing = letterSpacing
        self.color = color
        self.anchor = anchor
        self.rightToLeft = rightToLeft
    }
}

/// One step of a group's transform, applied in order (SVG `transform` semantics).
package enum SVGTransform: Hashable, Sendable {
    /// Moves by `x`, `y`.
    case translate(x: Double, y: Double)
    /// Scales by `x`, `y`.
    case scale(x: Double, y: Double)
    /// Rotates by `degrees` around the origin.
    case rotate(degrees: Double)
}

/// A group of nodes sharing a transform, a clip, an opacity and a shadow.
package struct SVGGroup: Hashable, Sendable {
    /// The children, drawn in order.
    package var children: [SVGNode]
    /// The transform steps.
    package var transform: [SVGTransform]
    /// A rounded-rectangle clip in the group's coordinates.
    package var clip: SVGClip?
    /// The opacity of the whole group.
    package var opacity: Double
    /// A drop shadow of the whole group.
    package var shadow: SVGShadow?
    /// A `class` for the group (a name for tests and for reading the SVG; need not be unique).
    package var name: String?

    /// A group.
    package init(
        _ children: [SVGNode], transform: [SVGTransform] = [], clip: SVGClip? = nil, opacity: Double = 1,
        shadow: SVGShadow? = nil, name: String? = nil
    ) {
        self.children = children
        self.transform = transform
        self.clip = clip
        self.opacity = opacity
        self.shadow = shadow
        self.name = name
    }
}

/// A clipping region: a rectangle with rounded corners.
package struct SVGClip: Hashable, Sendable {
    /// The region.
    package var frame: Rect
    /// The corner radius.
    package var cornerRadius: Double

    /// A clip.
    package init(frame: Rect, cornerRadius: Double = 0) {
        self.frame = frame
        self.cornerRadius = cornerRadius
    }
}

/// A complete SVG document: a canvas size, an optional background and the nodes.
package struct SVGDocument: Hashable, Sendable {
    /// The width in points.
    package var width: Double
    /// The height in points.
    package var height: Double
    /// A fill for the whole canvas.
    package var background: ColorValue?
    /// A `<title>` (accessible name of the image).
    package var title: String?
    /// The nodes, drawn in order.
    package var nodes: [SVGNode]

    /// A document.
    package init(
        width: Double, height: Double, background: ColorValue? = nil, title: String? = nil, nodes: [SVGNode]
    ) {
        self.width = width
        self.height = height
        self.background = background
        self.title = title
        self.nodes = nodes
    }

    /// The serialised document (see ``SVGWriter``).
    package var svg: String { SVGWriter().write(self) }
}
