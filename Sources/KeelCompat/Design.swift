// Design: the predecessors' theme spellings over KeelDesign's one theme model (`KeelTheme`) and
// one holder (`KeelThemeContext`) — AppFoundation's `AppTheme`, `ThemeStore` and its change
// notification; XDDesignKit's `shared`, `init(initialTheme:)`, the built-in themes'
// names and its argument order.
import Foundation
import KeelDesign
import KeelSupport

// MARK: - XDDesignKit

extension KeelThemeContext {
    /// XDDesignKit's name for the process default context, `global`.
    @available(*, deprecated, renamed: "global")
    public static var shared: KeelThemeContext { global }

    /// XDDesignKit's spelling of `init(theme:)`: a context holding `initialTheme`, validated
    /// first; an invalid theme throws `KeelThemeValidationError`.
    @available(*, deprecated, renamed: "init(theme:)")
    public convenience init(initialTheme: KeelTheme) throws {
        try self.init(theme: initialTheme)
    }
}

extension KeelTheme {
    /// XDDesignKit's name for the built-in default theme, `default`.
    @available(*, deprecated, renamed: "default")
    public static var defaultTheme: KeelTheme { .default }

    /// XDDesignKit's name for the built-in blue theme, `blue`.
    @available(*, deprecated, renamed: "blue")
    public static var blueTheme: KeelTheme { .blue }

    /// A theme in XDDesignKit's argument order (`colors` before `basedOn`): `colors` merge
    /// per token over `base`. Validation happens where the theme is applied. Not a `renamed:`:
    /// a Fix-it relabels arguments where they stand and cannot move `basedOn:` first.
    @available(
        *, deprecated,
        message: "move basedOn: before colors: — KeelTheme(identifier:displayName:basedOn:colors:)"
    )
    public init(
        identifier: ThemeIdentifier, displayName: String, colors: [ColorToken: KeelThemeColor],
        basedOn base: KeelTheme?
    ) {
        self.init(identifier: identifier, displayName: displayName, basedOn: base, colors: colors)
    }
}

// MARK: - AppFoundation

/// AppFoundation's theme: an identifier and the app's own UIKit appearance, applied by
/// `ThemeStore.setTheme(_:)` (`ThemeStore.shared.setTheme(LightTheme())`). Its
/// colours are the app's own properties. It may carry a `KeelTheme` (``keelTheme``), which
/// switching applies to the store's context so Keel's components re-theme.
@available(
    *, deprecated,
    message:
        "Describe the theme as a KeelTheme and apply it with KeelThemeContext.global.apply(_:); set UIKit appearance proxies where you apply it"
)
@MainActor
public protocol AppTheme {
    /// The theme's identifier (what the store posts and saves).
    var identifier: String { get }
    /// The Keel theme switching to this theme applies as well (`nil`, the default: keep the
    /// context's current Keel theme).
    var keelTheme: KeelTheme? { get }
    /// Applies the app's UIKit appearance, on the main actor, when the store switches to this
    /// theme.
    func applyAppearance()
}

@available(*, deprecated)
extension AppTheme {
    /// No Keel theme: switching keeps the context's current one.
    public var keelTheme: KeelTheme? { nil }
}

extension Notification.Name {
    /// AppFoundation's theme change notification, posted by a ``ThemeStore`` after every
    /// switch with the store as `object` and the new theme's identifier in `userInfo`.
    @available(
        *, deprecated,
        message: "Observe KeelThemeContext.changes() or, on iOS 17, the context's @Observable theme"
    )
    public static let appThemeDidChange = ThemeStore.themeDidChangeNotification
}

/// Where a ``ThemeStore`` keeps the identifier of the chosen theme between launches.
@available(
    *, deprecated,
    message:
        "Save the identifier of each theme KeelThemeContext.changes() delivers in your own store; apply the saved theme at launch"
)
package protocol ThemeSelectionStorage: Sendable {
    /// The identifier saved last (`nil`: nothing saved yet).
    func loadThemeIdentifier() throws -> ThemeIdentifier?
    /// Saves `identifier` as the chosen theme.
    func saveThemeIdentifier(_ identifier: ThemeIdentifier) throws
}

/// AppFoundation's theme switcher, a thin adapter over a `KeelThemeContext`: `setTheme(_:)`
/// applies a theme to its context (``shared``: `KeelThemeContext.global`), posts
/// `.appThemeDidChange` and saves the choice to its storage.
@available(
    *, deprecated,
    message: "Apply themes with KeelThemeContext.global.apply(_:) and observe KeelThemeContext.changes()"
)
public final class ThemeStore: Sendable {
    /// Posted after a theme is applied; `object` is the store, `userInfo[themeIdentifierKey]`
    /// the new theme's identifier string.
    package static let themeDidChangeNotification = Notification.Name("KeelThemeDidChange")
    /// The `userInfo` key holding the identifier.
    public static let themeIdentifierKey = "KeelThemeIdentifier"

    /// AppFoundation's store: over `KeelThemeContext.global`, posting to
    /// `NotificationCenter.default`, persisting nothing.
    public static let shared = ThemeStore(context: .global)

    /// The context this store writes to.
    package let context: KeelThemeContext
    private let storage: (any ThemeSelectionStorage)?
    // NotificationCenter is not Sendable in the SDKs; the (never replaced) reference sits in a
    // lock box and is read out before posting, so observers never run under the lock.
    private let notificationCenter: Locked<NotificationCenter>

    /// A store over `context`, posting to `notificationCenter` and saving choices to `storage`
    /// (the package's tests; apps use ``shared``).
    package init(
        context: KeelThemeContext, notificationCenter: NotificationCenter = .default,
        storage: (any ThemeSelectionStorage)? = nil
    ) {
        self.context = context
        self.storage = storage
        self.notificationCenter = Locked(notificationCenter)
    }

    /// The current theme (the context's).
    public var currentTheme: KeelTheme { context.theme }

    /// Validates and applies `theme` to the context, posts the change notification, then saves
    /// the choice. An invalid theme throws and changes nothing; a failed save throws after the
    /// theme was applied.
    package func setTheme(_ theme: KeelTheme) throws {
        try context.apply(theme)
        post(identifier: theme.identifier.rawValue)
        try storage?.saveThemeIdentifier(theme.identifier)
    }

    /// Applies the saved choice if it names one of `themes` and returns it; `nil` when nothing
    /// is saved or the saved identifier names none of them.
    @discardableResult
    package func restoreTheme(from themes: [KeelTheme]) throws -> KeelTheme? {
        guard let identifier = try storage?.loadThemeIdentifier(),
            let theme = themes.first(identifiedBy: identifier)
        else { return nil }
        try context.apply(theme)
        post(identifier: theme.identifier.rawValue)
        return theme
    }

    /// Switches to AppFoundation's `theme`: applies the Keel theme it carries, if any, then its
    /// UIKit appearance, posts the notification once and saves the identifier. As the
    /// original's call, it does not throw: an invalid carried Keel theme changes nothing and
    /// is returned as the failure, as is a failed save (after the switch took effect).
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

    private func post(identifier: String) {
        notificationCenter.current.post(
            name: Self.themeDidChangeNotification, object: self,
            userInfo: [Self.themeIdentifierKey: identifier])
    }
}
