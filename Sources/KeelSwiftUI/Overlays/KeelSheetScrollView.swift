#if canImport(SwiftUI)
    import KeelComponents
    import SwiftUI

    /// A vertical scroll view for the content of a `keelBottomSheet` that scrolls: it tells
    /// the sheet where its content is, so dragging hands off between them as in KeelUIKit's
    /// `KeelBottomSheet` — scrolled to its top, a downward drag moves the sheet, otherwise the
    /// content scrolls; a drag that scrolls the content back to its top and keeps going moves
    /// the sheet from there; below the largest detent an upward drag expands the sheet before
    /// the content scrolls. The decisions are `BottomSheetDetents`' on Keel's own presentation
    /// (the system sheet hands off by itself; there, and outside a sheet, this is a plain
    /// `ScrollView`). With several, mark the one that takes part `isPrimary` (the others
    /// then only scroll); with several and none marked, drags on the content never move the
    /// sheet, as in KeelUIKit. When the sheet takes a drag over while the scroll view sits
    /// past its top (scrolled back and bouncing), it is scrolled back to its top, as KeelUIKit
    /// pins it (`SheetScrollPinning`).
    ///
    /// ```swift
    /// .keelBottomSheet(isPresented: $showsFilters, configuration: configuration) {
    ///     KeelSheetScrollView { FilterRows() }
    /// }
    /// ```
    public struct KeelSheetScrollView<Content: View>: View {
        private let isPrimary: Bool
        private let showsIndicators: Bool
        private let content: Content
        @Namespace private var space
        @State private var boundsHeight: CGFloat = 0
        @Environment(\.keelSheetScrollDisabled) private var isDisabled
        @Environment(\.keelSheetScrollPin) private var pin

        /// A scroll view around `content`; `isPrimary` names it the one that takes part in the
        /// sheet's drag when the content has several.
        public init(
            isPrimary: Bool = false, showsIndicators: Bool = true, @ViewBuilder content: () -> Content
        ) {
            self.isPrimary = isPrimary
            self.showsIndicators = showsIndicators
            self.content = content()
        }

        /// The scroll view, reporting its content's frame in its own coordinate space.
        public var body: some View {
            ScrollViewReader { reader in
                scrollView.onChange(of: pin) { pin in
                    guard pin?.offsetY(forScrollView: space.hashValue) != nil else { return }
                    reader.scrollTo(KeelSheetScrollTop.id, anchor: .top)
                }
            }
        }

        /// The scroll view, its content identified for a pin to scroll its top to the top.
        private var scrollView: some View {
            ScrollView(.vertical, showsIndicators: showsIndicators) {
                content.background(
                    GeometryReader { proxy in
                        Color.clear.preference(
                            key: KeelSheetScrollKey.self,
                            value: [
                                KeelSheetScrollReport(
                                    candidate: SheetScrollCandidate(
                                        id: space.hashValue,
                                        contentMinY: Double(proxy.frame(in: .named(space)).minY),
                                        contentHeight: Double(proxy.size.height),
                                        boundsHeight: Double(boundsHeight)),
                                    isPrimary: isPrimary)
                            ])
                    }
                )
                .id(KeelSheetScrollTop.id)
            }
            .coordinateSpace(name: space)
            .background(
                GeometryReader { proxy in
                    Color.clear
                        .onAppear { boundsHeight = proxy.size.height }
                        .onChange(of: proxy.size.height) { boundsHeight = $0 }
                }
            )
            .scrollDisabled(isDisabled)
        }
    }

    /// What a `KeelSheetScrollView`'s content is known by to its reader.
    enum KeelSheetScrollTop {
        /// The content's identifier in the scroll view (a pin scrolls its top to the top).
        static let id = "KeelSheetScrollTop"
    }

    /// One `KeelSheetScrollView`'s geometry as the sheet's scroll arbitration sees it, and
    /// whether it is the primary one.
    struct KeelSheetScrollReport: Equatable {
        var candidate: SheetScrollCandidate
        var isPrimary: Bool
    }

    /// Collects the reports of every `KeelSheetScrollView` in a sheet's content.
    struct KeelSheetScrollKey: PreferenceKey {
        static let defaultValue: [KeelSheetScrollReport] = []

        static func reduce(value: inout [KeelSheetScrollReport], nextValue: () -> [KeelSheetScrollReport]) {
            value.append(contentsOf: nextValue())
        }
    }

    private struct KeelSheetScrollDisabledKey: EnvironmentKey {
        static let defaultValue = false
    }

    private struct KeelSheetScrollPinKey: EnvironmentKey {
        static let defaultValue: SheetScrollPinRequest? = nil
    }

    extension EnvironmentValues {
        /// Whether Keel's own sheet has its content's `KeelSheetScrollView`s stop scrolling now
        /// (`SheetContentScrollLock`): while the sheet follows a drag, and while it may still
        /// expand.
        var keelSheetScrollDisabled: Bool {
            get { self[KeelSheetScrollDisabledKey.self] }
            set { self[KeelSheetScrollDisabledKey.self] = newValue }
        }

        /// Keel's own sheet's last request to put one of its content's `KeelSheetScrollView`s
        /// back at its top (`SheetScrollPinning`).
        var keelSheetScrollPin: SheetScrollPinRequest? {
            get { self[KeelSheetScrollPinKey.self] }
            set { self[KeelSheetScrollPinKey.self] = newValue }
        }
    }
#endif
