import KeelDesign

/// The alert's metrics and colours for one theme and traits (keys in the theme's `alert`
/// component over `referenceValues`).
public struct AlertTheme: Hashable, Sendable {
    /// The card's maximum width (300).
    package var maximumWidth: Double
    /// The card's corner radius (12).
    package var cornerRadius: Double
    /// Horizontal distance from the screen edges (32).
    package var screenHorizontalInset: Double
    /// Vertical distance from the screen edges (24).
    package var screenVerticalInset: Double
    /// The card's content insets (14 on each side).
    package var contentInsets: DirectionalInsets
    /// The inset of a section (8).
    package var sectionInset: Double
    /// The spacing between sections (16).
    package var contentSpacing: Double
    /// Horizontal spacing between side-by-side actions (10).
    package var actionHorizontalSpacing: Double
    /// Vertical spacing between stacked actions (10).
    package var actionVerticalSpacing: Double
    /// The input's minimum height (48).
    package var inputHeight: Double
    /// The input's text insets (16 horizontal, 12 vertical).
    package var inputInsets: DirectionalInsets
    /// The input's corner radius (the `md` radius).
    package var inputCornerRadius: Double
    /// The gap between input and counter (8).
    package var counterSpacing: Double
    /// The illustration's maximum size (112 × 112).
    package var illustrationMaximumSize: Size
    /// The close button's touch target (44).
    package var closeButtonSize: Double
    /// The checkbox's icon (24), title spacing (8), minimum row height (24).
    package var checkboxIconSize: Double
    /// The gap between the checkbox and its title.
    package var checkboxSpacing: Double
    /// The checkbox row's minimum height.
    package var checkboxRowHeight: Double
    /// The least height custom content gets before the whole card scrolls instead (48).
    package var customContentMinimumHeight: Double
    /// The scale the card grows from when presented (0.96).
    package var presentationScale: Double
    /// The share of the free space above the card while a keyboard is docked (0.75).
    package var keyboardTopFreeSpaceRatio: Double
    /// The dimming colour (black × the overlay opacity).
    package var dimming: ColorValue
    /// The card's background.
    public var cardBackground: ColorValue
    /// The title, message, checkbox and supporting fonts.
    public var titleFont: FontDescriptor, messageFont: FontDescriptor, checkboxFont: FontDescriptor,
        supportingFont: FontDescriptor
    /// The title, message and supporting colours.
    public var titleColor: ColorValue, messageColor: ColorValue, supportingColor: ColorValue
    /// The input's background and placeholder colours.
    package var inputBackground: ColorValue, placeholderColor: ColorValue
    /// The cancel action's border.
    package var cancelBorder: ColorValue
    /// The fade-and-scale motion.
    package var motion: ResolvedMotion

    /// The reference's values.
    package static let referenceValues = ComponentTheme(
        Dictionary(
            uniqueKeysWithValues: [
                ("maximumWidth", ComponentValue.dimension(300)), ("screenInset.horizontal", .dimension(32)),
                ("screenInset.vertical", .dimension(24)), ("contentInset", .dimension(14)),
                ("sectionInset", .dimension(8)), ("contentSpacing", .dimension(16)),
                ("actionSpacing.horizontal", .dimension(10)), ("actionSpacing.vertical", .dimension(10)),
                ("input.height", .dimension(48)), ("input.inset.horizontal", .dimension(16)),
                ("input.inset.vertical", .dimension(12)), ("counterSpacing", .dimension(8)),
                ("illustration.maximum", .dimension(112)), ("closeButtonSize", .hitTarget(44)),
                ("checkbox.iconSize", .dimension(24)), ("checkbox.spacing", .dimension(8)),
                ("checkbox.rowHeight", .dimension(24)), ("checkboxHitTarget", .hitTarget(44)),
                ("customContent.minimumHeight", .dimension(48)),
                ("presentationScale", .number(0.96)), ("keyboardTopFreeSpaceRatio", .number(0.75)),
                ("title.color", .colorToken(.textPrimary)),
                ("message.color", .color(KeelThemeColor("#484D54", "#D1D5DB"))),
                ("supporting.color", .color(KeelThemeColor("#ABB2B6", "#9DA5B4"))),
                ("input.background", .color(KeelThemeColor("#ECEDEF", "#2B2F36"))),
                ("input.placeholder", .color(KeelThemeColor("#ABB2B6", "#86909C"))),
                ("cancel.border", .color(KeelThemeColor("#CDCFD4"))),
                ("card.background", .colorToken(.backgroundPrimary)),
            ].map { (ComponentValueKey(rawValue: $0.0), $0.1) }))

