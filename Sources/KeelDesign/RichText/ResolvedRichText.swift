/// Rich text with every token resolved for one theme and set of traits.
public struct ResolvedRichText: Hashable, Sendable {
    /// A resolved run.
    package struct Run: Hashable, Sendable {
        /// The text, for a text run.
        package var text: String?
        /// The icon and its size in points, for an icon run.
        package var icon: (ResolvedIcon, size: Double)? {
            guard let iconStyle, let iconSize else { return nil }
            return (iconStyle, iconSize)
        }
        /// The font (bold applied to the weight).
        package var font: FontDescriptor
        /// The colour.
        package var color: ColorValue
        /// Italic.
        package var isItalic: Bool
        /// Underlined.
        package var isUnderlined: Bool
        /// Struck through.
        package var isStruckThrough: Bool
        /// The link target.
        package var link: String?
        var iconStyle: ResolvedIcon?
        var iconSize: Double?
    }

    /// Physical alignment after the layout direction is applied.
    package enum Alignment: String, Hashable, Sendable {
        /// Left edge.
        case left
        /// Centred.
        case center
        /// Right edge.
        case right
        /// Justified (start-aligned last line).
        case justified
    }

    /// The runs.
    package var runs: [Run]
    /// The line height in points, if any.
    package var lineHeight: Double?
    /// Space after each paragraph, in points.
    package var paragraphSpacing: Double
    /// The alignment.
    package var alignment: Alignment
    /// The writing direction.
    package var layoutDirection: TextDirection
}

extension KeelThemeResolver {
    /// Resolves rich text; runs without a font or colour use `font` and `color`.
    public func resolve(_ text: RichText, font: KeelFontToken = .body, color: ColorToken = .textPrimary)
        -> ResolvedRichText
    {
        let base = self.font(font)
        let runs = text.runs.map { run -> ResolvedRichText.Run in
            var descriptor = self.font(run.style.font ?? font)
            // Decided on the style's own weight: the descriptor's is already raised by Bold
            // Text, so a medium or semibold font's bold run used to come out no heavier than
            // the text around it when Bold Text was on.
            if run.style.bold == true,
                fontStyleForBold(run.style.font ?? font).weight > ownWeight(run.style.font ?? font)
            {
                descriptor = FontDescriptor(
                    style: fontStyleForBold(run.style.font ?? font), category: traits.contentSizeCategory,
                    boldText: traits.usesBoldText)
            }
            let colorToken = run.style.color ?? (run.style.link != nil ? .brandPrimary : color)
            var resolved = ResolvedRichText.Run(
                text: nil, font: descriptor, color: self.color(colorToken),
                isItalic: run.style.italic ?? false,
                isUnderlined: run.style.underline ?? (run.style.link != nil),
                isStruckThrough: run.style.strikethrough ?? false,
                link: run.style.link)
            switch run.content {
            case .text(let string): resolved.text = string
            case .icon(let token, let size):
                resolved.iconStyle =
                    icon(token) ?? ResolvedIcon(symbolName: token.rawValue, isMirrored: false)
                resolved.iconSize = iconSize(size)
            }
            return resolved
        }
        let lineHeight: Double?
        switch text.paragraph.lineHeight {
        case .font: lineHeight = base.lineHeight
        case .multiple(let factor): lineHeight = base.size * factor
        }
        let rightToLeft = traits.layoutDirection == .rightToLeft
        let alignment: ResolvedRichText.Alignment
        switch text.paragraph.alignment {
        case .natural, .leading: alignment = rightToLeft ? .right : .left
        case .trailing: alignment = rightToLeft ? .left : .right
        case .center: alignment = .center
        case .justified: alignment = .justified
        }
        return ResolvedRichText(
            runs: runs, lineHeight: lineHeight,
            paragraphSpacing: text.paragraph.paragraphSpacing.map(spacing) ?? 0,
            alignment: alignment, layoutDirection: traits.layoutDirection)
    }

    /// The weight `token`'s style declares, before Bold Text.
    private func ownWeight(_ token: KeelFontToken) -> FontWeight {
        (theme.metrics.fonts[token] ?? FontStyle(families: [.system], size: 17)).weight
    }

    private func fontStyleForBold(_ token: KeelFontToken) -> FontStyle {
        var style = theme.metrics.fonts[token] ?? FontStyle(families: [.system], size: 17)
        style.weight = max(style.weight, .bold)
        return style
    }
}
