#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// The original app foundation's "space" transition: two full-screen pages, Home above
    /// and Feed directly below it. Dragging Home **up** meets a rubber-band resistance and,
    /// released past the threshold or flicked upward, Home leaves through the top while Feed
    /// rises from below; ``closeFeed(animated:)`` brings Home back in about 300 ms.
    ///
    /// ```swift
    /// let root = VerticalSpaceTransitionContainerViewController(
    ///     homeViewController: HomeViewController(), feedViewController: FeedViewController())
    /// window.rootViewController = root
    /// // In Feed:
    /// verticalSpaceTransitionContainer?.closeFeed(animated: true)
    /// ```
    ///
    /// Both pages are child view controllers; only their `transform`s move (Feed always one
    /// page height below Home, `VerticalSpacePageOffsets`). The physics
    /// (resistance, release decision, spring, normalised initial velocity) and the state
    /// machine with its gesture isolation come from KeelComponents'
    /// `VerticalSpaceTransitionPhysics` and `VerticalSpaceTransition`.
    @MainActor
    open class VerticalSpaceTransitionContainerViewController: UIViewController {
        /// The upper page, shown first.
        public let home: UIViewController
        /// The lower page, directly below Home, reached by dragging Home up.
        public let feed: UIViewController
        /// The transition's state machine.
        package private(set) var transition: VerticalSpaceTransition
        /// Called after every state change.
        public var onStateChange: (@MainActor (VerticalSpaceTransitionState) -> Void)?
        /// Home's pan recogniser (enabled only where the state machine allows it; the machine
        /// owns it, so it is not handed to apps).
        package let homePanGesture = UIPanGestureRecognizer()

        /// The delegate of Home's pan: this container's two decisions below, kept off its
        /// public surface (apps neither own the pan nor override when it begins).
        private lazy var homePanDelegate = HomePanGestureDelegate(
            shouldBegin: { [unowned self] in homePanShouldBegin() },
            shouldBeRequiredToFail: { [unowned self] other in scrollViewWaitsForHomePan(other) })
        private var animator: UIViewPropertyAnimator?
        private var themeBinding: ThemeBinding?
        private var reduceMotion = false

        /// A container with Home above and Feed directly below it, as the original
        /// foundation's subclasses call it (`super.init(homeViewController:feedViewController:physics:)`).
        public init(
            homeViewController: UIViewController, feedViewController: UIViewController,
            physics: VerticalSpaceTransitionPhysics = VerticalSpaceTransitionPhysics()
        ) {
            self.home = homeViewController
            self.feed = feedViewController
            transition = VerticalSpaceTransition(physics: physics, pageHeight: 0)
            super.init(nibName: nil, bundle: nil)
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// The current state (the last one ``onStateChange`` reported).
        package var state: VerticalSpaceTransitionState { transition.state }

        override open func viewDidLoad() {
            super.viewDidLoad()
            // Feed waits one page below Home, outside the container's bounds.
            view.clipsToBounds = true
            for child in [feed, home] {
                addChild(child)
                child.view.frame = view.bounds
                child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                view.addSubview(child.view)
                child.didMove(toParent: self)
            }
            homePanGesture.addTarget(self, action: #selector(panned(_:)))
            homePanGesture.delegate = homePanDelegate
            home.view.addGestureRecognizer(homePanGesture)
            themeBinding = ThemeBinding(view: view) { [weak self] resolver in
                self?.reduceMotion = resolver.traits.reduceMotion
            }
            apply(transition.gestures)
        }

        override open func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            send(.resize(pageHeight: Double(view.bounds.height)))
        }

        override open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            themeBinding?.refresh()
        }

        override open func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            themeBinding?.refresh()
        }

        // MARK: - Drag

        /// Home's pan starts only for an upward, mostly vertical movement, and not while a
        /// scroll view under the finger inside Home could scroll further down instead. (Home's
        /// pan only.)
        private func homePanShouldBegin() -> Bool {
            let velocity = homePanGesture.velocity(in: view)
            let scrollViews = home.view.keelScrollViews(containing: homePanGesture.location(in: home.view))
            return VerticalSpaceTransitionPhysics.shouldBeginDrag(
                velocityX: Double(velocity.x), velocityY: Double(velocity.y),
                scrollViewsUnderFinger: scrollViews.map(\.keelScrollCandidate))
        }

        /// Scroll views inside Home wait for Home's pan to decide: it fails at once when the
        /// content should scroll, and a drag that moves Home does not also pull the content.
        private func scrollViewWaitsForHomePan(_ otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            guard let scrollView = otherGestureRecognizer.view as? UIScrollView else { return false }
            return scrollView.isDescendant(of: home.view)
        }

        @objc private func panned(_ recognizer: UIPanGestureRecognizer) {
            send(
                .pan(
                    PanGesturePhase(platformRawValue: recognizer.state.rawValue),
                    translation: Double(recognizer.translation(in: view).y),
                    velocity: Double(recognizer.velocity(in: view).y)))
        }

        /// Springs the pages to where the release decided, starting at the finger's speed.
        private func run(_ settle: SettleAnimation) {
            let spring = settle.spring
            let parameters = UISpringTimingParameters(
                mass: CGFloat(spring.mass), stiffness: CGFloat(spring.stiffness),
                damping: CGFloat(spring.damping),
                initialVelocity: CGVector(dx: 0, dy: settle.initialVelocity))
            let animator = UIViewPropertyAnimator(duration: spring.response, timingParameters: parameters)
            let target = settle.to
            animator.addAnimations { [weak self] in self?.movePages(homeOffset: target) }
            animator.addCompletion { [weak self] _ in self?.send(.settleFinished) }
            self.animator = animator
            animator.startAnimation()
        }

        // MARK: - Close

        /// Brings Home back down from above and Feed back below it (ease in-out over the
        /// physics' close duration, about 300 ms, not the drag's resistance; at once with
        /// `animated: false`; instant or cross-faded under Reduce Motion). Does nothing unless
        /// resting on Feed.
        open func closeFeed(animated: Bool = true) {
            send(.close(animated: animated))
        }

        private func runClose(animated: Bool) {
            view.keelAnimate(
                transition.physics.closeMotion(reduceMotion: reduceMotion), animated: animated,
                changes: { [weak self] in self?.movePages(homeOffset: 0) },
                completion: { [weak self] _ in self?.send(.closeFinished) })
        }

        // MARK: - State

        private func send(_ event: VerticalSpaceTransitionEvent) {
            for effect in transition.send(event).effects { perform(effect) }
        }

        private func perform(_ effect: VerticalSpaceTransitionEffect) {
            switch effect {
            case .stopAnimations: animator?.stopAnimation(true)
            case .moveHome(let offset): movePages(homeOffset: offset)
            case .settle(let settle): run(settle)
            case .animateClose(let animated): runClose(animated: animated)
            case .haptic(let haptic): KeelHaptics.play(haptic)
            case .isolateGestures(let isolation): apply(isolation)
            case .stateChanged(let state): onStateChange?(state)
            }
        }

        /// Puts Home at `homeOffset` and Feed one page height below it.
        private func movePages(homeOffset: Double) {
            let offsets = VerticalSpacePageOffsets(homeOffset: homeOffset, pageHeight: transition.pageHeight)
            home.view.transform = CGAffineTransform(translationX: 0, y: CGFloat(offsets.home))
            feed.view.transform = CGAffineTransform(translationX: 0, y: CGFloat(offsets.feed))
        }

        private func apply(_ isolation: GestureIsolation) {
            homePanGesture.isEnabled = isolation.homePanEnabled
            feed.viewIfLoaded?.isUserInteractionEnabled = isolation.feedInteractionEnabled
        }
    }

    /// Home's pan delegate, forwarding to its container (which owns it, so `unowned` holds).
    @MainActor
    private final class HomePanGestureDelegate: NSObject, UIGestureRecognizerDelegate {
        private let shouldBegin: @MainActor () -> Bool
        private let shouldBeRequiredToFail: @MainActor (UIGestureRecognizer) -> Bool

        init(
            shouldBegin: @escaping @MainActor () -> Bool,
            shouldBeRequiredToFail: @escaping @MainActor (UIGestureRecognizer) -> Bool
        ) {
            self.shouldBegin = shouldBegin
            self.shouldBeRequiredToFail = shouldBeRequiredToFail
        }

        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin() }

        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool {
            shouldBeRequiredToFail(otherGestureRecognizer)
        }
    }

    extension UIViewController {
        /// The space-transition container this controller is in, if any.
        public var verticalSpaceTransitionContainer: VerticalSpaceTransitionContainerViewController? {
            sequence(first: self, next: \.parent).lazy
                .compactMap { $0 as? VerticalSpaceTransitionContainerViewController }.first
        }
    }
#endif
