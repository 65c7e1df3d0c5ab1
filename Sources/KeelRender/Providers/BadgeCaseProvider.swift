import KeelComponents
import KeelDesign

/// Badges: a dot, one digit, two digits and an overflowing count (`99+`), and a count in
/// every tone, each on a host square at its top-trailing corner (top-left in the
/// right-to-left traits), drawn from `BadgeAppearance` and `BadgeLayout`.
package struct BadgeCaseProvider: GalleryCaseProvider {
    /// `badge`.
    package let component = "badge"
    /// `Badge`.
    package let title = "Badge"

    /// A provider.
    package init() {}

    /// The badges shown: name, label, content, tone.
    static let samples: [(String, String, BadgeContent, BadgeTone)] =
        [
            ("dot", "Dot", .dot, .critical),
            ("count-1", "Count 1", .count(1), .critical),
            ("count-42", "Count 42", .count(42), .critical),
            ("count-overflow", "Count 120 · overflow", .count(120), .critical),
        ]
        + BadgeTone.allCases.filter { $0 != .critical }.map { tone in
            ("tone-\(tone.rawValue)", "Count 7 · \(tone.rawValue)", .count(7), tone)
        }

    /// Every sample under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { name, label, content, tone in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(content, tone: tone, context: context)
                    }
                }
            }
        }
    }

    /// The host the badge sits on (gallery framing: an icon-sized square).
    static let hostSide = 40.0

    static func draw(_ content: BadgeContent, tone: BadgeTone, context: GalleryContext) -> GalleryCanvas {
        let appearance = BadgeAppearance(
            theme: BadgeTheme(resolver: context.resolver), content: content, tone: tone)
        let layout = BadgeLayout(appearance: appearance, measurer: context.measurer)
        let margin = ComponentDrawing.margin
        let host = Size(width: hostSide, height: hostSide)
        let badge = layout.frame(onHost: host, appearance: appearance)
        // The canvas holds the host and the badge with its ring where it overhangs.
        let ring = appearance.ringWidth
        let minX = min(0, badge.minX - ring)
        let minY = min(0, badge.minY - ring)
        let maxX = max(hostSide, badge.maxX + ring)
        let maxY = max(hostSide, badge.maxY + ring)
        var canvas = context.canvas(width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
        let origin = Point(x: margin - minX, y: margin - minY)
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(Rect(x: 0, y: 0, width: hostSide, height: hostSide), at: origin),
                    cornerRadius: context.resolver.radius(.md),
                    fill: .color(context.resolver.color(.backgroundHighlighted)))))
        ComponentDrawing.badge(appearance, layout: layout, in: Rect(badge, at: origin), canvas: &canvas)
        return canvas
    }
}

extension ComponentDrawing {
    /// Draws a badge in `frame` (its size from `layout`): the ring, the fill and the number.
    static func badge(
        _ appearance: BadgeAppearance, layout: BadgeLayout, in frame: Rect, canvas: inout GalleryCanvas
    ) {
        guard appearance.isShown else { return }
        var nodes: [SVGNode] = []
        if let ring = appearance.ring, let ringFrame = layout.ringFrame {
            let outer = Rect(ringFrame, at: frame.origin)
            nodes.append(
                .rect(
                    SVGRectShape(
                        frame: outer, cornerRadius: layout.ringCornerRadius, fill: .color(ring.color))))
        }
        nodes.append(
            .rect(
                SVGRectShape(
                    frame: frame, cornerRadius: appearance.cornerRadius, fill: .color(appearance.background)))
        )
        canvas.draw(.group(SVGGroup(nodes, name: "badge")))
        if let text = appearance.text, let textFrame = layout.textFrame {
            canvas.text(
                text, font: appearance.font, color: appearance.textColor,
                in: Rect(textFrame, at: frame.origin),
                alignment: .center, maximumLines: 1, centerVertically: true)
        }
    }
}
