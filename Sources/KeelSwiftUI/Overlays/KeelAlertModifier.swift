#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import SwiftUI

    extension View {
        /// Shows Keel's alert while `item` is set: the configuration `configuration` makes for
        /// it, run by the same `AlertPresentation` machine as the UIKit alert (which
        /// dismissals are allowed, per-action handlers with a context that can set loading,
        /// enable actions and dismiss, background taps and the close button). Dismissal sets
        /// `item` to `nil` and reports the reason.
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
            item: Binding<Item?>, onDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in },
            configuration: @escaping (Item) -> AlertConfiguration
        ) -> some View {
            modifier(
                KeelAlertModifier(
                    isPresented: Binding(
                        get: { item.wrappedValue != nil }, set: { _ in item.wrappedValue = nil }),
                    identity: item.wrappedValue.map { AnyHashable($0.id) },
                    configuration: { item.wrappedValue.map(configuration) }, onDismiss: onDismiss))
        }
    }

    /// Hosts the alert card over the content while a configuration is presented.
    struct KeelAlertModifier: ViewModifier {
        @Binding var isPresented: Bool
        let identity: AnyHashable?
        let configuration: () -> AlertConfiguration?
        let onDismiss: @MainActor (OverlayDismissalReason) -> Void
        @StateObject private var model = KeelAlertModel()
        @KeelThemed private var theme

        func body(content: Content) -> some View {
            content
                .overlay { KeelAlertOverlay(model: model, theme: AlertTheme(resolver: theme)) }
                .onChange(of: identity) { _ in
                    model.present(configuration(), motion: AlertTheme(resolver: theme).motion)
                }
                .onAppear {
                    model.onDismissed = { reason in
                        isPresented = false
                        onDismiss(reason)
                    }
                    model.present(configuration(), motion: AlertTheme(resolver: theme).motion)
                }
        }
    }

    /// Runs an alert's `AlertPresentation` and performs its effects.
    @MainActor
    final class KeelAlertModel: ObservableObject {
        @Published private(set) var presentation: AlertPresentation?
        @Published private(set) var isVisible = false
        @Published var checkboxIsSelected = false
        @Published var text = ""
        var onDismissed: @MainActor (OverlayDismissalReason) -> Void = { _ in }
        private var motion = ResolvedMotion(
            style: MotionStyle(duration: 0, curve: .linear), reduceMotion: true)

        nonisolated init() {}

        /// Presents `configuration` (`nil`: nothing to present).
        func present(_ configuration: AlertConfiguration?, motion: ResolvedMotion) {
            guard let configuration else { return }
            self.motion = motion
            presentation = AlertPresentation(configuration: configuration)
            checkboxIsSelected = configuration.checkboxIsSelected
            text = configuration.textInputOrPlain.text
            send(.enqueue)
            send(.startPresenting)
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
            case .animateIn: animate(visible: true, then: .presentationFinished)
            case .animateOut: animate(visible: false, then: .dismissalFinished)
            case .didDismiss(let reason): onDismissed(reason)
            case .runAction(let id, let reason): run(id, reason: reason)
            case .didPresent, .willDismiss, .failed, .withdrawFromQueue, .endEditing: return
            }
        }

        private func animate(visible: Bool, then event: AlertPresentationEvent) {
            withAnimation(.keel(motion)) { isVisible = visible }
            send(event)
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

    /// The dimming and the card, faded and scaled by the theme's motion.
    struct KeelAlertOverlay: View {
        @ObservedObject var model: KeelAlertModel
        let theme: AlertTheme

        var body: some View {
            model.presentation.map { presentation in
                ZStack {
                    Color(keel: theme.dimming)
                        .ignoresSafeArea()
                        .onTapGesture { model.send(.dismiss(.backgroundTap, animated: true)) }
                    KeelAlertCard(
                        configuration: presentation.configuration, theme: theme,
                        checkboxIsSelected: $model.checkboxIsSelected, text: $model.text
                    ) { event in model.send(event) }
                    .scaleEffect(theme.cardScale(isVisible: model.isVisible))
                }
                .opacity(theme.opacity(isVisible: model.isVisible))
            }
        }
    }
#endif
