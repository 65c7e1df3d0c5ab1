import KeelSupport

#if canImport(Observation)
    import Observation
#endif

/// A change of a context's theme.
public struct ThemeChange: Hashable, Sendable {
    /// The theme before the change.
    public var previous: KeelTheme
    /// The theme now current.
    public var current: KeelTheme
}

/// The one thing that holds and publishes a theme, for one scope: the app
/// (``KeelThemeContext/global``, the process default) or one scene/window (contexts an app
/// makes, or ``ThemeContextRegistry`` makes per scene).
///
/// Applying a theme validates it first; an invalid theme throws and the old theme stays.
/// Changes reach every consumer: each ``changes()`` stream, and — where Observation exists
/// (iOS 17+) — every `@Observable` tracking of ``theme`` and ``generation`` (SwiftUI views
/// reading them re-render). ``ThemeStore`` and ``ThemeContextRegistry`` take a context; they
/// hold no theme of their own. Resolvers are cached per traits until the theme changes.
public final class KeelThemeContext: Sendable {
    private struct State {
        var theme: KeelTheme
        var generation = 0
        var resolvers: [ThemeTraits: KeelThemeResolver] = [:]
    }

    private let state: Locked<State>
    private let broadcaster = Broadcaster<ThemeChange>()
    /// The `ObservationRegistrar` where Observation is available (a stored property cannot
    /// carry `@available`), else `nil`. The registrar is itself thread-safe.
    private let registrar: (any Sendable)?

    /// A context holding the built-in default theme.
    public init() {
        state = Locked(State(theme: .default))
        registrar = KeelThemeContext.makeRegistrar()
    }

    /// A context holding `theme`, validated first (complete definition required).
    public init(theme: KeelTheme) throws {
        try KeelThemeContext.check(theme)
        state = Locked(State(theme: theme))
        registrar = KeelThemeContext.makeRegistrar()
    }

    /// The process default context: the one place an app gets "the" theme without injecting
    /// one (a convenience; contexts can be created and injected everywhere).
    public static let global = KeelThemeContext()

    /// The current theme (observable: reading it inside observation tracking registers it).
    public var theme: KeelTheme {
        access(\.theme)
        return state.withLock { $0.theme }
    }

    /// How many themes have been applied (starts at 0; observable like ``theme``).
    public var generation: Int {
        access(\.generation)
        return state.withLock { $0.generation }
    }

    /// Validates `theme`, makes it current and notifies observers; returns the warnings.
    /// An invalid theme throws an error listing every issue and changes nothing.
    @discardableResult
    public func apply(_ theme: KeelTheme) throws -> [ThemeIssue] {
        try KeelThemeContext.check(theme)
        let previous = withMutation {
            state.withLock { state -> KeelTheme in
                let previous = state.theme
                state.theme = theme
                state.generation += 1
                state.resolvers.removeAll()
                return previous
            }
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

    private static func makeRegistrar() -> (any Sendable)? {
        #if canImport(Observation)
            if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) { return ObservationRegistrar() }
        #endif
        return nil
    }

    private func access(_ keyPath: KeyPath<KeelThemeContext, some Any>) {
        #if canImport(Observation)
            if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *),
                let registrar = registrar as? ObservationRegistrar
            {
                registrar.access(self, keyPath: keyPath)
            }
        #endif
    }

    /// Runs `body` as one mutation of ``theme`` and ``generation`` for observers.
    private func withMutation<Result>(_ body: () -> Result) -> Result {
        #if canImport(Observation)
            if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *),
                let registrar = registrar as? ObservationRegistrar
            {
                return registrar.withMutation(of: self, keyPath: \.generation) {
                    registrar.withMutation(of: self, keyPath: \.theme, body)
                }
            }
        #endif
        return body()
    }

    private static func check(_ theme: KeelTheme) throws {
        let validation = theme.validate()
        if !validation.isValid {
            throw KeelThemeValidationError(identifier: theme.identifier, issues: validation.issues)
        }
    }
}

/// The per-scene (or per-window) theme contexts of an app, keyed by scene identifier.
///
/// It takes a base context — usually ``KeelThemeContext/global`` — and holds no theme itself:
/// a scene's context starts with the base context's current theme and then changes on its
/// own. There is no shared registry; the app keeps one (for example on its app delegate) and
/// hands each scene its context. Nothing looks up windows implicitly.
public final class ThemeContextRegistry: Sendable {
    /// The context new scene contexts copy their first theme from.
    public let base: KeelThemeContext
    private let scenes = Locked<[String: KeelThemeContext]>([:])

    /// A registry whose scenes start from `base` (the process default unless given).
    public init(base: KeelThemeContext = .global) {
        self.base = base
    }

    /// The context of a scene, created on first use with the base context's theme.
    public func context(forScene identifier: String) -> KeelThemeContext {
        let baseTheme = base.theme
        return scenes.withLock { contexts in
            if let existing = contexts[identifier] { return existing }
            // The base theme was validated when applied, so this cannot fail; fall back anyway.
            let context = (try? KeelThemeContext(theme: baseTheme)) ?? KeelThemeContext()
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

#if canImport(Observation)
    /// A context is `@Observable`: SwiftUI views and `withObservationTracking` reading
    /// ``KeelThemeContext/theme`` or ``KeelThemeContext/generation`` see every ``KeelThemeContext/apply(_:)``.
    @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
    extension KeelThemeContext: Observable {}
#endif
