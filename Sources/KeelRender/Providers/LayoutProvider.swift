import KeelDesign
import KeelLayout

/// KeelLayout trees laid out with measured text and drawn by KeelLayout's own `LayoutSVG`
/// (nested in the case's document), left-to-right and right-to-left.
public struct LayoutProvider: GalleryCaseProvider {
    /// `layout`.
    public let component = "layout"
    /// `Layout trees`.
    public let title = "Layout trees"

    /// A provider.
    public init() {}

    /// A card and a toolbar, in the first theme, left-to-right and right-to-left.
    public func cases(themes: [KeelTheme]) -> [GalleryCase] {
        guard let theme = themes.first else { return [] }
        return [GalleryTraits.light, .rightToLeft].flatMap { traits in
            [
                makeCase("card", label: "Card", theme: theme, traits: traits) {
                    Self.draw($0, tree: Self.card)
                },
                makeCase("toolbar", label: "Toolbar", theme: theme, traits: traits) {
                    Self.draw($0, tree: Self.toolbar)
                },
            ]
        }
    }

    /// A leaf measuring `text` in `font` with the context's measurer.
    static func label(_ name: String, _ text: String, font: FontDescriptor, measurer: FontMetricsMeasurer)
        -> LayoutSpec
    {
        Leaf(
            name: name, text: text,
            measure: MeasureFunction { request in
                let limit = request.knownWidth ?? request.widthConstraint.bound
                let layout = measurer.layout(text, font: font, maximumWidth: limit.isFinite ? limit : nil)
                return Size(
                    width: request.knownWidth ?? layout.width.rounded(.up),
                    height: request.knownHeight ?? layout.height)
            }
        ).spec
    }

    static func card(_ context: GalleryContext) -> LayoutSpec {
        let resolver = context.resolver
        return VerticalStack(spacing: resolver.spacing(.sm)) {
            HorizontalStack(spacing: resolver.spacing(.sm), alignment: .center) {
                Leaf(width: 40, height: 40, name: "avatar")
                VerticalStack(spacing: 2) {
                    label("title", "Design review", font: resolver.font(.title3), measurer: context.measurer)
                    label(
                        "subtitle", "Tuesday, 10:00 · Room 4", font: resolver.font(.caption),
                        measurer: context.measurer)
                }.width(.fill)
            }
            Leaf(height: 120, name: "image")
            HorizontalStack(spacing: resolver.spacing(.xs), distribution: .flexEnd) {
                label("secondary", "Later", font: resolver.font(.bodyMedium), measurer: context.measurer)
                    .padding(8)
                label("primary", "Join now", font: resolver.font(.bodyMedium), measurer: context.measurer)
                    .padding(8)
            }
        }.padding(resolver.spacing(.md))
    }

    static func toolbar(_ context: GalleryContext) -> LayoutSpec {
        let resolver = context.resolver
        return HorizontalStack(spacing: resolver.spacing(.xs), alignment: .center) {
            Leaf(width: 44, height: 44, name: "back")
            label("title", "Inbox", font: resolver.font(.title2), measurer: context.measurer)
            FlexibleSpace()
            Leaf(width: 44, height: 44, name: "search")
            Leaf(width: 44, height: 44, name: "more")
        }.padding(Edges(all: .points(resolver.spacing(.xs))))
    }

    static func draw(_ context: GalleryContext, tree: (GalleryContext) -> LayoutSpec) -> GalleryCanvas {
        let node = tree(context).makeNode()
        let direction = context.direction
        let result = node.layout(
            width: .definite(Sheet.contentWidth), height: .maxContent,
            configuration: LayoutConfiguration(direction: direction, pointScale: 2))
        let svg = LayoutSVG.render(result)
        var canvas = context.canvas(width: Sheet.width, height: 0)
        let y = Sheet.heading(
            direction == .rightToLeft ? "Layout · right to left" : "Layout", at: Sheet.margin, on: &canvas,
            context: context)
        canvas.draw(.group(SVGGroup([.markup(svg)], transform: [.translate(x: Sheet.margin - 8, y: y)])))
        canvas.height = y + result.size.height + 16 + Sheet.margin
        return canvas
    }
}
