// The README's "Getting started in an iOS app" shows the code between `#if` and `#endif`
// verbatim, one level less indented (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    import KeelDesign
    import KeelUIKit
    import UIKit

    /// The app's scene: a theme for the scene, then the first screen.
    final class GettingStartedSceneDelegate: UIResponder, UIWindowSceneDelegate, KeelThemeContextProviding {
        var window: UIWindow?
        /// Per-scene theme contexts, each following the global theme (`KeelThemeContext.global.apply`)
        /// until the scene is given its own.
        private static let themeContexts = ThemeContextRegistry(base: .global)
        /// This scene's theme: Keel's views in the scene find it through the scene delegate.
        private(set) var themeContext: KeelThemeContext = .global

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            themeContext = Self.themeContexts.context(forScene: session.persistentIdentifier)
            // To give this scene its own theme: `try themeContext.apply(brandTheme)` (it then stops
            // following the global one; `resumeFollowing()` undoes that).
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UINavigationController(rootViewController: WelcomeViewController())
            window.makeKeyAndVisible()
            self.window = window
        }
    }
#endif
