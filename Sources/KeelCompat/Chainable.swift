#if canImport(UIKit)
    import UIKit

    /// Chainable configuration of UIKit views, the original AppFoundationUI style (kept for
    /// migrated code; each setter is deprecated in favour of setting the UIKit property):
    ///
    /// ```swift
    /// let title = UILabel().text("Hello").font(.preferredFont(forTextStyle: .headline)).textColor(.label).lines(1)
    /// ```
    ///
    /// Each method sets one property and returns the view, so a view is built in one expression.
    extension UIView {
        /// Sets the background colour.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func backgroundColor(_ color: UIColor?) -> Self {
            backgroundColor = color
            return self
        }

        /// Sets the corner radius (continuous corners), clipping to it.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func cornerRadius(_ radius: CGFloat) -> Self {
            layer.cornerRadius = radius
            layer.cornerCurve = .continuous
            clipsToBounds = radius > 0
            return self
        }

        /// Sets a border.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func border(_ color: UIColor, width: CGFloat) -> Self {
            layer.borderColor = color.cgColor
            layer.borderWidth = width
            return self
        }

        /// Sets the alpha.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func alpha(_ value: CGFloat) -> Self {
            alpha = value
            return self
        }

        /// Hides or shows the view.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func hidden(_ isHidden: Bool) -> Self {
            self.isHidden = isHidden
            return self
        }

        /// Sets the tint colour.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func tint(_ color: UIColor?) -> Self {
            tintColor = color
            return self
        }

        /// Sets the accessibility identifier (UI tests).
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func identifier(_ identifier: String) -> Self {
            accessibilityIdentifier = identifier
            return self
        }

        /// Sets the accessibility label.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func accessibility(label: String?) -> Self {
            accessibilityLabel = label
            return self
        }

        /// Sets the content-hugging priority on an axis.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func hugging(_ priority: UILayoutPriority, axis: NSLayoutConstraint.Axis)
            -> Self
        {
            setContentHuggingPriority(priority, for: axis)
            return self
        }

        /// Sets the compression-resistance priority on an axis.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func compressionResistance(
            _ priority: UILayoutPriority, axis: NSLayoutConstraint.Axis
        )
            -> Self
        {
            setContentCompressionResistancePriority(priority, for: axis)
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

        /// Sets the alignment.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func alignment(_ alignment: NSTextAlignment) -> Self {
            textAlignment = alignment
            return self
        }

        /// Makes the font follow Dynamic Type.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func adjustsFontForContentSize(_ adjusts: Bool = true) -> Self {
            adjustsFontForContentSizeCategory = adjusts
            return self
        }
    }

    extension UIButton {
        /// Sets the title for a state.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func title(_ title: String?, for state: UIControl.State = .normal) -> Self {
            setTitle(title, for: state)
            return self
        }

        /// Sets the title colour for a state.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func titleColor(_ color: UIColor?, for state: UIControl.State = .normal)
            -> Self
        {
            setTitleColor(color, for: state)
            return self
        }

        /// Sets the image for a state.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func image(_ image: UIImage?, for state: UIControl.State = .normal) -> Self
        {
            setImage(image, for: state)
            return self
        }
    }

    extension UIImageView {
        /// Sets the image.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func image(_ image: UIImage?) -> Self {
            self.image = image
            return self
        }

        /// Sets the content mode.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func contentMode(_ mode: UIView.ContentMode) -> Self {
            contentMode = mode
            return self
        }
    }

    extension UITextField {
        /// Sets the placeholder.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func placeholder(_ placeholder: String?) -> Self {
            self.placeholder = placeholder
            return self
        }

        /// Sets the keyboard type.
        @available(*, deprecated, message: "AppFoundation's chainable setter: set the UIKit property instead")
        @discardableResult public func keyboard(_ type: UIKeyboardType) -> Self {
            keyboardType = type
            return self
        }
    }
#endif
