import KeelSupport

#if canImport(Observation)
    import Observation
#endif

/// A change of a context's theme.
public struct ThemeChange: Hashable, Sendable {
    /// The theme before the change.
    package var previous: KeelTheme
    /// The theme now current.
    public var current: KeelTheme
}

/// The one thing that holds and publishes a theme, for one scope: the app
/// (``KeelThemeContext/global``, the process default) or one scene/window (contexts an app
/// makes, or ``ThemeContextRegistry`` makes per scene).
///
/// A scene context of a ``ThemeContextRegistry`` follows its parent, the registry's base: it
/// holds the parent's theme and takes every theme applied to the parent — so
/// `KeelThemeContext.global.apply(_:)` re-themes every scene's views — until a theme is
/// applied to the context itself, which gives that scope its own theme and stops the
/// following. ``resumeFollowing()`` makes it follow again.
///
/// Applying a theme validates it first; an invalid theme throws and the old theme stays.
/// Changes reach every consumer: each ``changes()`` stream, and — where Observation exists
/// (iOS 17+) — every `@Observable` tracking of ``theme`` (SwiftUI views
/// reading it re-render). ``ThemeContextRegistry`` takes a context and
/// holds no theme of its own. Resolvers are cached per traits until the theme changes.
public final class KeelThemeContext: Sendable {
    private struct State {
        var theme: KeelTheme
        var generation = 0
        var resolvers: [ThemeTraits: KeelThemeResolver] = [:]
        /// Whether the parent's applied themes are taken.
        var following = false
        /// The parent generation of the theme last taken from it (`-1`: none yet), so a
        /// late, older push never overwrites a newer one.
        var parentGeneration = -1
        /// The contexts following this one.
        var followers: [WeakContext] = []
    }

    /// A follower, held weakly: a scene context the app dropped is not kept alive by its parent.
    private struct WeakContext {
        weak var context: KeelThemeContext?
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
        parent = nil
    }

    /// A context holding `theme`, validated first (complete definition required).
    public init(theme: KeelTheme) throws {
        try KeelThemeContext.check(theme)
        state = Locked(State(theme: theme))
        registrar = KeelThemeContext.makeRegistrar()
        parent = nil
    }

    /// A context that follows `parent`: it starts with the parent's current theme and takes
    /// each theme applied to the parent (its own observers are told), until ``apply(_:)``
    /// gives it a theme of its own. The parent holds it weakly.
    package init(following parent: KeelThemeContext) {
        self.parent = parent
        state = Locked(State(theme: .default, following: true))
        registrar = KeelThemeContext.makeRegistrar()
        let (theme, generation) = parent.addFollower(self)
        state.withLock { state in
            // A push that arrived meanwhile is newer; keep it.
            guard state.parentGeneration < generation else { return }
            state.theme = theme
            state.parentGeneration = generation
        }
    }

    /// The context this one follows or followed (`nil` for a root context such as
    /// ``global``).
    package let parent: KeelThemeContext?

    /// Whether this context currently takes its parent's themes: `true` from
    /// ``init(following:)`` until a theme is applied to it, and again after
    /// ``resumeFollowing()``; always `false` without a parent.
    package var isFollowing: Bool { state.withLock { $0.following } }

