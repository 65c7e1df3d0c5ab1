#if canImport(UIKit)
    import KeelLists
    import KeelNetworking
    import KeelUIKit
    import KeelUIKitControllers
    import UIKit

    /// The example app's "Seeds" tab: one row per section of the predecessors' READMEs, each
    /// running that section's example from `Examples/SeedExamples/` as the document writes it.
    /// The list itself is AEViewModel's pattern: a `BasicDataSource` and
    /// `action(for:at:sender:)` switching on the row's identifier.
    /// The "Seeds" tab's root controller (the example app's scene delegate shows it).
    @MainActor public func makeSeedExamplesViewController() -> UIViewController {
        SeedExamplesViewController()
    }

    final class SeedExamplesViewController: TableViewController {
        /// The row identifiers.
        enum Row: String, CaseIterable {
            case transition, bootstrap, pagination, listRefresh, tableList, tableListPaging
            case collectionList, home, chainableLayoutImages, storage, networkStatus, theme
            case xdBasics, xdIconButtons, xdToggle, xdAlert, xdBottomSheet, xdComponent
            case aeExample
        }

        /// The monitor the network-status example started, kept while the tab lives.
        private var networkMonitor: NetworkMonitor?

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Seeds"
            dataSource = BasicDataSource(
                title: "Seeds",
                sections: [
                    BasicSection(
                        header: "AppFoundation",
                        items: [
                            BasicItem(identifier: Row.transition.rawValue, title: "纵向空间切换组件"),
                            BasicItem(identifier: Row.bootstrap.rawValue, title: "启动任务示例"),
                            BasicItem(identifier: Row.pagination.rawValue, title: "分页示例"),
                            BasicItem(identifier: Row.listRefresh.rawValue, title: "列表刷新示例"),
                            BasicItem(identifier: Row.tableList.rawValue, title: "UITableView"),
                            BasicItem(
                                identifier: Row.tableListPaging.rawValue,
                                title: "UITableView · refresh / loadMore"),
                            BasicItem(
                                identifier: Row.collectionList.rawValue,
                                title: "UICollectionView（Flow Layout）"),
                            BasicItem(identifier: Row.home.rawValue, title: "本地接入"),
                            BasicItem(
                                identifier: Row.chainableLayoutImages.rawValue,
                                title: "UIKit 链式配置 · 图片加载 · TangramKit 布局"),
                            BasicItem(identifier: Row.storage.rawValue, title: "存储"),
                            BasicItem(identifier: Row.networkStatus.rawValue, title: "网络状态"),
                            BasicItem(identifier: Row.theme.rawValue, title: "主题"),
                        ]),
                    BasicSection(
                        header: "XDDesignKit",
                        items: [
                            BasicItem(identifier: Row.xdBasics.rawValue, title: "基础使用"),
                            BasicItem(identifier: Row.xdIconButtons.rawValue, title: "专用图标按钮"),
                            BasicItem(identifier: Row.xdToggle.rawValue, title: "Toggle"),
                            BasicItem(identifier: Row.xdAlert.rawValue, title: "Alert"),
                            BasicItem(identifier: Row.xdBottomSheet.rawValue, title: "Bottom Sheet"),
                            BasicItem(identifier: Row.xdComponent.rawValue, title: "编写组件"),
                        ]),
                    BasicSection(
                        header: "AEViewModel",
                        items: [BasicItem(identifier: Row.aeExample.rawValue, title: "示例")]),
                ])
        }

        override func action(for cell: TableCell, at indexPath: IndexPath, sender: Any) {
            guard let identifier = dataSource.identifier(at: indexPath), let row = Row(rawValue: identifier)
            else { return }
            switch row {
            case .transition:
                let root = SeedVerticalSpaceTransition.SentenceRootViewController()
                root.modalPresentationStyle = .fullScreen
                present(root, animated: true)
            case .bootstrap: Task { try? await SeedBootstrap.example() }
            case .pagination: Task { try? await SeedPagination.example() }
            case .listRefresh: show(SeedListRefresh.FeedViewController(), sender: self)
            case .tableList: show(SeedTraditionalLists.FeedViewController(), sender: self)
            case .tableListPaging: show(SeedTraditionalLists.PagingFeedViewController(), sender: self)
            case .collectionList: show(SeedTraditionalLists.GalleryViewController(), sender: self)
            case .home: show(SeedLocalIntegration.HomeViewController(), sender: self)
            case .chainableLayoutImages:
                show(
                    SeedShowcaseViewController { view in
                        SeedChainable.example()
                        SeedImageLoading.example()
                        SeedLayout.example(view: view, titleLabel: UILabel(), avatarView: UIImageView())
                    }, sender: self)
            case .storage: try? SeedStorage.example()
            case .networkStatus: networkMonitor = SeedNetworkStatus.example()
            case .theme: SeedTheme.example()
            case .xdBasics:
                show(
                    SeedShowcaseViewController { _ in
                        try? SeedXDBasicUsage.example()
                        SeedXDBasicUsage.styles()
                        SeedXDBasicUsage.iconLayouts()
                    }, sender: self)
            case .xdIconButtons: show(SeedXDIconButtons.makeScreen(), sender: self)
            case .xdToggle:
                show(SeedShowcaseViewController { SeedXDToggle.addExamples(to: $0) }, sender: self)
            case .xdAlert: show(SeedXDAlert.makeScreen(), sender: self)
            case .xdBottomSheet: show(SeedXDBottomSheet.makeScreen(), sender: self)
            case .xdComponent: show(SeedXDWritingComponents.makeScreen(), sender: self)
            case .aeExample: show(SeedExample.ExampleTVC(), sender: self)
            }
        }
    }

    /// A screen that runs a seed example's statements against its view once it is loaded.
    final class SeedShowcaseViewController: UIViewController {
        private let build: @MainActor (UIView) -> Void

        init(build: @escaping @MainActor (UIView) -> Void) {
            self.build = build
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            build(view)
        }
    }
#endif
