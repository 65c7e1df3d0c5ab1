/// Which presentation a front end with a system sheet (SwiftUI's `sheet` and
/// `presentationDetents`) uses for a configuration.
package enum BottomSheetPresentationRoute: Hashable, Sendable {
    /// The system sheet expresses the configuration.
    case system
    /// Keel's own sheet: a surface laid out by `BottomSheetLayout` and driven by
    /// ``BottomSheetDetents`` and ``SheetPresentation``.
    case keel
}

extension BottomSheetConfiguration {
    /// The presentation for this configuration: Keel's own where the system sheet cannot
    /// express it — a width narrower than the container (the system surface is full width),
    /// or a sheet that may be swiped away but not dismissed by a background tap (the system
    /// allows both or neither).
    package var presentationRoute: BottomSheetPresentationRoute {
        guard case .fullWidth = width else { return .keel }
        return allowsSwipeDismissal && !allowsBackgroundDismissal ? .keel : .system
    }
}

extension BottomSheetLayoutResult {
    /// The surface's extra vertical offset while the sheet is off screen (`isVisible` false:
    /// before it animates in, after it animates out) or on screen (0).
    package func surfaceOffset(isVisible: Bool) -> Double { isVisible ? 0 : offscreenOffset }

    /// The dimming's opacity while the sheet is on screen or off it.
    package static func dimmingOpacity(isVisible: Bool) -> Double { isVisible ? 1 : 0 }
}