    /// Makes this context follow its parent again: it takes the parent's current theme now
    /// (observers are told) and every later one. Does nothing without a parent.
    public func resumeFollowing() {
        guard let parent else { return }
        state.withLock { state in
            state.following = true
            state.parentGeneration = -1
        }
        let (theme, generation) = parent.snapshot()
        inherit(theme, parentGeneration: generation)
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
    package var generation: Int {
        access(\.generation)
        return state.withLock { $0.generation }
    }

    /// Validates `theme`, makes it current and notifies observers — this context's and, in
    /// turn, every context following it; returns the warnings. On a following context this
    /// gives it its own theme: it stops following its parent. An invalid theme throws an
    /// error listing every issue and changes nothing.
    @discardableResult
    public func apply(_ theme: KeelTheme) throws -> [ThemeIssue] {
        try KeelThemeContext.check(theme)
        let (generation, followers) = withMutation {
            state.withLock { state -> (Int, [KeelThemeContext]) in
                let previous = state.theme
                state.theme = theme
                state.generation += 1
                state.resolvers.removeAll()
                state.following = false
                // Under the lock, so subscribers get changes in the order the theme changed:
                // two threads applying at once used to deliver B then A while B was current.
                // (Yielding only enqueues; the broadcaster's lock is never held around ours.)
                broadcaster.yield(ThemeChange(previous: previous, current: theme))
                return (state.generation, Self.liveFollowers(&state))
            }
        }
        // Outside the lock: a follower locks only itself (and then its own followers).
        for follower in followers { follower.inherit(theme, parentGeneration: generation) }
        return theme.validate().warnings
    }

    /// Takes the parent's `theme` applied as its `parentGeneration`, if still following and
    /// it is newer than the last one taken; then tells observers and followers.
    private func inherit(_ theme: KeelTheme, parentGeneration: Int) {
        // A context that stopped following is not even announced as mutating.
        guard state.withLock({ $0.following && $0.parentGeneration < parentGeneration }) else { return }
        let taken = withMutation {
            state.withLock { state -> (Int, [KeelThemeContext])? in
                guard state.following, state.parentGeneration < parentGeneration else { return nil }
                let previous = state.theme
                state.parentGeneration = parentGeneration
                state.theme = theme
                state.generation += 1
                state.resolvers.removeAll()
                broadcaster.yield(ThemeChange(previous: previous, current: theme))
                return (state.generation, Self.liveFollowers(&state))
            }
        }
        guard let (generation, followers) = taken else { return }
        for follower in followers { follower.inherit(theme, parentGeneration: generation) }
    }

    /// Registers `follower` and returns the theme and generation it starts from, atomically.
    private func addFollower(_ follower: KeelThemeContext) -> (KeelTheme, Int) {
        state.withLock { state in
            state.followers.append(WeakContext(context: follower))
            return (state.theme, state.generation)
        }
    }

    /// The theme and generation now, read together.
    private func snapshot() -> (KeelTheme, Int) {
        state.withLock { ($0.theme, $0.generation) }
    }

    /// The followers still alive (forgetting the released ones).
    private static func liveFollowers(_ state: inout State) -> [KeelThemeContext] {
        state.followers.removeAll { $0.context == nil }
        return state.followers.compactMap(\.context)
    }

    /// A resolver for the current theme and `traits` (cached until the theme changes).
    /// Observable like ``theme``: resolving inside observation tracking — a SwiftUI view's
    /// body on iOS 17 — registers the theme, cached or not, so the view re-renders on every
    /// theme the context applies.
    public func resolver(for traits: ThemeTraits = .standard) -> KeelThemeResolver {
        resolver(cachedFor: traits)
    }

    /// The most resolvers a context keeps for one theme.
    package static let maximumCachedResolvers = 64

    /// The number of resolvers cached now (tests).
    package var cachedResolverCount: Int { state.withLock { $0.resolvers.count } }

    private func resolver(cachedFor traits: ThemeTraits) -> KeelThemeResolver {
        access(\.theme)
        if let cached = state.withLock({ $0.resolvers[traits] }) { return cached }
        let theme = self.theme
        let resolver = KeelThemeResolver(theme: theme, traits: traits)
        state.withLock { state in
            // Only cache if no theme was applied meanwhile. The cache is bounded: traits are a
            // handful of combinations in practice, but a display scale is any number.
            guard state.theme == theme else { return }
            if state.resolvers.count >= Self.maximumCachedResolvers { state.resolvers.removeAll() }
            state.resolvers[traits] = resolver
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
/// a scene's context follows the base context, so a
/// theme applied to the base — `KeelThemeContext.global.apply(_:)` — reaches every scene's
/// views, until a theme is applied to that scene's context: then the scene keeps its own
/// theme (``KeelThemeContext/resumeFollowing()`` returns it to the base's). There is no
/// shared registry; the app keeps one (for example on its app delegate) and hands each
/// scene its context. Nothing looks up windows implicitly.
public final class ThemeContextRegistry: Sendable {
    /// The context scene contexts follow.
    package let base: KeelThemeContext
    private let scenes = Locked<[String: KeelThemeContext]>([:])

    /// A registry whose scenes start from `base` (the process default unless given).
    public init(base: KeelThemeContext = .global) {
        self.base = base
    }

    /// The context of a scene, created on first use following the base context.
    public func context(forScene identifier: String) -> KeelThemeContext {
        scenes.withLock { contexts in
            if let existing = contexts[identifier] { return existing }
            let context = KeelThemeContext(following: base)
            contexts[identifier] = context
            return context
        }
    }

    /// Forgets a scene's context (when the scene disconnects).
    public func removeContext(forScene identifier: String) {
        _ = scenes.withLock { $0.removeValue(forKey: identifier) }
    }

    /// The identifiers of the scenes that have a context.
    package var sceneIdentifiers: [String] { scenes.withLock { $0.keys.sorted() } }
}

#if canImport(Observation)
    /// A context is `@Observable`: SwiftUI views and `withObservationTracking` reading
    /// ``KeelThemeContext/theme`` or ``KeelThemeContext/generation`` see every ``KeelThemeContext/apply(_:)``.
    @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
    extension KeelThemeContext: Observable {}
#endif
