import KeelSupport

/// Renders a laid-out tree as an SVG document: one outlined box per node, names and texts as
/// labels. Headless and deterministic, for the gallery and for failing-test diagnostics.
package enum LayoutSVG {
    /// An SVG document of `result`'s frames (absolute coordinates), with a margin around it.
    package static func render(_ result: LayoutResult, margin: Double = 8) -> String {
        let size = result.size
        let width = MarkupText.number(size.width + 2 * margin)
        let height = MarkupText.number(size.height + 2 * margin)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)">

            """
        svg +=
            "<g transform=\"translate(\(MarkupText.number(margin)) \(MarkupText.number(margin)))\" font-family=\"sans-serif\">\n"
        for (index, entry) in result.entries.enumerated() {
            let frame = entry.absoluteFrame
            let depth = depth(of: index, in: result)
            let hue = (depth * 47) % 360
            svg +=
                "<rect x=\"\(MarkupText.number(frame.x))\" y=\"\(MarkupText.number(frame.y))\" width=\"\(MarkupText.number(frame.width))\" "
            svg +=
                "height=\"\(MarkupText.number(frame.height))\" fill=\"hsl(\(hue),60%,\(depth == 0 ? 97 : 90)%)\" "
            svg += "stroke=\"hsl(\(hue),50%,40%)\" stroke-width=\"1\"/>\n"
            if let label = entry.text ?? entry.name {
                let fontSize = max(6, min(12, frame.height * 0.7))
                svg +=
                    "<text x=\"\(MarkupText.number(frame.x + 2))\" y=\"\(MarkupText.number(frame.y + fontSize))\" "
                svg += "font-size=\"\(MarkupText.number(fontSize))\">\(MarkupText.escape(label))</text>\n"
            }
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    /// ``render(_:margin:)`` with the track lines of every grid container in `tree` (the root
    /// `result` was laid out from) drawn over its box as dashed outlines, one per track.
    package static func render(_ result: LayoutResult, tree: LayoutNode, margin: Double = 8) -> String {
        var svg = render(result, margin: margin)
        var lines = ""
        for node in tree.subtree where node.style.display == .grid {
            guard let tracks = node.gridTrackLines, let frame = result.absoluteFrame(of: node) else {
                continue
            }
            for column in tracks.columns {
                lines += trackRect(
                    x: frame.x + column.start, y: frame.y, width: column.size, height: frame.height)
            }
            for row in tracks.rows {
                lines += trackRect(x: frame.x, y: frame.y + row.start, width: frame.width, height: row.size)
            }
        }
        let end = "</g>\n</svg>\n"
        guard !lines.isEmpty, svg.hasSuffix(end) else { return svg }
        svg.removeLast(end.count)
        return svg + "<g class=\"grid-tracks\">\n" + lines + "</g>\n" + end
    }

    static func trackRect(x: Double, y: Double, width: Double, height: Double) -> String {
        "<rect x=\"\(MarkupText.number(x))\" y=\"\(MarkupText.number(y))\" width=\"\(MarkupText.number(width))\" height=\"\(MarkupText.number(height))\" "
            + "fill=\"none\" stroke=\"hsl(210,70%,45%)\" stroke-width=\"0.75\" stroke-dasharray=\"3 2\"/>\n"
    }

    static func depth(of index: Int, in result: LayoutResult) -> Int {
        var depth = 0
        var current = result.entries[index].parentIndex
        while let parent = current {
            depth += 1
            current = result.entries[parent].parentIndex
        }
        return depth
    }
}

extension LayoutNode {
    /// The subtree with each node's name, main style values and last unrounded frame, one node
    /// per line — for diagnosing failing layouts.
    package var debugDescription: String {
        var lines: [String] = []
        func visit(_ node: LayoutNode, depth: Int) {
            let style = node.style
            var parts = ["\(node.name ?? "node")\(node.id)", "frame=\(node.unrounded.description)"]
            if style.display == .none { parts.append("display=none") }
            if style.position == .absolute { parts.append("absolute") }
            parts.append("\(style.flexDirection)")
            if style.flexGrow != 0 { parts.append("grow=\(style.flexGrow)") }
            if !style.width.isAuto { parts.append("width=\(style.width)") }
            if !style.height.isAuto { parts.append("height=\(style.height)") }
            if node.measure != nil { parts.append("measured") }
            lines.append(String(repeating: "  ", count: depth) + parts.joined(separator: " "))
            for child in node.children { visit(child, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}
