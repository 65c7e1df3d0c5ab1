#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import SwiftUI

    private struct KeelCloseFeedKey: EnvironmentKey {
        static let defaultValue: @MainActor @Sendable () -> Void = {}
    }

    extension EnvironmentValues {
        /// Closes the feed of the enclosing `KeelVerticalSpaceTransition` (nothing outside one).
        public var keelCloseFeed: @MainActor @Sendable () -> Void {
            get { self[KeelCloseFeedKey.self] }
            set { self[KeelCloseFeedKey.self] = newValue }
        }
    }

    /// The original foundation's vertical space transition as a SwiftUI container: Home above,
    /// Feed one page below, an upward drag on Home rubber-banding and springing to Feed or back
    /// — the `VerticalSpaceTransition` machine and its physics, as in
    /// `VerticalSpaceTransitionContainerViewController`. Gesture isolation from the machine:
    /// Home's drag only on Home, Feed's interaction only on Feed. Feed closes with
    /// `@Environment(\.keelCloseFeed)`.
    ///
    /// ```swift
    /// KeelVerticalSpaceTransition { HomeView() } feed: { FeedView() }
    /// ```
    @MainActor
    public struct KeelVerticalSpaceTransition<Home: View, Feed: View>: View {
        private let home: Home
        private let feed: Feed
        private let onStateChange: @MainActor (VerticalSpaceTransitionState) -> Void
        @StateObject private var model = KeelVerticalSpaceModel()
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        /// A transition from `home` to `feed`; `onStateChange` hears every state.
        public init(
            onStateChange: @escaping @MainActor (VerticalSpaceTransitionState) -> Void = { _ in },
            @ViewBuilder home: () -> Home, @ViewBuilder feed: () -> Feed
        ) {
            self.home = home()
            self.feed = feed()
            self.onStateChange = onStateChange
        }

        /// Both pages, offset by the machine.
        public var body: some View {
            GeometryReader { proxy in
                let offsets = model.offsets
                ZStack(alignment: .top) {
                    home
                        .offset(y: CGFloat(offsets.home))
                        .gesture(drag, including: GestureMask(keel: model.isolation.homePanEnabled))
                    feed
                        .offset(y: CGFloat(offsets.feed))
                        .allowsHitTesting(model.isolation.feedInteractionEnabled)
                        // The user's Reduce Motion setting, as UIKit's container reads it (this
                        // closure always closed the Reduce Motion way).
                        .environment(
                            \.keelCloseFeed,
                            { [model, reduceMotion] in model.close(reduceMotion: reduceMotion) })
                }
                .onAppear {
                    model.onStateChange = onStateChange
                    model.send(.resize(pageHeight: Double(proxy.size.height)), reduceMotion: reduceMotion)
                }
                .onChange(of: proxy.size.height) { height in
                    model.send(.resize(pageHeight: Double(height)), reduceMotion: reduceMotion)
                }
            }
        }

        private var drag: some Gesture {
            let model = model
            let reduceMotion = reduceMotion
            return DragGesture(minimumDistance: 10)
                .onChanged { value in
                    let translation = Double(value.translation.height)
                    Task { @MainActor in
                        model.dragChanged(translation: translation, reduceMotion: reduceMotion)
                    }
                }
                .onEnded { value in
                    let translation = Double(value.translation.height)
                    let velocity = VerticalSpaceTransitionPhysics.releaseVelocity(
                        translation: translation,
                        predictedEndTranslation: Double(value.predictedEndTranslation.height))
                    Task { @MainActor in
                        model.send(
                            .pan(.ended, translation: translation, velocity: velocity),
                            reduceMotion: reduceMotion)
                    }
                }
        }
    }

    /// Runs the transition machine and performs its effects on SwiftUI state.
    @MainActor
    final class KeelVerticalSpaceModel: ObservableObject {
        @Published private(set) var homeOffset = 0.0
        @Published private(set) var isolation = VerticalSpaceTransition.gestures(in: .home)
        private var transition = VerticalSpaceTransition(pageHeight: 0)
        var onStateChange: @MainActor (VerticalSpaceTransitionState) -> Void = { _ in }

        nonisolated init() {}

        /// Where both pages sit for the current offset.
        var offsets: VerticalSpacePageOffsets {
            VerticalSpacePageOffsets(homeOffset: homeOffset, pageHeight: transition.pageHeight)
        }

        /// One change of Home's drag: it begins the pan unless the machine already tracks one.
        func dragChanged(translation: Double, reduceMotion: Bool) {
            send(
                .pan(.dragChange(hasBegun: transition.isTrackingDrag), translation: translation, velocity: 0),
                reduceMotion: reduceMotion)
        }

        func close(reduceMotion: Bool) {
            send(.close(animated: true), reduceMotion: reduceMotion)
        }

        func send(_ event: VerticalSpaceTransitionEvent, reduceMotion: Bool) {
            for effect in transition.send(event).effects {
                perform(effect, reduceMotion: reduceMotion)
            }
        }

        private func perform(_ effect: VerticalSpaceTransitionEffect, reduceMotion: Bool) {
            switch effect {
            case .stopAnimations: withAnimation(nil) { homeOffset = transition.homeOffset }
            case .moveHome(let offset): homeOffset = offset
            case .settle(let settle): run(settle, reduceMotion: reduceMotion)
            case .animateClose(let animated): runClose(animated: animated, reduceMotion: reduceMotion)
            case .isolateGestures(let isolation): self.isolation = isolation
            case .stateChanged(let state): onStateChange(state)
            case .haptic(let haptic): KeelSwiftUIHaptics.play(haptic)
            }
        }

        /// Springs Home to the settle target, then reports the end after the spring settles.
        private func run(_ settle: SettleAnimation, reduceMotion: Bool) {
            let spring = settle.spring
            withAnimation(
                .interpolatingSpring(
                    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                    initialVelocity: settle.initialVelocity)
            ) {
                homeOffset = settle.to
            }
            finish(after: settle.duration, with: .settleFinished, reduceMotion: reduceMotion)
        }

        /// Brings Home back with the physics' close motion, then reports the end.
        private func runClose(animated: Bool, reduceMotion: Bool) {
            let motion = transition.physics.closeMotion(reduceMotion: reduceMotion, animated: animated)
            withAnimation(.keel(motion)) { homeOffset = 0 }
            finish(after: motion.duration, with: .closeFinished, reduceMotion: reduceMotion)
        }

        private func finish(
            after seconds: Double, with event: VerticalSpaceTransitionEvent, reduceMotion: Bool
        ) {
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: .clampedSeconds(seconds))
                self?.send(event, reduceMotion: reduceMotion)
            }
        }
    }

    extension GestureMask {
        /// The mask of Home's drag: the whole gesture while enabled, only subviews' otherwise.
        init(keel enabled: Bool) {
            switch enabled {
            case true: self = .all
            case false: self = .subviews
            }
        }
    }
#endif
