import Foundation
import KeelLists
import Testing

/// A custom view model an app registers.
struct ProductCellViewModel: CellViewModel {
    static let typeName = "product"
    var name: String
    var price: Decimal
}

/// The Settings → Wi-Fi example, with every stock view model.
func settingsSource() -> ListDataSource {
    let wifi = ListDataSource(
        title: "Wi-Fi",
        items: [
            ListItem(
                id: "wifi.toggle", kind: .toggle, viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: true)),
            ListItem(
                id: "wifi.home", kind: .rightDetail,
                viewModel: BasicCellViewModel(title: "Home", detail: "WPA2")),
        ])
    return ListDataSource(
        title: "Settings",
        sections: [
            ListDataSection(
                id: "network", header: "Network", footer: "Connections",
                items: [
                    ListItem(
                        id: "wifi", kind: .subtitle,
                        viewModel: BasicCellViewModel(title: "Wi-Fi", detail: "Home"), child: wifi),
                    ListItem(
                        id: "airplane", kind: .toggle,
                        viewModel: ToggleCellViewModel(title: "Airplane", subtitle: "Off", isOn: false)),
                ]),
            ListDataSection(
                id: "display",
                items: [
                    ListItem(
                        id: "brightness", kind: .slider,
                        viewModel: SliderCellViewModel(value: 0.5, leftText: "☼", rightText: "☀")),
                    ListItem(
                        id: "name", kind: .textField,
                        viewModel: TextFieldCellViewModel(title: "Name", text: "Ada")),
                    ListItem(
                        id: "notes", kind: .textView, viewModel: TextViewCellViewModel(text: "Line 1\nLine 2")
                    ),
                    ListItem(
                        id: "reset", kind: .button,
                        viewModel: ButtonCellViewModel(title: "Reset", isDestructive: true)),
                    ListItem(
                        id: "syncing", kind: .spinner, viewModel: SpinnerCellViewModel(title: "Syncing")),
                    ListItem(
                        id: "about", kind: .leftDetail, reuseIdentifier: "aboutCell",
                        viewModel: BasicCellViewModel(title: "About")),
                    ListItem(id: "plain"),
                ]),
        ])
}

/// L1 (builds and runs on Linux), L2 (lossless Codable with a registry), L3 (safe lookups,
/// recursive identifiers), L4 (snapshot diffs), L5 (Sendable).
@Suite("Declarative list data sources")
struct ListDataSourceTests {
    @Test("L1: the model needs no IndexPath; positions are ItemIndex values")
    func buildsOnLinux() {
        let source = settingsSource()
        #expect(source.index(of: "notes") == ItemIndex(section: 1, item: 2))
        #expect(source.item(at: ItemIndex(section: 0, item: 1))?.kind == .toggle)
    }

    @Test("L2: every stock view model round-trips through JSON without loss")
    func stockRoundTrip() throws {
        let source = settingsSource()
        let data = try source.encoded()
        let decoded = try ListDataSource.decode(from: data)
        #expect(decoded == source)
        #expect(try decoded.encoded() == data)
        #expect(decoded.item(at: ItemIndex(section: 1, item: 5))?.reuseIdentifier == "aboutCell")
        #expect(decoded.item(at: ItemIndex(section: 1, item: 6))?.reuseIdentifier == "basic")
        #expect(CellViewModelRegistry.standard.typeNames.count == 7)
    }

