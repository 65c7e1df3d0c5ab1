import KeelDesign

/// The colour palette per theme and appearance: a swatch per token with its hex value and
/// contrast on the primary background, then the theme's declared contrast pairs with their
/// ratios and whether they pass.
package struct ColorSwatchProvider: GalleryCaseProvider {
    /// `colors`.
    package let component = "colors"
    /// `Colours`.
    package let title = "Colours"

    /// A provider.
    package init() {}

    /// One case per theme and appearance (light, dark, and both with increased contrast).
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.appearances.map { traits in
                makeCase("palette", label: "Palette", theme: theme, traits: traits, draw: Self.draw)
            }
        }
    }

    static func draw(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        var canvas = context.canvas(width: Sheet.width, height: 0)
        let background = resolver.color(.backgroundPrimary)
        let primary = resolver.color(.textPrimary)
        let secondary = resolver.color(.textSecondary)
        let nameFont = resolver.font(.bodyMedium)
        let detailFont = resolver.font(.caption)
        var y = Sheet.heading("Palette", at: Sheet.margin, on: &canvas, context: context)
        let textX = Sheet.margin + 48
        let textWidth = Sheet.width - textX - Sheet.margin
        for token in Sheet.ordered(context.theme.colors.keys, builtIn: ColorToken.allCases) {
            let color = resolver.color(token)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(x: Sheet.margin, y: y + 4, width: 36, height: 36), cornerRadius: 8,
                        fill: .color(color),
                        stroke: SVGStroke(color: resolver.color(.borderStrong), width: 1))))
            let name = canvas.text(
                token.rawValue, font: nameFont, color: primary,
                in: Rect(x: textX, y: y, width: textWidth, height: .infinity))
            let ratio = color.contrastRatio(on: background)
            let detail = canvas.text(
                "\(color.hexString) · \(ratio.twoDecimals):1 on background.primary", font: detailFont,
                color: secondary,
                in: Rect(x: textX, y: y + name.layout.height, width: textWidth, height: .infinity))
            y += max(44, name.layout.height + detail.layout.height) + 4
        }
        if !context.theme.contrastPairs.isEmpty {
            y = Sheet.heading("Contrast pairs", at: y + 12, on: &canvas, context: context)
            for pair in context.theme.contrastPairs {
                let foreground = resolver.color(pair.foreground)
                let back = resolver.color(pair.background)
                let ratio = foreground.contrastRatio(on: back)
                canvas.draw(
                    .rect(
                        SVGRectShape(
                            frame: Rect(x: Sheet.margin, y: y + 2, width: 40, height: 28),
                            cornerRadius: 6,
                            fill: .color(back),
                            stroke: SVGStroke(color: resolver.color(.borderPrimary), width: 1))))
                canvas.text(
                    "Aa", font: nameFont, color: foreground,
                    in: Rect(x: Sheet.margin, y: y + 2, width: 40, height: 28), alignment: .center,
                    centerVertically: true)
                let verdict = pair.requirement.isSatisfied(by: ratio) ? "passes" : "FAILS"
                let label = canvas.text(
                    "\(pair.foreground.rawValue) on \(pair.background.rawValue): \(ratio.twoDecimals):1, "
                        + "\(verdict) \(pair.requirement.rawValue) (\(pair.requirement.minimumRatio.twoDecimals):1)",
                    font: detailFont, color: primary,
                    in: Rect(x: textX, y: y, width: textWidth, height: .infinity))
                y += max(36, label.layout.height + 8)
            }
        }
        canvas.height = y + Sheet.margin
        return canvas
    }
}
