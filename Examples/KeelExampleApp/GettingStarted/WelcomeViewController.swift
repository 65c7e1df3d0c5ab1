// The README's "Getting started in an iOS app" shows the code between `#if` and `#endif`
// verbatim, one level less indented (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    import KeelUIKitControllers
    import UIKit

    /// A themed screen: a design-system button that opens the to-do list.
    final class WelcomeViewController: BaseViewController {
        private let openButton = KeelButton(style: .brand, size: .large)

        override func setupUI() {
            title = "Welcome"
            openButton.title = "Show my to-dos"
            view.addSubview(openButton)
        }

        override func setupLayout() {
            openButton.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                openButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                openButton.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            ])
        }

        override func bind() {
            openButton.onTap = { [weak self] _ in
                self?.navigationController?.pushViewController(TodoListViewController(), animated: true)
            }
        }

        // Called with the scene's theme resolver, again on every theme or trait change.
        override func applyTheme(_ theme: KeelThemeResolver) {
            view.backgroundColor = UIColor(keel: theme.color(.backgroundPrimary))
        }
    }
#endif
