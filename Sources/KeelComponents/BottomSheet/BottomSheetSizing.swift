import KeelDesign

/// The container a sheet is laid out in.
package struct SheetContainer: Hashable, Sendable {
    /// The container's bounds.
    package var bounds: Size
    /// Its safe-area insets.
    package var safeArea: Edges<Double>
    /// How far a docked keyboard overlaps it from the bottom (see ``KeyboardGeometry``).
    package var keyboardOverlap: Double

    /// A container.
    package init(bounds: Size, safeArea: Edges<Double> = .zero, keyboardOverlap: Double = 0) {
        self.bounds = bounds
        self.safeArea = safeArea
        self.keyboardOverlap = keyboardOverlap.isFinite ? max(0, keyboardOverlap) : 0
    }
}

/// Keyboard frames, reduced to what layout needs.
package enum KeyboardGeometry {
    /// The overlap of a **docked** keyboard with the container: only a keyboard that reaches
    /// the container's bottom (within 1 pt) counts — a floating or split iPad keyboard does
    /// not — and only when the sheet's content holds the first responder.
    package static func dockedOverlap(
        keyboardFrame: Rect?, containerFrame: Rect, containsFirstResponder: Bool
    )
        -> Double
    {
        guard containsFirstResponder, let keyboard = keyboardFrame, keyboard.height > 0,
            keyboard.maxY >= containerFrame.maxY - 1
        else { return 0 }
        return max(0, min(containerFrame.maxY - keyboard.minY, containerFrame.height))
    }
}

/// A resolved sheet frame.
package struct SheetFrame: Hashable, Sendable {
    /// The surface's frame in the container.
    package var surface: Rect
    /// The padding below the content inside the surface (the bottom safe area when no
    /// keyboard is up).
    package var bottomPadding: Double
    /// Whether the content is taller than the room it got (it should scroll).
    package var contentIsClipped: Bool
    /// The heights of the detents, smallest first (just the surface height without detents).
    package var detentHeights: [Double]
}

/// Bottom-sheet size resolution as a pure function of configuration, container and content.
package enum BottomSheetSizing {
    /// The sheet's width and horizontal origin.
    package static func width(_ width: BottomSheetWidth, in container: SheetContainer) -> (
        x: Double, width: Double
    ) {
        let bounds = container.bounds
        let safeLeft = container.safeArea.left
        let safeWidth = max(0, bounds.width - safeLeft - container.safeArea.right)
        switch width {
        case .fullWidth:
            return (0, bounds.width)
        case .horizontalInsets(let inset):
            let w = max(0, safeWidth - 2 * inset)
            return (safeLeft + (safeWidth - w) / 2, w)
        case .centered(let maximum):
            let w = min(safeWidth, maximum)
            return (safeLeft + (safeWidth - w) / 2, w)
        }
    }

    /// The tallest the sheet may be: the container less the top safe area and the keyboard.
    package static func maximumHeight(in container: SheetContainer) -> Double {
        max(0, container.bounds.height - container.safeArea.top - container.keyboardOverlap)
    }

    /// Resolves the surface frame. `contentHeight` measures the content at a width.
    package static func resolve(
        _ configuration: BottomSheetConfiguration, in container: SheetContainer,
        contentHeight: (Double) -> Double
    ) -> SheetFrame {
        let (x, width) = self.width(configuration.width, in: container)
        let maximum = maximumHeight(in: container)
        let padding = container.keyboardOverlap > 0 ? 0 : container.safeArea.bottom
        var measured: Double?
        func content() -> Double {
            if let measured { return measured }
            let value = contentHeight(width)
            let safe = value.isFinite ? max(0, value) : 0
            measured = safe
            return safe
        }
        func height(_ spec: BottomSheetHeight) -> Double {
            let raw: Double =
                switch spec {
                case .content: content() + padding
                case .contentWithMaximum(let cap): min(content() + padding, cap)
                case .fixed(let value): value
                case .fraction(let fraction): container.bounds.height * fraction
                }
            return min(max(0, raw), maximum)
        }
        let surfaceHeight = height(configuration.height)
        let detents =
            configuration.detents.isEmpty
            ? [surfaceHeight] : (configuration.detents.map(height) + [surfaceHeight]).sortedUnique()
        let clipped: Bool
        switch configuration.height {
        case .content, .contentWithMaximum: clipped = content() + padding > surfaceHeight + 0.5
        case .fixed, .fraction: clipped = measured.map { $0 + padding > surfaceHeight + 0.5 } ?? false
        }
        let bottom = container.bounds.height - container.keyboardOverlap
        return SheetFrame(
            surface: Rect(x: x, y: bottom - surfaceHeight, width: width, height: surfaceHeight),
            bottomPadding: padding, contentIsClipped: clipped, detentHeights: detents)
    }
}

extension Array where Element == Double {
    /// Sorted, with values within half a point of the previous one dropped.
    func sortedUnique() -> [Double] {
        var result: [Double] = []
        for value in sorted() where result.last.map({ abs($0 - value) > 0.5 }) ?? true {
            result.append(value)
        }
        return result
    }
}
