#if canImport(UIKit)
    import UIKit

    /// Chainable configuration of UIKit views, the original AppFoundationUI style: the setters
    /// the AppFoundation README writes (`text`, `font`, `textColor`, `lines`, `contentMode`,
    /// `cornerRadius`), kept for migrated code and each deprecated in favour of setting the
    /// UIKit property:
    ///
    /// ```swift
    /// let title = UILabel().text("Hello").font(.preferredFont(forTextStyle: .headline)).textColor(.label).lines(1)
    /// ```
    ///
    /// Each method sets one property and returns the view, so a view is built in one expression.
    extension UIView {
        /// Sets the corner radius (continuous corners), clipping to it.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func cornerRadius(_ radius: CGFloat) -> Self {
            layer.cornerRadius = radius
            layer.cornerCurve = .continuous
            clipsToBounds = radius > 0
            return self
        }
    }

    extension UILabel {
        /// Sets the text.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func text(_ text: String?) -> Self {
            self.text = text
            return self
        }

        /// Sets the font.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func font(_ font: UIFont) -> Self {
            self.font = font
            return self
        }

        /// Sets the text colour.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func textColor(_ color: UIColor) -> Self {
            textColor = color
            return self
        }

        /// Sets the number of lines (0 for unlimited).
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func lines(_ count: Int) -> Self {
            numberOfLines = count
            return self
        }
    }

    extension UIImageView {
        /// Sets the content mode.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func contentMode(_ mode: UIView.ContentMode) -> Self {
            contentMode = mode
            return self
        }
    }
#endif
