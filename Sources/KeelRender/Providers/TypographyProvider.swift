import KeelDesign

/// Typography specimens: every font token of a theme drawn with its resolved size, weight,
/// line height and tracking, at Large, xxxLarge and AX3, in dark and right-to-left.
package struct TypographyProvider: GalleryCaseProvider {
    /// `typography`.
    package let component = "typography"
    /// `Typography`.
    package let title = "Typography"

    /// The sample sentence (Latin and CJK, measured full-width without a CJK font).
    package static let sample = "The quick brown fox jumps over the lazy dog. 设计系统"
    /// The right-to-left sample (Hebrew needs no shaping, so measured widths hold).
    package static let rightToLeftSample = "שלום עולם, זוהי דוגמה של טקסט"

    /// A provider.
    package init() {}

    /// One case per theme and trait combination.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        let traits: [GalleryTraits] = GalleryTraits.textSizes + [.dark, .rightToLeft]
        return themes.flatMap { theme in
            traits.map { traits in
                makeCase("specimens", label: "Specimens", theme: theme, traits: traits, draw: Self.draw)
            }
        }
    }

    static func draw(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        var canvas = context.canvas(width: Sheet.width, height: 0)
        let caption = resolver.font(.caption)
        var y = Sheet.heading(
            "Typography · \(context.traits.contentSize.dynamicTypeSizeName)", at: Sheet.margin, on: &canvas,
            context: context)
        let frameWidth = Sheet.contentWidth
        let text = context.direction == .rightToLeft ? rightToLeftSample : sample
        for token in Sheet.ordered(context.theme.metrics.fonts.keys, builtIn: KeelFontToken.allCases) {
            let font = resolver.font(token)
            let line = font.lineHeight.map { "/" + SVGFormat.number($0) } ?? ""
            let tracking = font.tracking != 0 ? " · tracking \(SVGFormat.number(font.tracking))" : ""
            let label = canvas.text(
                "\(token.rawValue) · \(SVGFormat.number(font.size))\(line) · weight \(font.weight.description)\(tracking)",
                font: caption, color: resolver.color(.textSecondary),
                in: Rect(x: Sheet.margin, y: y, width: frameWidth, height: .infinity),
                direction: context.direction)
            y += label.layout.height + 2
            let height = context.measurer.height(of: text, font: font, width: frameWidth)
            let sample = canvas.text(
                text, font: font, color: resolver.color(.textPrimary),
                in: Rect(x: Sheet.margin, y: y, width: frameWidth, height: height),
                direction: context.direction)
            y += sample.layout.height + 12
        }
        canvas.height = y + Sheet.margin
        return canvas
    }
}
