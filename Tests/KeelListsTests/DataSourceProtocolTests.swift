import Foundation
import KeelLists
import Testing

/// AEViewModel's shapes as Keel declares them: the `DataSource`, `KeelSection`, `Item` and
/// `ViewModel` protocols, `BasicDataSource`/`BasicSection`/`BasicItem` (Keel's `ListDataSource`
/// values), their seed JSON, the stock cell styles and the callback routing.
@Suite("AEViewModel's data-source shapes")
struct DataSourceProtocolTests {
    /// An app's own view model, as the README declares one.
    struct MyCustomWhatever: ViewModel {}

    /// An app's own item.
    struct CustomItem: Item {
        var identifier: String
        var viewModel: ViewModel = MyCustomWhatever()
    }

    /// An app's own section.
    struct CustomSection: KeelSection {
        var items: [Item]
    }

    /// The README's example data source.
    struct ExampleDataSource: DataSource {
        var title: String? = "Example"
        var sections: [KeelSection] = [
            BasicSection(
                footer: "Default cells which are provided out of the box.",
                items: [BasicItem(identifier: "cells", title: "Cells")]),
            BasicSection(
                header: "Demo",
                items: [
                    BasicItem(identifier: "form", title: "Form", detail: "Static Data Source"),
                    BasicItem(identifier: "settings", title: "Settings", detail: "JSON Data Source"),
                ]),
            CustomSection(items: [CustomItem(identifier: "mine")]),
        ]
    }

    @Test("identifier(at:) and item(at:) read an app's data source by index path")
    func lookups() throws {
        let source = ExampleDataSource()
        #expect(source.identifier(at: IndexPath(indexes: [0, 0])) == "cells")
        #expect(source.identifier(at: IndexPath(indexes: [1, 1])) == "settings")
        #expect(source.identifier(at: IndexPath(indexes: [2, 0])) == "mine")
        let model = try #require(source.viewModel(at: IndexPath(indexes: [1, 0])) as? BasicCellViewModel)
        #expect(model == BasicCellViewModel(title: "Form", detail: "Static Data Source"))
        #expect(source.item(at: IndexPath(indexes: [2, 0]))?.viewModel is MyCustomWhatever)
        #expect(source.sections[0].header == nil && source.sections[0].footer != nil)
        #expect(source.sections[2].header == nil && source.sections[2].footer == nil)
        #expect(source.item(at: IndexPath(indexes: [0, 0]))?.child == nil)
        #expect(source.uniqueIdentifiers == ["cells", "form", "settings", "mine"])
    }

    @Test(
        "a bad index path finds nothing, never traps",
        arguments: [[0, 5], [3, 0], [-1, 0], [0, -1], [], [0], [0, 0, 0], [Int.max, Int.min]])
    func badIndexPaths(indexes: [Int]) {
        let source = ExampleDataSource()
        let indexPath = IndexPath(indexes: indexes)
        #expect(source.item(at: indexPath) == nil)
        #expect(source.identifier(at: indexPath) == nil)
        #expect(source.viewModel(at: indexPath) == nil)
        #expect(source.displayedItem(at: indexPath).identifier == "")
        #expect(ListItemRulesTests.isNone(ListItemRules.selection(at: indexPath, in: source)))
    }

