#if canImport(SwiftUI) && canImport(UIKit)
    import KeelImages
    import KeelLists
    import KeelSwiftUI
    import KeelSwiftUIApp
    import KeelSwiftUIImages
    import SwiftUI

    /// Loads the feed's pages through a `PagingController` and its `ListLoader`.
    @MainActor
    final class SwiftUIFeedModel: ObservableObject {
        @Published private(set) var posts: [Post] = []
        @Published private(set) var loading = ListLoadingState()
        let pagination = PagingController<Int, Post>(pageSize: 20) { page, pageSize in
            let response = try await ExampleAPI.posts(page: page, pageSize: pageSize)
            return PageResult(page: page, items: response.items, hasMore: response.hasMore)
        }
        private(set) lazy var loader = ListLoader(controller: pagination)

        /// Follows the loader and the items until the view goes.
        func follow() async {
            let updates = loader.updates()
            await loader.refreshIfNeverLoaded()
            posts = await pagination.items
            for await state in updates {
                loading = state
                posts = await pagination.items
            }
        }
    }

    /// The feed: pagination (the headless load-more trigger on row display), pull to refresh,
    /// images through `KeelImage`, a tap opens the post through its typed route.
    @MainActor
    struct SwiftUIFeedScreen: View {
        @StateObject private var model = SwiftUIFeedModel()
        @EnvironmentObject private var navigation: KeelNavigationModel
        @Environment(\.keelCloseFeed) private var closeFeed

        var body: some View {
            let chrome = ListChrome.decide(model.loading)
            List {
                ForEach(Array(model.posts.enumerated()), id: \.element.id) { index, post in
                    Button {
                        Task { try? await navigation.open("keel-example://post/\(post.id)") }
                    } label: {
                        HStack {
                            KeelImage(request: post.imageURL.map { ImageRequest(url: $0) }) { image in
                                image.resizable().scaledToFill()
                            } placeholder: {
                                Image(systemName: "photo")
                            }
                            .frame(width: 48, height: 48)
                            .clipped()
                            .keelBadge(post.id % 7 == 0 ? .count(post.id) : .count(0))
                            Text(post.title).keelFont(.body)
                        }
                    }
                    .onAppear {
                        LoadMoreTrigger.displaying(
                            ItemIndex(section: 0, item: index), sectionCount: 1,
                            itemCount: { _ in model.posts.count },
                            loadMore: { Task { await model.loader.loadMore() } })
                    }
                }
                switch chrome.footer {
                case .hidden: EmptyView()
                case .spinner: KeelProgress(style: .circular, label: "Loading more posts")
                case .retry(let title): Button(title) { Task { await model.loader.retry() } }
                }
            }
            .refreshable { await model.loader.refresh() }
            .overlay { chrome.message.map { Text($0) } }
            // The first page: the rows' shapes, shimmering, until the posts arrive.
            .overlay(alignment: .top) {
                if model.posts.isEmpty && model.loading.phase == .refreshing {
                    KeelSkeleton(.listRow, count: 8)
                }
            }
            .navigationTitle("Feed")
            .toolbar { Button("Close") { closeFeed() } }
            .task { await model.follow() }
        }
    }

    /// Settings from the same JSON data source as the UIKit example, in `KeelList`'s stock cells.
    struct SwiftUISettingsScreen: View {
        private let dataSource =
            (try? ListDataSource.decode(from: Data(SettingsScreen.json.utf8)))
            ?? ListDataSource(title: "Settings", items: [])

        var body: some View {
            KeelList(dataSource: dataSource) { item, action in
                print("settings:", item.id, action)
            }
            .navigationTitle(dataSource.title ?? "Settings")
        }
    }
#endif
