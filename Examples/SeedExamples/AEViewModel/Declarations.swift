// swift-format-ignore-file
// AEViewModel README › Cell, TableCell, CollectionCell, TableViewController: the library's
// declarations, used as the document declares them.
#if canImport(UIKit)
    import KeelCompat
    import KeelLists
    import KeelUIKitControllers
    import UIKit

    enum SeedDeclarations {
        /// `TableCellType` has the document's cases, no more.
        static func name(of type: TableCellType) -> String {
            switch type {
            case .basic: "basic"
            case .subtitle: "subtitle"
            case .leftDetail: "leftDetail"
            case .rightDetail: "rightDetail"
            case .toggle: "toggle"
            case .toggleWithSubtitle: "toggleWithSubtitle"
            case .slider: "slider"
            case .sliderWithLabels: "sliderWithLabels"
            case .textField: "textField"
            case .textView: "textView"
            case .button: "button"
            case .spinner: "spinner"
            case .customClass(let type): "customClass(\(type))"
            case .customNib(let type): "customNib(\(type))"
            }
        }

        /// `CollectionCellType` has the document's cases, no more.
        static func name(of type: CollectionCellType) -> String {
            switch type {
            case .basic: "basic"
            case .button: "button"
            case .spinner: "spinner"
            case .customClass(let type): "customClass(\(type))"
            case .customNib(let type): "customNib(\(type))"
            }
        }

        /// A custom table cell: subclass `TableCellBasic`, override the `Cell` methods.
        final class ProfileCell: TableCellBasic {
            let badge = UILabel()

            /// Called in `init` and `awakeFromNib`, configure outlets and layout here.
            override func configure() {
                super.configure()
                accessoryView = badge
            }

            /// Called in `configure` and `prepareForReuse`, reset interface here.
            override func reset() {
                super.reset()
                badge.text = nil
            }

            /// Called in `tableView(_:cellForRowAt:)`, update interface with view model here.
            override func update(with item: Item) {
                super.update(with: item)
                badge.text = item.identifier
            }

            /// Called in `tableView(_:didSelectRowAt:)` and whenever specific cell calls it.
            override func callback(_ sender: Any) {
                userInfo["sender"] = sender
                super.callback(sender)
            }
        }

        /// A custom collection cell, the same way.
        final class TileCell: CollectionCellBasic {
            override func configure() { super.configure() }
            override func reset() { super.reset() }
            override func update(with item: Item) { super.update(with: item) }
            override func callback(_ sender: Any) { super.callback(sender) }
        }

        /// A table view controller overriding the three open methods.
        final class ProfileTVC: TableViewController {
            override func cellType(forIdentifier identifier: String) -> TableCellType {
                switch identifier {
                case "profile": .customClass(ProfileCell.self)
                case "nib": .customNib(ProfileCell.self)
                default: .basic
                }
            }

            override func update(_ cell: TableCell, at indexPath: IndexPath) {
                super.update(cell, at: indexPath)
                cell.accessoryType = .disclosureIndicator
            }

            override func action(for cell: TableCell, at indexPath: IndexPath, sender: Any) {
                super.action(for: cell, at: indexPath, sender: sender)
            }
        }

        /// A collection view controller overriding the same three methods.
        final class TilesCVC: CollectionViewController {
            override func cellType(forIdentifier identifier: String) -> CollectionCellType {
                identifier == "tile" ? .customClass(TileCell.self) : .basic
            }

            override func update(_ cell: CollectionCell, at indexPath: IndexPath) {
                super.update(cell, at: indexPath)
            }

            override func action(for cell: CollectionCell, at indexPath: IndexPath, sender: Any) {}
        }

        /// `TableCell` and `CollectionCell` are the document's type aliases; the stock cells
        /// are chosen by `TableCellType`, subclassed from `TableCellBasic`.
        @MainActor static func cells() -> (TableCell, CollectionCell, [TableCell.Type]) {
            let table: TableCell = ProfileCell(style: .default, reuseIdentifier: nil)
            let collection: CollectionCell = TileCell(frame: .zero)
            let types: [TableCell.Type] = [TableCellBasic.self, ProfileCell.self]
            return (table, collection, types)
        }
    }
#endif
