extension Edges where Value == Length {
    /// Every edge zero.
    public static let zero = Edges(all: .points(0))
    /// Every edge automatic (insets that do not constrain).
    public static let auto = Edges(all: .auto)
}
