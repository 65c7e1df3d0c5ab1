import Foundation
import KeelLists
import Testing

/// The shapes AEViewModel's lists had, as Keel's `ListDataSource` values keep them: lookups
/// that never trap, AEViewModel's JSON, the stock cell styles and the callback routing. (The
/// AEViewModel protocols and `Basic…` names themselves live in KeelCompat; the seed examples
/// compile them.)
@Suite("AEViewModel's data-source shapes")
struct ListDataSourceShapeTests {
    /// The README's example data source, as Keel's values.
    static let example = ListDataSource(
        title: "Example",
        sections: [
            ListDataSection(
                id: "cells", footer: "Default cells which are provided out of the box.",
                items: [ListItem(id: "cells", viewModel: BasicCellViewModel(title: "Cells"))]),
            ListDataSection(
                id: "Demo", header: "Demo",
                items: [
                    ListItem(
                        id: "form", viewModel: BasicCellViewModel(title: "Form", detail: "Static Data Source")
                    ),
                    ListItem(
                        id: "settings",
                        viewModel: BasicCellViewModel(title: "Settings", detail: "JSON Data Source")),
                ]),
            ListDataSection(id: "mine", items: [ListItem(id: "mine")]),
        ])

    @Test("item(at:) reads a data source by index")
    func lookups() throws {
        let source = Self.example
        #expect(source.item(at: ItemIndex(section: 0, item: 0))?.id == "cells")
        #expect(source.item(at: ItemIndex(section: 1, item: 1))?.id == "settings")
        #expect(source.item(at: ItemIndex(section: 2, item: 0))?.id == "mine")
        let form = try #require(source.item(at: ItemIndex(section: 1, item: 0)))
        #expect(
            form.viewModel(as: BasicCellViewModel.self)
                == BasicCellViewModel(title: "Form", detail: "Static Data Source"))
        #expect(source.item(at: ItemIndex(section: 2, item: 0))?.viewModel == nil)
        #expect(source.listSections[0].header == nil && source.listSections[0].footer != nil)
        #expect(source.item(at: ItemIndex(section: 0, item: 0))?.childList == nil)
        #expect(source.allIdentifiers() == ["cells", "form", "settings", "mine"])
        #expect(source.index(of: "settings") == ItemIndex(section: 1, item: 1))
    }

    @Test(
        "a bad index finds nothing, never traps",
        arguments: [[0, 5], [3, 0], [-1, 0], [0, -1], [Int.max, Int.min]])
    func badIndexes(indexes: [Int]) {
        let source = Self.example
        let index = ItemIndex(section: indexes[0], item: indexes[1])
        #expect(source.item(at: index) == nil)
        #expect(source.displayedItem(at: index).id == "")
        #expect(ListItemRulesTests.isNone(ListItemRules.selection(at: index, in: source)))
    }

    @Test("sections declared without identifiers get them from their texts")
    func derivedIdentifiers() {
        #expect(ListDataSection.derivedIdentifier(header: "General", footer: "F", items: []) == "General")
        #expect(ListDataSection.derivedIdentifier(header: nil, footer: "F", items: []) == "F")
        #expect(
            ListDataSection.derivedIdentifier(header: nil, footer: nil, items: [ListItem(id: "plain")])
                == "plain")
        #expect(ListDataSection.derivedIdentifier(header: nil, footer: nil, items: []) == "")
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
        let source = try ListDataSource.decode(from: Data(Self.seedJSON.utf8))
        #expect(source.title == "Settings")
        #expect(source.listSections.map(\.id) == ["Profile", "Be careful"])
        let first = try #require(source.item(at: ItemIndex(section: 0, item: 0)))
        #expect(first.id == "profile")
        #expect(
            first.viewModel(as: BasicCellViewModel.self)
                == BasicCellViewModel(title: "Marko", detail: "Tadić", image: "avatar"))
        let child = try #require(source.item(at: ItemIndex(section: 1, item: 0))?.childList)
        #expect(child.item(at: ItemIndex(section: 0, item: 0))?.id == "leaf")
        // It round-trips through Keel's JSON.
        #expect(try ListDataSource.decode(from: source.encoded()) == source)
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
            _ = try ListDataSource.decode(from: Data(json.utf8))
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
        #expect(StockCellPresentation(item: ListItem(id: "mine")).text == "mine")
    }

    @Test("a stock cell looks like its name whatever the item's view model")
    func presentationInStyle() {
        let basic = ListItem(id: "go", viewModel: BasicCellViewModel(title: "Go"))
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
        let first = ItemIndex(section: 0, item: 0)
        let changed = ListItemRules.selection(at: first, in: source, sender: ListItemAction.toggled(true))
        #expect(ListItemRulesTests.reported(changed) == [toggle])
        #expect(ListItemRulesTests.reportedAction(changed) == .toggled(true))
        // A selection (the sender is the table view) on a toggle row does nothing.
        final class TableView {}
        #expect(
            ListItemRulesTests.isNone(ListItemRules.selection(at: first, in: source, sender: TableView())))
        let edited = ListItemRules.selection(
            at: ItemIndex(section: 0, item: 1), in: source, sender: ListItemAction.edit(nil))
        #expect(ListItemRulesTests.reportedAction(edited) == .edited(""))
        // An item without a view model reports taps.
        let custom = ListItemRules.selection(
            at: ItemIndex(section: 2, item: 0), in: Self.example, sender: TableView())
        guard case .report(let item, .tapped) = custom else {
            Issue.record("expected a tap report, got \(custom)")
            return
        }
        #expect(item.id == "mine")
    }

    @Test("a callback's sender becomes an action: a stock cell's action as sent, anything else a tap")
    func senders() {
        #expect(ListItemAction(sender: ListItemAction.slid(0.25)) == .slid(0.25))
        #expect(ListItemAction(sender: "a button") == .tapped)
        #expect(ListItemAction(sender: 42) == .tapped)
        #expect(ListItemAction.edit("abc") == .edited("abc"))
    }
}

