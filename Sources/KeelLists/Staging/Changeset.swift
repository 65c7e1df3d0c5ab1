/// One stage of a ``StagedChangeset``: the data to install, then the changes to animate in one
/// `performBatchUpdates` call. The changes themselves are for Keel's front ends (UIKit's
/// `apply(_:setData:completion:)` in KeelUIKitControllers runs them); an app reads ``data``.
///
/// Set ``data`` as the data source's contents synchronously inside the batch-update block,
/// before UIKit asks for counts; then apply the changes. Offsets are relative to the previous
/// stage's data (deletes, the `from` side of moves, updates) and to this stage's data (inserts,
/// the `to` side of moves), which is exactly what UIKit expects within one batch.
public struct Changeset<Data> {
    /// The contents to set before applying this stage's changes.
    public var data: Data
    /// Sections to delete, by offset in the previous stage's data.
    @usableFromInline package var sectionDeletes: [Int]
    /// Sections to insert, by offset in this stage's data.
    @usableFromInline package var sectionInserts: [Int]
    /// Sections to move, from the previous stage's offsets to this stage's.
    @usableFromInline package var sectionMoves: [OffsetMove]
    /// Sections to reload, by offset in the previous stage's data.
    @usableFromInline package var sectionUpdates: [Int]
    /// Items to delete, at positions in the previous stage's data.
    @usableFromInline package var itemDeletes: [ItemIndex]
    /// Items to insert, at positions in this stage's data.
    @usableFromInline package var itemInserts: [ItemIndex]
    /// Items to move, from positions in the previous stage's data to positions in this stage's.
    @usableFromInline package var itemMoves: [ItemMove]
    /// Items to reload or reconfigure, at positions in the previous stage's data.
    @usableFromInline package var itemUpdates: [ItemIndex]

    /// Creates a stage.
    @usableFromInline package init(
        data: Data, sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [OffsetMove] = [],
        sectionUpdates: [Int] = [], itemDeletes: [ItemIndex] = [], itemInserts: [ItemIndex] = [],
        itemMoves: [ItemMove] = [], itemUpdates: [ItemIndex] = []
    ) {
        self.data = data
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionUpdates = sectionUpdates
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemUpdates = itemUpdates
    }

    /// The number of section and item changes in this stage.
    @usableFromInline package var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionUpdates.count
            + itemDeletes.count + itemInserts.count + itemMoves.count + itemUpdates.count
    }

    /// Whether the stage changes anything.
    @usableFromInline package var hasChanges: Bool { changeCount > 0 }
}

extension Changeset: Sendable where Data: Sendable {}
extension Changeset: Equatable where Data: Equatable {}

/// The changes from one list to another, split into stages UIKit accepts one
/// `performBatchUpdates` call each.
///
/// Flat lists use up to three stages — item updates; item deletes; item inserts and moves.
/// Sectioned lists use up to five — item updates; section and item deletes; section inserts and
/// moves; item inserts and moves; section updates. Empty stages are omitted, so equal lists give
/// no stage at all, and the last stage's data is always the new list.
public struct StagedChangeset<Data>: RandomAccessCollection {
    /// The stages, in the order to apply them.
    @usableFromInline package var stages: [Changeset<Data>]

    /// Creates a staged changeset from stages.
    @usableFromInline package init(_ stages: [Changeset<Data>] = []) {
        self.stages = stages
    }

    /// The first stage's offset (0).
    public var startIndex: Int { stages.startIndex }
    /// One past the last stage's offset.
    public var endIndex: Int { stages.endIndex }
    /// The stage at `position`.
    public subscript(position: Int) -> Changeset<Data> { stages[position] }
}

extension StagedChangeset: Sendable where Data: Sendable {}
extension StagedChangeset: Equatable where Data: Equatable {}
