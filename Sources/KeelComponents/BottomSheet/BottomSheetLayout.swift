import KeelDesign

/// A corner of a sheet's surface.
package enum SheetSurfaceCorner: Hashable, Sendable, CaseIterable {
    /// Top left.
    case topLeft
    /// Top right.
    case topRight
    /// Bottom left.
    case bottomLeft
    /// Bottom right.
    case bottomRight
}

/// How a sheet sits in its container.
package enum BottomSheetVariant: Hashable, Sendable {
    /// Edge to edge: as wide as the container (a phone in portrait).
    case fullWidth
    /// Narrower than the container, centred in its safe width (a wide screen, landscape, or
    /// side insets).
    case inset
}

/// Everything a sheet's layout depends on.
package struct BottomSheetLayoutInput: Hashable, Sendable {
    /// The configuration (heights, detents, width, grabber).
    package var configuration: BottomSheetConfiguration
    /// The theme's sheet values (corner radius, dimming, drag resistance).
    package var theme: BottomSheetTheme
    /// The container: bounds, safe area and keyboard overlap.
    package var container: SheetContainer
    /// The content's fitting height, measured by the caller at
    /// ``BottomSheetLayout/contentWidth(_:in:)``.
    package var contentHeight: Double
    /// The current detent's index among the resolved heights (clamped); `nil` for the
    /// configuration's own height.
    package var detentIndex: Int?
    /// The sheet's own drag translation (positive is down; zero at rest).
    package var dragTranslation: Double

    /// An input.
    package init(
        configuration: BottomSheetConfiguration, theme: BottomSheetTheme, container: SheetContainer,
        contentHeight: Double, detentIndex: Int? = nil, dragTranslation: Double = 0
    ) {
        self.configuration = configuration
        self.theme = theme
        self.container = container
        self.contentHeight = contentHeight
        self.detentIndex = detentIndex
        self.dragTranslation = dragTranslation
    }
}

/// The grabber's geometry and accessibility in a resolved layout.
package struct SheetGrabberLayout: Hashable, Sendable {
    /// Whether the grabber shows.
    package var isShown: Bool
    /// The touch and accessibility target, in the surface's coordinates.
    package var target: Rect
    /// The drawn bar, in the target's coordinates.
    package var bar: Rect
    /// The bar's corner radius (fully rounded).
    package var barCornerRadius: Double
    /// The spoken hint: resize with several detents, else dismiss.
    package var hint: AccessibilityStringKey
    /// Whether VoiceOver activation does anything.
    package var canActivate: Bool
    /// Whether VoiceOver may adjust it (swipe up and down through several detents).
    package var isAdjustable: Bool
    /// Whether it offers VoiceOver a dismiss action (the configuration allows swipe
    /// dismissal; the presentation may still refuse).
    package var canDismiss: Bool

    /// Whether the grabber is hidden (the view's `isHidden`).
    package var isHidden: Bool { !isShown }
}

/// A sheet's complete layout: the frame of every element the front end shows.
package struct BottomSheetLayoutResult: Hashable, Sendable {
    /// The dimming view's frame: the whole container.
    package var dimming: Rect
    /// The dimming colour, faded as a downward drag progresses.
    package var dimmingColor: ColorValue
    /// The surface's frame in the container (drag included: moved down, stretched up).
    package var surface: Rect
    /// The surface's corner radius.
    package var cornerRadius: Double
    /// Which corners are rounded (the top ones: the bottom runs off the edge or onto the
    /// keyboard).
    package var roundedCorners: [SheetSurfaceCorner]
    /// The content's frame in the surface's coordinates: the current detent — or, while an
    /// upward drag expands the sheet, its height up to the largest detent — less the bottom
    /// padding.
    package var content: Rect
    /// Whether the content is taller than its room (it scrolls or is clipped).
    package var contentIsClipped: Bool
    /// The padding below the content (the bottom safe area, none over a keyboard).
    package var bottomPadding: Double
    /// The grabber.
    package var grabber: SheetGrabberLayout
    /// Every detent resolved to a height, smallest first.
    package var detentHeights: [Double]
    /// The surface's resting frame at each detent, in the container.
    package var detentFrames: [Rect]
    /// The current detent's index in ``detentHeights``.
    package var currentDetent: Int
    /// Full width or inset (the wide, centred variant).
    package var variant: BottomSheetVariant
    /// How far down the surface must move to be fully off screen (presentation and
    /// dismissal start or end there).
    package var offscreenOffset: Double

    /// The surface's bounds (its own coordinates).
    package var surfaceBounds: Rect { Rect(x: 0, y: 0, width: surface.width, height: surface.height) }

    /// The current detent's resting frame.
    package var currentDetentFrame: Rect { detentFrames[currentDetent] }
}

