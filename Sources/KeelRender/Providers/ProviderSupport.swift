import KeelDesign

/// Shared pieces of the design-system providers: page width, margins, headings.
enum Sheet {
    /// The width of every sheet in points (a phone's width).
    static let width = 360.0
    /// The outer margin.
    static let margin = 16.0
    /// The content width.
    static var contentWidth: Double { width - 2 * margin }

    /// Draws a heading across the content width at `y` and returns the y below it.
    @discardableResult
    static func heading(_ text: String, at y: Double, on canvas: inout GalleryCanvas, context: GalleryContext)
        -> Double
    {
        let font = context.resolver.font(.title3)
        let drawn = canvas.text(
            text, font: font, color: context.resolver.color(.textPrimary),
            in: Rect(x: margin, y: y, width: contentWidth, height: .infinity),
            direction: context.direction)
        return y + drawn.layout.height + 8
    }

    /// The tokens of a table in the built-in order, then any extra ones sorted.
    static func ordered<Token: Comparable>(_ keys: some Collection<Token>, builtIn: [Token]) -> [Token] {
        let present = Set(keys.map { AnyHashableToken($0) })
        let known = builtIn.filter { present.contains(AnyHashableToken($0)) }
        let knownSet = Set(known.map { AnyHashableToken($0) })
        return known + keys.filter { !knownSet.contains(AnyHashableToken($0)) }.sorted()
    }
}

/// A hashable wrapper so ``Sheet/ordered(_:builtIn:)`` works for any comparable token.
private struct AnyHashableToken: Hashable {
    let description: String
    init<Token>(_ token: Token) { description = String(describing: token) }
}

extension Double {
    /// Two decimals, for ratios and durations in labels.
    /// Infinite, NaN and huge values (a spring whose damping ratio is 1e30) print as Swift
    /// prints them instead of trapping in the conversion to `Int`.
    var twoDecimals: String {
        guard isFinite, abs(self) < 1e15 else { return isNaN ? "NaN" : "\(self)" }
        let hundredths = Int((self * 100).rounded())
        let fraction = abs(hundredths % 100)
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
