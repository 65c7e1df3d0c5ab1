/// The user's preferred text size (Dynamic Type), from extra small to the largest
/// accessibility size; ``large`` is the default.
public enum TextSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable {
    /// xS.
    case extraSmall = 0
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

    /// Orders from smallest to largest.
    public static func < (lhs: TextSizeCategory, rhs: TextSizeCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Whether this is one of the five accessibility sizes.
    package var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The UIKit raw value (`UICTContentSizeCategoryL`).
    package var uiKitName: String {
        "UICTContentSizeCategory" + Self.shortNames[rawValue]
    }

    /// The SwiftUI `DynamicTypeSize` case name (`xLarge`, `accessibility3`).
    package var dynamicTypeSizeName: String { Self.swiftUINames[rawValue] }

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
