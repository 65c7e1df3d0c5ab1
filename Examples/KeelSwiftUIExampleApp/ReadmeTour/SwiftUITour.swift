// README.md's KeelSwiftUI block is this file between `#if canImport(UIKit)` and `#endif`,
// one indentation level less (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    import KeelImages
    import KeelLists
    import KeelSwiftUI
    import KeelSwiftUIApp
    import KeelSwiftUIImages
    import SwiftUI

    struct ProfileScreen: View {
        let avatar: URL
        let settings: ListDataSource
        let saveProfile: @MainActor () async -> Void
        @State private var saving = false
        @State private var sync = true
        @KeelThemed private var theme  // the resolver for this view's own traits

        var body: some View {
            VStack(spacing: CGFloat(theme.spacing(.md))) {
                KeelFlexLayout.horizontal(spacing: 12, alignment: .center) {
                    KeelImage(request: ImageRequest(url: avatar)) {
                        $0.resizable().scaledToFill()
                    } placeholder: {
                        Color(keel: .backgroundSecondary, in: theme)
                    }
                    .frame(width: 48, height: 48)
                    Text("Ada Lovelace").keelFont(.title3).keelLayoutItem(Leaf().weight(1))
                    Button("More actions") {}.buttonStyle(KeelIconButtonStyle(.more))
                }
                Toggle("Sync", isOn: $sync)
                    .toggleStyle(KeelToggleStyle { requested in requested })  // confirmation mode
                Button("Save") {
                    saving = true
                    Task {
                        await saveProfile()
                        saving = false
                    }
                }
                .buttonStyle(KeelButtonStyle(.brand, icon: .checkmarkCircle, isLoading: saving))
                .keelAnimation(.fast, value: saving)  // Reduce Motion: the token's replacement
                KeelList(dataSource: settings) { item, action in print(item.id, action) }
            }
            .keelTheme(KeelThemeContext.global)  // or a scene's own context
        }
    }
#endif
