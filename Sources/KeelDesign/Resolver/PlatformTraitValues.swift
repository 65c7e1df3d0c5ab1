/// Trait values as the platform reports them (UIKit's raw enum values), so the mapping to
/// ``ThemeTraits`` is a pure function tested on every platform; the UIKit binding only reads
/// the trait collection into this struct.
package struct PlatformTraitValues: Hashable, Sendable {
    /// `UIUserInterfaceStyle.rawValue`: 0 unspecified, 1 light, 2 dark.
    package var userInterfaceStyle: Int
    /// `UIAccessibilityContrast.rawValue`: -1 unspecified, 0 normal, 1 high.
    package var accessibilityContrast: Int
    /// `UIContentSizeCategory.rawValue`, such as `"UICTContentSizeCategoryL"`.
    package var preferredContentSizeCategory: String
    /// `UITraitEnvironmentLayoutDirection.rawValue`: -1 unspecified, 0 left to right, 1 right to left.
    package var layoutDirection: Int
    /// `UITraitCollection.displayScale`; 0 when unspecified.
    package var displayScale: Double
    /// `UILegibilityWeight.rawValue`: -1 unspecified, 0 regular, 1 bold.
    package var legibilityWeight: Int
    /// `UIAccessibility.isReduceMotionEnabled`, observed through its notification.
    package var reduceMotion: Bool
    /// `UIAccessibility.isBoldTextEnabled`.
    package var boldText: Bool

    /// Creates the raw values.
    package init(
        userInterfaceStyle: Int = 0,
        accessibilityContrast: Int = -1,
        preferredContentSizeCategory: String = "",
        layoutDirection: Int = -1,
        displayScale: Double = 0,
        legibilityWeight: Int = -1,
        reduceMotion: Bool = false,
        boldText: Bool = false
    ) {
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.legibilityWeight = legibilityWeight
        self.reduceMotion = reduceMotion
        self.boldText = boldText
    }
}

extension ThemeTraits {
    /// The traits for platform values; unspecified or unknown values take the standard traits'
    /// (light, normal contrast, large text, left to right, scale 2 if unknown).
    package init(platform values: PlatformTraitValues, fallback: ThemeTraits = .standard) {
        self = fallback
        switch values.userInterfaceStyle {
        case 1: colorScheme = .light
        case 2: colorScheme = .dark
        default: break
        }
        switch values.accessibilityContrast {
        case 0: contrast = .normal
        case 1: contrast = .high
        default: break
        }
        if let category = TextSizeCategory(uiKitName: values.preferredContentSizeCategory) {
            contentSizeCategory = category
        }
        switch values.layoutDirection {
        case 0: layoutDirection = .leftToRight
        case 1: layoutDirection = .rightToLeft
        default: break
        }
        if values.displayScale.isFinite, values.displayScale >= 1 { displayScale = values.displayScale }
        switch values.legibilityWeight {
        case 0: legibilityWeight = .regular
        case 1: legibilityWeight = .bold
        default: break
        }
        reduceMotion = values.reduceMotion
        boldText = values.boldText
    }
}

extension FontWeight {
    /// The weight on Apple's `UIFont.Weight` scale (−1…1), interpolated between the system
    /// weights for CSS weights between them (100 ultra light −0.8 … 900 black 0.62).
    package var systemWeightValue: Double {
        let table: [(css: Double, system: Double)] = [
            (100, -0.8), (200, -0.6), (300, -0.4), (400, 0), (500, 0.23), (600, 0.3), (700, 0.4), (800, 0.56),
            (900, 0.62),
        ]
        let weight = rawValue.isFinite ? min(max(rawValue, 100), 900) : 400
        for (lower, upper) in zip(table, table.dropFirst()) where weight <= upper.css {
            let fraction = (weight - lower.css) / (upper.css - lower.css)
            return lower.system + fraction * (upper.system - lower.system)
        }
        return 0.62
    }
}
