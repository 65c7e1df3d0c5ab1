import Foundation
import KeelLayout

/// Builds a layout tree from a fixture's input and compares layouts with its expectations.
enum FixtureTree {
    /// The tree for a fixture's input, with web defaults and an Ahem-style text measurer.
    static func build(_ element: Fixture.Element) -> LayoutNode {
        var style = LayoutStyle()
        let attributes = element.attributes
        func length(_ key: String) -> Length? {
            guard let raw = attributes[key]?.trimmingCharacters(in: .whitespaces) else { return nil }
            if raw == "auto" { return .auto }
            if raw.hasSuffix("%"), let value = Double(raw.dropLast()) { return .percent(value) }
            if raw.hasSuffix("px"), let value = Double(raw.dropLast(2)) { return .points(value) }
            if let value = Double(raw) { return .points(value) }
            switch raw {
            case "min-content": return .minContent
            case "max-content": return .maxContent
            case "fit-content": return .fitContent
            case "stretch", "-webkit-fill-available": return .stretch
            case "content": return .content
            default: return .auto
            }
        }
        func number(_ key: String) -> Double? { attributes[key].flatMap { Double($0) } }

        if let value = attributes["direction"] {
            style.direction = value == "rtl" ? .rightToLeft : .leftToRight
        }
        if attributes["box-sizing"] == "content-box" { style.boxSizing = .contentBox }
        if attributes["display"] == "none" { style.display = .none }
        if attributes["display"] == "grid" { style.display = .grid }
        // KeelLayout has no block layout: a block box is a column (children stacked and
        // stretched across), which is block layout without margin collapsing or inline content.
        if attributes["display"] == "block", attributes["flex-direction"] == nil {
            style.flexDirection = .column
        }
        GridFixtureSyntax.apply(attributes, to: &style)
        if attributes["position"] == "absolute" { style.position = .absolute }
        if attributes["position"] == "static" { style.position = .static }
        if attributes["display"] == "contents" { style.display = .contents }
        switch attributes["flex-direction"] {
        case "column": style.flexDirection = .column
        case "column-reverse": style.flexDirection = .columnReverse
        case "row-reverse": style.flexDirection = .rowReverse
        default: break
        }
        if let wrap = attributes["flex-wrap"] {
            let words = wrap.split(separator: " ")
            if words.contains("wrap") { style.flexWrap = .wrap }
            if words.contains("wrap-reverse") { style.flexWrap = .wrapReverse }
            if words.contains("balance") { style.balancesLines = true }
        }
        if let count = attributes["flex-line-count"].flatMap({ Int($0) }) { style.lineCount = count }
        if let value = attributes["justify-content"] { style.justifyContent = justify(value) }
        if let value = attributes["align-items"] { style.alignItems = align(value) }
        if let value = attributes["align-self"] { style.alignSelf = align(value) }
        if let value = attributes["align-content"] { style.alignContent = alignContent(value) }
        for (key, member) in [
            ("justify-content", SafeAlignment.justifyContent), ("align-items", .alignItems),
            ("align-self", .alignSelf), ("align-content", .alignContent),
        ] where attributes[key]?.split(separator: " ").first == "safe" {
            style.safeAlignment.insert(member)
        }
        if let value = number("flex-grow") { style.flexGrow = value }
        if let value = number("flex-shrink") { style.flexShrink = value }
        if let value = length("flex-basis") { style.flexBasis = value }
        if let value = length("width") { style.width = value }
        if let value = length("height") { style.height = value }
        if let value = length("min-width") { style.minimumWidth = value }
        if let value = length("min-height") { style.minimumHeight = value }
        if let value = length("max-width") { style.maximumWidth = value }
        if let value = length("max-height") { style.maximumHeight = value }
        if let value = number("aspect-ratio") { style.aspectRatio = value }
        func overflow(_ raw: String?) -> Overflow? {
            switch raw {
            case "visible": return .visible
            case "clip": return .clip
            case "hidden": return .hidden
            case "scroll": return .scroll
            default: return nil
            }
        }
        if let value = overflow(attributes["overflow"]) { style.overflow = value }
        if let value = overflow(attributes["overflow-x"]) { style.overflowX = value }
        if let value = overflow(attributes["overflow-y"]) { style.overflowY = value }
        if let value = number("scrollbar-width") { style.scrollbarWidth = value }
        if let value = length("column-gap") { style.columnGap = value }
        if let value = length("row-gap") { style.rowGap = value }
        func edges(_ prefix: String, _ edges: inout Edges<Length>) {
            if let value = length("\(prefix)left") { edges.left = value }
            if let value = length("\(prefix)right") { edges.right = value }
            if let value = length("\(prefix)top") { edges.top = value }
            if let value = length("\(prefix)bottom") { edges.bottom = value }
        }
        edges("margin-", &style.margin)
        edges("padding-", &style.padding)
        edges("border-", &style.border)
        edges("", &style.inset)

        if element.tag == "text" {
            let glyphs = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let vertical = attributes["writing-mode"]?.hasPrefix("vertical") ?? false
            return LayoutNode(style, measure: AhemText.measure(glyphs, vertical: vertical))
        }
        return LayoutNode(style, children: element.children.map(build))
    }

