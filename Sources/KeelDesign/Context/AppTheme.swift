import Foundation

/// The original app foundation's theme: an identifier and the app's own UIKit appearance,
/// applied by ``ThemeStore``'s `setTheme(_:)` (`ThemeStore.shared.setTheme(LightTheme())`).
///
/// Its colours (`tintColor`, `backgroundColor`, …) are the app's own properties, as the
/// original's themes declared them; the protocol asks only for what the store uses. An
/// `AppTheme` may also carry a ``KeelTheme`` (``keelTheme``): switching to it then applies that
/// Keel theme to the store's context too, so Keel's components — and every scene context
/// following it — re-theme. Without one (the default) the context keeps its current Keel
/// theme and only the app's appearance changes.
///
/// ```swift
/// @MainActor
/// final class LightTheme: AppTheme {
///     let identifier = "light"
///     let tintColor = UIColor.systemBlue
///     var keelTheme: KeelTheme? { .default }
///
///     func applyAppearance() {
///         UINavigationBar.appearance().tintColor = tintColor
///     }
/// }
///
/// ThemeStore.shared.setTheme(LightTheme())
/// ```
@MainActor
public protocol AppTheme {
    /// The theme's identifier (what the store posts and saves).
    var identifier: String { get }
    /// The Keel theme switching to this theme applies as well (`nil`, the default: keep the
    /// context's current Keel theme).
    var keelTheme: KeelTheme? { get }
    /// Applies the app's UIKit appearance (appearance proxies and the like), on the main
    /// actor, when the store switches to this theme.
    func applyAppearance()
}

extension AppTheme {
    /// No Keel theme: switching keeps the context's current one.
    public var keelTheme: KeelTheme? { nil }
}

extension Notification.Name {
    /// The original foundation's theme change notification: posted by a ``ThemeStore`` after
    /// every switch, with the store as `object` (the same notification as
    /// ``ThemeStore/themeDidChangeNotification``).
    public static let appThemeDidChange = ThemeStore.themeDidChangeNotification
}
