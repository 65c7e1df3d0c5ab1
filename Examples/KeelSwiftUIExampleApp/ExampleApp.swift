#if canImport(SwiftUI) && canImport(UIKit)
    import KeelApp
    import KeelComponents
    import KeelDesign
    import KeelImages
    import KeelLayout
    import KeelLists
    import KeelRouting
    import KeelSwiftUI
    import KeelSwiftUIApp
    import KeelSwiftUIImages
    import SwiftUI

    /// The SwiftUI example app's scene: start-up through the bootstrapper behind a launch
    /// view, then the same screens as the UIKit example (feed, settings, form, seeds'
    /// deep link), themed by the scene's context. An app target marks its `App` `@main` and
    /// returns this scene.
    struct SwiftUIExampleScene: Scene {
        let themeContext: KeelThemeContext
        let bootstrapper = AppBootstrapper(tasks: [
            BootstrapTask("analytics", policy: .optional) { _ in },
            BootstrapTask("feed cache") { _ in },
        ])

        var body: some Scene {
            WindowGroup {
                KeelBootstrapView(bootstrapper) {
                    SwiftUIExampleRoot().keelTheme(themeContext)
                } launch: {
                    ProgressView("Starting…")
                }
            }
        }
    }

    /// The form and settings tabs above, the feed (pagination and images, with deep links
    /// to a post) one page below, through the vertical space transition.
    @MainActor
    struct SwiftUIExampleRoot: View {
        @StateObject private var navigation = ExampleNavigation.make()

        var body: some View {
            // As in the UIKit example: the tabs above, the feed one page below (drag up).
            KeelVerticalSpaceTransition {
                TabView {
                    NavigationStack { SwiftUIFormScreen() }
                        .tabItem { Label("Form", systemImage: "square.and.pencil") }
                    NavigationStack { SwiftUISettingsScreen() }
                        .tabItem { Label("Settings", systemImage: "gear") }
                }
            } feed: {
                KeelNavigationStack(navigation) {
                    SwiftUIFeedScreen()
                        .keelNavigationDestination(for: PostRoute.self) { route in
                            SwiftUIPostScreen(route: route)
                        }
                }
            }
        }
    }

    /// A post's typed route: `keel-example://post/7` opens post 7 (from a link or in app).
    struct PostRoute: Hashable, Codable, Sendable {
        var id: Int
    }

    enum ExampleNavigation {
        /// The navigation model with the example's routes.
        @MainActor static func make() -> KeelNavigationModel {
            let model = KeelNavigationModel()
            // The pattern is a literal that parses; a failure would be a programmer error.
            _ = try? model.register(Route<PostRoute>("keel-example://post/<int:id>"))
            return model
        }
    }

    /// A post opened from the feed or a deep link.
    struct SwiftUIPostScreen: View {
        let route: PostRoute

        var body: some View {
            VStack(spacing: 16) {
                KeelImage(request: ExampleImages.url(for: route.id).map { ImageRequest(url: $0) }) { image in
                    image.resizable().scaledToFit()
                } placeholder: {
                    Color.secondary.opacity(0.2)
                }
                .frame(height: 240)
                Text("Post \(route.id)").keelFont(.title2)
            }
            .padding()
            .navigationTitle("Post \(route.id)")
        }
    }

    enum ExampleImages {
        /// The example image of post `id`.
        static func url(for id: Int) -> URL? { URL(string: "https://picsum.photos/id/\(id % 90)/400") }
    }

    /// SwiftUI's own names in type position beside KeelSwiftUI and every Keel module: a Keel
    /// type named like one of them would make this ambiguous and fail the type check.
    @MainActor enum SwiftUINamesBesideKeelSwiftUI {
        static func values() -> [Any] {
            let color: Color = Color(keel: ColorValue(red: 0.1, green: 0.2, blue: 0.3))
            let font: Font = .keel(KeelThemeContext.global.resolver().font(.body))
            let animation: Animation? = .keel(KeelThemeContext.global.resolver().motion(.fast))
            let image: Image = Image(systemName: "star")
            let text: Text = Text("Keel")
            let toggle: Toggle<Text> = Toggle("On", isOn: .constant(true))
            let button: Button<Text> = Button("Go") {}
            let layout: AnyLayout = AnyLayout(KeelFlexLayout.vertical(spacing: 4))
            let style: KeelButtonStyle = .keel(.brand)
            let weight: Font.Weight = .semibold
            let visibility: Visibility = .automatic
            let alignment: TextAlignment = .center
            return [
                color, font, animation as Any, image, text, toggle, button, layout, style, weight, visibility,
                alignment,
            ]
        }
    }
#endif
