// swift-format-ignore-file
// XDDesignKit README › 专用图标按钮, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import UIKit

    enum SeedXDIconButtons {
        /// The app's list item.
        fileprivate final class TodoItem {
            var isCompleted = false
        }

        /// The app's call to its server.
        @MainActor fileprivate static func updateCompletedOnServer(
            _ value: Bool, completion: @escaping @MainActor (Bool) -> Void
        ) {
            completion(true)
        }

        /// The screen with the three buttons (the example app's "Seeds" tab).
        @MainActor static func makeScreen() -> UIViewController {
            let screen = TodoViewController()
            screen.loadViewIfNeeded()
            screen.view.backgroundColor = .systemBackground
            screen.example(item: TodoItem())
            return screen
        }

        /// The app's screen that shows the buttons.
        fileprivate final class TodoViewController: UIViewController {
            func showMoreActions(for item: TodoItem) {}

            func example(item: TodoItem) {
                let updateCompletedOnServer = SeedXDIconButtons.updateCompletedOnServer
                // seed begin: xd-icon-buttons
                let checkbox = XDCheckboxButton(isSelected: item.isCompleted)
                checkbox.onValueChanged = { item.isCompleted = $0 }

                let confirmedCheckbox = XDCheckboxButton(
                    isSelected: item.isCompleted,
                    selectionBehavior: .requiresConfirmation
                )
                confirmedCheckbox.onValueChangeRequest = { desiredValue in
                    updateCompletedOnServer(desiredValue) { success in
                        success
                            ? confirmedCheckbox.resolveSelectionChange(to: desiredValue)
                            : confirmedCheckbox.cancelSelectionChange()
                    }
                }

                let more = XDMoreButton()
                more.onTap = { [weak self] in self?.showMoreActions(for: item) }

                let close = XDCloseButton()
                close.onTap = { [weak self] in self?.dismiss(animated: true) }
                // seed end
                view.addSubview(checkbox)
                view.addSubview(more)
                view.addSubview(close)
            }
        }
    }
#endif
