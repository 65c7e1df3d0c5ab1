// The README's "Getting started in an iOS app" shows the code between `#if` and `#endif`
// verbatim, one level less indented (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    import KeelNetworking
    import KeelUIKitControllers
    import UIKit

    /// A list: a declarative data source, filled from one request.
    final class TodoListViewController: ListTableViewController {
        init() {
            super.init(dataSource: ListDataSource(title: "To-dos", items: []))
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            Task { [weak self] in
                do {
                    let todos = try await TodoAPI.client.send(TodoAPI.todos)
                    let items = todos.map {
                        ListItem(id: "\($0.id)", kind: .basic, viewModel: BasicCellViewModel(title: $0.title))
                    }
                    self?.apply(ListDataSource(title: "To-dos", items: items))
                } catch {
                    self?.title = "Could not load the to-dos"
                }
            }
        }
    }
#endif
