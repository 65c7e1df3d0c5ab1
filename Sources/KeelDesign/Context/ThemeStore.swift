import Foundation
import KeelSupport

/// Where a ``ThemeStore`` keeps the identifier of the chosen theme between launches. An app
/// backs it with its own key-value store; KeelDesign itself writes no files.
public protocol ThemeSelectionStorage: Sendable {
    /// The identifier saved last (`nil`: nothing saved yet).
    func loadThemeIdentifier() throws -> ThemeIdentifier?
    /// Saves `identifier` as the chosen theme.
    func saveThemeIdentifier(_ identifier: ThemeIdentifier) throws
}

/// The original foundation's theme switcher and the persistence of the chosen theme:
/// ``setTheme(_:)`` validates and applies a theme to the ``KeelThemeContext`` it was given,
/// posts ``themeDidChangeNotification`` and saves the choice to its ``ThemeSelectionStorage``;
/// ``restoreTheme(from:)`` applies the saved choice at launch.
///
/// It holds no theme of its own (``currentTheme`` is the context's) and has no shared
/// instance: the app makes one over the context it uses — `ThemeStore(context: .global)` for
/// the process default — and keeps it, so observers can filter notifications by it.
public final class ThemeStore: Sendable {
    /// Posted after a theme is applied; `object` is the store, `userInfo[themeIdentifierKey]`
    /// the new theme's identifier string.
    public static let themeDidChangeNotification = Notification.Name("KeelThemeDidChange")
    /// The `userInfo` key holding the identifier.
    public static let themeIdentifierKey = "KeelThemeIdentifier"

    /// The context this store writes to.
    public let context: KeelThemeContext
    /// Where the chosen theme's identifier is kept (`nil`: the choice is not persisted).
    public let storage: (any ThemeSelectionStorage)?
    // NotificationCenter is not Sendable in the SDKs; the (never replaced) reference sits in a
    // lock box and is read out before posting, so observers never run under the lock.
    private let notificationCenter: Locked<NotificationCenter>

    /// A store over `context`, posting to `notificationCenter` and saving choices to `storage`.
    public init(
        context: KeelThemeContext, notificationCenter: NotificationCenter = .default,
        storage: (any ThemeSelectionStorage)? = nil
    ) {
        self.context = context
        self.storage = storage
        self.notificationCenter = Locked(notificationCenter)
    }

    /// The current theme (the context's).
    public var currentTheme: KeelTheme { context.theme }

    /// Validates and applies `theme`, posts the change notification, then saves the choice.
    /// An invalid theme throws and changes nothing; a failed save throws the storage's error
    /// after the theme was applied for this launch (the saved choice stays the old one).
    public func setTheme(_ theme: KeelTheme) throws {
        try context.apply(theme)
        post(theme)
        try storage?.saveThemeIdentifier(theme.identifier)
    }

    /// Applies the saved choice if it names one of `themes` and returns it; `nil` when nothing
    /// is saved or the saved identifier names none of them (the context keeps its theme). A
    /// failed load throws and changes nothing.
    @discardableResult
    public func restoreTheme(from themes: [KeelTheme]) throws -> KeelTheme? {
        guard let identifier = try storage?.loadThemeIdentifier(),
            let theme = themes.first(where: { $0.identifier == identifier })
        else { return nil }
        try context.apply(theme)
        post(theme)
        return theme
    }

    private func post(_ theme: KeelTheme) {
        notificationCenter.current.post(
            name: Self.themeDidChangeNotification, object: self,
            userInfo: [Self.themeIdentifierKey: theme.identifier.rawValue])
    }
}
