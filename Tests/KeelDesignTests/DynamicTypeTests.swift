import Testing

@testable import KeelDesign

/// Acceptance 1: the Dynamic Type table (11 text styles × 12 categories) and scaling.
@Suite struct DynamicTypeTests {
    static let table: [(TextStyle, [Double])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
    ]

    @Test(arguments: table)
    func row(style: TextStyle, sizes: [Double]) {
        #expect(TextSizeCategory.allCases.map { DynamicTypeTable.pointSize(style, $0) } == sizes)
    }

    @Test(arguments: TextStyle.allCases)
    func monotoneNonDecreasing(style: TextStyle) {
        let sizes = TextSizeCategory.allCases.map { DynamicTypeTable.pointSize(style, $0) }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(DynamicTypeTable.scaleFactor(style, .large) == 1)
    }

    @Test func referenceVectors() {
        #expect(DynamicTypeTable.pointSize(.body, .large) == 17)
        #expect(DynamicTypeTable.scaleFactor(.caption2, .medium) == 1)
        #expect(DynamicTypeTable.scaled(17, .body, .accessibilityExtraExtraExtraLarge) == 53)
        #expect(DynamicTypeTable.scaled(17, .body, .accessibilityExtraExtraExtraLarge, maximum: 30) == 30)
        #expect(DynamicTypeTable.scaled(17, .body, .extraSmall, maximum: 30) == 14)
    }

    @Test(arguments: TextSizeCategory.allCases)
    func namesRoundTrip(category: TextSizeCategory) {
        #expect(TextSizeCategory(uiKitName: category.uiKitName) == category)
        #expect(TextSizeCategory(dynamicTypeSizeName: category.dynamicTypeSizeName) == category)
    }

    @Test func categoriesOrderFromSmallestAndIndexTheTableInThatOrder() {
        #expect(TextSizeCategory.allCases.map(\.index) == Array(0..<12))
        #expect(TextSizeCategory.allCases == TextSizeCategory.allCases.sorted())
        #expect(TextSizeCategory.extraSmall < .large && TextSizeCategory.large < .accessibilityMedium)
        #expect(TextSizeCategory.large.isAccessibilityCategory == false)
        #expect(TextSizeCategory.accessibilityMedium.isAccessibilityCategory)
    }

    @Test func namesMatchApple() {
        #expect(TextSizeCategory.large.uiKitName == "UICTContentSizeCategoryL")
        #expect(TextSizeCategory.accessibilityMedium.uiKitName == "UICTContentSizeCategoryAccessibilityM")
        #expect(TextSizeCategory.accessibilityExtraExtraExtraLarge.dynamicTypeSizeName == "accessibility5")
        #expect(TextSizeCategory.extraSmall.dynamicTypeSizeName == "xSmall")
        #expect(TextSizeCategory(uiKitName: "nope") == nil)
        #expect(TextSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    @Test func fontStyleScalesSizeAndLineHeight() {
        let style = FontStyle(size: 20, weight: .semibold, lineHeight: 28, textStyle: .title2)
        #expect(style.scaledSize(at: .large) == 20)
        #expect(abs(style.scaledSize(at: .accessibilityExtraExtraExtraLarge) - 20 * 56 / 22) < 1e-12)
        #expect(abs(style.scaledLineHeight(at: .extraLarge)! - 28 * 24 / 22) < 1e-12)
        let capped = FontStyle(size: 20, lineHeight: 28, textStyle: .title2, scaling: .dynamic(maximum: 30))
        #expect(capped.scaledSize(at: .accessibilityExtraExtraExtraLarge) == 30)
        #expect(capped.scaledLineHeight(at: .accessibilityExtraExtraExtraLarge) == 42)
    }
}
