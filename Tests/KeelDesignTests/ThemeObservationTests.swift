import KeelSupport
import Testing

@testable import KeelDesign

#if canImport(Observation)
    import Observation

    /// What SwiftUI's iOS 17 path relies on: a view's body that reads a context — its
    /// generation or a resolver through it — re-runs when, and only when, the context applies
    /// a theme (its own, or a followed parent's).
    @Suite("Theme context observation")
    struct ThemeObservationTests {
        static let green = ThemeContextTests.green
        static let invalid = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "bad"), displayName: "", basedOn: .default,
            metrics: ThemeMetrics(spacings: [.md: .nan]))

        /// Runs `read` under observation tracking; the returned lock counts the changes seen.
        @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
        static func track(_ read: @escaping () -> Void) -> Locked<Int> {
            let changes = Locked(0)
            withObservationTracking(read) { changes.withLock { $0 += 1 } }
            return changes
        }

        @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
        @Test("resolving through a context is tracked, cached resolver or not; only applied themes fire")
        func resolverIsTracked() throws {
            let context = KeelThemeContext()
            _ = context.resolver(for: .standard)  // cached from now on
            let cached = Self.track { _ = context.resolver(for: .standard) }
            let other = KeelThemeContext()
            try other.apply(Self.green)
            #expect(throws: KeelThemeValidationError.self) { try context.apply(Self.invalid) }
            #expect(cached.current == 0)
            try context.apply(Self.green)
            #expect(cached.current == 1)
            // A fresh resolve for other traits is tracked too.
            let dark = Self.track { _ = context.resolver(for: ThemeTraits(colorScheme: .dark)) }
            try context.apply(.default)
            #expect(dark.current == 1)
            // Reading nothing from it: not tracked.
            let untouched = Self.track { _ = other.generation }
            try context.apply(Self.green)
            #expect(untouched.current == 0)
        }

        @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
        @Test("a scene context's tracking fires on its parent's themes while following, not after")
        func followingIsTracked() throws {
            let base = KeelThemeContext()
            let scene = KeelThemeContext(following: base)
            let following = Self.track { _ = scene.generation }
            try base.apply(Self.green)
            #expect(following.current == 1)
            #expect(scene.theme.identifier == Self.green.identifier)
            // Given its own theme, it stops following: the parent's next theme is not its change.
            try scene.apply(.default)
            let own = Self.track { _ = scene.resolver(for: .standard) }
            try base.apply(.default)
            #expect(own.current == 0)
            // Resuming takes the parent's theme now: one change.
            scene.resumeFollowing()
            #expect(own.current == 1)
        }
    }
#endif
