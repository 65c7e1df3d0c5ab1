/// Apple's Dynamic Type point sizes (HIG "Dynamic Type sizes", iOS) and the scaling built on
/// them.
///
/// Scaling deliberately reproduces `preferredFont(forTextStyle:)` sizes:
/// `scaled = base × size(style, category) / size(style, .large)`. `UIFontMetrics` follows
/// an undocumented, slightly different curve; the UIKit layer may use it instead, but
/// every decision tested here uses this table.
package enum DynamicTypeTable {
    /// The point size of `style` at `category`.
    package static func pointSize(_ style: TextStyle, _ category: TextSizeCategory) -> Double {
        sizes[style.index][category.index]
    }

    /// The factor a value scaling with `style` is multiplied by at `category` (1 at Large).
    package static func scaleFactor(_ style: TextStyle, _ category: TextSizeCategory) -> Double {
        sizes[style.index][category.index] / sizes[style.index][TextSizeCategory.large.index]
    }

    /// `base` scaled along `style` to `category`, capped at `maximum` when given (the cap
    /// never shrinks a value below `base`).
    package static func scaled(
        _ base: Double, _ style: TextStyle, _ category: TextSizeCategory, maximum: Double? = nil
    ) -> Double {
        let value = base * scaleFactor(style, category)
        guard let maximum else { return value }
        return min(value, max(maximum, base))
    }

    // Rows in `TextStyle.allCases` order, columns in `TextSizeCategory` order.
    private static let sizes: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]
}

extension TextStyle {
    fileprivate var index: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }
}
