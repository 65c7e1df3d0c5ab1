// swift-format-ignore-file
// AEViewModel README › 示例, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelLists
    import KeelUIKitControllers
    import UIKit

    enum SeedExample {
        /// The screens the example shows (the host app's).
        fileprivate final class CellsTVC: UIViewController {}
        fileprivate final class FormTVC: UIViewController {}
        fileprivate final class MainSettingsTVC: UIViewController {}
        fileprivate final class GithubTVC: UIViewController {}

        // seed begin: ae-example

        struct ExampleDataSource: DataSource {
            struct Id {
                static let cells = "cells"
                static let form = "form"
                static let settings = "settings"
                static let github = "github"
            }

            var title: String? = "Example"
            var sections: [KeelSection] = [
                BasicSection(footer: "Default cells which are provided out of the box.", items: [
                    BasicItem(identifier: Id.cells, title: "Cells")
                ]),
                BasicSection(header: "Demo", items: [
                    BasicItem(identifier: Id.form, title: "Form", detail: "Static Data Source"),
                    BasicItem(identifier: Id.settings, title: "Settings", detail: "JSON Data Source"),
                    BasicItem(identifier: Id.github, title: "Github", detail: "Remote Data Source")
                ])
            ]
        }

        final class ExampleTVC: TableViewController {

            typealias Id = ExampleDataSource.Id

            // MARK: Lifecycle

            override func viewDidLoad() {
                super.viewDidLoad()
                dataSource = ExampleDataSource()
            }

            // MARK: Override

            override func cellType(forIdentifier identifier: String) -> TableCellType {
                return .subtitle
            }

            override func update(_ cell: TableCell, at indexPath: IndexPath) {
                super.update(cell, at: indexPath)
                cell.accessoryType = .disclosureIndicator
            }

            override func action(for cell: TableCell, at indexPath: IndexPath, sender: Any) {
                switch dataSource.identifier(at: indexPath) {
                case Id.cells:
                    show(CellsTVC(), sender: self)
                case Id.form:
                    show(FormTVC(), sender: self)
                case Id.settings:
                    show(MainSettingsTVC(), sender: self)
                case Id.github:
                    show(GithubTVC(), sender: self)
                default:
                    break
                }
            }

        }
        // seed end
    }
#endif
