import KeelDesign

/// One drawable element of an ``SVGDocument``.
public indirect enum SVGNode: Hashable, Sendable {
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
public struct SVGRectShape: Hashable, Sendable {
    /// The frame.
    public var frame: Rect
    /// The corner radius (clamped to half the shorter side when written).
    public var cornerRadius: Double
    /// The fill.
    public var fill: SVGPaint
    /// The border, drawn centred on the edge.
    public var stroke: SVGStroke?
    /// A drop shadow.
    public var shadow: SVGShadow?

    /// A rectangle.
    public init(
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
public struct SVGPathShape: Hashable, Sendable {
    /// The path data (`M0 0L10 10Z`).
    public var data: String
    /// The fill.
    public var fill: SVGPaint
    /// The outline.
    public var stroke: SVGStroke?
    /// Use the even-odd fill rule (for shapes with holes).
    public var evenOdd: Bool

    /// A path.
    public init(data: String, fill: SVGPaint, stroke: SVGStroke? = nil, evenOdd: Bool = false) {
        self.data = data
        self.fill = fill
        self.stroke = stroke
        self.evenOdd = evenOdd
    }
}

/// Where a line of text is anchored horizontally, in physical terms.
public enum SVGTextAnchor: String, Hashable, Sendable {
    /// `x` is the left edge of the line.
    case left
    /// `x` is the centre of the line.
    case center
    /// `x` is the right edge of the line.
    case right
}

/// One line of an ``SVGTextShape``.
public struct SVGTextLine: Hashable, Sendable {
    /// The text of the line.
    public var text: String
    /// The anchor's x.
    public var x: Double
    /// The baseline's y.
    public var baseline: Double

    /// A line.
    public init(text: String, x: Double, baseline: Double) {
        self.text = text
        self.x = x
        self.baseline = baseline
    }
}

/// Lines of text in one font: written as one `<text>` with one `<tspan>` per line, so the
/// browser never re-wraps what was laid out with measured metrics.
public struct SVGTextShape: Hashable, Sendable {
    /// The lines.
    public var lines: [SVGTextLine]
    /// The CSS font-family list (the family that was measured first).
    public var fontFamily: String
    /// The font size in points.
    public var fontSize: Double
    /// The numeric font weight.
    public var fontWeight: Double
    /// Extra space after each character in points.
    public var letterSpacing: Double
    /// The text colour.
    public var color: ColorValue
    /// The physical anchor of every line.
    public var anchor: SVGTextAnchor
    /// The base direction (bidi ordering of the characters).
    public var rightToLeft: Bool

    /// A text element.
    public init(
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
public enum SVGTransform: Hashable, Sendable {
    /// Moves by `x`, `y`.
    case translate(x: Double, y: Double)
    /// Scales by `x`, `y`.
    case scale(x: Double, y: Double)
    /// Rotates by `degrees` around the origin.
    case rotate(degrees: Double)
}

/// A group of nodes sharing a transform, a clip, an opacity and a shadow.
public struct SVGGroup: Hashable, Sendable {
    /// The children, drawn in order.
    public var children: [SVGNode]
    /// The transform steps.
    public var transform: [SVGTransform]
    /// A rounded-rectangle clip in the group's coordinates.
    public var clip: SVGClip?
    /// The opacity of the whole group.
    public var opacity: Double
    /// A drop shadow of the whole group.
    public var shadow: SVGShadow?
    /// A `class` for the group (a name for tests and for reading the SVG; need not be unique).
    public var name: String?

    /// A group.
    public init(
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
public struct SVGClip: Hashable, Sendable {
    /// The region.
    public var frame: Rect
    /// The corner radius.
    public var cornerRadius: Double

    /// A clip.
    public init(frame: Rect, cornerRadius: Double = 0) {
        self.frame = frame
        self.cornerRadius = cornerRadius
    }
}

/// A complete SVG document: a canvas size, an optional background and the nodes.
public struct SVGDocument: Hashable, Sendable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double
    /// A fill for the whole canvas.
    public var background: ColorValue?
    /// A `<title>` (accessible name of the image).
    public var title: String?
    /// The nodes, drawn in order.
    public var nodes: [SVGNode]

    /// A document.
    public init(
        width: Double, height: Double, background: ColorValue? = nil, title: String? = nil, nodes: [SVGNode]
    ) {
        self.width = width
        self.height = height
        self.background = background
        self.title = title
        self.nodes = nodes
    }

    /// The serialised document (see ``SVGWriter``).
    public var svg: String { SVGWriter().write(self) }
}