/// The bottom sheet's complete layout as one pure function of configuration, theme,
/// container, measured content, current detent and drag — composed from
/// ``BottomSheetSizing``, ``BottomSheetDrag`` and ``SheetGrabber``. KeelUIKit assigns its
/// frames and KeelRender draws them.
package enum BottomSheetLayout {
    /// The width the content must be measured at.
    package static func contentWidth(_ configuration: BottomSheetConfiguration, in container: SheetContainer)
        -> Double
    {
        BottomSheetSizing.width(configuration.width, in: container).width
    }

    /// Resolves every frame. Any input gives finite, non-negative frames.
    package static func resolve(_ input: BottomSheetLayoutInput) -> BottomSheetLayoutResult {
        let container = SheetContainer(
            bounds: Size(
                width: finite(input.container.bounds.width), height: finite(input.container.bounds.height)),
            safeArea: Edges(
                top: finite(input.container.safeArea.top), left: finite(input.container.safeArea.left),
                bottom: finite(input.container.safeArea.bottom), right: finite(input.container.safeArea.right)
            ),
            keyboardOverlap: finite(input.container.keyboardOverlap))
        let bounds = container.bounds
        let contentHeight = finite(input.contentHeight)
        let frame = BottomSheetSizing.resolve(input.configuration, in: container) { _ in contentHeight }
        let heights = frame.detentHeights
        let ownIndex = heights.firstIndex { abs($0 - frame.surface.height) <= 0.5 } ?? heights.count - 1
        let index = min(max(0, input.detentIndex ?? ownIndex), heights.count - 1)
        let height = heights[index]
        let bottom = frame.surface.maxY
        let detentFrames = heights.map { detent in
            Rect(x: frame.surface.x, y: bottom - detent, width: frame.surface.width, height: detent)
        }
        let translation = input.dragTranslation.isFinite ? input.dragTranslation : 0
        let largest = heights.last ?? height
        let drag = BottomSheetDrag(height: height, theme: input.theme, expansion: largest - height)
        // Stretched up at most to the container's top.
        let offset = max(drag.offset(forTranslation: translation), -(bottom - height))
        // Down: the surface moves with the finger. Up: it stretches (its bottom stays put), so
        // no gap opens under it.
        let surface = Rect(
            x: frame.surface.x, y: bottom - height + offset, width: frame.surface.width,
            height: height - min(0, offset))
        // The content grows with an expanding sheet up to the largest detent, not beyond.
        let contentRoom = max(0, min(surface.height, max(height, largest)) - frame.bottomPadding)
        let resizes = heights.count > 1
        let grabberTarget = SheetGrabber.targetFrame(surfaceWidth: surface.width)
        let grabberBar = SheetGrabber.barFrame(surfaceWidth: surface.width)
        let grabber = SheetGrabberLayout(
            isShown: SheetGrabber.isShown(input.configuration, detentCount: heights.count),
            target: grabberTarget,
            bar: grabberBar.offsetBy(dx: -grabberTarget.minX, dy: -grabberTarget.minY),
            barCornerRadius: grabberBar.height / 2, hint: resizes ? .sheetGrabberResize : .dismiss,
            canActivate: SheetGrabber.activation(
                detentHeights: heights, restingHeight: height,
                allowsDismissal: input.configuration.allowsSwipeDismissal) != .none,
            isAdjustable: resizes, canDismiss: input.configuration.allowsSwipeDismissal)
        return BottomSheetLayoutResult(
            dimming: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height),
            dimmingColor: input.theme.dimming.withAlpha(drag.dimmingAlpha(forTranslation: translation)),
            surface: surface,
            cornerRadius: min(max(0, input.theme.cornerRadius), surface.width / 2, surface.height),
            roundedCorners: [.topLeft, .topRight],
            content: Rect(x: 0, y: 0, width: surface.width, height: contentRoom),
            contentIsClipped: contentHeight + frame.bottomPadding > height + 0.5,
            bottomPadding: frame.bottomPadding, grabber: grabber, detentHeights: heights,
            detentFrames: detentFrames, currentDetent: index,
            variant: surface.width < bounds.width - 0.5 ? .inset : .fullWidth,
            offscreenOffset: max(0, bounds.height - surface.minY + container.safeArea.bottom))
    }

    /// The largest length an input may have: bigger values are clamped so sums stay finite.
    static let maximumLength = 1_000_000.0

    private static func finite(_ value: Double) -> Double {
        value.isFinite ? min(max(0, value), maximumLength) : 0
    }
}

extension BottomSheetLayoutResult {
    /// The radius of one corner of the surface: ``cornerRadius`` at the corners the layout
    /// rounds (``roundedCorners``), 0 at the others.
    package func cornerRadius(of corner: SheetSurfaceCorner) -> Double {
        roundedCorners.contains(corner) ? cornerRadius : 0
    }
}
