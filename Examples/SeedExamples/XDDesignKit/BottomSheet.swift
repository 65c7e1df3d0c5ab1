// swift-format-ignore-file
// XDDesignKit README › Bottom Sheet, as the document writes it.
#if canImport(UIKit)
    import KeelUIKit
    import UIKit

    enum SeedXDBottomSheet {
        /// The app's screen that shows the sheet.
        fileprivate final class ClozeViewController: UIViewController {
            let clozeOptionsController = UIViewController()

            func showOptions() {
                // seed begin: xd-bottom-sheet
                let handle = KeelBottomSheet.show(
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
