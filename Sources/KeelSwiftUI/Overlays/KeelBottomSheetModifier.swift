#if canImport(SwiftUI)
    import KeelComponents
    import KeelGeometry
    import SwiftUI

    extension View {
        /// Presents `content` as a bottom sheet with Keel's heights and detents, on SwiftUI's
        /// sheet (`presentationDetents`): `BottomSheetSizing.resolve` turns the configuration's
        /// height and detents into point heights for the presenting view's size, safe area and
        /// the content's measured height, and the content is laid out at the width
        /// `BottomSheetSizing.width` gives (the system surface itself stays full width); the
        /// grabber shows where `SheetGrabber.isShown` says (automatic: several detents or swipe
        /// dismissal), and swipe dismissal follows `allowsSwipeDismissal`. `onDidDismiss`
        /// reports why the sheet left (`SheetDismissalTracker`): `.swipe` when the user dragged
        /// it down or tapped outside it, `.programmatic` when the app cleared `isPresented`.
        ///
        /// ```swift
        /// .keelBottomSheet(isPresented: $showsFilters, configuration: try! BottomSheetConfiguration(
        ///     height: .content(maximum: 480), detents: [.fraction(0.3)])) {
        ///     FiltersView()
        /// }
        /// ```
        public func keelBottomSheet<SheetContent: View>(
            isPresented: Binding<Bool>, configuration: BottomSheetConfiguration,
            onDismiss: (() -> Void)? = nil,
            onDidDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in },
            @ViewBuilder content: @escaping () -> SheetContent
        ) -> some View {
            modifier(
                KeelBottomSheetModifier(
                    isPresented: isPresented, configuration: configuration, onDismiss: onDismiss,
                    onDidDismiss: onDidDismiss, sheetContent: content))
        }
    }

    /// Measures the presenting view and the content, resolves the detents, presents the sheet.
    struct KeelBottomSheetModifier<SheetContent: View>: ViewModifier {
        @Binding var isPresented: Bool
        let configuration: BottomSheetConfiguration
        let onDismiss: (() -> Void)?
        let onDidDismiss: @MainActor (OverlayDismissalReason) -> Void
        let sheetContent: () -> SheetContent
        @State private var container = SheetContainer(bounds: .zero)
        @State private var contentHeight = 0.0
        @State private var tracker = SheetDismissalTracker()

        @ViewBuilder
        func body(content: Content) -> some View {
            switch configuration.presentationRoute {
            case .system: systemSheet(content)
            case .keel: keelSheet(content)
            }
        }

        #if canImport(UIKit)
            /// Keel's own sheet, for what the system sheet cannot express.
            @MainActor private func keelSheet(_ content: Content) -> some View {
                content.modifier(
                    KeelOwnSheetModifier(
                        isPresented: $isPresented, configuration: configuration, onDismiss: onDismiss,
                        onDidDismiss: onDidDismiss, sheetContent: { AnyView(sheetContent()) }))
            }
        #else
            /// Without UIKit, the system sheet presents every configuration.
            @MainActor private func keelSheet(_ content: Content) -> some View { systemSheet(content) }
        #endif

        /// SwiftUI's sheet with Keel's heights, detents and grabber.
        @MainActor private func systemSheet(_ content: Content) -> some View {
            let frame = BottomSheetSizing.resolve(configuration, in: container) { _ in contentHeight }
            return
                content
                .background(
                    GeometryReader { proxy in
                        Color.clear
                            .onAppear { container = SheetContainer(proxy: proxy) }
                            .onChange(of: proxy.size) { _ in container = SheetContainer(proxy: proxy) }
                    }
                )
                .sheet(isPresented: sheetBinding, onDismiss: dismissed) {
                    sheetContent()
                        .frame(
                            maxWidth: CGFloat(
                                BottomSheetSizing.width(configuration.width, in: container).width)
                        )
                        .fixedSize(horizontal: false, vertical: true)
                        .background(
                            GeometryReader { proxy in
                                Color.clear
                                    .onAppear { contentHeight = Double(proxy.size.height) }
                                    .onChange(of: proxy.size.height) { contentHeight = Double($0) }
                            }
                        )
                        .frame(maxHeight: .infinity, alignment: .top)
                        .presentationDetents(
                            Set(frame.detentHeights.map { PresentationDetent.height(CGFloat($0)) })
                        )
                        .presentationDragIndicator(
                            Visibility(keelShown: SheetGrabber.isShown(configuration, frame: frame))
                        )
                        .interactiveDismissDisabled(!configuration.allowsSwipeDismissal)
                        .onAppear { tracker.presented() }
                }
        }

        /// The sheet's own binding: a `false` from it is the user's gesture.
        private var sheetBinding: Binding<Bool> {
            Binding(
                get: { isPresented },
                set: { value in
                    tracker.sheetSetPresented(value)
                    isPresented = value
                })
        }

        /// Reports the dismissal and its reason.
        @MainActor private func dismissed() {
            onDismiss?()
            onDidDismiss(tracker.dismissed())
        }
    }

    extension SheetContainer {
        /// The container of a presenting view: its size and safe area.
        init(proxy: GeometryProxy) {
            self.init(
                bounds: proxy.size.keelSize,
                safeArea: Edges(
                    top: Double(proxy.safeAreaInsets.top), left: Double(proxy.safeAreaInsets.leading),
                    bottom: Double(proxy.safeAreaInsets.bottom), right: Double(proxy.safeAreaInsets.trailing))
            )
        }
    }

    extension Visibility {
        /// SwiftUI's drag-indicator visibility for Keel's grabber decision.
        init(keelShown isShown: Bool) {
            switch isShown {
            case true: self = .visible
            case false: self = .hidden
            }
        }
    }
#endif
