import KeelSupport

/// A change of a context's theme.
public struct ThemeChange: Hashable, Sendable {
    /// The theme before the change.
    public var previous: KeelTheme
    /// The theme now current.
    public var current: KeelTheme
}

/// A thread-safe holder of the current theme for one scope: the app (``KeelThemeContext/global``)
/// or one scene/window (see ``ThemeContextRegistry``).
///
/// Applying a theme validates it first; an invalid theme throws and the old theme stays.
/// Changes are delivered to every ``changes()`` stream. Resolvers are cached per traits until
/// the theme changes.
public final class KeelThemeContext: Sendable {
    private struct State {
        var theme: KeelTheme
        var generation = 0
        var resolvers: [ThemeTraits: KeelThemeResolver] = [:]
    }

    private let state: Locked<State>
    private let broadcaster = Broadcaster<ThemeChange>()

    /// A context holding the built-in default theme.
    public init() {
        state = Locked(State(theme: .default))
    }

    /// A context holding `theme`, validated first (complete definition required).
    public init(theme: KeelTheme) throws {
        try KeelThemeContext.check(theme)
        state = Locked(State(theme: theme))
    }

    /// The app-wide default context (a convenience; contexts can be created and injected).
    public static let global = KeelThemeContext()

    /// The current theme.
    public var theme: KeelTheme { state.withLock { $0.theme } }

    /// How many themes have been applied (starts at 0).
    public var generation: Int { state.withLock { $0.generation } }

    /// Validates `theme`, makes it current and notifies observers; returns the warnings.
    /// An invalid theme throws an error listing every issue and changes nothing.
    @discardableResult
    public func apply(_ theme: KeelTheme) throws -> [ThemeIssue] {
        try KeelThemeContext.check(theme)
        let previous = state.withLock { state -> KeelTheme in
            let previous = state.theme
            state.theme = theme
            state.generation += 1
            state.resolvers.removeAll()
            return previous
        }
        broadcaster.yield(ThemeChange(previous: previous, current: theme))
        return theme.validate().warnings
    }

    /// A resolver for the current theme and `traits` (cached until the theme changes).
    public func resolver(for traits: ThemeTraits = .standard) -> KeelThemeResolver {
        if let cached = state.withLock({ $0.resolvers[traits] }) { return cached }
        let theme = self.theme
        let resolver = KeelThemeResolver(theme: theme, traits: traits)
        state.withLock { state in
            // Only cache if no theme was applied meanwhile.
            if state.theme == theme { state.resolvers[traits] = resolver }
        }
        return resolver
    }

    /// Every theme change from now on.
    public func changes() -> AsyncStream<ThemeChange> {
        broadcaster.stream()
    }

    private static func check(_ theme: KeelTheme) throws {
        let validation = theme.validate()
        if !validation.isValid {
            throw KeelThemeValidationError(identifier: theme.identifier, issues: validation.issues)
        }
    }
}

/// One theme context per scene or window, plus the global one.
///
/// A scene's context starts with the global context's current theme and then changes on its
/// own; nothing looks up windows implicitly.
public final class ThemeContextRegistry: Sendable {
    /// The app-wide context.
    public let global: KeelThemeContext
    private let scenes = Locked<[String: KeelThemeContext]>([:])

    /// A registry around a global context.
    public init(global: KeelThemeContext = KeelThemeContext()) {
        self.global = global
    }

    /// The shared registry around ``KeelThemeContext/global`` (a convenience).
    public static let shared = ThemeContextRegistry(global: .global)

    /// The context of a scene, created on first use with the global theme.
    public func context(forScene identifier: String) -> KeelThemeContext {
        let globalTheme = global.theme
        return scenes.withLock { contexts in
            if let existing = contexts[identifier] { return existing }
            // The global theme was validated when applied, so this cannot fail; fall back anyway.
            let context = (try? KeelThemeContext(theme: globalTheme)) ?? KeelThemeContext()
            contexts[identifier] = context
            return context
        }
    }

    /// Forgets a scene's context (when the scene disconnects).
    public func removeContext(forScene identifier: String) {
        _ = scenes.withLock { $0.removeValue(forKey: identifier) }
    }

    /// The identifiers of the scenes that have a context.
    public var sceneIdentifiers: [String] { scenes.withLock { $0.keys.sorted() } }
}