extension ListDataSourceShapeTests {
    // Used to decode any object without "type" as an empty BasicCellViewModel: a toggle whose
    // "type" key was misspelled lost its title and state without an error.
    @Test(
        "a view model without \"type\" that is not AEViewModel's basic model is keyNotFound(type) at its path",
        arguments: [
            #"{"Type": "toggle", "value": {"title": "Wi-Fi", "isOn": true}}"#,
            #"{"value": {"title": "Wi-Fi", "isOn": true}}"#,
            #"{"title": "Wi-Fi", "isOn": true}"#,
        ])
    func viewModelWithoutTypeIsAnError(viewModel: String) {
        let json =
            #"{"sections": [{"id": "s", "items": [{"id": "wifi", "kind": "toggle", "viewModel": "#
            + viewModel + "}]}]}"
        do {
            _ = try ListDataSource.decode(from: Data(json.utf8))
            Issue.record("\(viewModel) decoded")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "type")
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            #expect(path == ["sections", "0", "items", "0", "viewModel"])
        } catch {
            Issue.record("not keyNotFound: \(error)")
        }
    }

    @Test("AEViewModel's basic model still decodes without \"type\", with any of its keys or none")
    func basicModelWithoutType() throws {
        for (viewModel, expected) in [
            (
                #"{"title": "T", "detail": "D", "image": "i"}"#,
                BasicCellViewModel(title: "T", detail: "D", image: "i")
            ),
            (#"{"detail": "D"}"#, BasicCellViewModel(detail: "D")),
            ("{}", BasicCellViewModel()),
        ] {
            let json = #"{"sections": [{"id": "s", "items": [{"id": "a", "viewModel": "# + viewModel + "}]}]}"
            let source = try ListDataSource.decode(from: Data(json.utf8))
            #expect(
                source.item(at: ItemIndex(section: 0, item: 0))?.viewModel(as: BasicCellViewModel.self)
                    == expected)
        }
    }
}
