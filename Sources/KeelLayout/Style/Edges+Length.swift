extension Edges where Value == Length {
    /// Every edge automatic (insets that do not constrain).
    public static let auto = Edges(all: .auto)
}
