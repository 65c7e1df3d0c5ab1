/// The horizontal direction text and rows run in: the one layout direction every Keel module
/// shares (themes, components, the layout engine, the renderer).
public enum TextDirection: String, CaseIterable, Hashable, Sendable {
    /// Left to right.
    case leftToRight
    /// Right to left: rows start at the right and leading edges are on the right.
    case rightToLeft

    /// Whether the direction is right to left.
    @inlinable package var isRightToLeft: Bool { self == .rightToLeft }
}
