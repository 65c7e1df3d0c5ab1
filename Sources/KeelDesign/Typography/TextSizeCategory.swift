/// The user's preferred text size (Dynamic Type), from extra small to the largest
/// accessibility size; ``large`` is the default.
public enum TextSizeCategory: CaseIterable, Comparable, Hashable, Sendable {
    /// xS.
    case extraSmall
    /// S.
    case small
    /// M.
    case medium
    /// L, the default.
    case large
    /// xL.
    case extraLarge
    /// xxL.
    case extraExtraLarge
    /// xxxL.
    case extraExtraExtraLarge
    /// AX1.
    case accessibilityMedium
    /// AX2.
    case accessibilityLarge
    /// AX3.
    case accessibilityExtraLarge
    /// AX4.
    case accessibilityExtraExtraLarge
    /// AX5.
    case accessibilityExtraExtraExtraLarge

    // Ordered from smallest to largest: the synthesised `<` follows the cases' order.

    /// The category's position from smallest (0) to largest (11): the column of the Dynamic
    /// Type table.
    package var index: Int {
        switch self {
        case .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .extraLarge: 4
        case .extraExtraLarge: 5
        case .extraExtraExtraLarge: 6
        case .accessibilityMedium: 7
        case .accessibilityLarge: 8
        case .accessibilityExtraLarge: 9
        case .accessibilityExtraExtraLarge: 10
        case .accessibilityExtraExtraExtraLarge: 11
        }
    }

    /// Whether this is one of the five accessibility sizes.
    package var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The UIKit raw value (`UICTContentSizeCategoryL`).
    package var uiKitName: String {
        "UICTContentSizeCategory" + Self.shortNames[index]
    }

    /// The SwiftUI `DynamicTypeSize` case name (`xLarge`, `accessibility3`).
    package var dynamicTypeSizeName: String { Self.swiftUINames[index] }

    /// The category with a UIKit raw value, or `nil`.
    package init?(uiKitName: String) {
        guard let index = Self.allCases.firstIndex(where: { $0.uiKitName == uiKitName }) else { return nil }
        self = Self.allCases[index]
    }

    /// The category with a SwiftUI `DynamicTypeSize` case name, or `nil`.
    package init?(dynamicTypeSizeName: String) {
        guard let index = Self.swiftUINames.firstIndex(of: dynamicTypeSizeName) else { return nil }
        self = Self.allCases[index]
    }

    private static let shortNames = [
        "XS", "S", "M", "L", "XL", "XXL", "XXXL",
        "AccessibilityM", "AccessibilityL", "AccessibilityXL", "AccessibilityXXL", "AccessibilityXXXL",
    ]
    private static let swiftUINames = [
        "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
        "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
    ]
}
