#if canImport(UIKit)
    import KeelDesign
    import KeelLists
    import UIKit

    /// A collection view controller driven by a `ListSnapshot`: ``apply(_:animated:completion:)``
    /// diffs the current and the new snapshot headlessly and runs the staged batch updates, with
    /// a compositional list layout by default.
    ///
    /// ```swift
    /// final class FeedViewController: BaseCollectionViewController<String, Post.ID> {
    ///     override func cell(for item: Post.ID, at indexPath: IndexPath) -> UICollectionViewCell { … }
    /// }
    /// feed.apply(snapshot)
    /// ```
    open class BaseCollectionViewController<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
        BaseViewController, UICollectionViewDataSource, UICollectionViewDelegate
    {
        /// The collection view, created in `setupUI()`.
        public private(set) lazy var collectionView = UICollectionView(
            frame: .zero, collectionViewLayout: makeLayout())
        /// What the collection view shows.
        public private(set) var snapshot = ListSnapshot<SectionID, ItemID>()

        /// Adds the collection view, filling the controller's view.
        override open func setupUI() {
            super.setupUI()
            collectionView.dataSource = self
            collectionView.delegate = self
            collectionView.backgroundColor = .clear
            view.addSubview(collectionView)
            collectionView.pinEdges(to: view)
        }

        /// The layout; a plain compositional list by default.
        open func makeLayout() -> UICollectionViewLayout {
            UICollectionViewCompositionalLayout.list(
                using: UICollectionLayoutListConfiguration(appearance: .plain))
        }

        /// The cell for `item`; subclasses dequeue and configure it.
        open func cell(for item: ItemID, at indexPath: IndexPath) -> UICollectionViewCell {
            UICollectionViewCell()
        }

        /// Called when the user selects `item`.
        open func didSelect(_ item: ItemID, at indexPath: IndexPath) {}

        /// Shows `newSnapshot`, animating the differences when the view is on screen
        /// (`ListUpdateMode`).
        public func apply(
            _ newSnapshot: ListSnapshot<SectionID, ItemID>, animated: Bool = true,
            completion: (() -> Void)? = nil
        ) {
            switch ListUpdateMode.decide(
                animated: animated, isViewLoaded: isViewLoaded, window: viewIfLoaded?.window)
            {
            case .reload: reload(newSnapshot, completion: completion)
            case .animate: animate(to: newSnapshot, completion: completion)
            }
        }

        private func reload(_ newSnapshot: ListSnapshot<SectionID, ItemID>, completion: (() -> Void)?) {
            snapshot = newSnapshot
            collectionView.reloadData()
            completion?()
        }

        private func animate(to newSnapshot: ListSnapshot<SectionID, ItemID>, completion: (() -> Void)?) {
            collectionView.apply(
                StagedChangeset(from: snapshot, to: newSnapshot),
                setData: { [weak self] data in self?.snapshot = data },
                completion: { _ in completion?() })
        }

        /// The number of sections in the snapshot.
        public func numberOfSections(in collectionView: UICollectionView) -> Int {
            snapshot.numberOfSections
        }

        /// The number of items of a section in the snapshot.
        public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
            -> Int
        {
            snapshot.itemCount(inSectionAt: section)
        }

        /// Asks ``cell(for:at:)`` for the item's cell.
        public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            guard
                let item = snapshot.itemIdentifier(
                    at: ItemIndex(section: indexPath.section, item: indexPath.item))
            else { return UICollectionViewCell() }
            return cell(for: item, at: indexPath)
        }

        /// Forwards selection to ``didSelect(_:at:)``.
        public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            guard
                let item = snapshot.itemIdentifier(
                    at: ItemIndex(section: indexPath.section, item: indexPath.item))
            else { return }
            didSelect(item, at: indexPath)
        }
    }
#endif
