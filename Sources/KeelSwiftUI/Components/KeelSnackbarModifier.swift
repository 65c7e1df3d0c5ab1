#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import SwiftUI
    import UIKit

    extension View {
        /// Shows a snackbar (toast) while `item` holds one: queued on the window scene's overlay
        /// queue — one at a time, after any alert, shared with KeelUIKit's
        /// `KeelSnackbarPresenter` — and drawn over this view, a margin above its safe area (which
        /// includes the keyboard). It goes away after a time chosen from its message (longer
        /// while VoiceOver runs; with an action, only when used or swiped away then), when swiped
        /// away, when its action is used, or when the app clears `item`; a different item replaces
        /// it. `item` is cleared when it goes, and `onDismiss` gets the reason.
        ///
        /// While this view is off screen (it disappeared: a screen pushed over it, another tab)
        /// its snackbar is hidden and gives the scene's snackbar channel up, its timer paused;
        /// when the view appears again it is queued again and resumes with the time it had
        /// left. A sheet presented over the view does not make it disappear, so there the
        /// snackbar stays under the sheet until its time is up.
        ///
        /// ```swift
        /// .keelSnackbar($toast, onAction: { _ in mailbox.undoDelete() })
        /// // toast = SnackbarConfiguration("Message deleted", action: SnackbarAction("Undo"))
        /// ```
        public func keelSnackbar(
            _ item: Binding<SnackbarConfiguration?>, onAction: @escaping (String) -> Void = { _ in },
            onDismiss: @escaping (SnackbarDismissalReason) -> Void = { _ in }
        ) -> some View {
            modifier(KeelSnackbarModifier(item: item, onAction: onAction, onDismiss: onDismiss))
        }
    }

    /// Queues the item's snackbar and draws it when its turn comes.
    struct KeelSnackbarModifier: ViewModifier {
        @Binding var item: SnackbarConfiguration?
        let onAction: (String) -> Void
        let onDismiss: (SnackbarDismissalReason) -> Void
        @State private var anchor = KeelPresenterAnchorBox()
        @StateObject private var model = KeelSnackbarModel()
        @KeelThemed private var theme

        func body(content: Content) -> some View {
            let snackbarTheme = SnackbarTheme(resolver: theme)
            let appearance = SnackbarAppearance(theme: snackbarTheme)
            content
                .background(KeelPresenterAnchor(box: anchor).frame(width: 0, height: 0))
                .overlay(
                    GeometryReader { proxy in
                        if let shown = model.shown {
                            KeelSnackbarView(
                                configuration: shown, theme: snackbarTheme,
                                placement: SnackbarPlacement(
                                    container: Size(
                                        width: Double(proxy.size.width), height: Double(proxy.size.height)),
                                    safeArea: Edges(
                                        top: Double(proxy.safeAreaInsets.top),
                                        left: Double(proxy.safeAreaInsets.leading),
                                        bottom: Double(proxy.safeAreaInsets.bottom),
                                        right: Double(proxy.safeAreaInsets.trailing)),
                                    keyboardFrame: nil, appearance: appearance),
                                offset: model.offset, opacity: model.opacity, send: model.send,
                                drag: model.drag
                            )
                            .transition(.opacity)
                        }
                    }
                    // Fades in and out, and springs back after a swipe that did not dismiss, with
                    // the theme's motion (Reduce Motion: at once), as the UIKit snackbar animates
                    // its alpha and transform; a drag's own moves are not animated.
                    .animation(Animation.keel(appearance.motion), value: model.shown)
                    .animation(Animation.keel(appearance.motion), value: model.settles)
                )
                .onChange(of: item) { new in
                    handle(SnackbarItemChange(previous: model.requested, current: new))
                }
                // An item set before the view appeared is shown too (`onChange` does not report
                // it). Visible again after being covered, a change of the item made meanwhile is
                // applied first (a cleared or replaced message never comes back, announced), and
                // only then is the snackbar queued again.
                .onAppear {
                    handle(.appeared(with: item, requested: model.requested))
                    model.setCovered(false)
                }
                // Covered (a pushed screen, another tab) or gone: the snackbar hides and gives the
                // scene's channel up rather than holding it invisibly.
                .onDisappear { model.setCovered(true) }
        }

        /// Carries out a change of the item for the model.
        @MainActor private func handle(_ change: SnackbarItemChange) {
            model.handle(
                change, anchor: anchor.controller, timing: SnackbarTheme(resolver: theme).timing,
                callbacks: KeelSnackbarCallbacks(
                    onAction: onAction,
                    onDismiss: { reason in
                        item = SnackbarItemChange.item(afterDismissal: reason, current: item)
                        onDismiss(reason)
                    },
                    onNotShown: { item = nil }))
        }
    }

    /// The app's handlers of one snackbar.
    struct KeelSnackbarCallbacks {
        let onAction: (String) -> Void
        let onDismiss: (SnackbarDismissalReason) -> Void
        /// The snackbar could not be shown (the view is in no window scene): the item is
        /// cleared, nothing was dismissed.
        let onNotShown: () -> Void
    }

    /// The snackbar asked for and the one on screen, with its driver and queue turn. Used on
    /// the main actor only (made by `StateObject`'s nonisolated autoclosure).
    final class KeelSnackbarModel: ObservableObject {
        /// The snackbar on screen.
        @Published private(set) var shown: SnackbarConfiguration?
        /// Where a swipe has moved it, and its opacity.
        @Published private(set) var offset = Point.zero
        @Published private(set) var opacity = 1.0
        /// Flips each time the snackbar springs back after a swipe (the settle animation's
        /// trigger).
        @Published private(set) var settles = false
        /// The snackbar last asked for (shown or waiting).
        private(set) var requested: SnackbarConfiguration?
        @MainActor private var current: KeelSnackbarTurn?
        /// Whether the view is off screen (covered, or not yet appeared).
        @MainActor private var isCovered = true

        /// Carries out a change of the item.
        @MainActor
        func handle(
            _ change: SnackbarItemChange, anchor: UIViewController?, timing: SnackbarTiming,
            callbacks: KeelSnackbarCallbacks
        ) {
            switch change {
            case .show(let configuration): enqueue(configuration, anchor, timing, callbacks)
            case .replace(let configuration): replace(with: configuration, anchor, timing, callbacks)
            case .dismiss: send(.dismiss)
            case .none: break
            }
        }

        @MainActor
        private func replace(
            with configuration: SnackbarConfiguration, _ anchor: UIViewController?, _ timing: SnackbarTiming,
            _ callbacks: KeelSnackbarCallbacks
        ) {
            // The replacement is queued next in line before the current one is told to go, so
            // it comes as soon as that one leaves, ahead of anything waiting.
            let replaced = current
            enqueue(configuration, anchor, timing, callbacks, next: true)
            replaced?.driver?.send(.replace)
        }

        /// Asks for a snackbar: queued now while the view is visible, else once it is.
        @MainActor
        private func enqueue(
            _ configuration: SnackbarConfiguration, _ anchor: UIViewController?, _ timing: SnackbarTiming,
            _ callbacks: KeelSnackbarCallbacks, next: Bool = false
        ) {
            requested = configuration
            let turn = KeelSnackbarTurn(
                configuration: configuration, timing: timing, next: next, anchor: anchor,
                callbacks: callbacks,
                model: self)
            current = turn
            turn.driver?.setCovered(isCovered)
        }

        /// Sends an event to the snackbar asked for last.
        @MainActor
        func send(_ event: SnackbarEvent) { current?.driver?.send(event) }

        /// The view disappeared (`true`) or appeared (`false`): its snackbar is told.
        @MainActor
        func setCovered(_ covered: Bool) {
            isCovered = covered
            current?.driver?.setCovered(covered)
        }

        /// A swipe moved the snackbar by `translation`: the timer stops, the snackbar follows.
        @MainActor
        func drag(_ translation: Point, swipe: SnackbarSwipe) {
            send(.interactionBegan)
            follow(
                offset: swipe.offset(forTranslation: translation),
                opacity: swipe.opacity(forTranslation: translation))
        }

        @MainActor
        fileprivate func didShow(_ configuration: SnackbarConfiguration) {
            shown = configuration
            offset = .zero
            opacity = 1
        }

        /// Its snackbar left the screen without being dismissed (its view was covered).
        @MainActor
        fileprivate func didHide() { shown = nil }

        @MainActor
        fileprivate func follow(offset: Point, opacity: Double) {
            self.offset = offset
            self.opacity = opacity
        }

        @MainActor
        fileprivate func settle() {
            settles.toggle()
            follow(offset: .zero, opacity: 1)
        }

        @MainActor
        fileprivate func didLeave(_ turn: KeelSnackbarTurn) {
            shown = nil
            requested = SnackbarItemChange.item(afterDismissal: turn.reason, current: requested)
        }
    }

    /// One snackbar's turn on the scene's queue and its presentation: queued when its view is
    /// visible, off the queue while the view is covered (`SnackbarPresentation` decides).
    @MainActor
    final class KeelSnackbarTurn {
        let configuration: SnackbarConfiguration
        let callbacks: KeelSnackbarCallbacks
        weak var model: KeelSnackbarModel?
        private weak var anchor: UIViewController?
        private(set) var driver: SnackbarDriver?
        /// The queue and ticket of its latest request.
        private var request: (queue: SceneOverlayQueue, ticket: OverlayTicket)?
        private(set) var reason = SnackbarDismissalReason.programmatic
        /// The scene's queue, found when it is first queued (a view covered when the snackbar is
        /// asked for is in no window yet); its later requests go to the same queue.
        private lazy var queue = Self.queue(for: anchor)
        /// Whether the view was in a window scene when the snackbar was first queued.
        private lazy var isAttached = anchor?.viewIfLoaded?.window?.windowScene != nil

        /// Freed with its model, when the view is gone for good (not merely covered by a
        /// pushed screen or another tab, which keep its state and its snackbar, off the channel
        /// until the view is back): its ticket is
        /// released — withdrawn while waiting, dismissed once shown — so the scene's snackbar
        /// channel is free for the next. Nothing used to release it: every later snackbar of
        /// the scene, SwiftUI's or UIKit's, waited for good.
        deinit {
            guard let request else { return }
            Task { @MainActor in request.queue.release(request.ticket) }
        }

        /// A turn off the queue until its view is reported visible; `next`: queued ahead of the
        /// waiting requests (a replacement).
        init(
            configuration: SnackbarConfiguration, timing: SnackbarTiming, next: Bool,
            anchor: UIViewController?,
            callbacks: KeelSnackbarCallbacks, model: KeelSnackbarModel
        ) {
            self.configuration = configuration
            self.anchor = anchor
            self.callbacks = callbacks
            self.model = model
            driver = SnackbarDriver(
                presentation: SnackbarPresentation(
                    configuration: configuration, timing: timing, queuedOnceVisible: next)
            ) {
                [weak self] effect in self?.perform(effect)
            }
        }

        /// The scene's queue of `anchor`'s window, or a detached one outside a scene.
        static func queue(for anchor: UIViewController?) -> SceneOverlayQueue {
            guard let scene = anchor?.viewIfLoaded?.window?.windowScene else { return SceneOverlayQueue() }
            return OverlayQueueRegistry.shared.queue(for: scene)
        }

        private func enqueue(next: Bool) {
            let queue = queue
            let ticket = queue.enqueue(
                on: .snackbar, presenterIsAttachedToScene: isAttached, next: next,
                present: { [weak self] ticket in self?.present(ticket) }, onPresented: {},
                onFailure: { [weak self] _ in self?.notShown() })
            request = (queue, ticket)
        }

        /// Its view was covered: hidden, and its request released (withdrawn while it waits,
        /// ended once shown) so the next snackbar of the scene can come.
        private func leaveChannel() {
            model?.didHide()
            guard let request else { return }
            request.queue.release(request.ticket)
        }

        private func notShown() {
            model?.didLeave(self)
            callbacks.onNotShown()
        }

        /// Its turn: drawn, and reported on screen only when its presentation accepted the
        /// turn (it used to report on screen unchecked, for a view nobody could see).
        private func present(_ ticket: OverlayTicket) {
            request = (queue, ticket)
            model?.didShow(configuration)
            driver?.send(.appeared(voiceOverRunning: UIAccessibility.isVoiceOverRunning))
            queue.presentationChecked(ticket, isOnScreen: driver?.presentation.isShown ?? false)
        }

        private func perform(_ effect: SnackbarEffect) {
            switch effect {
            case .announce(let text): KeelSwiftUIAccessibility.announce(text)
            case .performAction(let id): callbacks.onAction(id)
            case .settle: model?.settle()
            case .dismissed(let reason): finish(reason)
            case .leaveChannel: leaveChannel()
            case .queue(let next): enqueue(next: next)
            case .scheduleTimeout, .cancelTimeout: break
            }
        }

        /// Clears the view, then releases the queue (withdrawn while waiting, dismissed once
        /// shown: the queue accepts whichever applies) and reports the reason. The view is
        /// cleared first: releasing the queue may show the next snackbar at once (a replacement
        /// is next in line), and clearing after that would hide it.
        private func finish(_ reason: SnackbarDismissalReason) {
            self.reason = reason
            model?.didLeave(self)
            if let request { request.queue.release(request.ticket) }
            callbacks.onDismiss(reason)
        }
    }

    /// The snackbar at its placement, its parts at `SnackbarLayout`'s frames.
    struct KeelSnackbarView: View {
        let configuration: SnackbarConfiguration
        let theme: SnackbarTheme
        let placement: SnackbarPlacement
        let offset: Point
        let opacity: Double
        let send: (SnackbarEvent) -> Void
        let drag: (Point, SnackbarSwipe) -> Void

        var body: some View {
            let appearance = SnackbarAppearance(theme: theme)
            let layout = SnackbarLayout(
                configuration: configuration, appearance: appearance.leftToRight, width: placement.width,
                measurer: UIKitTextMeasurer())
            let frame = placement.frame(height: layout.size.height)
            let swipe = SnackbarSwipe(size: layout.size, theme: theme)
            SnackbarPartsLayout(layout: layout) {
                Image(systemName: configuration.icon ?? "")
                    .resizable()
                    .scaledToFit()
                    .foregroundColor(Color(keel: appearance.foreground))
                    .accessibilityHidden(true)
                    .layoutValue(key: SnackbarPartKey.self, value: .icon)
                Text(configuration.message)
                    .keelText(appearance.messageFont)
                    .foregroundColor(Color(keel: appearance.foreground))
                    .layoutValue(key: SnackbarPartKey.self, value: .message)
                Button {
                    send(.action)
                } label: {
                    // The whole resolved touch area, its title centred in it (UIKit's button
                    // fills the same frame).
                    Text(configuration.action?.title ?? "")
                        .font(.keel(appearance.actionFont))
                        .foregroundColor(Color(keel: appearance.actionColor))
                        .frame(maxWidth: .infinity, maxHeight: .infinity)
                        .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .layoutValue(key: SnackbarPartKey.self, value: .action)
            }
            .background(
                RoundedRectangle(cornerRadius: CGFloat(appearance.cornerRadius))
                    .fill(Color(keel: appearance.background))
            )
            .frame(width: CGFloat(frame.width), height: CGFloat(frame.height))
            .offset(x: CGFloat(offset.x), y: CGFloat(offset.y))
            .opacity(opacity)
            .position(CGPoint(keel: frame.center))
            .gesture(
                DragGesture()
                    .onChanged { value in drag(Point(keel: value.translation), swipe) }
                    .onEnded { value in
                        send(
                            .swipeEnded(
                                translation: Point(keel: value.translation),
                                velocity: SnackbarSwipe.velocity(
                                    translation: Point(keel: value.translation),
                                    predictedEndTranslation: Point(keel: value.predictedEndTranslation)),
                                swipe: swipe))
                    }
            )
            .accessibilityElement(children: .contain)
            .accessibilityAction(.escape) { send(.dismiss) }
        }
    }

    extension Point {
        /// A gesture's translation as a Keel point.
        init(keel size: CGSize) { self.init(x: Double(size.width), y: Double(size.height)) }
    }

    struct SnackbarPartKey: LayoutValueKey {
        static let defaultValue = SnackbarPart.message
    }

    /// Places the snackbar's parts at a `SnackbarLayout`'s frames.
    struct SnackbarPartsLayout: Layout {
        let layout: SnackbarLayout

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: layout.size)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            for subview in subviews {
                subview.place(keel: layout.placedFrame(of: subview[SnackbarPartKey.self]), in: bounds)
            }
        }
    }
#endif
