import KeelDesign

/// The metric scales of a theme: spacing as bars, radii as rounded squares, border widths
/// and shadows on cards.
package struct ScaleProvider: GalleryCaseProvider {
    /// `scales`.
    package let component = "scales"
    /// `Spacing, radii, borders and shadows`.
    package let title = "Spacing, radii, borders and shadows"

    /// A provider.
    package init() {}

    /// One case per theme, light and dark.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            [GalleryTraits.light, .dark].map { traits in
                makeCase("metrics", label: "Metric scales", theme: theme, traits: traits, draw: Self.draw)
            }
        }
    }

    static func draw(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        let metrics = context.theme.metrics
        var canvas = context.canvas(width: Sheet.width, height: 0)
        let caption = resolver.font(.caption)
        let label = resolver.color(.textSecondary)
        let brand = resolver.color(.brandPrimary)
        var y = Sheet.heading("Spacing", at: Sheet.margin, on: &canvas, context: context)
        for token in Sheet.ordered(metrics.spacings.keys, builtIn: SpacingToken.allCases) {
            let value = resolver.spacing(token)
            canvas.text(
                "\(token.rawValue) \(SVGFormat.number(value))", font: caption, color: label,
                in: Rect(x: Sheet.margin, y: y, width: 72, height: 24), centerVertically: true)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(
                            x: Sheet.margin + 80, y: y + 6, width: min(value * 4, 240), height: 12),
                        cornerRadius: 2, fill: .color(brand))))
            y += 24
        }
        y = Sheet.heading("Radii", at: y + 12, on: &canvas, context: context)
        var x = Sheet.margin
        for token in Sheet.ordered(metrics.radii.keys, builtIn: RadiusToken.allCases) {
            if x + 56 > Sheet.width - Sheet.margin {
                x = Sheet.margin
                y += 84
            }
            let value = resolver.radius(token)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(x: x, y: y, width: 56, height: 56), cornerRadius: value,
                        fill: .color(resolver.color(.brandPrimarySubtle)),
                        stroke: SVGStroke(color: brand, width: 1))))
            canvas.text(
                "\(token.rawValue) \(SVGFormat.number(value))", font: caption, color: label,
                in: Rect(x: x - 4, y: y + 58, width: 64, height: 20), alignment: .center)
            x += 64
        }
        y = Sheet.heading("Borders", at: y + 92, on: &canvas, context: context)
        for token in Sheet.ordered(metrics.borderWidths.keys, builtIn: BorderWidthToken.allCases) {
            let value = resolver.borderWidth(token)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(x: Sheet.margin + 100, y: y + 4, width: 200, height: 24),
                        cornerRadius: 6,
                        fill: .none, stroke: SVGStroke(color: resolver.color(.textPrimary), width: value))))
            canvas.text(
                "\(token.rawValue) \(SVGFormat.number(value))", font: caption, color: label,
                in: Rect(x: Sheet.margin, y: y + 4, width: 92, height: 24), centerVertically: true)
            y += 32
        }
        y = Sheet.heading("Shadows", at: y + 12, on: &canvas, context: context)
        x = Sheet.margin
        for token in Sheet.ordered(metrics.shadows.keys, builtIn: ShadowToken.allCases) {
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(x: x + 8, y: y + 8, width: 88, height: 64),
                        cornerRadius: resolver.radius(.lg),
                        fill: .color(resolver.color(.backgroundPrimary)),
                        stroke: SVGStroke(color: resolver.color(.borderPrimary), width: 0.5),
                        shadow: SVGShadow(resolver.shadow(token)))))
            canvas.text(
                token.rawValue, font: caption, color: label,
                in: Rect(x: x + 8, y: y + 8, width: 88, height: 64), alignment: .center,
                centerVertically: true)
            x += 108
        }
        canvas.height = y + 96
        return canvas
    }
}
