/// The decisions both data-source controllers (table and collection) make about an item,
/// made once here: which reusable cell shows it and what a tap on it does.
public enum ListItemRules {
    /// The reuse identifier cells of `kind` are registered and dequeued under.
    public static func reuseIdentifier(for kind: CellKind) -> String { "kind." + kind.rawValue }

    /// The reuse identifier of the cell that shows `item`: its kind's, when an app registered
    /// a cell for that kind (`customKinds`) or the kind is a stock kind; otherwise the basic
    /// stock cell's (an unknown kind still shows its identifier instead of crashing).
    public static func reuseIdentifier(for item: ListItem, customKinds: Set<CellKind>) -> String {
        let known = customKinds.contains(item.kind) || CellKind.stock.contains(item.kind)
        return reuseIdentifier(for: known ? item.kind : .basic)
    }

    /// Every identifier the stock cell is registered under: one per stock kind not replaced by
    /// an app's cell (`customKinds`).
    public static func stockReuseIdentifiers(customKinds: Set<CellKind>) -> [String] {
        CellKind.stock.filter { !customKinds.contains($0) }.map { reuseIdentifier(for: $0) }
    }

    /// What selecting the item at `index` of `dataSource` does — the one tap rule of both
    /// controllers:
    /// - an item with a child list drills into it;
    /// - an item whose stock presentation is selectable (an enabled button), or that has no
    ///   view model (an app's own item), reports a tap (``ListSelection/reportTap(_:)``);
    /// - anything else — a toggle, slider, text field, text view, spinner or disabled button,
    ///   whose control reports its own actions — does nothing, and so does an index out of
    ///   range (a stale index path).
    public static func selection(at index: ItemIndex, in dataSource: ListDataSource) -> ListSelection {
        guard let item = dataSource.item(at: index) else { return .none }
        if let child = item.child { return .drillDown(child) }
        let reports = item.viewModel == nil || StockCellPresentation(item: item).isSelectable
        return reports ? .reportTap(item) : .none
    }
}

/// What selecting a list item does (see ``ListItemRules/selection(at:in:)``).
public enum ListSelection: Hashable, Sendable {
    /// Push a controller showing this child list.
    case drillDown(ListDataSource)
    /// Report a tap on this item to the controller's action handler.
    case reportTap(ListItem)
    /// Nothing (the cell's own control handles interaction, or the index is stale).
    case none
}

/// How a list controller shows new data.
public enum ListUpdateMode: Hashable, Sendable {
    /// Replace the data and reload everything.
    case reload
    /// Animate the staged differences.
    case animate

    /// Animated updates only when asked for and the list is loaded and on screen (UIKit
    /// batch updates on a view outside a window do nothing useful); otherwise reload.
    public static func decide(animated: Bool, isViewLoaded: Bool, isInWindow: Bool) -> ListUpdateMode {
        animated && isViewLoaded && isInWindow ? .animate : .reload
    }

    /// The same decision from the view's window as UIKit reports it (`nil` when off screen).
    public static func decide(animated: Bool, isViewLoaded: Bool, window: AnyObject?) -> ListUpdateMode {
        decide(animated: animated, isViewLoaded: isViewLoaded, isInWindow: window != nil)
    }
}

extension ListDataSource {
    /// The item at `index`, or an empty basic item (identifier `""`, no view model) when out
    /// of range, so a front end asked for a stale index path shows a blank cell instead of
    /// failing.
    public func displayedItem(at index: ItemIndex) -> ListItem { item(at: index) ?? ListItem(id: "") }

    /// The number of items in the section at `offset`; 0 when out of range.
    public func itemCount(inSectionAt offset: Int) -> Int { section(at: offset)?.items.count ?? 0 }
}

extension ListSnapshot {
    /// The number of items in the section at `offset`; 0 when out of range.
    public func itemCount(inSectionAt offset: Int) -> Int {
        guard let identifier = sectionIdentifier(at: offset) else { return 0 }
        return (try? numberOfItems(inSection: identifier)) ?? 0
    }
}