    static func justify(_ value: String) -> JustifyContent {
        switch value.split(separator: " ").last ?? "" {
        case "start": return .start
        case "end": return .end
        case "flex-end": return .flexEnd
        case "center": return .center
        case "space-between": return .spaceBetween
        case "space-around": return .spaceAround
        case "space-evenly": return .spaceEvenly
        default: return .flexStart
        }
    }

    static func align(_ value: String) -> AlignItems {
        switch value.split(separator: " ").last ?? "" {
        case "start": return .start
        case "end": return .end
        case "flex-start": return .flexStart
        case "flex-end": return .flexEnd
        case "center": return .center
        case "baseline": return .baseline
        case "self-start": return .selfStart
        case "self-end": return .selfEnd
        default: return .stretch
        }
    }

    static func alignContent(_ value: String) -> AlignContent {
        switch value.split(separator: " ").last ?? "" {
        case "start": return .start
        case "end": return .end
        case "flex-start": return .flexStart
        case "flex-end": return .flexEnd
        case "center": return .center
        case "space-between": return .spaceBetween
        case "space-around": return .spaceAround
        case "space-evenly": return .spaceEvenly
        default: return .stretch
        }
    }

    static func space(_ raw: String) -> AvailableSpace {
        if raw.hasSuffix("px"), let value = Double(raw.dropLast(2)) { return .definite(value) }
        return raw == "min-content" ? .minContent : .maxContent
    }

    /// Gives a grid root in a definite viewport its fit-content width. The viewport is the
    /// space available to a root that does not fill it: an auto-width grid gets
    /// min(max-content, max(min-content, viewport)) there, as the fixtures expect (their flex
    /// roots fill it), whereas `layout(width: .definite(…))` makes an auto-width root fill it.
    static func fitGridRoot(_ root: LayoutNode, _ fixture: Fixture) {
        guard case .definite(let available) = space(fixture.viewportWidth), root.style.width.isAuto,
            root.style.display == .grid
        else { return }
        let height = space(fixture.viewportHeight)
        let minimum = root.fittingSize(width: .minContent, height: height).width
        let maximum = root.fittingSize(width: .maxContent, height: height).width
        let margins =
            (root.style.margin.left.resolve(available) ?? 0)
            + (root.style.margin.right.resolve(available) ?? 0)
        root.style.width = .points(min(maximum, max(minimum, available - margins)))
    }

    /// Lays the fixture out and returns the first mismatch, or `nil` when every frame is
    /// within `tolerance`.
    static func check(_ fixture: Fixture, tolerance: Double = 0.1) -> String? {
        let root = build(fixture.input)
        fitGridRoot(root, fixture)
        let result = root.layout(
            width: space(fixture.viewportWidth), height: space(fixture.viewportHeight),
            configuration: LayoutConfiguration(pointScale: fixture.useRounding ? 1 : nil))
        func compare(_ node: LayoutNode, _ expected: Fixture.Expected, path: String) -> String? {
            guard let frame = result.frame(of: node) else { return "\(path): no frame" }
            let pairs = [
                ("x", frame.x, expected.x), ("y", frame.y, expected.y),
                ("width", frame.width, expected.width),
                ("height", frame.height, expected.height),
            ]
            for (name, actual, wanted) in pairs where !(abs(actual - wanted) <= tolerance) {
                return "\(path).\(name): got \(actual), expected \(wanted)"
            }
            guard node.children.count == expected.children.count else { return "\(path): child count" }
            for (index, child) in node.children.enumerated() {
                if let mismatch = compare(child, expected.children[index], path: "\(path)/\(index)") {
                    return mismatch
                }
            }
            return nil
        }
        return compare(root, fixture.expected, path: "root")
    }
}

/// The Ahem test font: every glyph is 10 × 10 points; lines break only at zero-width spaces.
///
/// Horizontal text runs along the width and stacks lines down; vertical text
/// (`writing-mode: vertical-lr/rl`) runs along the height and stacks lines across, so its
/// min- and max-content sizes are heights and its line count sets its width.
enum AhemText {
    static let glyphSize = 10.0

    static func measure(_ text: String, vertical: Bool = false) -> MeasureFunction {
        let words: [Int] = text.components(separatedBy: "\u{200B}").map { $0.count }
        let size: @Sendable (MeasureRequest) -> Size = { request in
            let longestWord = Double(words.max() ?? 0) * glyphSize
            let oneLine = Double(words.reduce(0, +)) * glyphSize
            let knownInline = vertical ? request.knownHeight : request.knownWidth
            let knownBlock = vertical ? request.knownWidth : request.knownHeight
            let availableInline = vertical ? request.availableHeight : request.availableWidth
            func oriented(inline: Double, block: Double) -> Size {
                vertical ? Size(width: block, height: inline) : Size(width: inline, height: block)
            }
            let inline: Double
            if let known = knownInline {
                inline = known
            } else {
                switch availableInline {
                case .minContent: inline = longestWord
                case .maxContent: inline = oneLine
                case .definite(let available): inline = max(min(available, oneLine), longestWord)
                }
            }
            if let block = knownBlock { return oriented(inline: inline, block: block) }
            let perLine = Int((inline / glyphSize).rounded(.down))
            var lines = 1
            var current = 0
            for word in words {
                if current + word > perLine {
                    if current > 0 { lines += 1 }
                    current = word
                } else {
                    current += word
                }
            }
            return oriented(inline: inline, block: Double(lines) * glyphSize)
        }
        return MeasureFunction(baseline: { _ in glyphSize * 0.8 }, size)
    }
}
