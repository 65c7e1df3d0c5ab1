/// The frames of a laid-out tree: an immutable value keyed by node, safe to send anywhere.
///
/// Frames are relative to the parent's border box (the root's to the layout origin, offset by
/// its margins) and rounded to the device-pixel grid of the configuration's point scale when one was given.
///
/// The storage is a struct of arrays shared copy-on-write: a root keeps its last result and,
/// while its tree's shape is unchanged, the next layout rewrites only the frames that changed
/// (in place when no caller still holds the old result, otherwise in a copy). A result a
/// caller holds never changes.
public struct LayoutResult: Sendable, Equatable {
    /// One node's entry, in depth-first pre-order.
    package struct Entry: Sendable, Equatable {
        /// The node.
        package let id: LayoutNode.ID
        /// The index of the parent's entry, `nil` for the root.
        package let parentIndex: Int?
        /// The frame relative to the parent.
        package let frame: Rect
        /// The frame relative to the root's parent (the layout origin).
        package let absoluteFrame: Rect
        /// The frame before pixel rounding, relative to the parent.
        package let unroundedFrame: Rect
        /// The node's debug name.
        package let name: String?
        /// The node's debug text.
        package let text: String?
    }

    /// Every node's entry in depth-first pre-order, the root first (a random-access view of
    /// the result's storage; each element is built when read).
    package struct Entries: RandomAccessCollection, Sendable, Equatable {
        let result: LayoutResult

        /// 0.
        package var startIndex: Int { 0 }
        /// The number of entries.
        package var endIndex: Int { result.storage.slots.count }

        /// The entry at `position`.
        package subscript(position: Int) -> Entry { result.entry(at: position) }

        /// Entries compare element by element.
        package static func == (lhs: Entries, rhs: Entries) -> Bool {
            lhs.result.storage.sameEntries(as: rhs.result.storage)
        }
    }

    /// The nodes' frames, shared copy-on-write (one reference to copy, however large the tree).
    var storage: Storage
    /// The display scale frames were rounded for, `nil` when unrounded.
    package internal(set) var pointScale: Double?

    init(storage: Storage, pointScale: Double?) {
        self.storage = storage
        self.pointScale = pointScale
    }

    /// Makes ``storage`` safe to write: copied first if another result shares it.
    mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Every node's entry in depth-first pre-order, the root first.
    package var entries: Entries { Entries(result: self) }

    /// The root's frame.
    package var rootFrame: Rect { storage.slots.first?.frame ?? .zero }

    /// The root's size.
    public var size: Size { Size(width: rootFrame.width, height: rootFrame.height) }

    /// The frame of the node with `id` relative to its parent, if it was laid out.
    package subscript(id: LayoutNode.ID) -> Rect? {
        storage.position(of: id).map { storage.slots[$0].frame }
    }

    /// The frame of `node` relative to its parent, if it was laid out.
    public func frame(of node: LayoutNode) -> Rect? { self[node.id] }

    /// The frame of `node` relative to the layout origin, if it was laid out.
    package func absoluteFrame(of node: LayoutNode) -> Rect? {
        storage.position(of: node.id).map { storage.slots[$0].absoluteFrame }
    }

    /// The entry of the node with `id`, if it was laid out.
    package func entry(of id: LayoutNode.ID) -> Entry? {
        storage.position(of: id).map { entry(at: $0) }
    }

    /// The entry of `node`, if it was laid out.
    package func entry(of node: LayoutNode) -> Entry? { entry(of: node.id) }

    func entry(at position: Int) -> Entry {
        let slot = storage.slots[position]
        return Entry(
            id: slot.id, parentIndex: slot.parent < 0 ? nil : Int(slot.parent), frame: slot.frame,
            absoluteFrame: slot.absoluteFrame, unroundedFrame: slot.unroundedFrame,
            name: storage.labels.names[position], text: storage.labels.texts[position])
    }

    /// Frames compare by value; two layouts of equal trees compare equal only if their node
    /// identities also match.
    public static func == (lhs: LayoutResult, rhs: LayoutResult) -> Bool {
        lhs.pointScale == rhs.pointScale && lhs.storage.sameEntries(as: rhs.storage)
    }

    /// Whether the two results have the same frames in the same tree shape, ignoring identities.
    package func hasSameFrames(as other: LayoutResult) -> Bool {
        let lhs = storage.slots
        let rhs = other.storage.slots
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices
        where lhs[index].frame != rhs[index].frame || lhs[index].parent != rhs[index].parent {
            return false
        }
        return true
    }
}

extension LayoutResult {
    /// An unrounded origin relative to the layout origin.
    struct Origin: Equatable {
        var x: Double
        var y: Double
    }

    /// One node's frames, without its (rarely present) name and text.
    struct Slot {
        var id: LayoutNode.ID
        /// The parent's index, -1 for the root.
        var parent: Int32
        var frame: Rect
        var absoluteFrame: Rect
        var unroundedFrame: Rect
        /// The unrounded origin relative to the layout origin: decides, in an incremental
        /// update, whether a subtree moved and must be rounded again.
        var origin: Origin

