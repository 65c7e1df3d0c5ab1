#if canImport(UIKit)
    import KeelLists
    import KeelNetworking
    import KeelUIKit
    import KeelUIKitControllers
    import UIKit

    /// The example app's "Seeds" tab: one row per section of the predecessors' READMEs, each
    /// running that section's example from `Examples/SeedExamples/` as the document writes it.
    /// The list itself is Keel's `ListTableViewController` over a `ListDataSource`, its
    /// `action(for:at:sender:)` switching on the row's identifier.
    /// The "Seeds" tab's root controller (the example app's scene delegate shows it).
    @MainActor public func makeSeedExamplesViewController() -> UIViewController {
        SeedExamplesViewController()
    }

    final class SeedExamplesViewController: ListTableViewController {
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
            apply(
                ListDataSource(
                    title: "Seeds",
                    sections: [
                        ListDataSection(
                            id: "appFoundation", header: "AppFoundation",
                            items: [
                                row(.transition, "纵向空间切换组件"),
                                row(.bootstrap, "启动任务示例"),
                                row(.pagination, "分页示例"),
                                row(.listRefresh, "列表刷新示例"),
                                row(.tableList, "UITableView"),
                                row(.tableListPaging, "UITableView · refresh / loadMore"),
                                row(.collectionList, "UICollectionView（Flow Layout）"),
                                row(.home, "本地接入"),
                                row(.chainableLayoutImages, "UIKit 链式配置 · 图片加载 · TangramKit 布局"),
                                row(.storage, "存储"),
                                row(.networkStatus, "网络状态"),
                                row(.theme, "主题"),
                            ]),
                        ListDataSection(
                            id: "xdDesignKit", header: "XDDesignKit",
                            items: [
                                row(.xdBasics, "基础使用"),
                                row(.xdIconButtons, "专用图标按钮"),
                                row(.xdToggle, "Toggle"),
                                row(.xdAlert, "Alert"),
                                row(.xdBottomSheet, "Bottom Sheet"),
                                row(.xdComponent, "编写组件"),
                            ]),
                        ListDataSection(
                            id: "aeViewModel", header: "AEViewModel", items: [row(.aeExample, "示例")]),
                    ]), animated: false)
        }

        /// The row of an example.
        private func row(_ row: Row, _ title: String) -> ListItem {
            ListItem(id: row.rawValue, viewModel: BasicCellViewModel(title: title))
        }

        override func action(
            for cell: UITableViewCell & ListItemCell, at indexPath: IndexPath, sender: Any
        ) {
            let index = ItemIndex(section: indexPath.section, item: indexPath.row)
            guard let item = listDataSource.item(at: index), let row = Row(rawValue: item.id) else { return }
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
