import Foundation

/// The decisions the UIKit data-source controllers (table and collection) make about an item,
/// made once here: which stock cell shows it and what a tap on it does.
package enum ListItemRules {
    /// The cell kind of each item identifier of `dataSource`'s top level (the first item with
    /// an identifier wins).
    package static func kinds(in dataSource: ListDataSource) -> [String: CellKind] {
        var kinds: [String: CellKind] = [:]
        for item in dataSource.listSections.flatMap(\.listItems) where kinds[item.id] == nil {
            kinds[item.id] = item.kind
        }
        return kinds
    }

    /// The stock cell of `kind`; an app's kind without a registered cell (or no kind) shows as
    /// basic (its identifier still shows instead of crashing).
    package static func stockStyle(for kind: CellKind?) -> StockCellStyle {
        kind.flatMap(StockCellStyle.init(kind:)) ?? .basic
    }

    /// The reuse identifier of an app's cell class named `name`, created in code or loaded from
    /// its nib: one pool per class and way, apart from every stock cell's.
    package static func reuseIdentifier(forCustomCell name: String, fromNib: Bool) -> String {
        (fromNib ? "keel.nib." : "keel.class.") + name
    }

    /// Which cell shows items with `identifier`: the app's cell registered for its kind
    /// (`custom`), else the kind's stock cell, else the basic stock cell.
    package static func cellChoice<Custom>(
        forIdentifier identifier: String, kinds: [String: CellKind], custom: [CellKind: Custom]
    ) -> CellChoice<Custom> {
        let kind = kinds[identifier]
        guard let kind, let registered = custom[kind] else { return .stock(stockStyle(for: kind)) }
        return .custom(registered)
    }

    /// What a controller's default `action(for:at:sender:)` does with a selection or a cell's
    /// callback at `index` of `dataSource` — the one routing rule of both controllers:
    /// - a control's change (a `sender` that is a ``ListItemAction`` other than
    ///   ``ListItemAction/tapped``) is reported with the item;
    /// - a tap on an item with a child list drills into it;
    /// - a tap on an item whose presentation in its kind's stock cell is selectable (an enabled
    ///   button, or any plain view model in a button cell — what highlights reports), or that
    ///   has no view model, is reported;
    /// - any other tap — on a toggle, slider, text field, text view, spinner or disabled
    ///   button, whose control reports its own actions — does nothing, and so does anything at
    ///   an index out of range (a stale index path).
    package static func selection(
        at index: ItemIndex, in dataSource: ListDataSource, sender: Any = ListItemAction.tapped
    ) -> ListSelection {
        guard let item = dataSource.item(at: index) else { return .none }
        let action = ListItemAction(sender: sender)
        if action != .tapped { return .report(item, action) }
        if let child = item.childList { return .drillDown(child) }
        // The presentation of the cell that draws the item: a button cell shows any plain view
        // model as a tappable action, so its tap must be reported too.
        let drawn = StockCellPresentation(item: item, style: stockStyle(for: item.kind))
        let reports = item.viewModel == nil || drawn.isSelectable
        return reports ? .report(item, .tapped) : .none
    }
}

/// Which cell shows an item (see ``ListItemRules/cellChoice(forIdentifier:kinds:custom:)``).
package enum CellChoice<Custom> {
    /// The app's cell.
    case custom(Custom)
    /// A stock cell.
    case stock(StockCellStyle)
}

/// What a selection or a cell's callback does (see ``ListItemRules/selection(at:in:sender:)``).
package enum ListSelection {
    /// Push a controller showing this child list.
    case drillDown(ListDataSource)
    /// Report this action on this item to the controller's action handler.
    case report(ListItem, ListItemAction)
    /// Nothing (the cell's own control handles interaction, or the index is stale).
    case none
}

/// How a list controller shows new data.
package enum ListUpdateMode: Hashable, Sendable {
    /// Replace the data and reload everything.
    case reload
    /// Animate the staged differences.
    case animate

    /// Animated updates only when asked for and the list is loaded and on screen (UIKit
    /// batch updates on a view outside a window do nothing useful); otherwise reload.
    package static func decide(animated: Bool, isViewLoaded: Bool, isInWindow: Bool) -> ListUpdateMode {
        animated && isViewLoaded && isInWindow ? .animate : .reload
    }

    /// The same decision from the view's window as UIKit reports it (`nil` when off screen).
    package static func decide(animated: Bool, isViewLoaded: Bool, window: AnyObject?) -> ListUpdateMode {
        decide(animated: animated, isViewLoaded: isViewLoaded, isInWindow: window != nil)
    }
}

extension ListDataSource {
    /// The item at `index`, or an empty basic item (identifier `""`, no view model) when out
    /// of range, so a front end asked for a stale index path shows a blank cell instead of
    /// failing.
    package func displayedItem(at index: ItemIndex) -> ListItem { item(at: index) ?? ListItem(id: "") }

    /// The number of items in the section at `offset`; 0 when out of range.
    package func itemCount(inSectionAt offset: Int) -> Int {
        section(at: offset)?.listItems.count ?? 0
    }
}

extension ListSnapshot {
    /// The number of items in the section at `offset`; 0 when out of range.
    package func itemCount(inSectionAt offset: Int) -> Int {
        guard let identifier = sectionIdentifier(at: offset) else { return 0 }
        return (try? numberOfItems(inSection: identifier)) ?? 0
    }
}
