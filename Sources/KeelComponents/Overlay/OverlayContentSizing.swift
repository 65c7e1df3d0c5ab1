/// How tall an overlay's hosted content is: the height it asks for (`preferredContentSize`
/// on UIKit) when positive and finite, else its measured fitting height — which is only
/// measured when needed.
package enum OverlayContentSizing {
    /// The content height: `preferred` when positive and finite, else `fitting()` (never
    /// negative; zero when not finite).
    package static func height(preferred: Double, fitting: @autoclosure () -> Double) -> Double {
        if preferred > 0, preferred.isFinite { return preferred }
        let measured = fitting()
        return measured.isFinite ? max(0, measured) : 0
    }
}
