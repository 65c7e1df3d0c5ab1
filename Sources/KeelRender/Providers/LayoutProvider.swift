import KeelDesign
import KeelLayout

/// KeelLayout trees laid out with measured text and drawn by KeelLayout's own `LayoutSVG`
/// (nested in the case's document), left-to-right and right-to-left.
package struct LayoutProvider: GalleryCaseProvider {
    /// `layout`.
    package let component = "layout"
    /// `Layout trees`.
    package let title = "Layout trees"

    /// A provider.
    package init() {}

    /// A card and a toolbar, in the first theme, left-to-right and right-to-left.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        guard let theme = themes.first else { return [] }
        return [GalleryTraits.light, .rightToLeft].flatMap { traits in
            [
                makeCase("card", label: "Card", theme: theme, traits: traits) {
                    Self.draw($0, tree: Self.card)
                },
                makeCase("toolbar", label: "Toolbar", theme: theme, traits: traits) {
                    Self.draw($0, tree: Self.toolbar)
                },
                makeCase("grid", label: "Grid", theme: theme, traits: traits) {
                    Self.draw($0, tree: Self.dashboard)
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

    /// A CSS grid: a fixed navigation column and two `fr` columns, named areas, auto rows;
    /// the gallery draws its track lines.
    static func dashboard(_ context: GalleryContext) -> LayoutSpec {
        let resolver = context.resolver
        var style = LayoutStyle()
        style.display = .grid
        style.gap = .points(resolver.spacing(.sm))
        style.padding = Edges(all: .points(resolver.spacing(.md)))
        style.grid.templateColumns = [.track(.points(72)), .track(.fraction(2)), .track(.fraction(1))]
        style.grid.templateRows = [.track(.auto), .track(.points(96)), .track(.auto)]
        style.grid.templateAreas = ["nav head head", "nav main side", "nav foot foot"]
        func area(_ name: String, _ text: String, font: KeelFontToken) -> LayoutSpec {
            var spec = label(name, text, font: resolver.font(font), measurer: context.measurer)
            spec.style.grid.place(inArea: name)
            spec.style.padding = Edges(all: 4)
            return spec
        }
        return LayoutSpec(
            style: style,
            children: [
                area("nav", "Menu", font: .bodyMedium), area("head", "Quarterly report", font: .title3),
                area("main", "Revenue by region", font: .body), area("side", "Notes", font: .caption),
                area("foot", "Updated today", font: .caption),
            ])
    }

    static func draw(_ context: GalleryContext, tree: (GalleryContext) -> LayoutSpec) -> GalleryCanvas {
        let node = tree(context).makeNode()
        let direction = context.direction
        let result = node.layout(
            width: .definite(Sheet.contentWidth), height: .maxContent,
            configuration: LayoutConfiguration(direction: direction, pointScale: 2))
        let svg = LayoutSVG.render(result, tree: node)
        var canvas = context.canvas(width: Sheet.width, height: 0)
        let y = Sheet.heading(
            direction == .rightToLeft ? "Layout · right to left" : "Layout", at: Sheet.margin, on: &canvas,
            context: context)
        canvas.draw(.group(SVGGroup([.markup(svg)], transform: [.translate(x: Sheet.margin - 8, y: y)])))
        canvas.height = y + result.size.height + 16 + Sheet.margin
        return canvas
    }
}