    @Test("BasicDataSource, BasicSection and BasicItem are Keel's list values, read through the protocols")
    func basicTypesAreTheListValues() throws {
        let child = BasicDataSource(title: "Child", items: [BasicItem(identifier: "leaf")])
        let source: BasicDataSource = ListDataSource(
            title: "Settings",
            sections: [
                BasicSection(
                    header: "General", items: [BasicItem(identifier: "about", title: "About", child: child)]),
                BasicSection(items: [ListItem(id: "plain")]),
            ])
        let protocolView: DataSource = source
        #expect(protocolView.title == "Settings")
        #expect(protocolView.sections.count == 2)
        #expect(protocolView.sections[0].header == "General")
        let about = try #require(protocolView.item(at: IndexPath(indexes: [0, 0])))
        #expect(about.identifier == "about")
        #expect((about.viewModel as? BasicCellViewModel)?.title == "About")
        #expect(about.child as? ListDataSource == child)
        // An item without a view model shows its identifier.
        #expect(
            (protocolView.viewModel(at: IndexPath(indexes: [1, 0])) as? BasicCellViewModel)?.title == "plain")
        // Sections declared without identifiers get them from their texts.
        #expect(source.listSections.map(\.id) == ["General", "plain"])
        #expect(BasicSection(footer: "F", items: []).id == "F")
        #expect(BasicSection().id == "")
    }

    /// AEViewModel's settings JSON: `identifier`, sections without `id`, view models without a
    /// `type`.
    static let seedJSON = #"""
        {"title": "Settings", "sections": [
          {"header": "Profile", "items": [
            {"identifier": "profile", "viewModel": {"title": "Marko", "detail": "Tadić", "image": "avatar"}}
          ]},
          {"footer": "Be careful", "items": [
            {"identifier": "airplane", "viewModel": {"title": "Airplane Mode"},
             "child": {"sections": [{"items": [{"identifier": "leaf"}]}]}}
          ]}
        ]}
        """#

    @Test("the settings screen decodes from AEViewModel's JSON")
    func seedJSONDecodes() throws {
        let source = try BasicDataSource.decode(from: Data(Self.seedJSON.utf8))
        #expect(source.title == "Settings")
        #expect(source.listSections.map(\.id) == ["Profile", "Be careful"])
        #expect(source.identifier(at: IndexPath(indexes: [0, 0])) == "profile")
        let profile = try #require(source.viewModel(at: IndexPath(indexes: [0, 0])) as? BasicCellViewModel)
        #expect(profile == BasicCellViewModel(title: "Marko", detail: "Tadić", image: "avatar"))
        let child = try #require(source.item(at: IndexPath(indexes: [1, 0]))?.child)
        #expect(child.identifier(at: IndexPath(indexes: [0, 0])) == "leaf")
        // It round-trips through Keel's JSON.
        #expect(try BasicDataSource.decode(from: source.encoded()) == source)
    }

    @Test(
        "malformed JSON is a DecodingError naming where",
        arguments: [
            (#"{"sections": [{"items": [{"viewModel": {}}]}]}"#, "sections.0.items.0"),
            (#"{"sections": [{"items": [{"identifier": 3}]}]}"#, "sections.0.items.0.identifier"),
            (#"{"sections": [{"header": 1, "items": []}]}"#, "sections.0.header"),
            (
                #"{"sections": [{"items": [{"id": "a", "viewModel": {"title": 4}}]}]}"#,
                "sections.0.items.0.viewModel.title"
            ),
            (#"{"sections": {}}"#, "sections"),
        ])
    func malformed(json: String, path: String) {
        do {
            _ = try BasicDataSource.decode(from: Data(json.utf8))
            Issue.record("\(json) decoded")
        } catch let error as DecodingError {
            #expect(Self.codingPath(of: error).hasPrefix(path), "\(error)")
        } catch {
            Issue.record("not a DecodingError: \(error)")
        }
    }

    static func codingPath(of error: DecodingError) -> String {
        let context: DecodingError.Context? =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                context
            case .keyNotFound(let key, let context):
                DecodingError.Context(codingPath: context.codingPath + [key], debugDescription: "")
            @unknown default: nil
            }
        return (context?.codingPath ?? []).map { $0.intValue.map(String.init) ?? $0.stringValue }
            .joined(separator: ".")
    }

    @Test("each TableCellType stock case has its style; left and right detail are not subtitles")
    func stockStyles() {
        #expect(StockCellStyle.allCases.count == 12)
        #expect(StockCellStyle.leftDetail.textLayout == .leadingDetail)
        #expect(StockCellStyle.rightDetail.textLayout == .trailingDetail)
        #expect(StockCellStyle.subtitle.textLayout == .subtitle)
        #expect(StockCellStyle.toggleWithSubtitle.textLayout == .subtitle)
        #expect(StockCellStyle.toggle.textLayout == .title)
        #expect(StockCellStyle.toggleWithSubtitle.control == .toggle)
        #expect(StockCellStyle.sliderWithLabels.control == .slider)
        #expect(StockCellStyle.sliderWithLabels.showsSliderLabels)
        #expect(!StockCellStyle.slider.showsSliderLabels)
        #expect(StockCellStyle.textView.hostsTextView)
        #expect(StockCellStyle.button.control == nil)
        #expect(Set(StockCellStyle.allCases.map(\.reuseIdentifier)).count == 12)
        for style in StockCellStyle.allCases {
            #expect(StockCellStyle(kind: style.kind) == style)
            #expect(ListItemRules.stockStyle(for: style.kind) == style)
        }
        #expect(CellKind.stock.contains(.toggleWithSubtitle) && CellKind.stock.contains(.sliderWithLabels))
        #expect(StockCellStyle(kind: "product") == nil)
        #expect(ListItemRules.stockStyle(for: "product") == .basic)
        #expect(ListItemRules.stockStyle(for: nil) == .basic)
        #expect(StockCellStyle.collectionStyles == [.basic, .button, .spinner])
    }

    @Test("the slider-with-labels cell has its labels to show")
    func sliderLabels() {
        let item = ListItem(
            id: "volume", kind: .sliderWithLabels,
            viewModel: SliderCellViewModel(
                value: 0.5, leftText: "min", centerText: "Volume", rightText: "max"))
        let presentation = StockCellPresentation(item: item)
        #expect(presentation.leadingSliderText == "min")
        #expect(presentation.text == "Volume")
        #expect(presentation.trailingSliderText == "max")
        #expect(StockCellPresentation(item: CustomItem(identifier: "mine")).text == "mine")
    }

    @Test("a stock cell looks like its name whatever the item's view model")
    func presentationInStyle() {
        let basic = BasicItem(identifier: "go", title: "Go")
        let button = StockCellPresentation(item: basic, style: .button)
        #expect(button.emphasis == .action && button.textAlignment == .center && button.isSelectable)
        let disabled = ListItem(id: "off", viewModel: ButtonCellViewModel(title: "Off", isEnabled: false))
        #expect(!StockCellPresentation(item: disabled, style: .button).isSelectable)
        #expect(StockCellPresentation(item: basic, style: .spinner).spinnerAnimation == .animating)
        #expect(StockCellPresentation(item: basic, style: .toggle).controlKind == .toggle)
        #expect(StockCellPresentation(item: basic, style: .toggleWithSubtitle).controlKind == .toggle)
        #expect(StockCellPresentation(item: basic, style: .sliderWithLabels).controlKind == .slider)
        #expect(StockCellPresentation(item: basic, style: .textField).controlKind == .textField)
        #expect(StockCellPresentation(item: basic, style: .rightDetail) == StockCellPresentation(item: basic))
        let on = ListItem(id: "wifi", viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: true))
        #expect(StockCellPresentation(item: on, style: .toggle).toggleIsOn)
        let stopped = ListItem(id: "s", viewModel: SpinnerCellViewModel(isAnimating: false))
        #expect(StockCellPresentation(item: stopped, style: .spinner).spinnerAnimation == .stopped)
    }

    @Test("callback routing: a control's change is reported with its item, a tap follows the tap rule")
    func routing() throws {
        let toggle = ListItem(
            id: "wifi", kind: .toggle, viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: false))
        let source = ListDataSource(items: [toggle, ListItem(id: "field", kind: .textField)])
        let first = IndexPath(indexes: [0, 0])
        let changed = ListItemRules.selection(at: first, in: source, sender: ListItemAction.toggled(true))
        #expect(ListItemRulesTests.reported(changed) == [toggle])
        #expect(ListItemRulesTests.reportedAction(changed) == .toggled(true))
        // A selection (the sender is the table view) on a toggle row does nothing.
        final class TableView {}
        #expect(
            ListItemRulesTests.isNone(ListItemRules.selection(at: first, in: source, sender: TableView())))
        let edited = ListItemRules.selection(
            at: IndexPath(indexes: [0, 1]), in: source, sender: ListItemAction.edit(nil))
        #expect(ListItemRulesTests.reportedAction(edited) == .edited(""))
        // An app's own item and view model reports taps.
        let custom = ListItemRules.selection(
            at: IndexPath(indexes: [2, 0]), in: ExampleDataSource(), sender: TableView())
        guard case .report(let item, .tapped) = custom else {
            Issue.record("expected a tap report, got \(custom)")
            return
        }
        #expect(item.identifier == "mine")
    }

    @Test("a callback's sender becomes an action: a stock cell's action as sent, anything else a tap")
    func senders() {
        #expect(ListItemAction(sender: ListItemAction.slid(0.25)) == .slid(0.25))
        #expect(ListItemAction(sender: "a button") == .tapped)
        #expect(ListItemAction(sender: 42) == .tapped)
        #expect(ListItemAction.edit("abc") == .edited("abc"))
    }
}
