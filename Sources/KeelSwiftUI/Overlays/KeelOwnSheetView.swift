#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelGeometry
    import SwiftUI
    import UIKit

    /// The hosted sheet: dimming, surface, grabber and content at the headless frames; the
    /// drag, the content's scroll views, the keyboard and VoiceOver feed the model.
    @MainActor
    struct KeelOwnSheetView: View {
        @ObservedObject var model: KeelOwnSheetModel
        let content: AnyView
        let themeContext: KeelThemeContext
        let strings: AccessibilityStrings
        let surfaceColor: ColorValue
        let grabberColor: ColorValue
        /// The theme's shadow under the surface (UIKit's sheet casts it too).
        let shadow: ResolvedShadow

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
                            .accessibilityHidden(true)
                        surface
                            .offset(x: CGFloat(model.layout.surface.x), y: CGFloat(model.layout.surface.y))
                            .offset(y: CGFloat(model.layout.surfaceOffset(isVisible: model.isVisible)))
                    }
                    .onAppear { model.containerChanged(size: inner.size, insets: outer.safeAreaInsets) }
                    .onChange(of: inner.size) {
                        model.containerChanged(size: $0, insets: outer.safeAreaInsets)
                    }
                }
                // The keyboard too: the model raises the surface by the docked keyboard's overlap.
                .ignoresSafeArea()
            }
            // The safe area read is the container's alone, never the keyboard's.
            .ignoresSafeArea(.keyboard)
            .onReceive(
                NotificationCenter.default.publisher(for: UIResponder.keyboardWillChangeFrameNotification)
            ) {
                model.keyboardChanged(
                    to: ($0.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                    userInfo: $0.userInfo)
            }
            .onReceive(NotificationCenter.default.publisher(for: UIResponder.keyboardWillHideNotification)) {
                model.keyboardChanged(to: nil, userInfo: $0.userInfo)
            }
            .keelTheme(themeContext)
        }

        private var surface: some View {
            ZStack(alignment: .topLeading) {
                KeelSheetSurfaceShape(layout: model.layout)
                    .fill(Color(keel: surfaceColor))
                    .shadow(
                        color: Color(keel: shadow.color), radius: CGFloat(shadow.radius),
                        x: CGFloat(shadow.offsetX),
                        y: CGFloat(shadow.offsetY))
                KeelSheetContentLayout(width: model.layout.content.width, room: model.layout.content.height) {
                    content
                }
                .background(
                    GeometryReader { proxy in
                        Color.clear
                            .onAppear { model.contentHeightChanged(proxy.size.height) }
                            .onChange(of: proxy.size.height) { model.contentHeightChanged($0) }
                    }
                )
                .onPreferenceChange(KeelSheetScrollKey.self) { model.scrollsChanged($0) }
                .environment(\.keelSheetScrollDisabled, model.scrollLocked)
                .environment(\.keelSheetScrollPin, model.scrollPin)
                .frame(
                    width: CGFloat(model.layout.content.width), height: CGFloat(model.layout.content.height),
                    alignment: .topLeading
                )
                .clipped()
                .offset(x: CGFloat(model.layout.content.x), y: CGFloat(model.layout.content.y))
                KeelOwnSheetGrabber(
                    grabber: model.layout.grabber, color: grabberColor, strings: strings,
                    onAction: { model.grabber($0) })
            }
            .frame(width: CGFloat(model.layout.surface.width), height: CGFloat(model.layout.surface.height))
            // One modal container to VoiceOver, whose escape gesture dismisses where allowed.
            .accessibilityElement(children: .contain)
            .accessibilityAddTraits(.isModal)
            .accessibilityAction(.escape) { model.escape() }
            .simultaneousGesture(
                // Global coordinates: the surface moves under the finger. Simultaneous: the
                // content's scroll views keep theirs, and the detent machine decides who moves.
                DragGesture(minimumDistance: 10, coordinateSpace: .global)
                    .onChanged { value in
                        model.dragChanged(
                            translation: value.translation,
                            predictedEndTranslation: value.predictedEndTranslation)
                    }
                    .onEnded { value in
                        model.dragEnded(
                            translation: value.translation,
                            predictedEndTranslation: value.predictedEndTranslation)
                    }
            )
        }
    }

    /// Measures the content at the surface's width without a height (its fitting height, the
    /// container's own size, which the sheet reads) and lays it out in the room the layout gave
    /// it, so a scroll view inside scrolls instead of growing to its content.
    struct KeelSheetContentLayout: Layout {
        let width: Double
        let room: Double

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            var fitting = CGSize(width: CGFloat(width), height: 0)
            for subview in subviews {
                fitting.height =
                    subview.sizeThatFits(ProposedViewSize(width: CGFloat(width), height: nil)).height
            }
            return fitting
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            for subview in subviews {
                subview.place(
                    at: bounds.origin, anchor: .topLeading,
                    proposal: ProposedViewSize(keel: Size(width: width, height: room)))
            }
        }
    }

    /// The grabber bar at its headless frame (nothing when the layout hides it), and to
    /// VoiceOver the sheet's handle as in KeelUIKit: a button that steps through the detents
    /// (or dismisses a single-height sheet), adjustable up and down through several detents,
    /// with a dismiss action where swiping may dismiss — each decided by `BottomSheetDetents`.
    @MainActor
    struct KeelOwnSheetGrabber: View {
        let grabber: SheetGrabberLayout
        let color: ColorValue
        let strings: AccessibilityStrings
        let onAction: @MainActor (SheetGrabberAdjustment) -> Void

        var body: some View {
            switch grabber.isShown {
            case true: accessibleBar
            case false: EmptyView()
            }
        }

        private var accessibleBar: some View {
            bar
                .accessibilityElement()
                .accessibilityLabel(Text(strings.string(.sheetGrabber)))
                .accessibilityHint(Text(strings.string(grabber.hint)))
                .accessibilityAddTraits(.isButton)
                .accessibilityAction { onAction(.activate) }
                .keelGrabberAdjustable(grabber.isAdjustable, onAction: onAction)
                .keelGrabberDismissAction(
                    grabber.canDismiss, named: strings.string(.dismiss), onAction: onAction)
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

    extension View {
        /// VoiceOver's swipe up and down on the grabber, when the layout says it adjusts.
        @MainActor @ViewBuilder
        fileprivate func keelGrabberAdjustable(
            _ isAdjustable: Bool, onAction: @escaping @MainActor (SheetGrabberAdjustment) -> Void
        ) -> some View {
            switch isAdjustable {
            case true: accessibilityAdjustableAction { SheetGrabberAdjustment(keel: $0).map(onAction) }
            case false: self
            }
        }

        /// The grabber's named dismiss action, when the layout offers one.
        @MainActor @ViewBuilder
        fileprivate func keelGrabberDismissAction(
            _ canDismiss: Bool, named name: String,
            onAction: @escaping @MainActor (SheetGrabberAdjustment) -> Void
        ) -> some View {
            switch canDismiss {
            case true: accessibilityAction(named: Text(name)) { onAction(.dismiss) }
            case false: self
            }
        }
    }

    extension SheetGrabberAdjustment {
        /// The grabber adjustment of a VoiceOver swipe (up: larger; `nil` for a direction
        /// SwiftUI may add later).
        init?(keel direction: AccessibilityAdjustmentDirection) {
            switch direction {
            case .increment: self = .increment
            case .decrement: self = .decrement
            @unknown default: return nil
            }
        }
    }

    /// The sheet's surface: a rectangle rounded only at the corners the layout rounds
    /// (`BottomSheetLayoutResult.cornerRadius(of:)`: the top two), as UIKit masks its layer's
    /// corners — the SwiftUI surface used to round all four.
    struct KeelSheetSurfaceShape: Shape {
        let layout: BottomSheetLayoutResult

        func path(in rect: CGRect) -> Path {
            let topLeft = CGPoint(x: rect.minX, y: rect.minY)
            let topRight = CGPoint(x: rect.maxX, y: rect.minY)
            let bottomRight = CGPoint(x: rect.maxX, y: rect.maxY)
            let bottomLeft = CGPoint(x: rect.minX, y: rect.maxY)
            var path = Path()
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addArc(tangent1End: topRight, tangent2End: bottomRight, radius: radius(.topRight))
            path.addArc(tangent1End: bottomRight, tangent2End: bottomLeft, radius: radius(.bottomRight))
            path.addArc(tangent1End: bottomLeft, tangent2End: topLeft, radius: radius(.bottomLeft))
            path.addArc(tangent1End: topLeft, tangent2End: topRight, radius: radius(.topLeft))
            path.closeSubpath()
            return path
        }

        private func radius(_ corner: SheetSurfaceCorner) -> CGFloat {
            CGFloat(layout.cornerRadius(of: corner))
        }
    }
#endif
