import KeelComponents
import KeelDesign

// XDDesignKit's names for Keel's design-system types: the `XD` prefix became `Keel`. Each is
// deprecated and renamed, so migrated code compiles after its imports change and every
// warning's fix-it writes the Keel name.

/// XDDesignKit's theme: `KeelTheme` (KeelDesign).
@available(*, deprecated, renamed: "KeelTheme")
public typealias XDTheme = KeelTheme
/// XDDesignKit's theme context: `KeelThemeContext` (KeelDesign).
@available(*, deprecated, renamed: "KeelThemeContext")
public typealias XDThemeContext = KeelThemeContext
/// XDDesignKit's theme manager, the context's shared instance: `KeelThemeContext` (KeelDesign).
@available(*, deprecated, renamed: "KeelThemeContext")
public typealias XDThemeManager = KeelThemeContext
/// XDDesignKit's resolver: `KeelThemeResolver` (KeelDesign).
@available(*, deprecated, renamed: "KeelThemeResolver")
public typealias XDThemeResolver = KeelThemeResolver
/// XDDesignKit's theme validation error: `KeelThemeValidationError` (KeelDesign).
@available(*, deprecated, renamed: "KeelThemeValidationError")
public typealias XDThemeValidationError = KeelThemeValidationError
/// XDDesignKit's theme colour: `KeelThemeColor` (KeelDesign).
@available(*, deprecated, renamed: "KeelThemeColor")
public typealias XDThemeColor = KeelThemeColor
/// XDDesignKit's font namespace (`XDFont.fixed.regular(16)`): `KeelFont` (KeelDesign).
@available(*, deprecated, renamed: "KeelFont")
public typealias XDFont = KeelFont
/// XDDesignKit's font token: `KeelFontToken` (KeelDesign).
@available(*, deprecated, renamed: "KeelFontToken")
public typealias XDFontToken = KeelFontToken
/// XDDesignKit's icon token: `KeelIconToken` (KeelDesign).
@available(*, deprecated, renamed: "KeelIconToken")
public typealias XDIconToken = KeelIconToken

#if canImport(UIKit)
    import KeelUIKit
    import UIKit

    /// XDDesignKit's button: `KeelButton`.
    @available(*, deprecated, renamed: "KeelButton")
    public typealias XDButton = KeelButton
    /// XDDesignKit's checkbox: `KeelCheckboxButton`.
    @available(*, deprecated, renamed: "KeelCheckboxButton")
    public typealias XDCheckboxButton = KeelCheckboxButton
    /// XDDesignKit's "more" button: `KeelMoreButton`.
    @available(*, deprecated, renamed: "KeelMoreButton")
    public typealias XDMoreButton = KeelMoreButton
    /// XDDesignKit's close button: `KeelCloseButton`.
    @available(*, deprecated, renamed: "KeelCloseButton")
    public typealias XDCloseButton = KeelCloseButton
    /// XDDesignKit's switch: `KeelToggle`.
    @available(*, deprecated, renamed: "KeelToggle")
    public typealias XDToggle = KeelToggle
    /// XDDesignKit's alert: `KeelAlert`.
    @available(*, deprecated, renamed: "KeelAlert")
    public typealias XDAlert = KeelAlert
    /// XDDesignKit's bottom sheet: `KeelBottomSheet`.
    @available(*, deprecated, renamed: "KeelBottomSheet")
    public typealias XDBottomSheet = KeelBottomSheet

    /// XDDesignKit's themeable component, whose requirement is `xdApplyTheme()`: a
    /// `KeelThemeable` whose `keelApplyTheme()` runs it.
    @available(
        *, deprecated, renamed: "KeelThemeable",
        message: "conform to KeelThemeable and rename xdApplyTheme() to keelApplyTheme()"
    )
    @MainActor
    public protocol XDThemeable: KeelThemeable {
        /// Re-applies the theme's values (XDDesignKit's name for `keelApplyTheme()`).
        func xdApplyTheme()
    }

    @available(*, deprecated)
    extension XDThemeable {
        /// Runs ``xdApplyTheme()``.
        public func keelApplyTheme() { xdApplyTheme() }
    }

    @available(*, deprecated)
    extension KeelThemeable {
        /// XDDesignKit's name for `keelThemeResolver`.
        @available(*, deprecated, renamed: "keelThemeResolver")
        public var xdThemeResolver: KeelThemeResolver { keelThemeResolver }
    }

    extension CALayer {
        /// XDDesignKit's name for `keelApplyShadow(_:resolver:)`.
        @available(*, deprecated, renamed: "keelApplyShadow(_:resolver:)")
        public func xdApplyShadow(_ token: ShadowToken, resolver: KeelThemeResolver) {
            keelApplyShadow(token, resolver: resolver)
        }
    }
#endif

extension AlertAccessory {
    /// XDDesignKit's older single-line field: the same input as Keel's
    /// `textInput(placeholder:text:maximumLength:keyboard:isSecureEntry:)`, on one line.
    @available(
        *, deprecated, renamed: "textInput(placeholder:text:maximumLength:keyboard:isSecureEntry:)"
    )
    public static func textField(
        placeholder: String = "", text: String = "", maximumLength: Int? = nil,
        keyboard: KeyboardKind = .standard, isSecureEntry: Bool = false
    ) -> AlertAccessory {
        textInput(
            placeholder: placeholder, text: text, maximumLength: maximumLength, keyboard: keyboard,
            isSecureEntry: isSecureEntry)
    }
}
