#if canImport(UIKit)
    import KeelLists
    import UIKit

    extension IndexPath {
        /// The UIKit index path of a neutral item index.
        public init(_ index: ItemIndex) {
            self.init(item: index.item, section: index.section)
        }
    }

    extension UICollectionView {
        /// Applies staged changes in the order UIKit accepts: for each stage, `setData` installs
        /// the stage's data, then its deletes, inserts, moves and reloads run in one
        /// `performBatchUpdates`. The stages were computed headlessly (KeelLists), so no
        /// duplicate identifier can crash the update.
        public func apply<Data>(
            _ staged: StagedChangeset<Data>,
            setData: @escaping (Data) -> Void,
            completion: ((Bool) -> Void)? = nil
        ) {
            guard !staged.isEmpty else {
                completion?(true)
                return
            }
            for (offset, stage) in staged.enumerated() {
                let isLast = offset == staged.count - 1
                performBatchUpdates(
                    {
                        setData(stage.data)
                        if !stage.sectionDeletes.isEmpty { deleteSections(IndexSet(stage.sectionDeletes)) }
                        if !stage.sectionInserts.isEmpty { insertSections(IndexSet(stage.sectionInserts)) }
                        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
                        if !stage.sectionUpdates.isEmpty { reloadSections(IndexSet(stage.sectionUpdates)) }
                        if !stage.itemDeletes.isEmpty {
                            deleteItems(at: stage.itemDeletes.map(IndexPath.init))
                        }
                        if !stage.itemInserts.isEmpty {
                            insertItems(at: stage.itemInserts.map(IndexPath.init))
                        }
                        for move in stage.itemMoves {
                            moveItem(at: IndexPath(move.from), to: IndexPath(move.to))
                        }
                        if !stage.itemUpdates.isEmpty {
                            reconfigureItems(at: stage.itemUpdates.map(IndexPath.init))
                        }
                    }, completion: isLast ? completion : nil)
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
            guard !staged.isEmpty else {
                completion?(true)
                return
            }
            for (offset, stage) in staged.enumerated() {
                let isLast = offset == staged.count - 1
                performBatchUpdates(
                    {
                        setData(stage.data)
                        if !stage.sectionDeletes.isEmpty {
                            deleteSections(IndexSet(stage.sectionDeletes), with: animation)
                        }
                        if !stage.sectionInserts.isEmpty {
                            insertSections(IndexSet(stage.sectionInserts), with: animation)
                        }
                        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
                        if !stage.sectionUpdates.isEmpty {
                            reloadSections(IndexSet(stage.sectionUpdates), with: animation)
                        }
                        if !stage.itemDeletes.isEmpty {
                            deleteRows(at: stage.itemDeletes.map(IndexPath.init), with: animation)
                        }
                        if !stage.itemInserts.isEmpty {
                            insertRows(at: stage.itemInserts.map(IndexPath.init), with: animation)
                        }
                        for move in stage.itemMoves {
                            moveRow(at: IndexPath(move.from), to: IndexPath(move.to))
                        }
                        if !stage.itemUpdates.isEmpty {
                            reconfigureRows(at: stage.itemUpdates.map(IndexPath.init))
                        }
                    }, completion: isLast ? completion : nil)
            }
        }
    }
#endif