    @Test("L2: custom view models round-trip through a registry, mixed with stock ones")
    func customRoundTrip() throws {
        let registry = CellViewModelRegistry.standard.registering(ProductCellViewModel.self)
        var source = settingsSource()
        source.listSections.append(
            ListDataSection(
                id: "shop",
                items: [
                    ListItem(
                        id: "p1", kind: "product", viewModel: ProductCellViewModel(name: "Tea", price: 3.5))
                ]))
        let decoded = try ListDataSource.decode(
            from: try source.encoded(registry: registry), registry: registry)
        #expect(decoded == source)
        #expect(
            decoded.item(at: ItemIndex(section: 2, item: 0))?.viewModel(as: ProductCellViewModel.self)?.name
                == "Tea")
    }

    @Test("L2: an unregistered type is an error naming the coding path, never silent loss")
    func unknownTypeIsAnError() throws {
        var source = settingsSource()
        source.listSections[1].listItems.append(
            ListItem(id: "p1", kind: "product", viewModel: ProductCellViewModel(name: "Tea", price: 1)))
        #expect(throws: EncodingError.self) { try source.encoded() }

        let registry = CellViewModelRegistry.standard.registering(ProductCellViewModel.self)
        let data = try source.encoded(registry: registry)
        do {
            _ = try ListDataSource.decode(from: data)
            Issue.record("decoding an unknown type succeeded")
        } catch DecodingError.dataCorrupted(let context) {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            #expect(path == ["sections", "1", "items", "7", "viewModel", "type"])
            #expect(context.debugDescription.contains("product"))
        }
    }

    @Test(
        "L2: malformed documents are decoding errors at the right key path",
        arguments: [
            (#"{"sections": [{"id": "a", "items": [{"kind": "basic"}]}]}"#, "sections.0.items.0"),
            (
                #"{"sections": [{"id": "a", "items": [{"id": "x", "viewModel": {"type": "toggle", "value": {"title": "T"}}}]}]}"#,
                "sections.0.items.0.viewModel.value"
            ),
            (
                #"{"sections": [{"id": "a", "items": [{"id": "x", "viewModel": {"type": "slider", "value": {"value": 5}}}]}]}"#,
                "sections.0.items.0.viewModel.value.value"
            ),
            (#"{"sections": [{"id": 3}]}"#, "sections.0.id"),
            (#"{"title": "x"}"#, ""),
            (
                #"{"sections": [{"id": "a", "items": [{"id": "x", "child": {"sections": [{"items": 5}]}}]}]}"#,
                "sections.0.items.0.child.sections.0.items"
            ),
            (#"[1, 2"#, ""),
        ])
    func malformed(json: String, expectedPath: String) {
        do {
            _ = try ListDataSource.decode(from: Data(json.utf8))
            Issue.record("decoded malformed JSON: \(json)")
        } catch let error as DecodingError {
            let context: DecodingError.Context? =
                switch error {
                case .keyNotFound(_, let context), .typeMismatch(_, let context),
                    .valueNotFound(_, let context),
                    .dataCorrupted(let context):
                    context
                @unknown default: nil
                }
            let path = (context?.codingPath ?? []).map { $0.intValue.map(String.init) ?? $0.stringValue }
            #expect(path.joined(separator: ".") == expectedPath)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("L3: lookups return nil out of range; identifiers include children on request")
    func safeLookups() {
        let source = settingsSource()
        #expect(source.item(at: ItemIndex(section: 5, item: 0)) == nil)
        #expect(source.item(at: ItemIndex(section: 0, item: 2)) == nil)
        #expect(source.item(at: ItemIndex(section: -1, item: 0)) == nil)
        #expect(source.item(at: ItemIndex(section: 0, item: -1))?.id == nil)
        #expect(source.item(at: ItemIndex(section: 9, item: 9))?.viewModel == nil)
        #expect(source.section(at: 2) == nil)
        #expect(!source.allIdentifiers().contains("wifi.toggle"))
        #expect(
            source.allIdentifiers(recursive: true).prefix(4) == [
                "wifi", "wifi.toggle", "wifi.home", "airplane",
            ])
        #expect(source.allIdentifiers(recursive: true).count == source.allIdentifiers().count + 2)
    }

    @Test("L4: the diff of two data sources gives exact inserts, deletes, moves and reloads")
    func snapshotDiff() throws {
        let old = settingsSource()
        var new = old
        new.listSections[0].header = "Networks"  // section reload
        new.listSections[0].listItems[1].cellViewModel = AnyCellViewModel(
            ToggleCellViewModel(title: "Airplane", isOn: true))
        new.listSections[1].listItems.remove(at: 1)  // delete "name"
        new.listSections[1].listItems.insert(ListItem(id: "new"), at: 0)  // insert
        let moved = new.listSections[1].listItems.removeLast()  // move "plain" to the front of section 0
        new.listSections[0].listItems.insert(moved, at: 0)
        new.listSections.append(ListDataSection(id: "extra", items: [ListItem(id: "x")]))

        let changes = new.changes(from: old)
        #expect(changes.diff.sections.updates == [OffsetMove(from: 0, to: 0)])
        #expect(changes.diff.sections.inserts == [2])
        #expect(changes.diff.sections.deletes.isEmpty)
        #expect(changes.diff.itemDeletes == [ItemIndex(section: 1, item: 1)])
        #expect(changes.diff.itemInserts == [ItemIndex(section: 1, item: 0)])
        #expect(
            changes.diff.itemMoves == [
                ItemMove(from: ItemIndex(section: 1, item: 6), to: ItemIndex(section: 0, item: 0))
            ])
        #expect(
            changes.diff.itemUpdates == [
                ItemMove(from: ItemIndex(section: 0, item: 1), to: ItemIndex(section: 0, item: 2))
            ])
        #expect(changes.snapshot.reconfiguredItemIdentifiers == ["airplane"])
        #expect(changes.snapshot.reconfiguredSectionIdentifiers == ["network"])
        #expect(changes.changeset.last?.data.map(\.items) == new.diffableSectionsForTests.map(\.items))
        // The last stage's data is the new data source again (what the UIKit controllers show).
        let last = try #require(changes.changeset.last)
        #expect(ListDataSource(title: new.title, stage: last.data) == new)
        #expect(new.changes(from: new).isEmpty)
    }

    // Round 12 #2: the snapshot and the changes used to drop the repeats (["1", "2"]).
    @Test("L4: duplicate identifiers are reported and kept apart in snapshots and changes")
    func duplicatesReported() {
        let source = ListDataSource(sections: [
            ListDataSection(id: "a", items: [ListItem(id: "1"), ListItem(id: "2"), ListItem(id: "1")]),
            ListDataSection(id: "a", items: [ListItem(id: "3")]),
            ListDataSection(id: "b", items: [ListItem(id: "2")]),
        ])
        #expect(source.duplicateIdentifiers.sections == ["a"])
        #expect(source.duplicateIdentifiers.items == ["1", "2"])
        #expect(source.snapshot.sectionIdentifiers == ["a", "a#2", "b"])
        #expect(source.snapshot.itemIdentifiers == ["1", "2", "1#2", "3", "2#2"])
        let changes = source.changes(from: ListDataSource(sections: []))
        #expect(changes.diff.itemDuplicates.new.isEmpty)
        #expect(changes.target == source)
    }

    @Test("L5: a data source built off the main actor reaches a @MainActor consumer")
    func sendable() async throws {
        let built = await Task.detached { settingsSource() }.value
        let title = await MainActorConsumer().show(built)
        #expect(title == "Settings")
    }
}

@MainActor
final class MainActorConsumer {
    var shown: ListDataSource?

    func show(_ source: ListDataSource) -> String? {
        shown = source
        return source.title
    }
}

extension ListDataSource {
    var diffableSectionsForTests: [ListSection<ListDataSection, ListItem>] {
        listSections.map { ListSection($0, items: $0.listItems) }
    }
}

/// An app's view model that takes the stock button's type name.
struct ClashingButtonViewModel: CellViewModel {
    static let typeName = "button"
    var caption: String
}

extension ListDataSourceTests {
    // Encoding used to check only that the registry knew the name "button", so a stock
    // ButtonCellViewModel encoded without error under a registry that maps "button" to the
    // app's type, and the saved document then failed to decode (keyNotFound 'caption').
    @Test("L2: encoding refuses a type whose name the registry maps to another type")
    func nameClashIsRefused() throws {
        let registry = CellViewModelRegistry.standard.registering(ClashingButtonViewModel.self)
        let stock = ListDataSource(items: [
            ListItem(id: "go", kind: .button, viewModel: ButtonCellViewModel(title: "Go"))
        ])
        do {
            _ = try stock.encoded(registry: registry)
            Issue.record("encoding a view model the registry would decode as another type succeeded")
        } catch EncodingError.invalidValue(_, let context) {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            #expect(path == ["sections", "0", "items", "0", "viewModel"])
            #expect(context.debugDescription.contains("another type"))
        }
        // The registered type itself still round-trips.
        let own = ListDataSource(items: [
            ListItem(id: "go", kind: .button, viewModel: ClashingButtonViewModel(caption: "Go"))
        ])
        #expect(try ListDataSource.decode(from: own.encoded(registry: registry), registry: registry) == own)
    }
}
