#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// The original app foundation's "space" transition: Home lies above Feed; dragging Home
    /// down meets a rubber-band resistance and, released past the threshold or flicked,
    /// reveals Feed; ``closeFeed(animated:)`` brings Home back in about 300 ms.
    ///
    /// ```swift
    /// let root = VerticalSpaceTransitionContainerViewController(home: HomeViewController(), feed: FeedViewController())
    /// window.rootViewController = root
    /// // In Feed:
    /// verticalSpaceTransitionContainer?.closeFeed(animated: true)
    /// ```
    ///
    /// Both pages are child view controllers; only Home's `transform` moves. The physics
    /// (resistance, release decision, spring, normalised initial velocity) and the state
    /// machine with its gesture isolation come from KeelComponents'
    /// ``VerticalSpaceTransitionPhysics`` and ``VerticalSpaceTransition``.
    @MainActor
    open class VerticalSpaceTransitionContainerViewController: UIViewController, UIGestureRecognizerDelegate {
        /// The upper page, shown first.
        public let home: UIViewController
        /// The lower page, revealed by dragging Home down.
        public let feed: UIViewController
        /// The transition's state machine.
        public private(set) var transition: VerticalSpaceTransition
        /// Called after every state change.
        public var onStateChange: (@MainActor (VerticalSpaceTransitionState) -> Void)?
        /// Home's pan recogniser (enabled only where the state machine allows it).
        public let homePanGesture = UIPanGestureRecognizer()

        private var animator: UIViewPropertyAnimator?
        private var themeBinding: ThemeBinding?
        private var reduceMotion = false

        /// A container with Home above Feed.
        public init(
            home: UIViewController, feed: UIViewController,
            physics: VerticalSpaceTransitionPhysics = VerticalSpaceTransitionPhysics()
        ) {
            self.home = home
            self.feed = feed
            transition = VerticalSpaceTransition(physics: physics, pageHeight: 0)
            super.init(nibName: nil, bundle: nil)
        }

        /// Not supported: create the container in code.
        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

        /// The current state.
        public var state: VerticalSpaceTransitionState { transition.state }

        override open func viewDidLoad() {
            super.viewDidLoad()
            for child in [feed, home] {
                addChild(child)
                child.view.frame = view.bounds
                child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                view.addSubview(child.view)
                child.didMove(toParent: self)
            }
            homePanGesture.addTarget(self, action: #selector(panned(_:)))
            homePanGesture.delegate = self
            home.view.addGestureRecognizer(homePanGesture)
            themeBinding = ThemeBinding(view: view) { [weak self] resolver in
                self?.reduceMotion = resolver.traits.reduceMotion
            }
            applyGestureIsolation()
        }

        override open func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            transition.pageHeight = Double(view.bounds.height)
            if transition.state == .feed {
                home.view.transform = CGAffineTransform(translationX: 0, y: view.bounds.height)
            }
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

        /// Home's pan starts only for a downward, mostly vertical movement, and not while a
        /// scroll view under the finger inside Home could scroll back up instead.
        open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard gestureRecognizer === homePanGesture else { return true }
            let velocity = homePanGesture.velocity(in: view)
            let scrollViews = home.view.keelScrollViews(containing: homePanGesture.location(in: home.view))
            return VerticalSpaceTransitionPhysics.shouldBeginDrag(
                velocityX: Double(velocity.x), velocityY: Double(velocity.y),
                scrollViewsUnderFinger: scrollViews.map(\.keelScrollCandidate))
        }

        /// Scroll views inside Home wait for Home's pan to decide: it fails at once when the
        /// content should scroll, and a drag that moves Home does not also pull the content.
        open func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool {
            gestureRecognizer === homePanGesture && otherGestureRecognizer.view is UIScrollView
                && otherGestureRecognizer.view?.isDescendant(of: home.view) == true
        }

        @objc private func panned(_ recognizer: UIPanGestureRecognizer) {
            let translation = Double(recognizer.translation(in: view).y)
            switch recognizer.state {
            case .began:
                animator?.stopAnimation(true)
                send(.beginDrag)
            case .changed:
                send(.drag(translation: translation))
                let offset = transition.physics.resistedDistance(
                    translation, pageHeight: transition.pageHeight)
                home.view.transform = CGAffineTransform(translationX: 0, y: offset)
            case .ended:
                let velocity = Double(recognizer.velocity(in: view).y)
                send(.endDrag(translation: translation, velocity: velocity))
                runSettle()
            case .cancelled, .failed:
                send(.cancelDrag)
                runSettle()
            default:
                break
            }
        }

        /// Springs Home to where the release decided, starting at the finger's speed.
        private func runSettle() {
            guard let settle = transition.settle else { return }
            let spring = settle.spring
            let parameters = UISpringTimingParameters(
                mass: CGFloat(spring.mass), stiffness: CGFloat(spring.stiffness),
                damping: CGFloat(spring.damping),
                initialVelocity: CGVector(dx: 0, dy: settle.initialVelocity))
            let animator = UIViewPropertyAnimator(duration: spring.response, timingParameters: parameters)
            let target = CGFloat(settle.to)
            animator.addAnimations { [weak self] in
                self?.home.view.transform = CGAffineTransform(translationX: 0, y: target)
            }
            animator.addCompletion { [weak self] _ in self?.send(.settleFinished) }
            self.animator = animator
            animator.startAnimation()
        }

        // MARK: - Close

        /// Brings Home back over Feed (ease in-out over the physics' close duration, about
        /// 300 ms; instant or cross-faded under Reduce Motion). Does nothing unless resting on Feed.
        open func closeFeed(animated: Bool = true) {
            guard send(.close) else { return }
            let motion = transition.physics.closeMotion(reduceMotion: reduceMotion)
            view.keelAnimate(
                motion, animated: animated,
                changes: { [weak self] in self?.home.view.transform = .identity },
                completion: { [weak self] _ in self?.send(.closeFinished) })
        }

        // MARK: - State

        @discardableResult
        private func send(_ event: VerticalSpaceTransitionEvent) -> Bool {
            let previous = transition.state
            guard transition.handle(event) else { return false }
            KeelHaptics.play(HapticEvent.transition(from: previous, to: transition.state))
            applyGestureIsolation()
            onStateChange?(transition.state)
            return true
        }

        private func applyGestureIsolation() {
            let isolation = transition.gestures
            homePanGesture.isEnabled = isolation.homePanEnabled
            feed.viewIfLoaded?.isUserInteractionEnabled = isolation.feedInteractionEnabled
        }
    }

    extension UIViewController {
        /// The space-transition container this controller is in, if any.
        public var verticalSpaceTransitionContainer: VerticalSpaceTransitionContainerViewController? {
            var current: UIViewController? = self
            while let controller = current {
                if let container = controller as? VerticalSpaceTransitionContainerViewController {
                    return container
                }
                current = controller.parent
            }
            return nil
        }
    }
#endif
