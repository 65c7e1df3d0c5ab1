#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import SwiftUI
    import UIKit

    extension KeyboardGeometry {
        /// How far a docked keyboard at `frame` (in the window's coordinates; `nil` when it
        /// hides) overlaps `view`, counted only while `view` holds the first responder: what the
        /// SwiftUI alert and Keel's own sheet feed their layouts, as the UIKit overlays do.
        @MainActor static func dockedOverlap(of view: UIView, keyboardFrameInWindow frame: CGRect?) -> Double
        {
            dockedOverlap(
                keyboardFrame: frame.map { view.convert($0, from: nil).keelRect },
                containerFrame: view.bounds.keelRect,
                containsFirstResponder: containsFirstResponder(
                    view, children: { $0.subviews }, isFirstResponder: { $0.isFirstResponder }))
        }
    }
#endif
