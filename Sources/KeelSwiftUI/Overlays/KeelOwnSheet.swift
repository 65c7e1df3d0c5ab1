#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import KeelGeometry
    import SwiftUI
    // The iOS 16.4 SDK declares the accessibility notification constants as mutable globals,
    // which Swift 6 rejects by reference (the screen-changed post below).
    @preconcurrency import UIKit

    /// Keel's own bottom sheet, for configurations SwiftUI's sheet cannot express
    /// (`BottomSheetConfiguration.presentationRoute`): queued on the scene's overlays
    /// (`.sheet` channel, so alerts show above it), its surface, dimming and grabber laid out
    /// by `BottomSheetLayout`, its detents, drag and scroll hand-off run by
    /// `BottomSheetDetents` (with `SheetScrollArbitration` inside it), its lifecycle by
    /// `SheetPresentation` and the keyboard reduced by `KeyboardGeometry`, as in KeelUIKit's
    /// `KeelBottomSheet`. SwiftUI cannot pin a scroll view's offset mid-gesture, so the
    /// content's `KeelSheetScrollView`s are disabled while `SheetContentScrollLock` says so;
    /// where UIKit sets a pinned scroll view's offset (`SheetDetentEffect.pinScrollView`),
    /// `SheetScrollPinning` asks the scroll view that drifted from its top to scroll back there.
    @MainActor
    final class KeelOwnSheetModel: ObservableObject {
        @Published private(set) var layout: BottomSheetLayoutResult
        @Published private(set) var isVisible = false
        @Published private(set) var scrollLocked = false
        /// The last request to put a content scroll view back at its top (`nil`: none yet).
        @Published private(set) var scrollPin: SheetScrollPinRequest?
        private(set) var presentation: SheetPresentation
        private var detents: BottomSheetDetents
        private let motion: ResolvedMotion
        private var container = SheetContainer(bounds: .zero)
        private var scrolls: [KeelSheetScrollReport] = []
        private var lock = SheetContentScrollLock()
        private var pinning = SheetScrollPinning()
        var onDismissed: @MainActor (OverlayDismissalReason) -> Void = { _ in }
        var onFailed: @MainActor (OverlayPresentationFailure) -> Void = { _ in }
        private var host: UIViewController?
        private var overlays: OverlayHost?
        private var ticket: OverlayTicket?

        init(configuration: BottomSheetConfiguration, theme: BottomSheetTheme) {
            presentation = SheetPresentation(
                isInteractiveDismissalEnabled: configuration.allowsSwipeDismissal,
                allowsBackgroundDismissal: configuration.allowsBackgroundDismissal)
            detents = BottomSheetDetents(configuration: configuration, theme: theme)
            motion = theme.motion
            layout = BottomSheetLayout.resolve(detents.layoutInput)
        }

        /// Queues the sheet on the scene's overlays, hosted in `host` (modal to VoiceOver, as
        /// KeelUIKit's overlay controllers are).
        func enqueue(host: UIViewController, overlays: OverlayHost, anchor: UIViewController?) {
            self.host = host
            self.overlays = overlays
            host.view.accessibilityViewIsModal = true
            send(.enqueue)
            // The card draws its own dimming: the hosting view stays transparent.
            host.view.backgroundColor = .clear
            ticket = overlays.enqueue(
                host, on: .sheet, from: anchor, onPresented: { [weak self] in self?.send(.startPresenting) },
                onFailure: { [weak self] failure in self?.send(.fail(failure)) })
        }

        /// Dismisses a shown sheet or withdraws a queued one (the machine's `withdrawFromQueue`).
        func dismissProgrammatically() {
            send(.dismiss(.programmatic))
        }

        /// Sends a lifecycle event and performs its effects.
        func send(_ event: SheetPresentationEvent) {
            for effect in presentation.send(event).effects { perform(effect) }
        }

        /// Sends a detent event, performs its effects and re-decides the content's scroll lock.
        func send(_ event: SheetDetentEvent) {
            for effect in detents.send(event).effects { perform(effect) }
            updateScrollLock()
        }

        // MARK: - Container, content, keyboard

        /// The hosting view's size or safe area changed (the keyboard's overlap is kept).
        func containerChanged(size: CGSize, insets: EdgeInsets) {
            container = SheetContainer(
                bounds: size.keelSize, safeArea: Edges(keel: insets),
                keyboardOverlap: container.keyboardOverlap)
            send(.containerChanged(container))
            relayout()
        }

        /// The content's fitting height at the surface's width changed.
        func contentHeightChanged(_ height: CGFloat) {
            send(.contentHeightChanged(Double(height)))
            relayout()
        }

        /// A keyboard frame change (`frame` in the window's coordinates; `nil` when it hides):
        /// the docked keyboard's overlap, counted only while the sheet's content holds the
        /// first responder, raises the surface alongside the keyboard's own animation.
        func keyboardChanged(to frame: CGRect?, userInfo: [AnyHashable: Any]?) {
            guard let view = host?.view else { return }
            let overlap = KeyboardGeometry.dockedOverlap(of: view, keyboardFrameInWindow: frame)
            let transition = KeyboardTransition(keyboardNotification: userInfo)
            container = SheetContainer(
                bounds: container.bounds, safeArea: container.safeArea, keyboardOverlap: overlap)
            send(.containerChanged(container))
            withAnimation(.keel(transition.motion)) { relayout() }
        }

        // MARK: - Drag and scroll hand-off

        /// The content's `KeelSheetScrollView`s reported their geometry.
        func scrollsChanged(_ reports: [KeelSheetScrollReport]) {
            scrolls = reports
            updateScrollLock()
        }

        /// One change of the surface's drag (SwiftUI reports no began phase: the machine
        /// rejects a begin while it already tracks a drag, so each change offers one until it
        /// is accepted; the direction so far stands in for the velocity it is judged by).
        func dragChanged(translation: CGSize, predictedEndTranslation: CGSize) {
            send(
                .dragBegan(
                    velocity: Point(x: Double(translation.width), y: Double(translation.height)),
                    candidates: scrolls.map(\.candidate),
                    primary: scrolls.first(where: \.isPrimary)?.candidate.id,
                    presentation: presentation))
            send(
                .dragChanged(
                    translation: Double(translation.height),
                    velocityY: VerticalSpaceTransitionPhysics.releaseVelocity(
                        translation: Double(translation.height),
                        predictedEndTranslation: Double(predictedEndTranslation.height)),
                    scroll: detents.trackedScroll(in: scrolls.map(\.candidate))))
        }

        /// The surface's drag ended.
        func dragEnded(translation: CGSize, predictedEndTranslation: CGSize) {
            send(
                .dragEnded(
                    translation: Double(translation.height),
                    velocity: VerticalSpaceTransitionPhysics.releaseVelocity(
                        translation: Double(translation.height),
                        predictedEndTranslation: Double(predictedEndTranslation.height)),
                    presentation: presentation))
        }

        // MARK: - VoiceOver

        /// VoiceOver activated, adjusted or dismissed through the grabber.
        func grabber(_ adjustment: SheetGrabberAdjustment) {
            send(.adjustGrabber(adjustment, presentation: presentation))
        }

        /// The VoiceOver escape gesture: dismisses where the presentation allows it.
        func escape() {
            send(.dismiss(.accessibilityEscape))
        }

        // MARK: - Effects

        private func perform(_ effect: OverlayPresentationEffect) {
            switch effect {
            case .animateIn: animate(visible: true, animated: true, then: .presentationFinished)
            case .didPresent: UIAccessibility.post(notification: .screenChanged, argument: nil)
            case .animateOut(let animated):
                animate(visible: false, animated: animated, then: .dismissalFinished)
            case .didDismiss(let reason): finish(reason)
            case .failed(let failure): onFailed(failure)
            case .withdrawFromQueue: withdraw()
            case .willDismiss: return
            }
        }

        /// Withdraws the ticket; when the queue refuses (the sheet's turn already came), the
        /// machine keeps it queued and dismisses it as it starts.
        private func withdraw() {
            let accepted = ticket.flatMap { overlays?.cancel($0) }
            _ = SheetPresentationEvent.afterWithdrawal(accepted: accepted).map { send($0) }
        }

        private func perform(_ effect: SheetDetentEffect) {
            switch effect {
            case .beginDrag: send(.beginDrag)
            case .animate(_, _, let motion): settle(motion)
            case .follow: relayout()
            case .pinScrollView(let id, let offsetY): pin(id: id, offsetY: offsetY)
            case .dismiss(let reason): send(.dismiss(reason))
            case .haptic(let haptic): KeelSwiftUIHaptics.play(haptic)
            }
        }

        /// Asks the scroll view `id` to return to `offsetY` (its top) when it has drifted.
        private func pin(id: Int, offsetY: Double) {
            if let request = pinning.pin(id: id, offsetY: offsetY, candidates: scrolls.map(\.candidate)) {
                scrollPin = request
            }
        }

        private func relayout() {
            layout = BottomSheetLayout.resolve(detents.layoutInput)
        }

        /// Publishes the content's scroll lock when it changed (scroll views report every frame).
        private func updateScrollLock() {
            let candidates = scrolls.map(\.candidate)
            let primary = scrolls.first(where: \.isPrimary)?.candidate.id
            if let locked = lock.update(detents, candidates: candidates, primary: primary) {
                scrollLocked = locked
            }
        }

        private func settle(_ motion: ResolvedMotion) {
            withAnimation(.keel(motion)) { relayout() }
            send(.endDragSettled)
        }

        /// Fades and slides in or out (at once when `animated` is false), then reports the end
        /// after the motion has run: its delay and duration (`MotionPlan.settleTime`; it used to
        /// wait the duration alone, even when not animated).
        private func animate(visible: Bool, animated: Bool, then event: SheetPresentationEvent) {
            let plan = motion.plan(animated: animated)
            withAnimation(.keel(plan)) { isVisible = visible }
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: .clampedSeconds(plan.settleTime))
                self?.send(event)
            }
        }

        private func finish(_ reason: OverlayDismissalReason) {
            host?.presentingViewController?.dismiss(animated: false)
            _ = ticket.map { overlays?.didDismiss($0) }
            onDismissed(reason)
        }
    }

    /// Presents Keel's own sheet while `isPresented` is true.
    struct KeelOwnSheetModifier: ViewModifier {
        @Binding var isPresented: Bool
        let configuration: BottomSheetConfiguration
        let onDismiss: (() -> Void)?
        let onDidDismiss: @MainActor (OverlayDismissalReason) -> Void
        let sheetContent: () -> AnyView
        @State private var anchor = KeelPresenterAnchorBox()
        @State private var slot = KeelOwnSheetSlot()
        @KeelThemed private var theme
        @Environment(\.keelThemeContext) private var themeContext
        @Environment(\.keelAccessibilityStrings) private var strings

        func body(content: Content) -> some View {
            content
                .background(KeelPresenterAnchor(box: anchor).frame(width: 0, height: 0))
                .onChange(of: isPresented) { presentedChanged($0) }
                .onAppear { presentedChanged(isPresented) }
        }

        @MainActor private func presentedChanged(_ presented: Bool) {
            switch presented {
            case true: present()
            case false: slot.model?.dismissProgrammatically()
            }
        }

        /// Replaces any current sheet (dismissed, reporting only its own dismissal) with a new one.
        @MainActor private func present() {
            let binding = $isPresented
            let onDismiss = onDismiss
            let onDidDismiss = onDidDismiss
            slot.model?.onDismissed = { reason in
                onDismiss?()
                onDidDismiss(reason)
            }
            slot.model?.dismissProgrammatically()
            let sheetTheme = BottomSheetTheme(resolver: theme)
            let model = KeelOwnSheetModel(configuration: configuration, theme: sheetTheme)
            model.onDismissed = { reason in
                binding.wrappedValue = false
                onDismiss?()
                onDidDismiss(reason)
            }
            model.onFailed = { _ in binding.wrappedValue = false }
            let host = UIHostingController(
                rootView: KeelOwnSheetView(
                    model: model, content: sheetContent(), themeContext: themeContext, strings: strings,
                    surfaceColor: sheetTheme.surface, grabberColor: sheetTheme.grabber,
                    shadow: sheetTheme.shadow))
            model.enqueue(
                host: host, overlays: OverlayHost.host(for: anchor.controller),
                anchor: anchor.controller)
            slot.model = model
        }
    }

    /// The modifier's current sheet (a reference, so replacing it does not redraw).
    @MainActor
    final class KeelOwnSheetSlot {
        var model: KeelOwnSheetModel?
        nonisolated init() {}
    }
#endif
