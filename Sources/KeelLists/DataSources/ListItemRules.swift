import Foundation

/// The decisions both data-source controllers (table and collection) make about an item,
/// made once here: which stock cell shows it and what a tap on it does.
public enum ListItemRules {
    /// The cell kind of each item identifier of `dataSource`'s top level (the first item with
    /// an identifier wins); items that are not ``ListItem``s have no kind.
    public static func kinds(in dataSource: any DataSource) -> [String: CellKind] {
        var kinds: [String: CellKind] = [:]
        for case let item as ListItem in dataSource.sections.flatMap(\.items) where kinds[item.id] == nil {
            kinds[item.id] = item.kind
        }
        return kinds
    }

    /// The stock cell of `kind`; an app's kind without a registered cell (or no kind) shows as
    /// basic (its identifier still shows instead of crashing).
    public static func stockStyle(for kind: CellKind?) -> StockCellStyle {
        kind.flatMap(StockCellStyle.init(kind:)) ?? .basic
    }

    /// The reuse identifier of an app's cell class named `name`, created in code or loaded from
    /// its nib: one pool per class and way, apart from every stock cell's.
    public static func reuseIdentifier(forCustomCell name: String, fromNib: Bool) -> String {
        (fromNib ? "keel.nib." : "keel.class.") + name
    }

    /// Which cell shows items with `identifier`: the app's cell registered for its kind
    /// (`custom`), else the kind's stock cell, else the basic stock cell.
    public static func cellChoice<Custom>(
        forIdentifier identifier: String, kinds: [String: CellKind], custom: [CellKind: Custom]
    ) -> CellChoice<Custom> {
        let kind = kinds[identifier]
        guard let kind, let registered = custom[kind] else { return .stock(stockStyle(for: kind)) }
        return .custom(registered)
    }

    /// What a controller's default `action(for:at:sender:)` does with a selection or a cell's
    /// callback at `indexPath` of `dataSource` — the one routing rule of both controllers:
    /// - a control's change (a `sender` that is a ``ListItemAction`` other than
    ///   ``ListItemAction/tapped``) is reported with the item;
    /// - a tap on an item with a child list drills into it;
    /// - a tap on an item whose stock presentation is selectable (an enabled button), or that
    ///   has no stock view model (an app's own item or view model), is reported;
    /// - any other tap — on a toggle, slider, text field, text view, spinner or disabled
    ///   button, whose control reports its own actions — does nothing, and so does anything at
    ///   an index path out of range (a stale index path).
    public static func selection(
        at indexPath: IndexPath, in dataSource: any DataSource, sender: Any = ListItemAction.tapped
    ) -> ListSelection {
        guard let item = dataSource.item(at: indexPath) else { return .none }
        let action = ListItemAction(sender: sender)
        if action != .tapped { return .report(item, action) }
        if let child = item.child { return .drillDown(child) }
        let reports = item.stockViewModel == nil || StockCellPresentation(item: item).isSelectable
        return reports ? .report(item, .tapped) : .none
    }

    /// The same rule at an ``ItemIndex``.
    public static func selection(
        at index: ItemIndex, in dataSource: any DataSource, sender: Any = ListItemAction.tapped
    ) -> ListSelection {
        selection(at: IndexPath(indexes: [index.section, index.item]), in: dataSource, sender: sender)
    }
}

/// Which cell shows an item (see ``ListItemRules/cellChoice(forIdentifier:kinds:custom:)``).
public enum CellChoice<Custom> {
    /// The app's cell.
    case custom(Custom)
    /// A stock cell.
    case stock(StockCellStyle)
}

/// What a selection or a cell's callback does (see
/// ``ListItemRules/selection(at:in:sender:)-(IndexPath,_,_)``).
public enum ListSelection {
    /// Push a controller showing this child list.
    case drillDown(any DataSource)
    /// Report this action on this item to the controller's action handler.
    case report(any Item, ListItemAction)
    /// Nothing (the cell's own control handles interaction, or the index is stale).
    case none
}

extension Item {
    /// The stock view model the item carries: a ``ListItem``'s ``ListItem/cellViewModel``, or
    /// any other item's view model when it is a ``CellViewModel``.
    var stockViewModel: (any CellViewModel)? {
        guard let item = self as? ListItem else { return viewModel as? any CellViewModel }
        return item.cellViewModel?.base
    }
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
}

extension ListSnapshot {
    /// The number of items in the section at `offset`; 0 when out of range.
    public func itemCount(inSectionAt offset: Int) -> Int {
        guard let identifier = sectionIdentifier(at: offset) else { return 0 }
        return (try? numberOfItems(inSection: identifier)) ?? 0
    }
}
