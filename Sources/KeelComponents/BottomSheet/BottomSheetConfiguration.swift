/// How tall a bottom sheet is.
public enum BottomSheetHeight: Hashable, Sendable {
    /// As tall as its content (plus the bottom safe area), up to the available height.
    case content
    /// As tall as its content, at most `maximum` points.
    case contentWithMaximum(Double)
    /// A fixed height in points (including the bottom safe area).
    case fixed(Double)
    /// A fraction (0, 1] of the container's height.
    case fraction(Double)

    /// As tall as its content, at most `maximum` points.
    public static func content(maximum: Double) -> BottomSheetHeight { .contentWithMaximum(maximum) }
}

/// How wide a bottom sheet is.
public enum BottomSheetWidth: Hashable, Sendable {
    /// The container's full width, ignoring horizontal safe areas.
    case fullWidth
    /// The safe width less `inset` on each side.
    case horizontalInsets(Double)
    /// The safe width, at most `maximumWidth`, centred.
    case centered(maximumWidth: Double)
}

/// Why a bottom-sheet configuration is invalid.
package enum BottomSheetConfigurationError: Error, Hashable, Sendable {
    /// A height that is not a positive, finite number.
    case invalidHeight(Double)
    /// A fraction outside (0, 1].
    case invalidFraction(Double)
    /// A width value that is negative or not finite.
    case invalidWidth(Double)
    /// Detents given but empty, or containing an invalid height.
    case invalidDetents
}

/// A bottom sheet's configuration, validated when made.
public struct BottomSheetConfiguration: Hashable, Sendable {
    /// The height (the largest detent when detents are given).
    public var height: BottomSheetHeight
    /// The width.
    public var width: BottomSheetWidth
    /// Resting heights the sheet snaps between, smallest first (a step beyond the
    /// reference); empty for a single height.
    public var detents: [BottomSheetHeight]
    /// Whether content size changes animate.
    public var animatesContentSizeChanges: Bool
    /// Whether tapping the dimmed background dismisses.
    public var allowsBackgroundDismissal: Bool
    /// Whether dragging down dismisses.
    public var allowsSwipeDismissal: Bool
    /// When the grabber shows (see `SheetGrabber`).
    public var grabber: SheetGrabberVisibility

    /// A configuration; invalid heights, fractions, widths or detents throw
    /// `BottomSheetConfigurationError`.
    public init(
        height: BottomSheetHeight = .content, width: BottomSheetWidth = .fullWidth,
        detents: [BottomSheetHeight] = [], animatesContentSizeChanges: Bool = true,
        allowsBackgroundDismissal: Bool = true, allowsSwipeDismissal: Bool = true,
        grabber: SheetGrabberVisibility = .automatic
    ) throws {
        try Self.validate(height)
        switch width {
        case .fullWidth: break
        case .horizontalInsets(let inset):
            guard inset.isFinite, inset >= 0 else { throw BottomSheetConfigurationError.invalidWidth(inset) }
        case .centered(let maximum):
            guard maximum.isFinite, maximum > 0 else {
                throw BottomSheetConfigurationError.invalidWidth(maximum)
            }
        }
        for detent in detents {
            do { try Self.validate(detent) } catch { throw BottomSheetConfigurationError.invalidDetents }
        }
        self.height = height
        self.width = width
        self.detents = detents
        self.animatesContentSizeChanges = animatesContentSizeChanges
        self.allowsBackgroundDismissal = allowsBackgroundDismissal
        self.allowsSwipeDismissal = allowsSwipeDismissal
        self.grabber = grabber
        self.validationError = nil
    }

    /// XDDesignKit's configuration: a height and a width, without `try`. An invalid value is
    /// kept in `validationError` and the sheet is not shown (its handle reports
    /// ``OverlayPresentationFailure/invalidConfiguration(_:)``).
    public init(height: BottomSheetHeight, width: BottomSheetWidth) {
        do {
            self = try BottomSheetConfiguration(height: height, width: width, detents: [])
        } catch {
            self.height = height
            self.width = width
            self.detents = []
            self.animatesContentSizeChanges = true
            self.allowsBackgroundDismissal = true
            self.allowsSwipeDismissal = true
            self.grabber = .automatic
            self.validationError = error as? BottomSheetConfigurationError
        }
    }

    /// Why the configuration is invalid, when it was made without `try`; `nil` when valid.
    package private(set) var validationError: BottomSheetConfigurationError?

    private static func validate(_ height: BottomSheetHeight) throws {
        switch height {
        case .content: break
        case .contentWithMaximum(let value), .fixed(let value):
            guard value.isFinite, value > 0 else { throw BottomSheetConfigurationError.invalidHeight(value) }
        case .fraction(let value):
            guard value.isFinite, value > 0, value <= 1 else {
                throw BottomSheetConfigurationError.invalidFraction(value)
            }
        }
    }
}
