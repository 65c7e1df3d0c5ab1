#if canImport(SwiftUI)
    import KeelComponents
    import KeelGeometry
    import SwiftUI

    extension View {
        /// Presents `content` as a bottom sheet with Keel's heights and detents, on SwiftUI's
        /// sheet (`presentationDetents`): `BottomSheetSizing.resolve` turns the configuration's
        /// height and detents into point heights for the presenting view's size, safe area and
        /// the content's measured height; the grabber follows
        /// `SheetGrabberVisibility`, and swipe dismissal `allowsSwipeDismissal`.
        ///
        /// ```swift
        /// .keelBottomSheet(isPresented: $showsFilters, configuration: try! BottomSheetConfiguration(
        ///     height: .content(maximum: 480), detents: [.fraction(0.3)])) {
        ///     FiltersView()
        /// }
        /// ```
        public func keelBottomSheet<SheetContent: View>(
            isPresented: Binding<Bool>, configuration: BottomSheetConfiguration,
            onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> SheetContent
        ) -> some View {
            modifier(
                KeelBottomSheetModifier(
                    isPresented: isPresented, configuration: configuration, onDismiss: onDismiss,
                    sheetContent: content))
        }
    }

    /// Measures the presenting view and the content, resolves the detents, presents the sheet.
    struct KeelBottomSheetModifier<SheetContent: View>: ViewModifier {
        @Binding var isPresented: Bool
        let configuration: BottomSheetConfiguration
        let onDismiss: (() -> Void)?
        let sheetContent: () -> SheetContent
        @State private var container = SheetContainer(bounds: .zero)
        @State private var contentHeight = 0.0

        func body(content: Content) -> some View {
            let frame = BottomSheetSizing.resolve(configuration, in: container) { _ in contentHeight }
            content
                .background(
                    GeometryReader { proxy in
                        Color.clear
                            .onAppear { container = SheetContainer(proxy: proxy) }
                            .onChange(of: proxy.size) { _ in container = SheetContainer(proxy: proxy) }
                    }
                )
                .sheet(isPresented: $isPresented, onDismiss: onDismiss) {
                    sheetContent()
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
                        .presentationDragIndicator(Visibility(keel: configuration.grabber))
                        .interactiveDismissDisabled(!configuration.allowsSwipeDismissal)
                }
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
        /// SwiftUI's drag-indicator visibility for a grabber visibility.
        init(keel grabber: SheetGrabberVisibility) {
            switch grabber {
            case .automatic: self = .automatic
            case .visible: self = .visible
            case .hidden: self = .hidden
            }
        }
    }
#endif
