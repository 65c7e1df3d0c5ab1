import Foundation
import KeelSupport

/// The original foundation's `ThemeStore.shared.setTheme(_:)`, kept as a thin convenience over
/// a ``KeelThemeContext``: it validates, applies, and posts ``themeDidChangeNotification``.
public final class ThemeStore: Sendable {
    /// Posted after a theme is applied; `object` is the store, `userInfo[themeIdentifierKey]`
    /// the new theme's identifier string.
    public static let themeDidChangeNotification = Notification.Name("KeelThemeDidChange")
    /// The `userInfo` key holding the identifier.
    public static let themeIdentifierKey = "KeelThemeIdentifier"

    /// The context this store writes to.
    public let context: KeelThemeContext
    // NotificationCenter is not Sendable in the SDKs; the (never replaced) reference sits in a
    // lock box and is read out before posting, so observers never run under the lock.
    private let notificationCenter: Locked<NotificationCenter>

    /// A store over `context`, posting to `notificationCenter`.
    public init(context: KeelThemeContext, notificationCenter: NotificationCenter = .default) {
        self.context = context
        self.notificationCenter = Locked(notificationCenter)
    }

    /// The store over ``KeelThemeContext/global``.
    public static let shared = ThemeStore(context: .global)

    /// The current theme.
    public var currentTheme: KeelTheme { context.theme }

    /// Validates and applies `theme`, then posts the change notification.
    public func setTheme(_ theme: KeelTheme) throws {
        try context.apply(theme)
        notificationCenter.current.post(
            name: Self.themeDidChangeNotification, object: self,
            userInfo: [Self.themeIdentifierKey: theme.identifier.rawValue])
    }
}
