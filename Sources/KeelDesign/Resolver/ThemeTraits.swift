/// Light or dark appearance.
public enum InterfaceStyle: String, CaseIterable, Hashable, Sendable {
    /// Light appearance.
    case light
    /// Dark appearance.
    case dark
}

/// The system's contrast setting (Increase Contrast).
public enum ContrastLevel: String, CaseIterable, Hashable, Sendable {
    /// Standard contrast.
    case normal
    /// Increased contrast.
    case high
}

/// The legibility weight of text (Bold Text).
public enum TextLegibilityWeight: String, CaseIterable, Hashable, Sendable {
    /// Standard weights.
    case regular
    /// Heavier weights for legibility.
    case bold
}

/// Everything about the environment that changes how a theme resolves: the platform-neutral
/// counterpart of `UITraitCollection` plus the accessibility settings that matter.
public struct ThemeTraits: Hashable, Sendable {
    /// Light or dark.
    package var colorScheme: InterfaceStyle
    /// Standard or increased contrast.
    package var contrast: ContrastLevel
    /// The preferred text size.
    package var contentSizeCategory: TextSizeCategory
    /// Left-to-right or right-to-left.
    package var layoutDirection: TextDirection
    /// Physical pixels per point: a finite positive number (anything else becomes 2, the
    /// default; a NaN scale never equalled itself, so every resolve cached another resolver).
    package var displayScale: Double {
        didSet { displayScale = Self.normalizedScale(displayScale) }
    }

    /// `scale` when it is a finite positive number, else 2.
    static func normalizedScale(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? scale : 2
    }
    /// Reduce Motion.
    package var reduceMotion: Bool
    /// Bold Text.
    package var boldText: Bool
    /// The legibility weight (Bold Text as a trait; either makes fonts heavier).
    package var legibilityWeight: TextLegibilityWeight

    /// Traits; the defaults are light, normal contrast, Large, left-to-right, scale 2 (a scale
    /// that is not a finite positive number is taken as 2).
    public init(
        colorScheme: InterfaceStyle = .light, contrast: ContrastLevel = .normal,
        contentSizeCategory: TextSizeCategory = .large, layoutDirection: TextDirection = .leftToRight,
        displayScale: Double = 2, reduceMotion: Bool = false, boldText: Bool = false,
        legibilityWeight: TextLegibilityWeight = .regular
    ) {
        self.colorScheme = colorScheme
        self.contrast = contrast
        self.contentSizeCategory = contentSizeCategory
        self.layoutDirection = layoutDirection
        self.displayScale = Self.normalizedScale(displayScale)
        self.reduceMotion = reduceMotion
        self.boldText = boldText
        self.legibilityWeight = legibilityWeight
    }

    /// The default traits.
    public static let standard = ThemeTraits()

    /// Whether fonts use their Bold Text weights.
    package var usesBoldText: Bool { boldText || legibilityWeight == .bold }
}
