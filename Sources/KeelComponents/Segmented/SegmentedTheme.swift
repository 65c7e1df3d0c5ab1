import KeelDesign

/// The segmented control's and tabs' values for one theme and traits (keys in the theme's
/// `segmented` component over ``referenceValues``): `segmented.height`, `tabs.height`,
/// `horizontalPadding`, `verticalPadding`, `thumbInset`, `radius`, `indicator.height`,
/// `thumb.borderWidth`, `divider.width`, `badgeSpacing`, `scrollMargin`, `minimumHitTarget`,
/// `font`, `maximumContentScale`, and the colours `track`, `thumb`, `thumb.border`,
/// `indicator`, `divider`, `title.normal`, `title.selected`, `title.disabled`.
package struct SegmentedTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "segmented")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// The segmented style's height at the Large text size.
    package let segmentedHeight: Double
    /// The tabs' height at the Large text size.
    package let tabsHeight: Double
    /// The space either side of a segment's title and badge.
    package let horizontalPadding: Double
    /// The least space above and below the title (keeps the control around a grown title).
    package let verticalPadding: Double
    /// How far the thumb sits inside its segment.
    package let thumbInset: Double
    /// The track's corner radius (the thumb's is this less the inset).
    package let cornerRadius: Double
    /// The tabs' underline thickness.
    package let indicatorHeight: Double
    /// The thumb's border width.
    package let thumbBorderWidth: Double
    /// The tabs' divider thickness.
    package let dividerWidth: Double
    /// The gap between a title and its badge.
    package let badgeSpacing: Double
    /// How much of the next segment shows past the one scrolled into view.
    package let scrollMargin: Double
    /// The touch target of each segment.
    package let hitTarget: HitTarget
    /// The title font and its growth.
    let font: ScaledFont
    /// How the indicator moves to a new selection (the `standard` motion token; its Reduce
    /// Motion replacement, a jump by default, under Reduce Motion).
    package let motion: ResolvedMotion
    /// The badges' theme.
    package let badgeTheme: BadgeTheme
    /// The colours.
    package let colors: SegmentedColors

    /// The reference values, palette tokens throughout.
    package static let referenceValues: ComponentTheme = {
        let values: [String: ComponentValue] = [
            "segmented.height": .dimension(32),
            "tabs.height": .dimension(44),
            "horizontalPadding": .dimension(12),
            "verticalPadding": .dimension(5),
            "thumbInset": .dimension(2),
            "radius": .dimension(8),
            "indicator.height": .dimension(3),
            "thumb.borderWidth": .dimension(1.5),
            "divider.width": .dimension(1),
            "badgeSpacing": .dimension(6),
            "scrollMargin": .dimension(24),
            "minimumHitTarget": .hitTarget(44),
            "font": .font(.bodyMedium),
            "maximumContentScale": .number(2),
            "track": .colorToken(.backgroundSecondary),
            "thumb": .colorToken(.backgroundPrimary),
            "thumb.border": .colorToken(.brandPrimary),
            "indicator": .colorToken(.brandPrimary),
            "divider": .colorToken(.borderPrimary),
            "title.normal": .colorToken(.textSecondary),
            "title.selected": .colorToken(.textPrimary),
            "title.disabled": .colorToken(.textTertiary),
        ]
        return ComponentTheme(referenceValues: values)
    }()

    /// Resolves the segmented values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        segmentedHeight = max(0, values.number("segmented.height", default: 32))
        tabsHeight = max(0, values.number("tabs.height", default: 44))
        horizontalPadding = max(0, values.number("horizontalPadding", default: 12))
        verticalPadding = max(0, values.number("verticalPadding", default: 5))
        thumbInset = max(0, values.number("thumbInset", default: 2))
        cornerRadius = max(0, values.number("radius", default: 8))
        indicatorHeight = max(0, values.number("indicator.height", default: 3))
        thumbBorderWidth = max(0, values.number("thumb.borderWidth", default: 1.5))
        dividerWidth = max(0, values.number("divider.width", default: 1))
        badgeSpacing = max(0, values.number("badgeSpacing", default: 6))
        scrollMargin = max(0, values.number("scrollMargin", default: 24))
        hitTarget = HitTarget(minimumSide: values.number("minimumHitTarget", default: 44))
        font = ScaledFont(
            token: values.fontToken("font", default: .bodyMedium), resolver: resolver,
            maximumScale: max(1, values.number("maximumContentScale", default: 2)))
        motion = resolver.motion(.standard)
        badgeTheme = BadgeTheme(resolver: resolver)
        colors = SegmentedColors(
            track: values.color("track"), thumb: values.color("thumb"),
            thumbBorder: values.color("thumb.border"),
            indicator: values.color("indicator"), divider: values.color("divider"),
            titleNormal: values.color("title.normal"), titleSelected: values.color("title.selected"),
            titleDisabled: values.color("title.disabled"), surface: resolver.color(.backgroundPrimary))
    }

    /// The pairs a segmented control promises, per style: every enabled title on what it
    /// sits on (AA text: a normal title on the track or the surface, the selected one on the
    /// thumb or the surface), and what marks the selection against its neighbour (non-text:
    /// the thumb's border on the track, the tabs' underline on the surface). A disabled
    /// title is exempt (WCAG 1.4.3).
    package func contrastPairs(style: SegmentedStyle) -> [ComponentContrastPair] {
        switch style {
        case .segmented:
            [
                ComponentContrastPair(
                    "segmented.normal.title", foreground: colors.titleNormal, background: colors.track,
                    requirement: .aaText),
                ComponentContrastPair(
                    "segmented.selected.title", foreground: colors.titleSelected, background: colors.thumb,
                    requirement: .aaText),
                ComponentContrastPair(
                    "segmented.thumb", foreground: colors.thumbBorder, background: colors.track,
                    requirement: .nonText),
            ]
        case .tabs:
            [
                ComponentContrastPair(
                    "tabs.normal.title", foreground: colors.titleNormal, background: colors.surface,
                    requirement: .aaText),
                ComponentContrastPair(
                    "tabs.selected.title", foreground: colors.titleSelected, background: colors.surface,
                    requirement: .aaText),
                ComponentContrastPair(
                    "tabs.indicator", foreground: colors.indicator, background: colors.surface,
                    requirement: .nonText),
            ]
        }
    }

    /// Every style's pairs.
    package var contrastPairs: [ComponentContrastPair] {
        SegmentedStyle.allCases.flatMap { contrastPairs(style: $0) }
    }
}

/// The colours of a segmented control.
package struct SegmentedColors: Hashable, Sendable {
    /// The segmented style's track.
    package var track: ColorValue
    /// The thumb behind the selected segment.
    package var thumb: ColorValue
    /// The thumb's border.
    package var thumbBorder: ColorValue
    /// The tabs' underline.
    package var indicator: ColorValue
    /// The tabs' divider.
    package var divider: ColorValue
    /// An unselected title.
    package var titleNormal: ColorValue
    /// The selected title.
    package var titleSelected: ColorValue
    /// A disabled title.
    package var titleDisabled: ColorValue
    /// The surface tabs sit on.
    package var surface: ColorValue
}
