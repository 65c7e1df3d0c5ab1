import KeelComponents
import KeelDesign

extension Rect {
    /// A component frame moved by `origin` (component layouts are relative to their bounds).
    init(_ rect: Rect, at origin: Point = .zero) {
        self.init(x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height)
    }

    /// The origin as a point.
    var origin: Point { Point(x: x, y: y) }
}

extension SVGPaint {
    /// A button's fill: a solid colour, or its gradient (already leading → trailing for the
    /// layout direction it was resolved in).
    init(_ background: ButtonBackground) {
        switch background {
        case .solid(let color):
            self = .color(color)
        case .gradient(let gradient):
            self = .linearGradient(gradient)
        }
    }
}

/// Drawing shared by the component providers: every value comes from the components'
/// resolved appearance and layout; nothing here chooses a colour or a metric of its own.
enum ComponentDrawing {
    /// The space around a component on its canvas (gallery framing, not a component metric).
    static let margin = 16.0

    /// The largest width a component may take on a phone-sized canvas.
    static var maximumWidth: Double { Sheet.width - 2 * margin }

    /// The frame a button with `content` asks for: its intrinsic size, narrowed to
    /// `maximumWidth` (the title then truncates, or wraps where the content allows).
    static func buttonSize(
        _ content: ButtonContent, appearance: ButtonAppearance, measurer: FontMetricsMeasurer,
        maximumWidth: Double
    ) -> Size {
        let natural = ButtonLayout.intrinsicSize(content: content, appearance: appearance, measurer: measurer)
        guard natural.width > maximumWidth else { return natural }
        let narrowed = ButtonLayout.intrinsicSize(
            content: content, appearance: appearance, measurer: measurer, width: maximumWidth)
        return Size(width: maximumWidth, height: narrowed.height)
    }

    /// Draws a button in `frame`: background, border (or `borderOverride`), focus ring, icon
    /// or activity indicator, and the title as ``ButtonLayout`` placed it.
    static func button(
        _ content: ButtonContent, icon: KeelIcon?, appearance: ButtonAppearance, in frame: Rect,
        borderOverride: ColorValue? = nil, context: GalleryContext, canvas: inout GalleryCanvas
    ) {
        let layout = ButtonLayout(
            content: content, appearance: appearance, bounds: Size(width: frame.width, height: frame.height),
            measurer: context.measurer)
        let border = appearance.border.map { Border(color: borderOverride ?? $0.color, width: $0.width) }
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: border.map { frame.insetBy(dx: $0.width / 2, dy: $0.width / 2) } ?? frame,
                    cornerRadius: appearance.cornerRadius, fill: SVGPaint(appearance.background),
                    stroke: border.map { SVGStroke(color: $0.color, width: $0.width) })))
        if let ring = layout.focusRing {
            // The shipped ring (ButtonLayout's): a gap of its own width outside the button.
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(ring.strokeFrame, at: frame.origin),
                        cornerRadius: ring.strokeCornerRadius,
                        fill: .none, stroke: SVGStroke(color: ring.color, width: ring.width))))
        }
        if let iconFrame = layout.iconFrame {
            let rect = Rect(iconFrame, at: frame.origin)
            if appearance.showsActivityIndicator {
                canvas.draw(activityIndicator(in: rect, tint: appearance.iconTint))
            } else if let icon {
                canvas.draw(
                    icon.node(
                        in: rect, tint: appearance.iconTint, contrast: appearance.titleColor,
                        direction: layout.iconIsMirrored ? .rightToLeft : .leftToRight))
            }
        }
        if let titleFrame = layout.titleFrame, let title = content.title {
            let alignment: TextBlockAlignment =
                switch content.horizontalAlignment {
                case .center: .center
                case .leading, .fill: .leading
                case .trailing: .trailing
                }
            canvas.text(
                title, font: appearance.titleFont, color: appearance.titleColor,
                in: Rect(titleFrame, at: frame.origin), alignment: alignment,
                direction: appearance.layoutDirection, maximumLines: layout.titleNumberOfLines,
                centerVertically: true)
        }
    }

    /// A still activity indicator: a three-quarter ring in the tint (the loading state's
    /// icon slot).
    static func activityIndicator(in frame: Rect, tint: ColorValue) -> SVGNode {
        let side = min(frame.width, frame.height)
        let radius = side * 0.4
        let stroke = max(1, side / 12)
        let n = SVGFormat.number
        let top = "M\(n(frame.midX)) \(n(frame.midY - radius))"
        let arc = "A\(n(radius)) \(n(radius)) 0 1 1 \(n(frame.midX - radius)) \(n(frame.midY))"
        return .group(
            SVGGroup(
                [
                    .path(
                        SVGPathShape(
                            data: top + arc, fill: .none,
                            stroke: SVGStroke(color: tint, width: stroke, rounded: true)))
                ], name: "activity-indicator"))
    }

    /// The checkbox icon for a selection, tinted by the spec, faded when not interactive.
    static func checkbox(
        _ selection: ConfirmableSelection, spec: IconButtonSpec, in frame: Rect, context: GalleryContext
    ) -> SVGNode {
        let selected = selection.displayedValue
        let icon: KeelIcon = selected ? .checkboxOn : .checkboxOff
        let node = icon.node(
            in: frame, tint: spec.checkboxTint(isSelected: selected),
            contrast: context.resolver.color(.backgroundPrimary), direction: context.direction)
        return .group(
            SVGGroup(
                [node], opacity: selection.isInteractive ? 1 : spec.disabledOpacity,
                name: selection.isPending ? "checkbox-pending" : "checkbox"))
    }
}
