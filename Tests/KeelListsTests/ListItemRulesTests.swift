import KeelLists
import Testing

/// ``ListItemRules``: the reuse identifier and tap rule both data-source controllers share,
/// and ``ListUpdateMode``.
@Suite("List item rules")
struct ListItemRulesTests {
    static let product: CellKind = "product"

    /// Stands in for a view's window.
    final class Window {}

    static let identifiers: [(CellKind, Set<CellKind>, String)] = [
        (.toggle, [], "kind.toggle"),
        (.basic, [], "kind.basic"),
        (product, [product], "kind.product"),
        (product, [], "kind.basic"),
        (.toggle, [.toggle], "kind.toggle"),
    ]

    @Test(
        "the reuse identifier: registered and stock kinds keep theirs, unknown kinds fall back to basic",
        arguments: identifiers)
    func reuseIdentifier(kind: CellKind, custom: Set<CellKind>, expected: String) {
        #expect(
            ListItemRules.reuseIdentifier(for: ListItem(id: "a", kind: kind), customKinds: custom) == expected
        )
    }

    @Test("the stock cell registers under every stock kind an app did not replace")
    func stockIdentifiers() {
        let all = ListItemRules.stockReuseIdentifiers(customKinds: [])
        #expect(all.count == CellKind.stock.count)
        #expect(all.contains("kind.basic"))
        let replaced = ListItemRules.stockReuseIdentifiers(customKinds: [.toggle, Self.product])
        #expect(replaced.count == CellKind.stock.count - 1)
        #expect(!replaced.contains("kind.toggle"))
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
    ]

    @Test(
        "the one tap rule: report a tap for enabled buttons and view-model-less items only", arguments: taps)
    func tapRule(item: ListItem, reports: Bool) {
        let source = ListDataSource(items: [item])
        let selection = ListItemRules.selection(at: ItemIndex(section: 0, item: 0), in: source)
        #expect(selection == (reports ? .reportTap(item) : ListSelection.none))
    }

    @Test("an item with a child drills down, whatever its view model")
    func drillDown() {
        let child = ListDataSource(title: "Child", items: [ListItem(id: "c")])
        let item = ListItem(id: "more", viewModel: BasicCellViewModel(title: "More"), child: child)
        let source = ListDataSource(items: [item])
        #expect(ListItemRules.selection(at: ItemIndex(section: 0, item: 0), in: source) == .drillDown(child))
    }

    @Test(
        "a stale index selects nothing and shows a blank item", arguments: [(0, 5), (3, 0), (-1, 0), (0, -1)])
    func staleIndex(section: Int, item: Int) {
        let source = ListDataSource(items: [ListItem(id: "a")])
        let index = ItemIndex(section: section, item: item)
        #expect(ListItemRules.selection(at: index, in: source) == .none)
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
