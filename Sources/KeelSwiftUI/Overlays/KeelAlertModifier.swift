#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import KeelGeometry
    import SwiftUI
    import UIKit

    extension View {
        /// Shows Keel's alert while `item` is set: the configuration `configuration` makes for
        /// it, run by the same `AlertPresentation` machine as the UIKit alert (which
        /// dismissals are allowed, per-action handlers with a context that can set loading,
        /// enable actions and dismiss, background taps and the close button). Dismissal sets
        /// `item` to `nil` and reports the reason; `onWillDismiss` reports it as the alert starts
        /// to leave (once, after ending editing), as UIKit's `onWillDismiss` does. Alerts queue
        /// per window scene: one shown while another is up waits its turn, and alerts draw above
        /// sheets. An alert that cannot be shown (the view is not in a window) sets `item` to
        /// `nil` and reports `onFailure`. When it appears, VoiceOver focus moves to
        /// `AlertConfiguration`'s initial element (the text input, which also takes the
        /// keyboard, else the title, the message …), and a docked keyboard places the card as
        /// `AlertLayout` places UIKit's.
        ///
        /// ```swift
        /// .keelAlert(item: $pendingDelete) { photo in
        ///     AlertConfiguration(
        ///         title: "Delete \(photo.name)?", message: nil,
        ///         actions: [.cancel("Keep"), .destructive("Delete") { _ in library.delete(photo) }],
        ///         titleAlignment: .center, messageAlignment: .center)
        /// }
        /// ```
        public func keelAlert<Item: Identifiable>(
            item: Binding<Item?>,
            onWillDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in },
            onDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in },
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void = { _ in },
            configuration: @escaping (Item) -> AlertConfiguration
        ) -> some View {
            modifier(
                KeelAlertModifier(
                    isPresented: Binding(
                        get: { item.wrappedValue != nil }, set: { _ in item.wrappedValue = nil }),
                    identity: item.wrappedValue.map { AnyHashable($0.id) },
                    configuration: { item.wrappedValue.map(configuration) }, content: { nil },
                    onWillDismiss: onWillDismiss, onDismiss: onDismiss, onFailure: onFailure))
        }

        /// Shows Keel's alert with custom content while `item` is set: `content` fills the
        /// configuration's custom-content slot (a default slot, as tall as the card allows, when
        /// the configuration has none), as tall as it fits up to the slot's cap
        /// (`AlertLayout.customContentLayout`), scrolling beyond it. Queued, dismissed and
        /// reported as ``keelAlert(item:onWillDismiss:onDismiss:onFailure:configuration:)`` is.
        public func keelAlert<Item: Identifiable, AlertContent: View>(
            item: Binding<Item?>,
            onWillDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in },
            onDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in },
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void = { _ in },
            configuration: @escaping (Item) -> AlertConfiguration,
            @ViewBuilder content: @escaping (Item) -> AlertContent
        ) -> some View {
            modifier(
                KeelAlertModifier(
                    isPresented: Binding(
                        get: { item.wrappedValue != nil }, set: { _ in item.wrappedValue = nil }),
                    identity: item.wrappedValue.map { AnyHashable($0.id) },
                    configuration: { item.wrappedValue.map { configuration($0).withCustomContentSlot } },
                    content: { item.wrappedValue.map { AnyView(content($0)) } },
                    onWillDismiss: onWillDismiss, onDismiss: onDismiss, onFailure: onFailure))
        }
    }

    /// Queues the alert on the scene's overlay queue while a configuration is presented; the
    /// card is hosted in its own controller over the top of the window's presentation chain,
    /// so it waits behind other alerts and shows above sheets.
    struct KeelAlertModifier: ViewModifier {
        @Binding var isPresented: Bool
        let identity: AnyHashable?
        let configuration: () -> AlertConfiguration?
        let content: () -> AnyView?
        let onWillDismiss: @MainActor (OverlayDismissalReason) -> Void
        let onDismiss: @MainActor (OverlayDismissalReason) -> Void
        let onFailure: @MainActor (OverlayPresentationFailure) -> Void
        @State private var anchor = KeelPresenterAnchorBox()
        @State private var current = KeelAlertSlot()
        @KeelThemed private var theme
        @Environment(\.keelThemeContext) private var themeContext

        func body(content: Content) -> some View {
            content
                .background(KeelPresenterAnchor(box: anchor).frame(width: 0, height: 0))
                .onChange(of: identity) { _ in present() }
                .onAppear { present() }
        }

        /// Replaces the current alert (withdrawn or dismissed, reporting only its own
        /// dismissal) with one for the current configuration.
        @MainActor private func present() {
            let binding = $isPresented
            let onWillDismiss = onWillDismiss
            let onDismiss = onDismiss
            let onFailure = onFailure
            current.model?.onWillDismiss = onWillDismiss
            current.model?.onDismissed = onDismiss
            current.model?.onFailed = onFailure
            current.model?.send(.dismiss(.programmatic, animated: true))
            current.model = configuration().map { configuration in
                let model = KeelAlertModel()
                model.customContent = AnyView(content())
                model.onWillDismiss = onWillDismiss
                model.onDismissed = { reason in
                    binding.wrappedValue = false
                    onDismiss(reason)
                }
                model.onFailed = { failure in
                    binding.wrappedValue = false
                    onFailure(failure)
                }
                let host = KeelAlertHostingController(
                    rootView: KeelAlertHostedView(model: model, themeContext: themeContext))
                host.model = model
                model.enqueue(
                    configuration, motion: AlertTheme(resolver: theme).motion, host: host,
                    overlays: OverlayHost.host(for: anchor.controller), anchor: anchor.controller)
                return model
            }
        }
    }

    /// The modifier's current alert (a reference, so replacing it does not redraw).
    @MainActor
    final class KeelAlertSlot {
        var model: KeelAlertModel?
        nonisolated init() {}
    }

    extension UIViewController {
        /// Removes the controller from its presenter without animation and returns once UIKit
        /// has (at once when nothing presents it).
        ///
        /// UIKit drops a dismissal asked for while another transition runs (a sheet below
        /// closing at the same moment) without calling back, so the wait also ends after a
        /// second: the alert is never left dismissing for ever.
        func keelRemoveFromPresenter() async {
            guard let presenter = presentingViewController else { return }
            await withCheckedContinuation { (removed: CheckedContinuation<Void, Never>) in
                let once = Locked<CheckedContinuation<Void, Never>?>(removed)
                let resume: @Sendable () -> Void = {
                    once.withLock { held in
                        defer { held = nil }
                        return held
                    }?.resume()
                }
                presenter.dismiss(animated: false) { resume() }
                Task {
                    try? await Task.sleep(for: .seconds(1))
                    resume()
                }
            }
        }
    }

    /// The alert's own controller: it tells the model when UIKit takes it off screen, so an
    /// alert carried away by the dismissal of a sheet below it is presented again
    /// (`AlertPresentationEvent.hostDisappeared`).
    final class KeelAlertHostingController: UIHostingController<KeelAlertHostedView> {
        weak var model: KeelAlertModel?

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            model?.hostDisappeared(
                isBeingDismissed: isBeingDismissed, hasPresenter: presentingViewController != nil)
        }
    }

    /// The hosted alert: the overlay in the presenting view's theme.
    struct KeelAlertHostedView: View {
        let model: KeelAlertModel
        let themeContext: KeelThemeContext

        var body: some View {
            KeelAlertThemedOverlay(model: model).keelTheme(themeContext)
        }
    }

    /// Reads the theme and draws the overlay with it.
    struct KeelAlertThemedOverlay: View {
        let model: KeelAlertModel
        @KeelThemed private var theme

        var body: some View {
            KeelAlertOverlay(model: model, resolver: theme)
        }
    }

    /// Runs an alert's `AlertPresentation` and performs its effects: the queue's turn starts
    /// it, its dismissal releases the queue.
    @MainActor
    final class KeelAlertModel: ObservableObject {
        @Published private(set) var presentation: AlertPresentation?
        @Published private(set) var isVisible = false
        @Published var checkboxIsSelected = false
        @Published var text = ""
        /// The element VoiceOver focuses once the alert is presented
        /// (`AlertConfiguration.initialAccessibilityFocus`; `nil` before).
        @Published private(set) var accessibilityFocus: AlertFocusTarget?
        /// How far a docked keyboard overlaps the hosting view (`KeyboardGeometry`), fed to
        /// `AlertLayout` as UIKit's alert feeds it.
        @Published private(set) var keyboardOverlap = 0.0
        /// The custom content for the configuration's slot.
        var customContent = AnyView(EmptyView())
        /// The text input's UIKit editor (its bridge registers it), which takes the keyboard. It
        /// may register after the alert is presented (SwiftUI makes the view when it first draws
        /// the card, and again after a re-host): it then takes the keyboard as it registers.
        weak var editor: UIView? {
            didSet { takeKeyboard() }
        }
        /// Whether the editor is to take the keyboard: from `didPresent` (the configuration's
        /// `initialFocusTakesKeyboard`) until the alert starts to leave.
        private var editorTakesKeyboard = false
        var onWillDismiss: @MainActor (OverlayDismissalReason) -> Void = { _ in }
        var onDismissed: @MainActor (OverlayDismissalReason) -> Void = { _ in }
        var onFailed: @MainActor (OverlayPresentationFailure) -> Void = { _ in }
        private var motion = ResolvedMotion(
            style: MotionStyle(duration: 0, curve: .linear), reduceMotion: true)
        private var host: UIViewController?
        private weak var anchor: UIViewController?
        private var overlays: OverlayHost?
        private var ticket: OverlayTicket?

        nonisolated init() {}

        /// Queues `configuration` on the scene's overlays, hosted in `host`.
        func enqueue(
            _ configuration: AlertConfiguration, motion: ResolvedMotion, host: UIViewController,
            overlays: OverlayHost, anchor: UIViewController?
        ) {
            self.motion = motion
            self.host = host
            self.anchor = anchor
            self.overlays = overlays
            presentation = AlertPresentation(configuration: configuration)
            checkboxIsSelected = configuration.checkboxIsSelected
            text = configuration.textInputOrPlain.text
            send(.enqueue)
            // The card draws its own dimming: the hosting view stays transparent.
            host.view.backgroundColor = .clear
            ticket = overlays.enqueue(
                host, on: .alert, from: anchor,
                onPresented: { [weak self] in self?.send(.startPresenting) },
                onFailure: { [weak self] failure in self?.send(.fail(failure)) })
        }

        /// Sends `event` and performs its effects in order.
        func send(_ event: AlertPresentationEvent) {
            guard var machine = presentation else { return }
            let effects = machine.send(event).effects
            presentation = machine
            for effect in effects {
                perform(effect)
            }
        }

        private func perform(_ effect: AlertPresentationEffect) {
            switch effect {
            case .lifecycle(.animateIn): animate(visible: true, then: .presentationFinished)
            case .lifecycle(.animateOut(let animated)): animateOut(animated: animated)
            case .lifecycle(.didPresent): didPresent()
            case .lifecycle(.willDismiss(let reason)): willDismiss(reason)
            case .lifecycle(.didDismiss(let reason)): finish(reason)
            case .runAction(let id, let reason): run(id, reason: reason)
            case .lifecycle(.failed(let failure)): onFailed(failure)
            case .lifecycle(.withdrawFromQueue): withdraw()
            case .rehost: rehost()
            case .endEditing: host?.view.endEditing(true)
            }
        }

        /// Withdraws the ticket; when the queue refuses (the alert's turn already came), the
        /// machine keeps it queued and dismisses it as it starts.
        private func withdraw() {
            let accepted = ticket.flatMap { overlays?.cancel($0) }
            _ = AlertPresentationEvent.afterWithdrawal(accepted: accepted).map { send($0) }
        }

        /// On screen and at rest: the haptic, then VoiceOver focus (and the keyboard, for a
        /// text input) on the initial element, as UIKit's alert does.
        private func didPresent() {
            guard let configuration = presentation?.configuration else { return }
            KeelSwiftUIHaptics.play(HapticEvent.alertPresented(configuration))
            accessibilityFocus = configuration.initialAccessibilityFocus
            editorTakesKeyboard = configuration.initialFocusTakesKeyboard
            takeKeyboard()
        }

        /// Gives the editor the keyboard on the next turn (when the card is on screen and the
        /// editor in a window) if the presented alert says so.
        private func takeKeyboard() {
            switch editorTakesKeyboard {
            case true: Task { @MainActor [weak self] in self?.editor?.becomeFirstResponder() }
            case false: break
            }
        }

        /// About to leave: end editing, then report why (once).
        private func willDismiss(_ reason: OverlayDismissalReason) {
            editorTakesKeyboard = false
            host?.view.endEditing(true)
            onWillDismiss(reason)
        }

        /// A keyboard frame change (`frame` in the window's coordinates; `nil` when it hides):
        /// the docked keyboard's overlap, counted only while the alert holds the first
        /// responder, moves the card alongside the keyboard's own animation.
        func keyboardChanged(to frame: CGRect?, userInfo: [AnyHashable: Any]?) {
            guard let view = host?.view else { return }
            let overlap = KeyboardGeometry.dockedOverlap(of: view, keyboardFrameInWindow: frame)
            let transition = KeyboardTransition(keyboardNotification: userInfo)
            withAnimation(.keel(transition.motion)) { keyboardOverlap = overlap }
        }

        /// The host left the screen: the machine decides whether it was carried away by a
        /// dismissal below it (then it is presented again) or went with its presenter.
        func hostDisappeared(isBeingDismissed: Bool, hasPresenter: Bool) {
            send(
                .hostDisappeared(
                    isBeingDismissed: isBeingDismissed, hasPresenter: hasPresenter,
                    presenterIsInWindow: anchor?.viewIfLoaded?.window != nil))
        }

        /// Presents the host again over the anchor's window once the dismissal that took it
        /// along is over (the next turn); when that does not take, the alert goes as with its
        /// presenter. The queue keeps the alert's turn throughout.
        private func rehost() {
            Task { @MainActor [weak self] in
                guard let self, let host = self.host else { return }
                self.anchor?.keelRehost(host)
                Task { @MainActor [weak self] in
                    self?.send(
                        .hostDisappeared(
                            isBeingDismissed: false,
                            hasPresenter: self?.host?.presentingViewController != nil,
                            presenterIsInWindow: false))
                }
            }
        }

        private func animate(visible: Bool, then event: AlertPresentationEvent) {
            withAnimation(.keel(motion)) { isVisible = visible }
            send(event)
        }

        /// Fades the card out (at once when `animated` is false), waits for the fade's delay
        /// and duration, removes the host and only then reports the dismissal finished — as
        /// UIKit's alert does. It used to report it as the fade started, so `onDismiss` came in
        /// the same turn as `onWillDismiss` while the host was still presented (a sheet the app
        /// presented from `onDismiss` then did not appear), and removed the host after the
        /// duration alone, cutting a delayed fade short.
        private func animateOut(animated: Bool) {
            let plan = motion.plan(animated: animated)
            withAnimation(.keel(plan)) { isVisible = false }
            let host = host
            // The removal below is the alert's own: its `viewDidDisappear` must not report a
            // disappearance, which would finish the dismissal inside UIKit's `dismiss` (the
            // queue's next alert presented mid-dismissal, `onDismiss` before the host is gone).
            (host as? KeelAlertHostingController)?.model = nil
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: .clampedSeconds(plan.settleTime))
                await host?.keelRemoveFromPresenter()
                self?.send(.dismissalFinished)
            }
        }

        /// Removes the host if it is still presented (a dismissal that did not animate out:
        /// its presenting view went away), lets the queue move on, then reports the dismissal.
        private func finish(_ reason: OverlayDismissalReason) {
            host?.presentingViewController?.dismiss(animated: false)
            _ = ticket.map { overlays?.didDismiss($0) }
            onDismissed(reason)
        }

        private func run(_ id: AlertActionID, reason: OverlayDismissalReason) {
            guard let configuration = presentation?.configuration else { return }
            configuration.handler(for: id)?(KeelAlertContext(actionID: id, model: self))
            send(.actionFinished(id, reason: reason))
        }

        /// Changes the presented configuration (an action's loading or enabled state).
        func update(_ change: (inout AlertConfiguration) -> Void) {
            guard var machine = presentation else { return }
            change(&machine.configuration)
            presentation = machine
        }
    }

    /// What an action handler reads and does while the SwiftUI alert is shown.
    @MainActor
    final class KeelAlertContext: AlertActionContext {
        let actionID: AlertActionID
        private weak var model: KeelAlertModel?

        init(actionID: AlertActionID, model: KeelAlertModel) {
            self.actionID = actionID
            self.model = model
        }

        var checkboxIsSelected: Bool? {
            model.flatMap { model in
                model.presentation?.configuration.accessoryCheckboxValue(model.checkboxIsSelected)
            }
        }

        var text: String? {
            model.flatMap { model in model.presentation?.configuration.accessoryText(model.text) }
        }

        func setLoading(_ loading: Bool) {
            let id = actionID
            model?.update { $0.setLoading(loading, forAction: id) }
        }

        func setEnabled(_ enabled: Bool, forAction id: AlertActionID) {
            model?.update { $0.setEnabled(enabled, forAction: id) }
        }

        func dismiss(animated: Bool) {
            model?.send(.dismiss(.programmatic, animated: animated))
        }
    }

    /// The dimming and the card, faded and scaled by the theme's motion: the card where
    /// `AlertLayout` puts it in the scene. The container is the whole scene, keyboard
    /// included (SwiftUI's keyboard avoidance would shrink it and centre the card above the
    /// keyboard); the safe area read is the container's alone, and a docked keyboard's overlap
    /// is the model's, so the card sits where UIKit's does (the theme's ¾ / ¼ split above the
    /// keyboard).
    struct KeelAlertOverlay: View {
        @ObservedObject var model: KeelAlertModel
        let resolver: KeelThemeResolver
        @State private var customContentFittingHeight = 0.0

        var body: some View {
            let theme = AlertTheme(resolver: resolver)
            model.presentation.map { presentation in
                GeometryReader { outer in
                    GeometryReader { proxy in
                        card(
                            presentation, theme: theme, container: proxy.size, safeArea: outer.safeAreaInsets)
                    }
                    .ignoresSafeArea()
                }
                .ignoresSafeArea(.keyboard)
                .opacity(theme.opacity(isVisible: model.isVisible))
                .onReceive(
                    NotificationCenter.default.publisher(for: UIResponder.keyboardWillChangeFrameNotification)
                ) {
                    model.keyboardChanged(
                        to: ($0.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                        userInfo: $0.userInfo)
                }
                .onReceive(
                    NotificationCenter.default.publisher(for: UIResponder.keyboardWillHideNotification)
                ) {
                    model.keyboardChanged(to: nil, userInfo: $0.userInfo)
                }
            }
        }

        /// The dimming and the card in a container of `container` with `safeArea`.
        @MainActor @ViewBuilder
        private func card(
            _ presentation: AlertPresentation, theme: AlertTheme, container: CGSize, safeArea: EdgeInsets
        ) -> some View {
            let result = AlertLayout.resolveForMirroringFrontEnd(
                AlertLayoutInput(
                    configuration: presentation.configuration, theme: theme,
                    buttonTheme: ButtonTheme(resolver: resolver), container: container.keelSize,
                    safeArea: Edges(keel: safeArea), keyboardOverlap: model.keyboardOverlap,
                    inputText: model.text,
                    illustrationSize: presentation.configuration.illustration.flatMap {
                        UIImage(named: $0.imageName)?.size.keelSize
                    },
                    customContentFittingHeight: customContentFittingHeight),
                measurer: UIKitTextMeasurer())
            KeelAlertFramesLayout(result: result, size: result.dimming.size) {
                KeelAlertDimming(
                    color: theme.dimming,
                    dismisses: presentation.configuration.backgroundTapDismisses
                ) { model.send(.dismiss(.backgroundTap, animated: true)) }
                .layoutValue(key: KeelAlertPartKey.self, value: .dimming)
                KeelAlertCard(
                    configuration: presentation.configuration, theme: theme, result: result,
                    checkboxIsSelected: $model.checkboxIsSelected, text: $model.text,
                    customContent: model.customContent,
                    customContentFittingHeight: $customContentFittingHeight,
                    accessibilityFocus: model.accessibilityFocus,
                    registerEditor: { model.editor = $0 }
                ) { event in model.send(event) }
                .scaleEffect(theme.cardScale(isVisible: model.isVisible))
                .layoutValue(key: KeelAlertPartKey.self, value: .card)
            }
        }
    }

    extension Edges where Value == Double {
        /// The edges of SwiftUI safe-area insets (leading as left, trailing as right).
        init(keel insets: EdgeInsets) {
            self.init(
                top: Double(insets.top), left: Double(insets.leading), bottom: Double(insets.bottom),
                right: Double(insets.trailing))
        }
    }

    /// The dimming behind the card: taps dismiss (when the configuration lets a background tap
    /// dismiss), and VoiceOver finds it as a "Dismiss" button exactly then — as UIKit's
    /// dimming view is (the SwiftUI dimming had no label or trait).
    struct KeelAlertDimming: View {
        let color: ColorValue
        let dismisses: Bool
        let dismiss: () -> Void
        @Environment(\.keelAccessibilityStrings) private var strings

        var body: some View {
            Color(keel: color)
                .onTapGesture(perform: dismiss)
                .accessibilityElement()
                .accessibilityLabel(Text(strings.string(.dismiss)))
                .accessibilityAddTraits(.isButton)
                .accessibilityHidden(!dismisses)
        }
    }
#endif
