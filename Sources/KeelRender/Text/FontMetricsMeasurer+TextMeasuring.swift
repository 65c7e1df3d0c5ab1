import KeelComponents
import KeelDesign

/// The components' layout decisions (button size, alert action axis, adaptive alignment)
/// measured with real font metrics, so the gallery draws exactly what the components decided.
extension FontMetricsMeasurer: TextMeasuring {
    /// The width of `text` on one line (``width(of:font:)``).
    package func singleLineWidth(of text: String, font: FontDescriptor) -> Double {
        width(of: text, font: font)
    }

    /// The height of `text` wrapped to `width`, at most `maximumLines` lines (`nil` or 0: no
    /// limit): the measured layout's line count times its line height.
    package func height(of text: String, font: FontDescriptor, width: Double, maximumLines: Int?) -> Double {
        guard !text.isEmpty else { return 0 }
        return layout(text, font: font, maximumWidth: width, maximumLines: maximumLines ?? 0).height
    }
}
