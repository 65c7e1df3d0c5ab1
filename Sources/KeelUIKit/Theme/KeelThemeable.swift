#if canImport(UIKit)
    import KeelDesign
    import UIKit

    /// XDDesignKit's component contract: a view that takes every visual value from the
    /// resolver of its injected theme context and re-applies them in ``keelApplyTheme()``.
    ///
    /// ```swift
    /// final class CardView: UIView, KeelThemeable {
    ///     private lazy var binding = ThemeBinding(themeable: self)
    ///     func keelApplyTheme() {
    ///         let resolver = keelThemeResolver
    ///         backgroundColor = resolver.color(.backgroundPrimary)
    ///         layer.keelApplyShadow(.card, resolver: resolver)
    ///     }
    ///     override func didMoveToWindow() { super.didMoveToWindow(); binding.refresh() }
    ///     override func traitCollectionDidChange(_ previous: UITraitCollection?) {
    ///         super.traitCollectionDidChange(previous); binding.refresh()
    ///     }
    /// }
    /// ```
    @MainActor
    public protocol KeelThemeable: UIView {
        /// Re-applies every visual value (colours, fonts, metrics, layer colours) from
        /// ``keelThemeResolver``; the binding calls it when the theme or a relevant trait changes.
        func keelApplyTheme()
        /// The resolver of the view's theme context for its current traits.
        var keelThemeResolver: KeelThemeResolver { get }
    }

    extension KeelThemeable {
        /// The resolver of the view's scene context (``UIKit/UIView/keelThemeContext``) for the
        /// view's traits.
        public var keelThemeResolver: KeelThemeResolver {
            keelThemeContext.resolver(for: traitCollection.keelTraits)
        }
    }

    extension ThemeBinding {
        /// Binds a ``KeelThemeable`` view: its ``KeelThemeable/keelApplyTheme()`` runs now and
        /// whenever the theme or a relevant trait changes.
        public convenience init<View: KeelThemeable>(themeable view: View) {
            self.init(view: view) { [weak view] _ in view?.keelApplyTheme() }
        }
    }

    extension KeelThemeResolver {
        /// XDDesignKit's resolver for a view: `theme` under the traits of `traitCollection`.
        public init(theme: KeelTheme, traitCollection: UITraitCollection) {
            self.init(theme: theme, traits: traitCollection.keelTraits)
        }

        /// The UIKit colour of a token (`view.backgroundColor = resolver.color(.backgroundPrimary)`);
        /// where no UIKit type is expected, the headless ``KeelDesign/ColorValue`` is chosen.
        @_disfavoredOverload
        public func color(_ token: ColorToken) -> UIColor {
            UIColor(keel: color(token) as KeelDesign.ColorValue)
        }

        /// The UIKit font of a token (`label.font = resolver.font(.body)`), Dynamic Type and
        /// Bold Text already applied.
        @_disfavoredOverload
        public func font(_ token: KeelFontToken) -> UIFont {
            UIFont.keel(font(token) as FontDescriptor)
        }

        /// The `NSAttributedString` attributes of a font and colour token pair.
        @_disfavoredOverload
        public func textAttributes(font: KeelFontToken, color: ColorToken) -> [NSAttributedString.Key: Any] {
            (textAttributes(font: font, color: color) as TextAttributes).attributedStringAttributes
        }
    }

    extension KeelFixedFonts {
        /// Regular PingFang SC (the system font when it is not installed) at `size` points.
        @_disfavoredOverload
        public func regular(_ size: Double) -> UIFont { UIFont.keel(regular(size) as FontDescriptor) }
        /// Medium PingFang SC (else the system font) at `size` points.
        @_disfavoredOverload
        public func medium(_ size: Double) -> UIFont { UIFont.keel(medium(size) as FontDescriptor) }
        /// Semibold PingFang SC (else the system font) at `size` points.
        @_disfavoredOverload
        public func semibold(_ size: Double) -> UIFont { UIFont.keel(semibold(size) as FontDescriptor) }
    }

    extension CALayer {
        /// Applies a shadow token as `resolver` resolves it: colour and opacity, offset, radius.
        public func keelApplyShadow(_ token: ShadowToken, resolver: KeelThemeResolver) {
            let shadow = resolver.shadow(token)
            shadowColor = UIColor(keel: shadow.color.withAlpha(1)).cgColor
            shadowOpacity = Float(shadow.color.alpha)
            shadowOffset = CGSize(width: shadow.offsetX, height: shadow.offsetY)
            shadowRadius = CGFloat(shadow.radius)
        }
    }

    extension KeelThemeColor {
        /// XDDesignKit's themed colour from UIKit colours (their sRGB components; a dynamic
        /// colour is read under the light and dark appearances respectively).
        public init(light: UIColor, dark: UIColor) {
            self.init(
                light: KeelDesign.ColorValue(
                    uiColor: light.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))),
                dark: KeelDesign.ColorValue(
                    uiColor: dark.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark))))
        }
    }

    extension KeelDesign.ColorValue {
        /// The sRGB components of a UIKit colour (a colour outside sRGB is converted; one with
        /// no RGB form reads as opaque black); what `KeelThemeColor(light:dark:)` reads.
        package init(uiColor: UIColor) {
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 1
            _ = uiColor.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
        }
    }
#endif
