#if canImport(SwiftUI)
    import KeelLists
    import SwiftUI

    /// A list over a KeelLists `ListDataSource` with the stock cells, as the UIKit
    /// `ListTableViewController` shows it: sections with headers and footers, each item drawn from
    /// its `StockCellPresentation`; with a `ListLoader`, the first load on appearance,
    /// pull-to-refresh (`.refreshable`), the next page when a row near the end appears
    /// (`LoadMoreTrigger`), and the loading chrome of `ListChrome` — the empty or failed
    /// message with retry behind the list, the spinner or retry footer below it.
    ///
    /// ```swift
    /// KeelList(dataSource: settings, loader: loader) { item, action in
    ///     store.apply(action, to: item.id)
    /// }
    /// ```
    public struct KeelList: View {
        private let dataSource: ListDataSource
        private let loader: ListLoader?
        private let strings: ListStrings
        private let onAction: @MainActor (ListItem, ListItemAction) -> Void
        @StateObject private var loading = KeelListLoadingModel()

        /// A list of `dataSource`, loaded and paged by `loader` (none: a static list);
        /// `onAction` hears taps and control changes of its cells.
        public init(
            dataSource: ListDataSource, loader: ListLoader? = nil,
            strings: ListStrings = ListStrings(preferredLanguages: Locale.preferredLanguages),
            onAction: @escaping @MainActor (ListItem, ListItemAction) -> Void = { _, _ in }
        ) {
            self.dataSource = dataSource
            self.loader = loader
            self.strings = strings
            self.onAction = onAction
        }

        /// The list.
        public var body: some View {
            let chrome = ListChrome.decide(loading.state, strings: strings)
            let loader = loader
            // Unique keys: a repeated identifier (AEViewModel repeats one per cell type) must
            // not collapse rows, which `ForEach` over the plain identifiers did.
            let keys = dataSource.uniqueIdentifiers
            List {
                ForEach(KeyedEntry.entries(dataSource.listSections, keys: keys.sections)) { entry in
                    KeelListSection(
                        section: entry.element, keys: keys.items[entry.offset], offset: entry.offset,
                        onAction: onAction
                    ) { index in
                        displaying(index)
                    }
                }
                KeelListFooter(footer: chrome.footer) { retry() }
            }
            .modifier(
                KeelRefreshable(
                    action: ListChrome.installs({ @Sendable in await loader?.refresh() }, when: loader != nil)
                )
            )
            .overlay { KeelListBackground(chrome: chrome) { retry() } }
            .task { await loading.follow(loader) }
        }

        private func retry() {
            Task { [loader] in await loader?.retry() }
        }

        private func displaying(_ index: ItemIndex) {
            let loader = loader
            LoadMoreTrigger.displaying(
                index, sectionCount: dataSource.listSections.count,
                itemCount: { dataSource.itemCount(inSectionAt: $0) },
                loadMore: { Task { await loader?.loadMore() } })
        }
    }

    /// One section: its rows, header and footer; each row reports its display for paging.
    struct KeelListSection: View {
        let section: ListDataSection
        /// The items' unique keys (`ListDataSource.uniqueIdentifiers`), in order.
        let keys: [String]
        let offset: Int
        let onAction: @MainActor (ListItem, ListItemAction) -> Void
        let displaying: (ItemIndex) -> Void

        var body: some View {
            Section {
                ForEach(KeyedEntry.entries(section.listItems, keys: keys)) { entry in
                    let item = entry.element
                    KeelStockCell(item: item) { action in onAction(item, action) }
                        .onAppear { displaying(ItemIndex(section: offset, item: entry.offset)) }
                }
            } header: {
                section.header.map { Text($0) }
            } footer: {
                section.footer.map { Text($0) }
            }
        }
    }

    /// A section or row with its offset, identified by its unique key, for `ForEach`.
    struct KeyedEntry<Element>: Identifiable {
        /// The unique key.
        let id: String
        /// The offset in its list.
        let offset: Int
        /// The section or row.
        let element: Element

        /// `elements` with their `keys` (as many as the elements) and offsets.
        static func entries(_ elements: [Element], keys: [String]) -> [KeyedEntry] {
            zip(keys, elements).enumerated().map { KeyedEntry(id: $1.0, offset: $0, element: $1.1) }
        }
    }

    /// Follows a loader's state for SwiftUI (iOS 16: an `ObservableObject`).
    @MainActor
    final class KeelListLoadingModel: ObservableObject {
        @Published private(set) var state = ListLoadingState()

        nonisolated init() {}

        /// Publishes `loader`'s states and starts its first load, until the task ends.
        func follow(_ loader: ListLoader?) async {
            guard let loader else { return }
            let updates = loader.updates()
            state = await loader.state
            Task { await loader.refreshIfNeverLoaded() }
            for await next in updates {
                state = next
            }
        }
    }

    /// Installs pull-to-refresh when the list has a loader.
    struct KeelRefreshable: ViewModifier {
        let action: (@Sendable () async -> Void)?

        func body(content: Content) -> some View {
            switch action {
            case .some(let action): AnyView(content.refreshable { await action() })
            case .none: AnyView(content)
            }
        }
    }

    /// The footer below the last row: nothing, a spinner, or a retry button.
    struct KeelListFooter: View {
        let footer: ListChrome.Footer
        let retry: () -> Void

        var body: some View {
            switch footer {
            case .hidden: EmptyView()
            case .spinner:
                ProgressView().frame(maxWidth: .infinity, minHeight: ListChrome.visibleFooterHeight)
            case .retry(let title): Button(title, action: retry).frame(maxWidth: .infinity)
            }
        }
    }

    /// The message behind an empty or failed list, with its retry button.
    struct KeelListBackground: View {
        let chrome: ListChrome
        let retry: () -> Void

        var body: some View {
            chrome.message.map { message in
                VStack(spacing: CGFloat(ListChrome.messageSpacing)) {
                    Text(message).font(.body).multilineTextAlignment(.center)
                    chrome.messageRetryTitle.map { Button($0, action: retry) }
                }
                .padding(CGFloat(ListChrome.messageInset))
            }
        }
    }

    /// One stock cell: text, secondary text, image and the trailing accessories of its
    /// `StockCellPresentation`, reporting changes as `ListItemAction`s.
    public struct KeelStockCell: View {
        private let presentation: StockCellPresentation
        private let onAction: (ListItemAction) -> Void

        /// The cell for `item`, drawn as its kind's stock cell draws it (a button cell shows a
        /// plain view model as a tappable action), so what highlights is what reports a tap.
        public init(item: ListItem, onAction: @escaping (ListItemAction) -> Void) {
            presentation = StockCellPresentation(item: item, style: ListItemRules.stockStyle(for: item.kind))
            self.onAction = onAction
        }

        /// The cell.
        public var body: some View {
            switch presentation.selectionHighlight {
            case .standard:
                Button {
                    onAction(.tapped)
                } label: {
                    content
                }.buttonStyle(.plain)
            case .none: content
            }
        }

        private var content: some View {
            HStack {
                presentation.imageName.map { Image(systemName: $0) }
                VStack(alignment: .leading) {
                    presentation.text.map { Text($0).foregroundColor(Color(keel: presentation.textColor)) }
                    presentation.secondaryText.map { Text($0).font(.subheadline).foregroundColor(.secondary) }
                }
                .frame(maxWidth: .infinity, alignment: Alignment(keel: presentation.textAlignment))
                ForEach(presentation.accessories, id: \.self) { accessory in
                    KeelCellAccessory(accessory: accessory, presentation: presentation, onAction: onAction)
                }
            }
            .contentShape(Rectangle())
        }
    }

    /// One trailing accessory of a stock cell.
    struct KeelCellAccessory: View {
        let accessory: StockCellPresentation.Accessory
        let presentation: StockCellPresentation
        let onAction: (ListItemAction) -> Void

        var body: some View {
            switch accessory {
            case .control(let kind): control(kind)
            case .disclosureIndicator: Image(systemName: "chevron.forward").foregroundColor(.secondary)
            }
        }

        @ViewBuilder
        private func control(_ kind: StockCellPresentation.ControlKind) -> some View {
            switch kind {
            case .toggle: toggle
            case .slider: slider
            case .textField: KeelCellTextField(values: presentation.fieldValues, onAction: onAction)
            case .spinner: KeelCellSpinner(animation: presentation.spinnerAnimation)
            }
        }

        private var toggle: some View {
            Toggle("", isOn: Binding(get: { presentation.toggleIsOn }, set: { onAction(.toggled($0)) }))
                .labelsHidden()
        }

        private var slider: some View {
            let values = presentation.sliderValues
            return Slider(
                value: Binding(get: { values.value }, set: { onAction(.slid($0)) }),
                in: values.minimum...values.maximum)
        }
    }

    /// A stock cell's text field (secure when the presentation says so).
    struct KeelCellTextField: View {
        let values: (text: String, placeholder: String?, isSecure: Bool)
        let onAction: (ListItemAction) -> Void

        var body: some View {
            let text = Binding(get: { values.text }, set: { onAction(.edited($0)) })
            switch values.isSecure {
            case true: SecureField(values.placeholder ?? "", text: text)
            case false: TextField(values.placeholder ?? "", text: text)
            }
        }
    }

    /// A stock cell's activity indicator.
    struct KeelCellSpinner: View {
        let animation: StockCellPresentation.SpinnerAnimation

        var body: some View {
            switch animation {
            case .animating: ProgressView()
            case .stopped: ProgressView().hidden()
            }
        }
    }

    extension Color {
        /// The colour of a stock cell's text role.
        init(keel role: StockCellPresentation.TextColor) {
            switch role {
            case .standard: self = .primary
            case .tint: self = .accentColor
            case .destructive: self = .red
            }
        }
    }

    extension Alignment {
        /// The frame alignment of a stock cell's text.
        init(keel alignment: StockCellPresentation.TextAlignment) {
            switch alignment {
            case .natural: self = .leading
            case .center: self = .center
            }
        }
    }
#endif
