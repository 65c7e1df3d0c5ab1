// The README's "Getting started in an iOS app" shows the code between `#if` and `#endif`
// verbatim, one level less indented (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    import KeelDesign
    import KeelUIKit
    import UIKit

    /// The app's scene: a theme for the scene, then the first screen.
    final class GettingStartedSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            // One theme context per scene: Keel's views in this scene find it by themselves.
            let themes = ThemeContextRegistry.shared.context(forScene: session.persistentIdentifier)
            _ = try? themes.apply(.default)  // or your brand's KeelTheme (an invalid theme throws)
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UINavigationController(rootViewController: WelcomeViewController())
            window.makeKeyAndVisible()
            self.window = window
        }
    }
#endif
