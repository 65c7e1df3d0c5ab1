#if canImport(UIKit)
    import KeelLists
    import UIKit

    extension IndexPath {
        /// The UIKit index path of a neutral item index.
        package init(_ index: ItemIndex) {
            self.init(item: index.item, section: index.section)
        }
    }

    extension UICollectionView {
        /// Applies staged changes in the order UIKit accepts: for each stage, `setData` installs
        /// the stage's data, then its deletes, inserts, moves and reloads run in one
        /// `performBatchUpdates` (an empty list of changes is a no-op for UIKit, so every kind is
        /// applied unconditionally). The stages were computed headlessly (KeelLists), so no
        /// duplicate identifier can crash the update; which stage runs `completion` is
        /// KeelLists' too.
        public func apply<Data>(
            _ staged: StagedChangeset<Data>,
            setData: @escaping (Data) -> Void,
            completion: ((Bool) -> Void)? = nil
        ) {
            staged.immediateCompletion(completion)?(true)
            for (offset, stage) in staged.enumerated() {
                performBatchUpdates(
                    {
                        setData(stage.data)
                        deleteSections(IndexSet(stage.sectionDeletes))
                        insertSections(IndexSet(stage.sectionInserts))
                        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
                        reloadSections(IndexSet(stage.sectionUpdates))
                        deleteItems(at: stage.itemDeletes.map(IndexPath.init))
                        insertItems(at: stage.itemInserts.map(IndexPath.init))
                        for move in stage.itemMoves {
                            moveItem(at: IndexPath(move.from), to: IndexPath(move.to))
                        }
                        reconfigureItems(at: stage.itemUpdates.map(IndexPath.init))
                    }, completion: staged.completion(forStageAt: offset, completion))
            }
        }
    }

    extension UITableView {
        /// Applies staged changes to a table view; see the collection view's `apply`.
        public func apply<Data>(
            _ staged: StagedChangeset<Data>,
            with animation: UITableView.RowAnimation = .automatic,
            setData: @escaping (Data) -> Void,
            completion: ((Bool) -> Void)? = nil
        ) {
            staged.immediateCompletion(completion)?(true)
            for (offset, stage) in staged.enumerated() {
                performBatchUpdates(
                    {
                        setData(stage.data)
                        deleteSections(IndexSet(stage.sectionDeletes), with: animation)
                        insertSections(IndexSet(stage.sectionInserts), with: animation)
                        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
                        reloadSections(IndexSet(stage.sectionUpdates), with: animation)
                        deleteRows(at: stage.itemDeletes.map(IndexPath.init), with: animation)
                        insertRows(at: stage.itemInserts.map(IndexPath.init), with: animation)
                        for move in stage.itemMoves {
                            moveRow(at: IndexPath(move.from), to: IndexPath(move.to))
                        }
                        reconfigureRows(at: stage.itemUpdates.map(IndexPath.init))
                    }, completion: staged.completion(forStageAt: offset, completion))
            }
        }
    }
#endif
