// swift-format-ignore-file
// XDDesignKit README › Bottom Sheet, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import UIKit

    enum SeedXDBottomSheet {
        /// The screen that shows the sheet once it is on screen (the example app's "Seeds" tab).
        @MainActor static func makeScreen() -> UIViewController { ClozeViewController() }

        /// The app's screen that shows the sheet.
        fileprivate final class ClozeViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                view.backgroundColor = .systemBackground
                showOptions()
            }

            let clozeOptionsController = UIViewController()

            func showOptions() {
                // seed begin: xd-bottom-sheet
                let handle = XDBottomSheet.show(
                    on: self,
                    contentViewController: clozeOptionsController,
                    configuration: .init(height: .content, width: .fullWidth)
                )
                // seed end
                handle.invalidateLayout()
            }
        }
    }
#endif
