#if canImport(UIKit)
    import Foundation
    import KeelUIKitControllers
    import UIKit

    /// A settings screen loaded from JSON: a declarative data source with stock cells and a
    /// drill-down page; edits come back through `onAction`.
    enum SettingsScreen {
        static let json = """
            {"title": "Settings", "sections": [
              {"id": "general", "header": "General", "items": [
                {"id": "notifications", "kind": "toggle",
                 "viewModel": {"type": "toggle", "value": {"title": "Notifications", "isOn": true}}},
                {"id": "about", "kind": "rightDetail",
                 "viewModel": {"type": "basic", "value": {"title": "About", "detail": "1.0"}},
                 "child": {"title": "About", "sections": [{"id": "info", "items": [
                   {"id": "licence", "kind": "basic", "viewModel": {"type": "basic", "value": {"title": "Licences"}}}
                 ]}]}}
              ]}
            ]}
            """

        @MainActor
        static func makeController() -> UIViewController {
            let dataSource =
                (try? ListDataSource.decode(from: Data(json.utf8)))
                ?? ListDataSource(title: "Settings", items: [])
            let controller = ListTableViewController(dataSource: dataSource)
            controller.onAction = { item, action in
                print("settings:", item.id, action)
            }
            return UINavigationController(rootViewController: controller)
        }
    }
#endif
