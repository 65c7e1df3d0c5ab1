#if canImport(UIKit)
    import KeelComponents
    import UIKit

    extension UIScrollView {
        /// This scroll view as KeelComponents' gesture arbitration sees it (offset, insets,
        /// whether it can scroll vertically and takes touches), identified by object identity.
        var keelScrollCandidate: SheetScrollCandidate {
            SheetScrollCandidate(
                id: ObjectIdentifier(self).hashValue, offsetY: Double(contentOffset.y),
                adjustedTopInset: Double(adjustedContentInset.top),
                adjustedBottomInset: Double(adjustedContentInset.bottom),
                contentHeight: Double(contentSize.height), boundsHeight: Double(bounds.height),
                alwaysBouncesVertically: alwaysBounceVertical, isHidden: isHidden,
                isUserInteractionEnabled: isUserInteractionEnabled, isScrollEnabled: isScrollEnabled,
                isInWindow: window != nil)
        }
    }

    extension UIView {
        /// The scroll views inside this view (not itself), outermost first: with `point` (in
        /// this view's coordinates) only those containing it, and without
        /// `descendingIntoScrollViews` only the outermost ones.
        func keelScrollViews(containing point: CGPoint? = nil, descendingIntoScrollViews: Bool = true)
            -> [UIScrollView]
        {
            subviews.flatMap { view -> [UIScrollView] in
                let local = point.map { convert($0, to: view) }
                if let local, !view.bounds.contains(local) { return [] }
                guard let scroll = view as? UIScrollView else {
                    return view.keelScrollViews(
                        containing: local, descendingIntoScrollViews: descendingIntoScrollViews)
                }
                guard descendingIntoScrollViews else { return [scroll] }
                return [scroll]
                    + scroll.keelScrollViews(containing: local, descendingIntoScrollViews: true)
            }
        }
    }
#endif
