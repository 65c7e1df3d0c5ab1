#if canImport(UIKit)
    import KeelApp
    import KeelSeedExamples
    import KeelUIKit
    import UIKit

    /// The example app's scene: a theme context per scene, start-up through the bootstrapper,
    /// then the root controller.
    final class ExampleSceneDelegate: UIResponder, UIWindowSceneDelegate, KeelThemeContextProviding {
        var window: UIWindow?
        /// The app's per-scene contexts, each following the global theme until given its own.
        private static let themeContexts = ThemeContextRegistry(base: .global)
        /// This scene's theme context; views in the scene find it through
        /// `UIView.keelThemeContext`.
        private(set) var themeContext: KeelThemeContext = .global

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            // Each scene gets its own theme context, following the global theme (so the Seeds
            // tab's theme example re-themes every window); views created in it find it by
            // themselves.
            themeContext = Self.themeContexts.context(forScene: session.persistentIdentifier)
            _ = try? KeelThemeContext.global.apply(.blue)
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = ExampleRoot.make()
            window.makeKeyAndVisible()
            self.window = window
            Task {
                let bootstrapper = AppBootstrapper(tasks: [
                    BootstrapTask("analytics", policy: .optional) { _ in },
                    BootstrapTask(mainActor: "appearance") { _ in
                        UINavigationBar.appearance().prefersLargeTitles = true
                    },
                ])
                _ = try? await bootstrapper.start()
            }
        }
    }

    /// Builds the example's root controller: the original foundation's space transition, with
    /// a home screen above and the feed below.
    @MainActor
    enum ExampleRoot {
        static func make() -> UIViewController {
            let home = UITabBarController()
            home.viewControllers = [
                UINavigationController(rootViewController: FormViewController()),
                SettingsScreen.makeController(),
                UINavigationController(rootViewController: makeSeedExamplesViewController()),
            ]
            let feed = UINavigationController(rootViewController: FeedViewController())
            return VerticalSpaceTransitionContainerViewController(
                homeViewController: home, feedViewController: feed)
        }
    }
#endif
