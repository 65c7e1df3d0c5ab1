/// Platform-neutral attributed text: runs of text and inline icons styled by font and colour
/// tokens, with bold, italic, underline, strikethrough and links, plus paragraph settings.
///
/// Build it with the ``RichTextBuilder`` DSL and resolve it through a ``KeelThemeResolver``;
/// front ends turn ``ResolvedRichText`` into `NSAttributedString` or SVG text.
///
/// ```swift
/// let text = RichText(font: .body, color: .textSecondary) {
///     "Read the "
///     RichText("terms").link("https://example.com/terms")
///     " before you "
///     RichText("continue").bold()
///     RichText(icon: .arrowForward)
/// }
/// ```
public struct RichText: Hashable, Sendable {
    /// What a run shows.
    package enum Content: Hashable, Sendable {
        /// Text.
        case text(String)
        /// An inline icon of the given size.
        case icon(KeelIconToken, size: IconSizeToken)
    }

    /// Styling of a run; `nil` inherits from the enclosing text.
    package struct Style: Hashable, Sendable {
        /// The font token.
        package var font: KeelFontToken?
        /// The colour token.
        package var color: ColorToken?
        /// Bold (at least weight 700).
        package var bold: Bool?
        /// Italic.
        package var italic: Bool?
        /// Underlined.
        package var underline: Bool?
        /// Struck through.
        package var strikethrough: Bool?
        /// A link target.
        package var link: String?

        /// A style; everything inherits by default.
        package init(
            font: KeelFontToken? = nil, color: ColorToken? = nil, bold: Bool? = nil, italic: Bool? = nil,
            underline: Bool? = nil, strikethrough: Bool? = nil, link: String? = nil
        ) {
            self.font = font
            self.color = color
            self.bold = bold
            self.italic = italic
            self.underline = underline
            self.strikethrough = strikethrough
            self.link = link
        }

        /// This style with unset values taken from `outer`.
        func inheriting(_ outer: Style) -> Style {
            Style(
                font: font ?? outer.font, color: color ?? outer.color, bold: bold ?? outer.bold,
                italic: italic ?? outer.italic, underline: underline ?? outer.underline,
                strikethrough: strikethrough ?? outer.strikethrough, link: link ?? outer.link)
        }
    }

    /// One styled piece.
    package struct Run: Hashable, Sendable {
        /// The content.
        package var content: Content
        /// The style.
        package var style: Style
    }

    /// The runs in reading order.
    package var runs: [Run]
    /// Paragraph settings.
    package var paragraph: ParagraphStyle

    /// Plain text in one run.
    public init(_ text: String) {
        runs = [Run(content: .text(text), style: Style())]
        paragraph = ParagraphStyle()
    }

    /// An inline icon.
    public init(icon: KeelIconToken, size: IconSizeToken = .medium) {
        runs = [Run(content: .icon(icon, size: size), style: Style())]
        paragraph = ParagraphStyle()
    }

    /// Text built with the DSL; `font` and `color` apply wherever a run does not set its own.
    public init(
        font: KeelFontToken? = nil, color: ColorToken? = nil, paragraph: ParagraphStyle = ParagraphStyle(),
        @RichTextBuilder _ content: () -> RichText
    ) {
        let outer = Style(font: font, color: color)
        runs = content().runs.map { Run(content: $0.content, style: $0.style.inheriting(outer)) }
        self.paragraph = paragraph
    }

    /// Text of `runs` with the default paragraph settings (what the builder concatenates).
    init(runs: [Run]) {
        self.runs = runs
        paragraph = ParagraphStyle()
    }

    /// The text of every text run, concatenated.
    package var plainText: String {
        runs.map { run in
            if case .text(let text) = run.content { return text }
            return ""
        }.joined()
    }

    private func applying(_ style: Style) -> RichText {
        var copy = self
        copy.runs = runs.map { Run(content: $0.content, style: $0.style.inheriting(style)) }
        return copy
    }

    /// Sets the font where runs have none.
    public func font(_ token: KeelFontToken) -> RichText { applying(Style(font: token)) }
    /// Sets the colour where runs have none.
    public func color(_ token: ColorToken) -> RichText { applying(Style(color: token)) }
    /// Makes the text bold.
    public func bold(_ isOn: Bool = true) -> RichText { applying(Style(bold: isOn)) }
    /// Makes the text italic.
    public func italic(_ isOn: Bool = true) -> RichText { applying(Style(italic: isOn)) }
    /// Underlines the text.
    public func underline(_ isOn: Bool = true) -> RichText { applying(Style(underline: isOn)) }
    /// Strikes the text through.
    public func strikethrough(_ isOn: Bool = true) -> RichText { applying(Style(strikethrough: isOn)) }
    /// Makes the text a link (drawn in the brand colour unless a colour is set).
    public func link(_ target: String) -> RichText { applying(Style(link: target)) }
    /// Replaces the paragraph settings.
    package func paragraph(_ style: ParagraphStyle) -> RichText {
        var copy = self
        copy.paragraph = style
        return copy
    }
}

/// The DSL that builds rich text from strings and ``RichText`` values.
@resultBuilder
public enum RichTextBuilder {
    /// A string becomes one plain run.
    public static func buildExpression(_ text: String) -> RichText { RichText(text) }
    /// A rich text contributes its runs.
    public static func buildExpression(_ text: RichText) -> RichText { text }
    /// Concatenates the parts' runs.
    public static func buildBlock(_ parts: RichText...) -> RichText { RichText(runs: parts.flatMap(\.runs)) }
    /// An `if` without `else`.
    public static func buildOptional(_ part: RichText?) -> RichText { part ?? RichText(runs: []) }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: RichText) -> RichText { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: RichText) -> RichText { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [RichText]) -> RichText { RichText(runs: parts.flatMap(\.runs)) }
}

/// Paragraph settings of rich text.
public struct ParagraphStyle: Hashable, Sendable {
    /// How tall each line is.
    public enum LineHeight: Hashable, Sendable {
        /// The base font's line height (scaled with Dynamic Type).
        case font
        /// A multiple of the base font's resolved size.
        case multiple(Double)
    }

    /// Horizontal alignment; `leading` and `trailing` follow the layout direction.
    public enum Alignment: String, Hashable, Sendable {
        /// Leading in left-to-right, trailing in right-to-left (the platform's natural alignment).
        case natural
        /// The start edge.
        case leading
        /// Centred.
        case center
        /// The end edge.
        case trailing
        /// Justified.
        case justified
    }

    /// Line height.
    package var lineHeight: LineHeight
    /// Space after each paragraph.
    package var paragraphSpacing: SpacingToken?
    /// Alignment.
    package var alignment: Alignment

    /// Paragraph settings.
    public init(
        lineHeight: LineHeight = .font, paragraphSpacing: SpacingToken? = nil, alignment: Alignment = .natural
    ) {
        self.lineHeight = lineHeight
        self.paragraphSpacing = paragraphSpacing
        self.alignment = alignment
    }
}
