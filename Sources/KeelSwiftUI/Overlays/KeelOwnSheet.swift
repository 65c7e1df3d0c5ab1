#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelGeometry
    import SwiftUI
    import UIKit

    /// Keel's own bottom sheet, for configurations SwiftUI's sheet cannot express
    /// (`BottomSheetConfiguration.presentationRoute`): queued on the scene's overlays
    /// (`.sheet` channel, so alerts show above it), its surface, dimming and grabber laid out
    /// by `BottomSheetLayout`, its detents and drag run by `BottomSheetDetents` and its
    /// lifecycle by `SheetPresentation`, as in KeelUIKit's `KeelBottomSheet`.
    @MainActor
    final class KeelOwnSheetModel: ObservableObject {
        @Published private(set) var layout: BottomSheetLayoutResult
        @Published private(set) var isVisible = false
        private(set) var presentation: SheetPresentation
        private var detents: BottomSheetDetents
        private let motion: ResolvedMotion
        var onDismissed: @MainActor (OverlayDismissalReason) -> Void = { _ in }
        var onFailed: @MainActor (OverlayPresentationFailure) -> Void = { _ in }
        private var host: UIViewController?
        private var overlays: KeelSceneOverlays?
        private var ticket: OverlayTicket?

        init(configuration: BottomSheetConfiguration, theme: BottomSheetTheme) {
            presentation = SheetPresentation(
                isInteractiveDismissalEnabled: configuration.allowsSwipeDismissal,
                allowsBackgroundDismissal: configuration.allowsBackgroundDismissal)
            detents = BottomSheetDetents(configuration: configuration, theme: theme)
            motion = theme.motion
            layout = BottomSheetLayout.resolve(detents.layoutInput)
        }

        /// Queues the sheet on the scene's overlays, hosted in `host`.
        func enqueue(host: UIViewController, overlays: KeelSceneOverlays, anchor: UIViewController?) {
            self.host = host
            self.overlays = overlays
            send(.enqueue)
            ticket = overlays.enqueue(
                host, on: .sheet, from: anchor, onPresented: { [weak self] in self?.send(.startPresenting) },
                onFailure: { [weak self] failure in self?.send(.fail(failure)) })
        }

        /// Dismisses a shown sheet or withdraws a queued one.
        func dismissProgrammatically() {
            _ = ticket.map { overlays?.cancel($0) }
            send(.dismiss(.programmatic))
        }

        /// Sends a lifecycle event and performs its effects.
        func send(_ event: SheetPresentationEvent) {
            for effect in presentation.send(event).effects { perform(effect) }
        }

        /// Sends a detent event and performs its effects.
        func send(_ event: SheetDetentEvent) {
            for effect in detents.send(event).effects { perform(effect) }
        }

        /// One change of the surface's drag (SwiftUI reports no began phase: the machine
        /// rejects a begin while it already tracks a drag).
        func dragChanged(translation: Double) {
            send(
                .dragBegan(
                    velocity: Point(x: 0, y: translation), candidates: [], primary: nil,
                    presentation: presentation))
            send(.dragChanged(translation: translation, velocityY: 0, scroll: nil))
        }

        /// The surface's drag ended.
        func dragEnded(translation: Double, predictedEndTranslation: Double) {
            send(
                .dragEnded(
                    translation: translation,
                    velocity: VerticalSpaceTransitionPhysics.releaseVelocity(
                        translation: translation, predictedEndTranslation: predictedEndTranslation),
                    presentation: presentation))
        }

        private func perform(_ effect: SheetPresentationEffect) {
            switch effect {
            case .animateIn: animate(visible: true, then: .presentationFinished)
            case .didPresent: return
            case .willDismiss: animate(visible: false, then: .dismissalFinished)
            case .didDismiss(let reason): finish(reason)
            case .failed(let failure): onFailed(failure)
            }
        }

        private func perform(_ effect: SheetDetentEffect) {
            switch effect {
            case .beginDrag: send(.beginDrag)
            case .animate(_, _, let motion): settle(motion)
            case .follow: layout = BottomSheetLayout.resolve(detents.layoutInput)
            case .pinScrollView: return
            case .dismiss(let reason): send(.dismiss(reason))
            case .haptic(let haptic): KeelSwiftUIHaptics.play(haptic)
            }
        }

        private func settle(_ motion: ResolvedMotion) {
            withAnimation(.keel(motion)) { layout = BottomSheetLayout.resolve(detents.layoutInput) }
            send(.endDragSettled)
        }

        /// Fades and slides in or out, then reports the end after the motion has run.
        private func animate(visible: Bool, then event: SheetPresentationEvent) {
            withAnimation(.keel(motion)) { isVisible = visible }
            Task { @MainActor [weak self, motion] in
                try? await Task.sleep(for: .seconds(motion.duration))
                self?.send(event)
            }
        }

        private func finish(_ reason: OverlayDismissalReason) {
            host?.presentingViewController?.dismiss(animated: false)
            _ = ticket.map { overlays?.didDismiss($0) }
            onDismissed(reason)
        }
    }

    /// The hosted sheet: dimming, surface, grabber and content at the headless frames.
    @MainActor
    struct KeelOwnSheetView: View {
        @ObservedObject var model: KeelOwnSheetModel
        let content: AnyView
        let themeContext: KeelThemeContext
        let surfaceColor: ColorValue
        let grabberColor: ColorValue

        var body: some View {
            GeometryReader { outer in
                GeometryReader { inner in
                    ZStack(alignment: .topLeading) {
                        Color(keel: model.layout.dimmingColor)
                            .frame(
                                width: CGFloat(model.layout.dimming.width),
                                height: CGFloat(model.layout.dimming.height)
                            )
                            .offset(x: CGFloat(model.layout.dimming.x), y: CGFloat(model.layout.dimming.y))
                            .opacity(BottomSheetLayoutResult.dimmingOpacity(isVisible: model.isVisible))
                            .onTapGesture { model.send(.dismiss(.backgroundTap)) }
                        surface
                            .offset(x: CGFloat(model.layout.surface.x), y: CGFloat(model.layout.surface.y))
                            .offset(y: CGFloat(model.layout.surfaceOffset(isVisible: model.isVisible)))
                    }
                    .onAppear { containerChanged(size: inner.size, insets: outer.safeAreaInsets) }
                    .onChange(of: inner.size) { containerChanged(size: $0, insets: outer.safeAreaInsets) }
                }
                .ignoresSafeArea()
            }
            .keelTheme(themeContext)
        }

        private var surface: some View {
            ZStack(alignment: .topLeading) {
                RoundedRectangle(cornerRadius: CGFloat(model.layout.cornerRadius)).fill(
                    Color(keel: surfaceColor))
                content
                    .fixedSize(horizontal: false, vertical: true)
                    .background(
                        GeometryReader { proxy in
                            Color.clear
                                .onAppear { model.send(.contentHeightChanged(Double(proxy.size.height))) }
                                .onChange(of: proxy.size.height) {
                                    model.send(.contentHeightChanged(Double($0)))
                                }
                        }
                    )
                    .frame(width: CGFloat(model.layout.content.width), alignment: .top)
                    .frame(height: CGFloat(model.layout.content.height), alignment: .top)
                    .clipped()
                    .offset(x: CGFloat(model.layout.content.x), y: CGFloat(model.layout.content.y))
                KeelOwnSheetGrabber(grabber: model.layout.grabber, color: grabberColor)
            }
            .frame(width: CGFloat(model.layout.surface.width), height: CGFloat(model.layout.surface.height))
            .gesture(
                DragGesture()
                    .onChanged { model.dragChanged(translation: Double($0.translation.height)) }
                    .onEnded { value in
                        model.dragEnded(
                            translation: Double(value.translation.height),
                            predictedEndTranslation: Double(value.predictedEndTranslation.height))
                    }
            )
        }

        private func containerChanged(size: CGSize, insets: EdgeInsets) {
            model.send(
                .containerChanged(SheetContainer(bounds: size.keelSize, safeArea: Edges(keel: insets))))
        }
    }

    /// The grabber bar at its headless frame (nothing when the layout hides it).
    struct KeelOwnSheetGrabber: View {
        let grabber: SheetGrabberLayout
        let color: ColorValue

        var body: some View {
            switch grabber.isShown {
            case true: bar
            case false: EmptyView()
            }
        }

        /// The bar in its target, the target in the surface.
        private var bar: some View {
            ZStack(alignment: .topLeading) {
                RoundedRectangle(cornerRadius: CGFloat(grabber.barCornerRadius))
                    .fill(Color(keel: color))
                    .frame(width: CGFloat(grabber.bar.width), height: CGFloat(grabber.bar.height))
                    .offset(x: CGFloat(grabber.bar.x), y: CGFloat(grabber.bar.y))
            }
            .frame(
                width: CGFloat(grabber.target.width), height: CGFloat(grabber.target.height),
                alignment: .topLeading
            )
            .offset(x: CGFloat(grabber.target.x), y: CGFloat(grabber.target.y))
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
                    model: model, content: sheetContent(), themeContext: themeContext,
                    surfaceColor: sheetTheme.surface, grabberColor: sheetTheme.grabber))
            model.enqueue(
                host: host, overlays: KeelSceneOverlays.overlays(for: anchor.controller),
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