        /// The public fields are equal (`origin` follows from them).
        func sameEntry(as other: Slot) -> Bool {
            id == other.id && parent == other.parent && frame == other.frame
                && absoluteFrame == other.absoluteFrame && unroundedFrame == other.unroundedFrame
        }
    }

    /// The frames of every node in pre-order, owned by one ``LayoutResult`` while written.
    ///
    /// A class so that copying a result (the root keeps one, callers keep theirs) costs one
    /// reference count; ``LayoutResult/makeStorageUnique()`` copies it before a write when
    /// shared, so a result a caller holds never changes. Only written while uniquely
    /// referenced (the copy-on-write rule), hence the unchecked `Sendable`.
    final class Storage: @unchecked Sendable {
        /// One slot per node in pre-order. One array of plain values (names and texts are
        /// apart): a full build is one allocation and an update rewrites slots in place.
        var slots: [Slot]
        /// Names and texts, by entry index; only nodes that have one.
        var labels: Labels
        /// Finds an entry by node identity; shared by every result of the same tree shape.
        var index: IDIndex
        /// The root's ``LayoutNode/structureVersion`` when the slots were built.
        var structureVersion: Int
        /// The layout pass the frames were last brought up to date with.
        var syncedPass: Int
        /// How many slots the last build or update wrote (tests check updates stay local).
        var lastWriteCount = 0

        init(slots: [Slot], labels: Labels, index: IDIndex, structureVersion: Int, syncedPass: Int) {
            self.slots = slots
            self.labels = labels
            self.index = index
            self.structureVersion = structureVersion
            self.syncedPass = syncedPass
        }

        func copy() -> Storage {
            Storage(
                slots: slots, labels: labels, index: index, structureVersion: structureVersion,
                syncedPass: syncedPass)
        }

        @inline(__always)
        func position(of id: LayoutNode.ID) -> Int? {
            guard let position = index.position(of: id), position < slots.count, slots[position].id == id
            else { return nil }
            return position
        }

        func sameEntries(as other: Storage) -> Bool {
            if self === other { return true }
            guard slots.count == other.slots.count else { return false }
            for position in slots.indices where !slots[position].sameEntry(as: other.slots[position]) {
                return false
            }
            return labels === other.labels
                || (labels.names == other.labels.names && labels.texts == other.labels.texts)
        }
    }

    /// Debug names and texts by entry index (most nodes have neither).
    final class Labels: Sendable {
        let names: [Int: String]
        let texts: [Int: String]

        init(names: [Int: String], texts: [Int: String]) {
            self.names = names
            self.texts = texts
        }

        static let empty = Labels(names: [:], texts: [:])
    }

    /// The entry index of each node identity.
    ///
    /// Node identities come from a process-wide counter and a tree's nodes are usually created
    /// together, so their raw values mostly fall in a narrow range: then a flat table indexed
    /// by `rawValue - base` replaces hashing (building it is a fraction of a dictionary's cost,
    /// and a lookup is one load). Trees whose identities are spread out use a dictionary.
    final class IDIndex: Sendable {
        let base: Int
        /// Entry index + 1 for each raw value from `base`, 0 where no node has that identity.
        let table: [Int32]
        let dictionary: [LayoutNode.ID: Int]

        private init(base: Int, table: [Int32], dictionary: [LayoutNode.ID: Int]) {
            self.base = base
            self.table = table
            self.dictionary = dictionary
        }

        static let empty = IDIndex(base: 0, table: [], dictionary: [:])

        /// The index for the identities of `slots` (each identity once).
        init(_ slots: [Slot]) {
            var low = Int.max
            var high = Int.min
            for slot in slots {
                low = min(low, slot.id.rawValue)
                high = max(high, slot.id.rawValue)
            }
            let span = slots.isEmpty ? 0 : high - low + 1
            if span <= 4 * slots.count + 64, slots.count < Int(Int32.max) {
                var table = [Int32](repeating: 0, count: span)
                table.withUnsafeMutableBufferPointer { table in
                    for (position, slot) in slots.enumerated() {
                        table[slot.id.rawValue - low] = Int32(truncatingIfNeeded: position + 1)
                    }
                }
                base = low
                self.table = table
                dictionary = [:]
            } else {
                var dictionary: [LayoutNode.ID: Int] = [:]
                dictionary.reserveCapacity(slots.count)
                for (position, slot) in slots.enumerated() { dictionary[slot.id] = position }
                base = 0
                table = []
                self.dictionary = dictionary
            }
        }

        @inline(__always)
        func position(of id: LayoutNode.ID) -> Int? {
            if table.isEmpty { return dictionary[id] }
            let slot = id.rawValue &- base
            guard slot >= 0, slot < table.count else { return nil }
            let position = Int(table[slot]) - 1
            return position >= 0 ? position : nil
        }
    }
}