    /// The alert's own type styles (title 16 semibold / 22, message 16 / 24, checkbox
    /// 16 / 22, supporting 14 / 20).
    package static let fontStyles: [String: FontStyle] = [
        "title": FontStyle(
            size: 16, weight: .semibold, lineHeight: 22, textStyle: .headline, scaling: .dynamic(maximum: 32)),
        "message": FontStyle(size: 16, lineHeight: 24, textStyle: .body, scaling: .dynamic(maximum: 32)),
        "checkbox": FontStyle(size: 16, lineHeight: 22, textStyle: .body, scaling: .dynamic(maximum: 32)),
        "supporting": FontStyle(
            size: 14, lineHeight: 20, textStyle: .subheadline, scaling: .dynamic(maximum: 28)),
    ]

    /// Resolves the alert values of `resolver`'s theme (what an alert's custom content
    /// receives in `alertDidApplyTheme(_:resolver:)`, for an app's tests of its restyling).
    public init(resolver: KeelThemeResolver) {
        let v = ComponentValues(.alert, resolver: resolver, defaults: Self.referenceValues)
        let traits = resolver.traits
        func font(_ name: String) -> FontDescriptor {
            let style = Self.fontStyles[name] ?? FontStyle(size: 16)
            return FontDescriptor(
                style: style, category: traits.contentSizeCategory, boldText: traits.usesBoldText)
        }
        maximumWidth = v.number("maximumWidth", default: 300)
        cornerRadius = v.number("cornerRadius", default: resolver.radius(.lg))
        screenHorizontalInset = v.number("screenInset.horizontal", default: 32)
        screenVerticalInset = v.number("screenInset.vertical", default: 24)
        contentInsets = DirectionalInsets(all: v.number("contentInset", default: 14))
        sectionInset = v.number("sectionInset", default: 8)
        contentSpacing = v.number("contentSpacing", default: 16)
        actionHorizontalSpacing = v.number("actionSpacing.horizontal", default: 10)
        actionVerticalSpacing = v.number("actionSpacing.vertical", default: 10)
        inputHeight = v.number("input.height", default: 48)
        inputInsets = DirectionalInsets(
            horizontal: v.number("input.inset.horizontal", default: 16),
            vertical: v.number("input.inset.vertical", default: 12))
        inputCornerRadius = v.number("input.cornerRadius", default: resolver.radius(.md))
        counterSpacing = v.number("counterSpacing", default: 8)
        let illustration = v.number("illustration.maximum", default: 112)
        illustrationMaximumSize = Size(width: illustration, height: illustration)
        closeButtonSize = v.number("closeButtonSize", default: 44)
        checkboxIconSize = v.number("checkbox.iconSize", default: 24)
        checkboxSpacing = v.number("checkbox.spacing", default: 8)
        checkboxRowHeight = v.number("checkbox.rowHeight", default: 24)
        customContentMinimumHeight = max(0, v.number("customContent.minimumHeight", default: 48))
        presentationScale = min(1, max(0.01, v.number("presentationScale", default: 0.96)))
        keyboardTopFreeSpaceRatio = min(1, max(0, v.number("keyboardTopFreeSpaceRatio", default: 0.75)))
        dimming = ColorValue.black.withAlpha(resolver.opacity(.overlay))
        cardBackground = v.color("card.background")
        titleFont = font("title")
        messageFont = font("message")
        checkboxFont = font("checkbox")
        supportingFont = font("supporting")
        titleColor = v.color("title.color")
        messageColor = v.color("message.color")
        supportingColor = v.color("supporting.color")
        inputBackground = v.color("input.background")
        placeholderColor = v.color("input.placeholder")
        cancelBorder = v.color("cancel.border")
        motion = resolver.motion(.standard)
    }
}

extension AlertTheme {
    /// The card's scale while it fades in or out (``presentationScale``) or at rest (1), for
    /// a front end that animates between the two values.
    package func cardScale(isVisible: Bool) -> Double { isVisible ? 1 : presentationScale }

    /// The alert's opacity while shown (1) or gone (0).
    package func opacity(isVisible: Bool) -> Double { isVisible ? 1 : 0 }
}
