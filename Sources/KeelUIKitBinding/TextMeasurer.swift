#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    // What KeelUIKit and KeelSwiftUI share below the views: one font choice, one text
    // measurer and one presentation host, so the two front ends cannot measure, pick fonts or
    // present differently. `package` only: not a product, apps never see it.

    /// Measures text with UIKit's string metrics, for the headless layout decisions (the UIKit
    /// components and the SwiftUI alert card measure with it, so both get the same frames).
    package struct UIKitTextMeasurer: TextMeasuring {
        /// A measurer.
        package init() {}

        /// The single-line width with the descriptor's font and tracking.
        package func singleLineWidth(of text: String, font: FontDescriptor) -> Double {
            let string = NSAttributedString(string: text, attributes: Self.attributes(font))
            let bounds = string.boundingRect(
                with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude),
                options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
            return TextMeasurement.width(measured: Double(bounds.width))
        }

        /// The wrapped height, capped at `maximumLines` lines of the descriptor's line height.
        package func height(of text: String, font: FontDescriptor, width: Double, maximumLines: Int?)
            -> Double
        {
            let string = NSAttributedString(string: text, attributes: Self.attributes(font))
            let bounds = string.boundingRect(
                with: CGSize(
                    width: TextMeasurement.wrappingWidth(width), height: CGFloat.greatestFiniteMagnitude),
                options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
            return TextMeasurement.height(
                measured: Double(bounds.height), maximumLines: maximumLines, lineHeight: lineHeight(of: font))
        }

        private static func attributes(_ font: FontDescriptor) -> [NSAttributedString.Key: Any] {
            let paragraph = NSMutableParagraphStyle()
            if let lineHeight = font.lineHeight {
                paragraph.minimumLineHeight = CGFloat(lineHeight)
                paragraph.maximumLineHeight = CGFloat(lineHeight)
            }
            return [
                .font: UIFont.keelResolved(font), .kern: CGFloat(font.tracking), .paragraphStyle: paragraph,
            ]
        }
    }

    extension UIFont {
        /// The font of a resolved descriptor: the first installed family candidate, else the
        /// system font, at the resolved (already Dynamic Type-scaled) size and weight. Both
        /// front ends draw and measure with this one choice.
        package static func keelResolved(_ descriptor: FontDescriptor) -> UIFont {
            let size = CGFloat(descriptor.size)
            let weight = UIFont.Weight(CGFloat(descriptor.weight.systemWeightValue))
            for face in descriptor.faces {
                if let name = face.postScriptName, let font = UIFont(name: name, size: size) { return font }
                let fontDescriptor = UIFontDescriptor(fontAttributes: [
                    .family: face.family,
                    .traits: [UIFontDescriptor.TraitKey.weight: weight],
                ])
                let font = UIFont(descriptor: fontDescriptor, size: size)
                if font.familyName == face.family { return font }
            }
            return UIFont.systemFont(ofSize: size, weight: weight)
        }
    }
#endif
