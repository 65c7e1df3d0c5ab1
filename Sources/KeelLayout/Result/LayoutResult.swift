/// The frames of a laid-out tree: an immutable value keyed by node, safe to send anywhere.
///
/// Frames are relative to the parent's border box (the root's to the layout origin, offset by
/// its margins) and rounded to the device-pixel grid of ``pointScale`` when one was given.
public struct LayoutResult: Sendable, Equatable {
    /// One node's entry, in depth-first pre-order.
    public struct Entry: Sendable, Equatable {
        /// The node.
        public let id: LayoutNode.ID
        /// The index of the parent's entry, `nil` for the root.
        public let parentIndex: Int?
        /// The frame relative to the parent.
        public let frame: Rect
        /// The frame relative to the root's parent (the layout origin).
        public let absoluteFrame: Rect
        /// The frame before pixel rounding, relative to the parent.
        public let unroundedFrame: Rect
        /// The node's debug name.
        public let name: String?
        /// The node's debug text.
        public let text: String?
    }

    /// Every node's entry in depth-first pre-order, the root first.
    public let entries: [Entry]
    /// The display scale frames were rounded for, `nil` when unrounded.
    public let pointScale: Double?
    private let indexByID: [LayoutNode.ID: Int]

    init(entries: [Entry], pointScale: Double?) {
        self.entries = entries
        self.pointScale = pointScale
        var index: [LayoutNode.ID: Int] = [:]
        index.reserveCapacity(entries.count)
        for (offset, entry) in entries.enumerated() { index[entry.id] = offset }
        indexByID = index
    }

    /// The root's frame.
    public var rootFrame: Rect { entries.first?.frame ?? .zero }

    /// The root's size.
    public var size: Size { Size(width: rootFrame.width, height: rootFrame.height) }

    /// The frame of the node with `id` relative to its parent, if it was laid out.
    public subscript(id: LayoutNode.ID) -> Rect? {
        indexByID[id].map { entries[$0].frame }
    }

    /// The frame of `node` relative to its parent, if it was laid out.
    public func frame(of node: LayoutNode) -> Rect? { self[node.id] }

    /// The frame of `node` relative to the layout origin, if it was laid out.
    public func absoluteFrame(of node: LayoutNode) -> Rect? {
        indexByID[node.id].map { entries[$0].absoluteFrame }
    }

    /// The entry of the node with `id`, if it was laid out.
    public func entry(of id: LayoutNode.ID) -> Entry? {
        indexByID[id].map { entries[$0] }
    }

    /// The entry of `node`, if it was laid out.
    public func entry(of node: LayoutNode) -> Entry? {
        indexByID[node.id].map { entries[$0] }
    }

    /// Frames compare by value; two layouts of equal trees compare equal only if their node
    /// identities also match.
    public static func == (lhs: LayoutResult, rhs: LayoutResult) -> Bool {
        lhs.entries == rhs.entries && lhs.pointScale == rhs.pointScale
    }

    /// Whether the two results have the same frames in the same tree shape, ignoring identities.
    public func hasSameFrames(as other: LayoutResult) -> Bool {
        entries.count == other.entries.count
            && zip(entries, other.entries).allSatisfy {
                $0.frame == $1.frame && $0.parentIndex == $1.parentIndex
            }
    }
}
