import KeelDesign

/// Serialises an ``SVGDocument`` byte for byte deterministically.
///
/// Attributes are written in a fixed order, numbers through ``SVGFormat``, and gradients,
/// shadow filters and clip paths are collected into `<defs>` with ids numbered in order of
/// first use (`gradient-0`, `shadow-0`, `clip-0`); identical definitions share one id. Nothing
/// depends on dates, hashing order or the locale.
package struct SVGWriter: Sendable {
    /// A writer.
    package init() {}

    /// The document as SVG text, ending with a newline.
    package func write(_ document: SVGDocument) -> String {
        var state = DefinitionTable()
        var body = ""
        if let background = document.background {
            body +=
                "<rect width=\"100%\" height=\"100%\"\(Self.fillAttributes(.color(background), &state))/>\n"
        }
        for node in document.nodes { Self.write(node, into: &body, state: &state, indent: "") }
        let width = SVGFormat.number(document.width)
        let height = SVGFormat.number(document.height)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        svg += "viewBox=\"0 0 \(width) \(height)\">\n"
        if let title = document.title { svg += "<title>\(SVGFormat.escape(title))</title>\n" }
        if !state.definitions.isEmpty {
            svg += "<defs>\n" + state.definitions.joined() + "</defs>\n"
        }
        return svg + body + "</svg>\n"
    }

    // MARK: Nodes

    private static func write(
        _ node: SVGNode, into out: inout String, state: inout DefinitionTable, indent: String
    ) {
        switch node {
        case .rect(let rect):
            let frame = rect.frame
            var line = "\(indent)<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" "
            line += "width=\"\(n(max(0, frame.width)))\" height=\"\(n(max(0, frame.height)))\""
            let radius = min(max(0, rect.cornerRadius), min(frame.width, frame.height) / 2)
            if radius > 0 { line += " rx=\"\(n(radius))\"" }
            line += fillAttributes(rect.fill, &state)
            line += strokeAttributes(rect.stroke)
            if let shadow = rect.shadow { line += " filter=\"url(#\(state.id(forShadow: shadow)))\"" }
            out += line + "/>\n"
        case .circle(let center, let radius, let fill, let stroke):
            out += "\(indent)<circle cx=\"\(n(center.x))\" cy=\"\(n(center.y))\" r=\"\(n(max(0, radius)))\""
            out += fillAttributes(fill, &state) + strokeAttributes(stroke) + "/>\n"
        case .path(let path):
            out += "\(indent)<path d=\"\(SVGFormat.escape(path.data))\""
            if path.evenOdd { out += " fill-rule=\"evenodd\"" }
            out += fillAttributes(path.fill, &state) + strokeAttributes(path.stroke) + "/>\n"
        case .text(let text):
            writeText(text, into: &out, indent: indent)
        case .group(let group):
            var tag = "\(indent)<g"
            if let name = group.name { tag += " class=\"\(SVGFormat.escape(name))\"" }
            if !group.transform.isEmpty { tag += " transform=\"\(transform(group.transform))\"" }
            if let clip = group.clip { tag += " clip-path=\"url(#\(state.id(forClip: clip)))\"" }
            if group.opacity < 1 { tag += " opacity=\"\(SVGFormat.opacity(group.opacity))\"" }
            if let shadow = group.shadow { tag += " filter=\"url(#\(state.id(forShadow: shadow)))\"" }
            out += tag + ">\n"
            for child in group.children { write(child, into: &out, state: &state, indent: indent + "  ") }
            out += "\(indent)</g>\n"
        case .markup(let markup):
            out += markup.hasSuffix("\n") ? markup : markup + "\n"
        }
    }

    private static func writeText(_ text: SVGTextShape, into out: inout String, indent: String) {
        guard !text.lines.isEmpty else { return }
        // With direction="rtl", SVG's start/end are the right/left edges.
        let anchor: String
        switch (text.anchor, text.rightToLeft) {
        case (.center, _): anchor = "middle"
        case (.left, false), (.right, true): anchor = "start"
        case (.right, false), (.left, true): anchor = "end"
        }
        var tag = "\(indent)<text font-family=\"\(SVGFormat.escape(text.fontFamily))\" "
        tag += "font-size=\"\(n(text.fontSize))\" font-weight=\"\(n(text.fontWeight))\""
        if text.letterSpacing != 0 { tag += " letter-spacing=\"\(n(text.letterSpacing))\"" }
        tag += " fill=\"\(SVGFormat.color(text.color))\""
        if text.color.alpha < 1 { tag += " fill-opacity=\"\(SVGFormat.opacity(text.color.alpha))\"" }
        tag += " text-anchor=\"\(anchor)\""
        if text.rightToLeft { tag += " direction=\"rtl\"" }
        out += tag + ">"
        for line in text.lines {
            out +=
                "<tspan x=\"\(n(line.x))\" y=\"\(n(line.baseline))\">\(SVGFormat.escape(line.text))</tspan>"
        }
        out += "</text>\n"
    }

    // MARK: Attributes

    private static func fillAttributes(_ paint: SVGPaint, _ state: inout DefinitionTable) -> String {
        switch paint {
        case .none: return " fill=\"none\""
        case .color(let color):
            var text = " fill=\"\(SVGFormat.color(color))\""
            if color.alpha < 1 { text += " fill-opacity=\"\(SVGFormat.opacity(color.alpha))\"" }
            return text
        case .linearGradient(let gradient):
            return " fill=\"url(#\(state.id(forGradient: gradient)))\""
        }
    }

    private static func strokeAttributes(_ stroke: SVGStroke?) -> String {
        guard let stroke, stroke.width > 0 else { return "" }
        var text = " stroke=\"\(SVGFormat.color(stroke.color))\" stroke-width=\"\(n(stroke.width))\""
        if stroke.color.alpha < 1 { text += " stroke-opacity=\"\(SVGFormat.opacity(stroke.color.alpha))\"" }
        if !stroke.dash.isEmpty {
            text += " stroke-dasharray=\"\(stroke.dash.map(n).joined(separator: " "))\""
        }
        if stroke.rounded { text += " stroke-linecap=\"round\" stroke-linejoin=\"round\"" }
        return text
    }

    private static func transform(_ steps: [SVGTransform]) -> String {
        steps.map { step in
            switch step {
            case .translate(let x, let y): "translate(\(n(x)) \(n(y)))"
            case .scale(let x, let y): "scale(\(n(x)) \(n(y)))"
            case .rotate(let degrees): "rotate(\(n(degrees)))"
            }
        }.joined(separator: " ")
    }

    private static func n(_ value: Double) -> String { SVGFormat.number(value) }

    // MARK: Definitions

    /// The `<defs>` collected while writing, with ids in order of first use.
    private struct DefinitionTable {
        var definitions: [String] = []
        private var gradients: [LinearColorGradient: String] = [:]
        private var shadows: [SVGShadow: String] = [:]
        private var clips: [SVGClip: String] = [:]

        mutating func id(forGradient gradient: LinearColorGradient) -> String {
            if let id = gradients[gradient] { return id }
            let id = "gradient-\(gradients.count)"
            gradients[gradient] = id
            var text =
                "<linearGradient id=\"\(id)\" x1=\"\(n(gradient.start.x))\" y1=\"\(n(gradient.start.y))\" "
            text += "x2=\"\(n(gradient.end.x))\" y2=\"\(n(gradient.end.y))\">\n"
            for stop in gradient.stops {
                text += "  <stop offset=\"\(n(min(1, max(0, stop.location))))\" "
                text += "stop-color=\"\(SVGFormat.color(stop.color))\""
                if stop.color.alpha < 1 { text += " stop-opacity=\"\(SVGFormat.opacity(stop.color.alpha))\"" }
                text += "/>\n"
            }
            definitions.append(text + "</linearGradient>\n")
            return id
        }

        mutating func id(forShadow shadow: SVGShadow) -> String {
            if let id = shadows[shadow] { return id }
            let id = "shadow-\(shadows.count)"
            shadows[shadow] = id
            // A generous region so the blur is not cut off at the shape's bounding box.
            var text = "<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\" "
            text += "color-interpolation-filters=\"sRGB\">\n"
            var source = "SourceAlpha"
            if shadow.spread > 0 {
                text +=
                    "  <feMorphology in=\"SourceAlpha\" operator=\"dilate\" radius=\"\(n(shadow.spread))\" "
                text += "result=\"spread\"/>\n"
                source = "spread"
            }
            text += "  <feGaussianBlur in=\"\(source)\" stdDeviation=\"\(n(max(0, shadow.blur) / 2))\"/>\n"
            text +=
                "  <feOffset dx=\"\(n(shadow.offsetX))\" dy=\"\(n(shadow.offsetY))\" result=\"offset\"/>\n"
            text += "  <feFlood flood-color=\"\(SVGFormat.color(shadow.color))\" "
            text += "flood-opacity=\"\(SVGFormat.opacity(shadow.color.alpha))\"/>\n"
            text += "  <feComposite in2=\"offset\" operator=\"in\"/>\n"
            text += "  <feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>\n"
            definitions.append(text + "</filter>\n")
            return id
        }

        mutating func id(forClip clip: SVGClip) -> String {
            if let id = clips[clip] { return id }
            let id = "clip-\(clips.count)"
            clips[clip] = id
            let frame = clip.frame
            var text = "<clipPath id=\"\(id)\"><rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" "
            text += "width=\"\(n(max(0, frame.width)))\" height=\"\(n(max(0, frame.height)))\""
            let radius = min(max(0, clip.cornerRadius), min(frame.width, frame.height) / 2)
            if radius > 0 { text += " rx=\"\(n(radius))\"" }
            definitions.append(text + "/></clipPath>\n")
            return id
        }

        private func n(_ value: Double) -> String { SVGFormat.number(value) }
    }
}
