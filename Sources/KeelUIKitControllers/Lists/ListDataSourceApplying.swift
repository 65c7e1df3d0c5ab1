#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// A UIKit list view that shows a `ListDataSource`: reloads it whole or applies staged
    /// changes (``ListTableViewController`` and KeelCompat's collection controller share one
    /// update path through it).
    @MainActor
    package protocol ListDataSourceView: UIView {
        /// Reloads every row.
        func reloadData()
        /// Applies staged changes; `setData` installs each stage's data.
        func applyStaged(
            _ staged: StagedChangeset<[ListSection<ListDataSection, ListItem>]>,
            setData: @escaping ([ListSection<ListDataSection, ListItem>]) -> Void)
    }

    extension UITableView: ListDataSourceView {
        package func applyStaged(
            _ staged: StagedChangeset<[ListSection<ListDataSection, ListItem>]>,
            setData: @escaping ([ListSection<ListDataSection, ListItem>]) -> Void
        ) {
            apply(staged, setData: setData)
        }
    }

    extension UICollectionView: ListDataSourceView {
        package func applyStaged(
            _ staged: StagedChangeset<[ListSection<ListDataSection, ListItem>]>,
            setData: @escaping ([ListSection<ListDataSection, ListItem>]) -> Void
        ) {
            apply(staged, setData: setData)
        }
    }

    extension ListDataSourceView {
        /// Shows `newDataSource` in place of `current`: animated through the differences
        /// KeelLists computes when ``ListUpdateMode`` says so, reloaded otherwise. `store`
        /// keeps what the controller shows (each stage while animating, then the new source
        /// without the duplicates the animation dropped).
        package func show(
            _ newDataSource: ListDataSource, replacing current: ListDataSource, animated: Bool,
            isViewLoaded: Bool,
            store: @escaping (ListDataSource) -> Void
        ) {
            switch ListUpdateMode.decide(animated: animated, isViewLoaded: isViewLoaded, window: window) {
            case .reload: reload(newDataSource, store: store)
            case .animate: animate(to: newDataSource, from: current, store: store)
            }
        }

        private func reload(_ newDataSource: ListDataSource, store: (ListDataSource) -> Void) {
            store(newDataSource)
            reloadData()
        }

        private func animate(
            to newDataSource: ListDataSource, from current: ListDataSource,
            store: @escaping (ListDataSource) -> Void
        ) {
            newDataSource.animate(
                from: current,
                applyStaged: { staged, setData in self.applyStaged(staged, setData: setData) },
                store: store)
        }
    }
#endif
