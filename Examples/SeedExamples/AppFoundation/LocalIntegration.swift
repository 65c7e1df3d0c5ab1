// swift-format-ignore-file
// AppFoundation README › 本地接入 (HomeViewController), as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKitControllers

    enum SeedLocalIntegration {
        // seed begin: af-home
        final class HomeViewController: BaseViewController {
            override func setupUI() {
                super.setupUI()
                title = "Home"
            }
        }
        // seed end
    }
#endif
