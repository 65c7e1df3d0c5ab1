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
/// `setTheme(_:)` with a ``KeelTheme`` validates and applies a theme to the ``KeelThemeContext`` it
/// was given, posts ``themeDidChangeNotification`` (`.appThemeDidChange`) and saves the
/// choice to its ``ThemeSelectionStorage``; `setTheme(_:)` with an ``AppTheme`` does the same for the
/// original foundation's ``AppTheme``s (applying their UIKit appearance first);
/// ``restoreTheme(from:)`` applies the saved choice at launch.
///
/// It holds no theme of its own (``currentTheme`` is the context's). ``shared`` is the
/// original's entry point — a store over ``KeelThemeContext/global`` posting to the default
/// notification center — kept as a convenience: an app may equally make its own store over
/// any context and inject it. Scene contexts of a ``ThemeContextRegistry`` follow the global
/// context, so `ThemeStore.shared.setTheme(_:)` re-themes the views of every window that has
/// not been given a theme of its own.
public final class ThemeStore: Sendable {
    /// Posted after a theme is applied; `object` is the store, `userInfo[themeIdentifierKey]`
    /// the new theme's identifier string. The original foundation's name for it is
    /// `Notification.Name.appThemeDidChange`.
    public static let themeDidChangeNotification = Notification.Name("KeelThemeDidChange")
    /// The `userInfo` key holding the identifier.
    public static let themeIdentifierKey = "KeelThemeIdentifier"

    /// The original foundation's store: over ``KeelThemeContext/global``, posting to
    /// `NotificationCenter.default`, persisting nothing (a convenience; stores can be made
    /// and injected).
    public static let shared = ThemeStore(context: .global)

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

    /// Validates and applies `theme` to the store's context (and so to every scene context
    /// following it), posts the change notification, then saves the choice.
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

    /// Switches to the original foundation's `theme`: applies the Keel theme it carries, if
    /// any (``AppTheme/keelTheme``; without one the context keeps its Keel theme), then its
    /// UIKit appearance (``AppTheme/applyAppearance()``), posts ``themeDidChangeNotification``
    /// (`.appThemeDidChange`) once with this store as `object` and the theme's identifier in
    /// `userInfo`, and saves the identifier to the storage.
    ///
    /// The original's call did not throw, and neither does this: an invalid carried Keel
    /// theme changes nothing (no appearance, no notification) and the validation error is
    /// returned; a failed save returns the storage's error after the switch took effect.
    @MainActor
    @discardableResult
    public func setTheme(_ theme: some AppTheme) -> Result<Void, any Error> {
        if let keelTheme = theme.keelTheme {
            do {
                try context.apply(keelTheme)
            } catch {
                return .failure(error)
            }
        }
        theme.applyAppearance()
        post(identifier: theme.identifier)
        do {
            try storage?.saveThemeIdentifier(ThemeIdentifier(rawValue: theme.identifier))
        } catch {
            return .failure(error)
        }
        return .success(())
    }

    private func post(_ theme: KeelTheme) {
        post(identifier: theme.identifier.rawValue)
    }

    private func post(identifier: String) {
        notificationCenter.current.post(
            name: Self.themeDidChangeNotification, object: self,
            userInfo: [Self.themeIdentifierKey: identifier])
    }
}
