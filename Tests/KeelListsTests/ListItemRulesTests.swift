import KeelLists
import Testing

/// ``ListItemRules``: the cell choice and the tap rule both data-source controllers share,
/// and ``ListUpdateMode``.
@Suite("List item rules")
struct ListItemRulesTests {
    static let product: CellKind = "product"

    /// Stands in for a view's window.
    final class Window {}

    @Test("which cell shows an identifier: a registered class, else the kind's stock cell, else basic")
    func cellChoice() {
        let source = ListDataSource(items: [
            ListItem(id: "wifi", kind: .toggle), ListItem(id: "shoe", kind: Self.product),
            ListItem(id: "odd", kind: "unknown"), ListItem(id: "wifi", kind: .slider),
        ])
        let kinds = ListItemRules.kinds(in: source)
        #expect(kinds == ["wifi": .toggle, "shoe": Self.product, "odd": "unknown"])  // the first wins
        func choice(_ identifier: String, custom: [CellKind: String] = [Self.product: "ShoeCell"]) -> String {
            switch ListItemRules.cellChoice(forIdentifier: identifier, kinds: kinds, custom: custom) {
            case .custom(let name): name
            case .stock(let style): style.rawValue
            }
        }
        #expect(choice("wifi") == "toggle")
        #expect(choice("shoe") == "ShoeCell")
        #expect(choice("shoe", custom: [:]) == "basic")
        #expect(choice("odd") == "basic")
        #expect(choice("missing") == "basic")
        #expect(choice("wifi", custom: [.toggle: "MyToggle"]) == "MyToggle")
    }

    @Test("an app's cell class has one reuse pool in code and one from its nib, apart from the stock cells'")
    func customReuseIdentifiers() {
        let code = ListItemRules.reuseIdentifier(forCustomCell: "ProfileCell", fromNib: false)
        let nib = ListItemRules.reuseIdentifier(forCustomCell: "ProfileCell", fromNib: true)
        #expect(code != nib)
        #expect(code != ListItemRules.reuseIdentifier(forCustomCell: "OtherCell", fromNib: false))
        let stock = Set(StockCellStyle.allCases.map(\.reuseIdentifier))
        #expect(!stock.contains(code) && !stock.contains(nib))
        #expect(!stock.contains(ListItemRules.reuseIdentifier(forCustomCell: "basic", fromNib: false)))
    }

    /// Items and what tapping them does.
    static let taps: [(ListItem, Bool)] = [
        (ListItem(id: "custom", kind: product), true),  // no view model: the app's own item
        (ListItem(id: "plain", viewModel: BasicCellViewModel(title: "Plain")), false),
        (ListItem(id: "button", kind: .button, viewModel: ButtonCellViewModel(title: "Go")), true),
        (
            ListItem(id: "off", kind: .button, viewModel: ButtonCellViewModel(title: "Go", isEnabled: false)),
            false
        ),
        (
            ListItem(id: "toggle", kind: .toggle, viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: true)),
            false
        ),
        // A button cell draws a basic view model as a tappable action (tint, highlight); the tap
        // rule used to ignore the cell's style and report nothing (AEViewModel's JSON
        // `{"kind": "button", "viewModel": {"title": "Sign out"}}` highlighted and did nothing).
        (ListItem(id: "signout", kind: .button, viewModel: BasicCellViewModel(title: "Sign out")), true),
        // A basic view model in a toggle cell stays the switch's: no tap.
        (ListItem(id: "basic-toggle", kind: .toggle, viewModel: BasicCellViewModel(title: "Wi-Fi")), false),
    ]

    @Test(
        "the one tap rule: report a tap for enabled buttons and view-model-less items only", arguments: taps)
    func tapRule(item: ListItem, reports: Bool) {
        let source = ListDataSource(items: [item])
        let selection = ListItemRules.selection(at: ItemIndex(section: 0, item: 0), in: source)
        #expect(Self.reported(selection) == (reports ? [item] : []))
        #expect(Self.reportedAction(selection) == (reports ? .tapped : nil))
    }

    /// The items a selection reports (as `ListItem`s).
    static func reported(_ selection: ListSelection) -> [ListItem] {
        guard case .report(let item, _) = selection else { return [] }
        return [item]
    }

    /// The action a selection reports.
    static func reportedAction(_ selection: ListSelection) -> ListItemAction? {
        guard case .report(_, let action) = selection else { return nil }
        return action
    }

    /// Whether a selection does nothing.
    static func isNone(_ selection: ListSelection) -> Bool {
        guard case .none = selection else { return false }
        return true
    }

    @Test("an item with a child drills down, whatever its view model")
    func drillDown() {
        let child = ListDataSource(title: "Child", items: [ListItem(id: "c")])
        let item = ListItem(id: "more", viewModel: BasicCellViewModel(title: "More"), child: child)
        let source = ListDataSource(items: [item])
        let selection = ListItemRules.selection(at: ItemIndex(section: 0, item: 0), in: source)
        guard case .drillDown(let target) = selection else {
            Issue.record("expected a drill-down, got \(selection)")
            return
        }
        #expect(target == child)
    }

    @Test(
        "a stale index selects nothing and shows a blank item", arguments: [(0, 5), (3, 0), (-1, 0), (0, -1)])
    func staleIndex(section: Int, item: Int) {
        let source = ListDataSource(items: [ListItem(id: "a")])
        let index = ItemIndex(section: section, item: item)
        #expect(Self.isNone(ListItemRules.selection(at: index, in: source)))
        #expect(
            Self.isNone(ListItemRules.selection(at: index, in: source, sender: ListItemAction.toggled(true))))
        #expect(source.displayedItem(at: index) == ListItem(id: ""))
        #expect(source.itemCount(inSectionAt: section) == (section == 0 ? 1 : 0))
    }

    @Test(
        "animate only when asked, loaded and on screen",
        arguments: [
            (true, true, true, ListUpdateMode.animate), (false, true, true, .reload),
            (true, false, true, .reload),
            (true, true, false, .reload), (false, false, false, .reload),
        ])
    func updateMode(animated: Bool, loaded: Bool, inWindow: Bool, expected: ListUpdateMode) {
        #expect(
            ListUpdateMode.decide(animated: animated, isViewLoaded: loaded, isInWindow: inWindow) == expected)
        let window: AnyObject? = inWindow ? Window() : nil
        #expect(ListUpdateMode.decide(animated: animated, isViewLoaded: loaded, window: window) == expected)
    }

    @Test("snapshot item counts are 0 out of range")
    func snapshotCounts() throws {
        var snapshot = ListSnapshot<String, Int>()
        try snapshot.appendSections(["a"])
        try snapshot.appendItems([1, 2], toSection: "a")
        #expect(snapshot.itemCount(inSectionAt: 0) == 2)
        #expect(snapshot.itemCount(inSectionAt: 1) == 0)
        #expect(snapshot.itemCount(inSectionAt: -1) == 0)
    }
}

extension ListItemRulesTests {
    @Test("what the stock cell draws as selectable is exactly what the tap rule reports", arguments: taps)
    func tapRuleFollowsDrawnCell(item: ListItem, reports: Bool) {
        let drawn = StockCellPresentation(item: item, style: ListItemRules.stockStyle(for: item.kind))
        let selection = ListItemRules.selection(
            at: ItemIndex(section: 0, item: 0), in: ListDataSource(items: [item]))
        guard item.viewModel != nil else { return }
        #expect(drawn.isSelectable == !Self.reported(selection).isEmpty)
    }
}
