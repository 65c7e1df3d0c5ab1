import KeelDesign

/// Keel's icons: every icon at 24 points in the primary text colour and at 28 points in the
/// brand colour, with names; directional icons mirror in the right-to-left case.
package struct IconProvider: GalleryCaseProvider {
    /// `icons`.
    package let component = "icons"
    /// `Icons`.
    package let title = "Icons"

    /// A provider.
    package init() {}

    /// One case per theme in light, dark and right-to-left.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            [GalleryTraits.light, .dark, .rightToLeft].map { traits in
                makeCase("set", label: "Icon set", theme: theme, traits: traits, draw: Self.draw)
            }
        }
    }

    static func draw(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        var canvas = context.canvas(width: Sheet.width, height: 0)
        var y = Sheet.heading("Icons", at: Sheet.margin, on: &canvas, context: context)
        let cell = Sheet.contentWidth / 4
        let rtl = context.direction == .rightToLeft
        for (index, icon) in KeelIcon.allCases.enumerated() {
            let column = Double(index % 4)
            let x = rtl ? Sheet.width - Sheet.margin - (column + 1) * cell : Sheet.margin + column * cell
            let row = y + Double(index / 4) * 96
            canvas.draw(
                icon.node(
                    in: Rect(x: x + cell / 2 - 26, y: row + 4, width: 24, height: 24),
                    tint: resolver.color(.textPrimary), contrast: resolver.color(.textInverse),
                    direction: context.direction))
            canvas.draw(
                icon.node(
                    in: Rect(x: x + cell / 2 + 2, y: row + 2, width: 28, height: 28),
                    tint: resolver.color(.brandPrimary), contrast: .white, direction: context.direction))
            canvas.text(
                icon.rawValue, font: resolver.font(.caption), color: resolver.color(.textSecondary),
                in: Rect(x: x + 2, y: row + 36, width: cell - 4, height: 56), alignment: .center)
        }
        y += Double((KeelIcon.allCases.count + 3) / 4) * 96
        canvas.height = y + Sheet.margin
        return canvas
    }
}
