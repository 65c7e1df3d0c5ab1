extension KeyboardGeometry {
    /// Whether `root` or any node below it holds the first responder — the
    /// `containsFirstResponder` of ``dockedOverlap(keyboardFrame:containerFrame:containsFirstResponder:)``
    /// for a view tree a front end does not own (SwiftUI's hosting view). Walks the tree with
    /// an explicit stack, so a deep tree cannot exhaust the call stack, and stops at the
    /// first responder found.
    package static func containsFirstResponder<Node>(
        _ root: Node, children: (Node) -> [Node], isFirstResponder: (Node) -> Bool
    ) -> Bool {
        var pending = [root]
        while let node = pending.popLast() {
            if isFirstResponder(node) { return true }
            pending.append(contentsOf: children(node))
        }
        return false
    }
}
