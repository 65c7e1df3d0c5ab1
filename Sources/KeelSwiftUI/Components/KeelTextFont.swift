#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import SwiftUI
    #if canImport(UIKit)
        import KeelUIKitBinding
        import UIKit
    #endif

    extension FontDescriptor {
        /// The line height SwiftUI sets the resolved font on by itself: the `UIFont`'s
        /// (`nil` without UIKit, where nothing is added).
        var naturalLineHeight: Double? {
            #if canImport(UIKit)
                Double(UIFont.keelResolved(self).lineHeight)
            #else
                nil
            #endif
        }
    }

    /// Sets text in a resolved font as KeelUIKit's `keelSet` does and `UIKitTextMeasurer`
    /// measures it: the font, its tracking, and its line height (`TextLineSpacing`: the extra
    /// room between the lines and above the first). Only `.font` was set, so text sat on the
    /// font's natural lines (body: ≈16.7 pt) in frames measured on the theme's (22 pt).
    struct KeelTextFontModifier: ViewModifier {
        let font: FontDescriptor

        func body(content: Content) -> some View {
            let spacing = TextLineSpacing(font: font, naturalLineHeight: font.naturalLineHeight)
            content
                .font(.keel(font))
                .tracking(CGFloat(font.tracking))
                .lineSpacing(CGFloat(spacing.extra))
                .padding(.top, CGFloat(spacing.extra))
        }
    }

    extension View {
        /// Text in a resolved font, its tracking and its line height, as UIKit sets it.
        func keelText(_ font: FontDescriptor) -> some View {
            modifier(KeelTextFontModifier(font: font))
        }
    }
#endif
