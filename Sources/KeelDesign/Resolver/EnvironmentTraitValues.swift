/// Trait values as SwiftUI's environment reports them (each enum value by its case name, as
/// `String(describing:)` spells it), so the mapping to ``ThemeTraits`` is a pure function
/// tested on every platform; the SwiftUI binding only reads its environment into this struct.
package struct EnvironmentTraitValues: Hashable, Sendable {
    /// `ColorScheme`: `"light"` or `"dark"`.
    package var colorScheme: String
    /// `ColorSchemeContrast`: `"standard"` or `"increased"`.
    package var colorSchemeContrast: String
    /// `DynamicTypeSize`: `"xSmall"` … `"xxxLarge"`, `"accessibility1"` … `"accessibility5"`.
    package var dynamicTypeSize: String
    /// `LayoutDirection`: `"leftToRight"` or `"rightToLeft"`.
    package var layoutDirection: String
    /// `LegibilityWeight`: `"regular"` or `"bold"`; `nil` when the environment has none.
    package var legibilityWeight: String?
    /// `displayScale`; 0 when unknown.
    package var displayScale: Double
    /// `accessibilityReduceMotion`.
    package var reduceMotion: Bool

    /// Creates the values.
    package init(
        colorScheme: String = "light", colorSchemeContrast: String = "standard",
        dynamicTypeSize: String = "large", layoutDirection: String = "leftToRight",
        legibilityWeight: String? = nil, displayScale: Double = 0, reduceMotion: Bool = false
    ) {
        self.colorScheme = colorScheme
        self.colorSchemeContrast = colorSchemeContrast
        self.dynamicTypeSize = dynamicTypeSize
        self.layoutDirection = layoutDirection
        self.legibilityWeight = legibilityWeight
        self.displayScale = displayScale
        self.reduceMotion = reduceMotion
    }
}

extension ThemeTraits {
    /// The traits for SwiftUI environment values; unknown values (a case a later SDK adds)
    /// keep `fallback`'s. SwiftUI reports Bold Text as the bold legibility weight, so
    /// ``ThemeTraits/boldText`` follows it.
    package init(environment values: EnvironmentTraitValues, fallback: ThemeTraits = .standard) {
        self = fallback
        switch values.colorScheme {
        case "light": colorScheme = .light
        case "dark": colorScheme = .dark
        default: break
        }
        switch values.colorSchemeContrast {
        case "standard": contrast = .normal
        case "increased": contrast = .high
        default: break
        }
        if let category = TextSizeCategory(dynamicTypeSizeName: values.dynamicTypeSize) {
            contentSizeCategory = category
        }
        switch values.layoutDirection {
        case "leftToRight": layoutDirection = .leftToRight
        case "rightToLeft": layoutDirection = .rightToLeft
        default: break
        }
        if values.displayScale.isFinite, values.displayScale >= 1 { displayScale = values.displayScale }
        switch values.legibilityWeight {
        case "regular": legibilityWeight = .regular
        case "bold": legibilityWeight = .bold
        default: break
        }
        boldText = legibilityWeight == .bold
        reduceMotion = values.reduceMotion
    }
}

/// The nine weights of the system font (SwiftUI's `Font.Weight`), so a front end with only
/// named weights binds a CSS weight without choosing one itself.
public enum SystemFontWeight: String, CaseIterable, Hashable, Sendable {
    /// 100.
    case ultraLight
    /// 200.
    case thin
    /// 300.
    case light
    /// 400.
    case regular
    /// 500.
    case medium
    /// 600.
    case semibold
    /// 700.
    case bold
    /// 800.
    case heavy
    /// 900.
    case black

    /// The named weight nearest to `weight` (ties go to the heavier; non-finite is regular).
    package init(nearest weight: FontWeight) {
        let value = weight.rawValue.isFinite ? min(max(weight.rawValue, 100), 900) : 400
        let index = Int(((value - 100) / 100).rounded(.toNearestOrAwayFromZero))
        self = Self.allCases[min(max(index, 0), Self.allCases.count - 1)]
    }
}

extension FontDescriptor {
    /// The PostScript name of the preferred custom face, or `nil` for the system font at
    /// ``weight`` (the last face is always the system font).
    package var preferredPostScriptName: String? { faces.first?.postScriptName }

    /// The system weight nearest to ``weight``.
    package var systemWeight: SystemFontWeight { SystemFontWeight(nearest: weight) }
}
