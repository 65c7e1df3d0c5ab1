#if canImport(SwiftUI)
    import KeelDesign
    import SwiftUI

    private struct KeelThemeContextKey: EnvironmentKey {
        static let defaultValue = KeelThemeContext.global
    }

    private struct KeelThemeGenerationKey: EnvironmentKey {
        static let defaultValue = 0
    }

    extension EnvironmentValues {
        /// The theme context of the view (`keelTheme(_:)` sets it; the global
        /// context by default).
        package var keelThemeContext: KeelThemeContext {
            get { self[KeelThemeContextKey.self] }
            set { self[KeelThemeContextKey.self] = newValue }
        }

        /// The context's generation when `keelTheme(_:)` last saw it change, so
        /// views reading the resolver update on every theme change.
        var keelThemeGeneration: Int {
            get { self[KeelThemeGenerationKey.self] }
            set { self[KeelThemeGenerationKey.self] = newValue }
        }

        /// The raw environment values Keel's headless mapping reads (each SwiftUI enum by its
        /// case name).
        package var keelEnvironmentTraitValues: EnvironmentTraitValues {
            EnvironmentTraitValues(
                colorScheme: String(describing: colorScheme),
                colorSchemeContrast: String(describing: colorSchemeContrast),
                dynamicTypeSize: String(describing: dynamicTypeSize),
                layoutDirection: String(describing: layoutDirection),
                legibilityWeight: legibilityWeight.map { String(describing: $0) },
                displayScale: Double(displayScale),
                reduceMotion: accessibilityReduceMotion)
        }

        /// The theme traits of the view's environment: colour scheme, contrast, Dynamic Type
        /// size, layout direction, legibility weight (Bold Text), display scale and Reduce
        /// Motion, mapped by `ThemeTraits(environment:)`.
        package var keelTraits: ThemeTraits {
            ThemeTraits(environment: keelEnvironmentTraitValues)
        }

        /// The resolver for the view's context under the view's own traits: a subtree with
        /// `.environment(\.colorScheme, .dark)` resolves dark colours.
        public var keelThemeResolver: KeelThemeResolver {
            keelThemeContext.resolver(for: keelTraits)
        }
    }

    /// Follows a theme context for SwiftUI on iOS 16 (an `ObservableObject`; on iOS 17 the
    /// context itself is `@Observable`, and `keelTheme(_:)` observes it directly): publishes
    /// the context's generation after each applied theme.
    @MainActor
    package final class KeelThemeObserver: ObservableObject {
        /// The context's generation at its last change seen.
        @Published package private(set) var generation = 0

        /// An observer; call ``follow(_:)`` to start.
        nonisolated package init() {}

        /// Publishes `context`'s changes until the calling task is cancelled (run it from
        /// `.task(id:)`, which cancels it when the view goes or the context changes).
        package func follow(_ context: KeelThemeContext) async {
            // Subscribe first, then read: a theme applied in between used to be lost.
            let changes = context.changes()
            generation = context.generation
            for await _ in changes {
                generation = context.generation
            }
        }
    }

    /// Puts a theme context in the environment and re-renders its content on every theme the
    /// context applies: through Observation where the SDK has it and the system is iOS 17 or
    /// later (the context is `@Observable`), else through an observer of the context.
    struct KeelThemeModifier: ViewModifier {
        let context: KeelThemeContext
        @StateObject private var observer = KeelThemeObserver()

        @ViewBuilder
        func body(content: Content) -> some View {
            #if canImport(Observation)
                if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
                    KeelObservedTheme(context: context, content: content)
                } else {
                    followed(content)
                }
            #else
                followed(content)
            #endif
        }

        /// The iOS 16 path: the observer publishes the generation the context's stream reports.
        @MainActor private func followed(_ content: Content) -> some View {
            let observer = observer
            let context = context
            return
                content
                .environment(\.keelThemeContext, context)
                .environment(\.keelThemeGeneration, observer.generation)
                .task(id: ObjectIdentifier(context)) { await observer.follow(context) }
        }
    }

    #if canImport(Observation)
        /// The iOS 17 path: reading the context's generation in `body` registers it with
        /// Observation, so SwiftUI re-runs this body — and hands the new generation to every
        /// themed view below — on each theme the context applies, with no stream and no
        /// `ObservableObject`.
        @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
        struct KeelObservedTheme<Content: View>: View {
            let context: KeelThemeContext
            let content: Content

            var body: some View {
                content
                    .environment(\.keelThemeContext, context)
                    .environment(\.keelThemeGeneration, context.generation)
            }
        }
    #endif

    /// Reads the theme for a view's own traits: `@KeelTheme var theme` … `theme.color(.textPrimary)`.
    ///
    /// A dynamic property: the view updates when its traits change or its context applies a
    /// new theme (through the generation that `keelTheme(_:)` publishes; on iOS 17 also
    /// through Observation, since resolving registers the context's theme — so even a view
    /// on the global context without `keelTheme(_:)` updates).
    @propertyWrapper
    public struct KeelThemed: DynamicProperty {
        @Environment(\.keelThemeContext) private var context
        @Environment(\.keelThemeGeneration) private var generation
        @Environment(\.keelTraits) private var traits

        /// A themed property.
        public init() {}

        /// The resolver for the view's context and traits.
        public var wrappedValue: KeelThemeResolver {
            context.resolver(for: traits)
        }
    }

    extension View {
        /// Themes this view and its subviews with `context` (a scene's or a screen's own): the
        /// environment's `keelThemeResolver` resolves through it
        /// for each view's traits, and the subviews update on every theme it applies.
        public func keelTheme(_ context: KeelThemeContext) -> some View {
            modifier(KeelThemeModifier(context: context))
        }
    }
#endif
