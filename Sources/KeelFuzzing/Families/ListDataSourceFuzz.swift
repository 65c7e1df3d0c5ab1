import Foundation
import KeelLists

extension FuzzFamily {
    /// Declarative data-source JSON (`ListDataSource.decode(from:registry:)`, also AEViewModel's
    /// `BasicDataSource` JSON: `identifier`, sections without `id`, untyped view models): every
    /// input decodes or throws a `DecodingError`; whatever decodes re-encodes and decodes to an
    /// equal value, its recursive walks finish and every index path lookup through the
    /// `DataSource` protocol answers.
    package static let listDataSource = FuzzFamily(
        name: "lists.datasource",
        summary: "data-source JSON: decodes or throws DecodingError; decoded sources round-trip",
        seeds: ListDataSourceFuzzSeeds.seeds,
        dictionary: [
            "\"sections\"", "\"items\"", "\"child\"", "\"viewModel\"", "\"type\"", "\"value\"", "\"kind\"",
            "\"toggle\"", "\"slider\"", "\"reuseIdentifier\"",
            "{\"sections\":[{\"id\":\"s\",\"items\":[{\"id\":\"i\",\"child\":",
            "\"identifier\"", "\"header\"", "\"footer\"", "\"title\"", "\"detail\"",
            "{\"sections\":[{\"items\":[{\"identifier\":\"i\",\"child\":",
        ].map { Array($0.utf8) },
        generate: ListDataSourceFuzzSeeds.generate
    ) { input in
        let source: ListDataSource
        do {
            source = try ListDataSource.decode(from: Data(input))
        } catch is DecodingError {
            return
        } catch {
            throw FuzzViolation("decoding threw \(type(of: error)), not a DecodingError: \(error)")
        }
        let encoded: Data
        do {
            encoded = try source.encoded()
        } catch {
            throw FuzzViolation("a decoded source does not encode: \(error)")
        }
        let again: ListDataSource
        do {
            again = try ListDataSource.decode(from: encoded)
        } catch {
            throw FuzzViolation("an encoded source does not decode: \(error)")
        }
        guard again == source else { throw FuzzViolation("the JSON round trip changed the source") }
        _ = source.allIdentifiers(recursive: true)
        _ = source.hashValue
        for section in 0...source.listSections.count {
            for item in -1...source.itemCount(inSectionAt: section) {
                let index = ItemIndex(section: section, item: item)
                _ = source.item(at: index)
                _ = ListItemRules.selection(at: index, in: source)
            }
        }
    }
}

/// Valid data sources for ``FuzzFamily/listDataSource``.
enum ListDataSourceFuzzSeeds {
    static let seeds: [[UInt8]] = {
        let settings = ListDataSource(
            title: "Settings",
            sections: [
                ListDataSection(
                    id: "network", header: "Network", footer: "Connections",
                    items: [
                        ListItem(
                            id: "wifi", kind: .subtitle,
                            viewModel: BasicCellViewModel(title: "Wi-Fi", detail: "Home"),
                            child: ListDataSource(
                                title: "Wi-Fi",
                                items: [
                                    ListItem(
                                        id: "wifi.toggle", kind: .toggle,
                                        viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: true))
                                ])),
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
                            id: "notes", kind: .textView, viewModel: TextViewCellViewModel(text: "a\nb")),
                        ListItem(
                            id: "reset", kind: .button,
                            viewModel: ButtonCellViewModel(title: "Reset", isDestructive: true)),
                        ListItem(
                            id: "syncing", kind: .spinner, viewModel: SpinnerCellViewModel(title: "Syncing")),
                        ListItem(id: "about", kind: .leftDetail, reuseIdentifier: "aboutCell"),
                    ]),
            ])
        let minimal = #"{"sections":[]}"#
        let seedFormat = #"""
            {"title":"Settings","sections":[{"header":"Profile","items":[{"identifier":"profile",\#
            "viewModel":{"title":"Marko","detail":"T","image":"avatar"}}]},{"footer":"F","items":[\#
            {"identifier":"airplane","viewModel":{"title":"Airplane"},"child":{"sections":[{"items":\#
            [{"identifier":"leaf"}]}]}}]}]}
            """#
        return [
            (try? settings.encoded()).map(Array.init) ?? Array(minimal.utf8), Array(minimal.utf8),
            Array(seedFormat.utf8),
        ]
    }()

    /// A random, usually valid data source, nested up to a few levels, with odd strings.
    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        let strings = ["", "a", "\u{FEFF}x", "\u{202E}rtl", "é", "🙂", "\"q\"", "\\", "line\nbreak", "\u{0}"]
        func text(_ random: inout FuzzRandom) -> String { strings[random.below(strings.count)] }
        func source(depth: Int, _ random: inout FuzzRandom) -> ListDataSource {
            var sections: [ListDataSection] = []
            for s in 0..<random.below(3) {
                var items: [ListItem] = []
                for i in 0..<random.below(4) {
                    let child = depth > 0 && random.oneIn(3) ? source(depth: depth - 1, &random) : nil
                    let model: (any CellViewModel)? =
                        switch random.below(4) {
                        case 0: BasicCellViewModel(title: text(&random), detail: text(&random))
                        case 1: ToggleCellViewModel(title: text(&random), isOn: random.oneIn(2))
                        case 2: SliderCellViewModel(value: Double(random.below(1000)) / 7)
                        default: nil
                        }
                    items.append(
                        ListItem(
                            id: "\(s).\(i)\(text(&random))", kind: .basic, viewModel: model, child: child))
                }
                sections.append(ListDataSection(id: "s\(s)", header: text(&random), items: items))
            }
            return ListDataSource(title: random.oneIn(2) ? text(&random) : nil, sections: sections)
        }
        let value = source(depth: random.below(6), &random)
        return (try? value.encoded()).map(Array.init) ?? []
    }
}
