import KeelDesign
import KeelSupport

/// Motion plotted: each motion token's timing curve (progress over time, drawn as the exact
/// cubic Bézier) with its duration, and the standard springs sampled over their settling time.
package struct MotionProvider: GalleryCaseProvider {
    /// `motion`.
    package let component = "motion"
    /// `Motion`.
    package let title = "Motion"

    /// The springs plotted: SwiftUI's presets and the space transition's settle spring.
    package static let springs: [(name: String, spring: Spring)] = [
        ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
        ("space transition settle", Spring(response: 0.46, dampingRatio: 0.88)),
    ]

    /// A provider.
    package init() {}

    /// The curves per theme and the springs once (they do not depend on the theme).
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        var cases = themes.map { theme in
            makeCase("curves", label: "Timing curves", theme: theme, traits: .light, draw: Self.drawCurves)
        }
        if let first = themes.first {
            cases.append(
                makeCase("springs", label: "Springs", theme: first, traits: .light, draw: Self.drawSprings))
        }
        return cases
    }

    static let plot = 120.0

    static func frame(_ resolver: KeelThemeResolver, at origin: Point) -> [SVGNode] {
        let axis = SVGStroke(color: resolver.color(.borderStrong), width: 1)
        let grid = SVGStroke(color: resolver.color(.borderPrimary), width: 1, dash: [3, 3])
        let o = origin
        return [
            .path(
                SVGPathShape(
                    data: "M\(n(o.x)) \(n(o.y))h\(n(plot))M\(n(o.x)) \(n(o.y - plot))h\(n(plot))",
                    fill: .none,
                    stroke: grid)),
            .path(
                SVGPathShape(
                    data: "M\(n(o.x)) \(n(o.y - plot - 8))V\(n(o.y))H\(n(o.x + plot + 8))", fill: .none,
                    stroke: axis)),
        ]
    }

    /// `seconds` from a theme as whole milliseconds for a label, clamped like a sleep
    /// (`Duration.clampedSeconds(_:)`): a theme's `1e20` seconds used to trap converting to
    /// `Int`; NaN and negative values show 0.
    static func milliseconds(_ seconds: Double) -> Int {
        Int((Duration.clampedSeconds(seconds).seconds * 1000).rounded())
    }

    static func drawCurves(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        var canvas = context.canvas(width: Sheet.width, height: 0)
        var y = Sheet.heading("Timing curves", at: Sheet.margin, on: &canvas, context: context)
        let tokens = Sheet.ordered(context.theme.metrics.motions.keys, builtIn: MotionToken.allCases)
        for (index, token) in tokens.enumerated() {
            let column = Double(index % 2)
            let x = Sheet.margin + 8 + column * 168
            if index > 0, index % 2 == 0 { y += plot + 56 }
            let origin = Point(x: x, y: y + plot + 8)
            for node in frame(resolver, at: origin) { canvas.draw(node) }
            let style = context.theme.metrics.motions[token]
            let curve = style?.curve ?? .linear
            let data: String
            if let points = curve.controlPoints, points.count == 4 {
                data =
                    "M\(n(origin.x)) \(n(origin.y))C\(n(origin.x + points[0] * plot)) \(n(origin.y - points[1] * plot)) "
                    + "\(n(origin.x + points[2] * plot)) \(n(origin.y - points[3] * plot)) \(n(origin.x + plot)) \(n(origin.y - plot))"
            } else if case .spring(let spring) = curve {
                data = springPath(spring, origin: origin)
            } else {
                data = "M\(n(origin.x)) \(n(origin.y))L\(n(origin.x + plot)) \(n(origin.y - plot))"
            }
            canvas.draw(
                .path(
                    SVGPathShape(
                        data: data, fill: .none,
                        stroke: SVGStroke(color: resolver.color(.brandPrimary), width: 2, rounded: true))))
            let duration = milliseconds(style?.duration ?? 0)
            canvas.text(
                "\(token.rawValue) · \(duration) ms · \(curveName(curve))", font: resolver.font(.caption),
                color: resolver.color(.textSecondary),
                in: Rect(x: x - 8, y: origin.y + 6, width: 160, height: 40))
        }
        canvas.height = y + plot + 72
        return canvas
    }

    static func drawSprings(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        var canvas = context.canvas(width: Sheet.width, height: 0)
        var y = Sheet.heading("Springs", at: Sheet.margin, on: &canvas, context: context)
        for (index, entry) in springs.enumerated() {
            let x = Sheet.margin + 8 + Double(index % 2) * 168
            if index > 0, index % 2 == 0 { y += plot + 72 }
            let origin = Point(x: x, y: y + plot + 24)
            for node in frame(resolver, at: origin) { canvas.draw(node) }
            canvas.draw(
                .path(
                    SVGPathShape(
                        data: springPath(entry.spring, origin: origin), fill: .none,
                        stroke: SVGStroke(color: resolver.color(.brandPrimary), width: 2, rounded: true))))
            let settle = entry.spring.settlingDuration() ?? entry.spring.duration
            canvas.text(
                "\(entry.name) · ζ \(entry.spring.dampingRatio.twoDecimals) · \(milliseconds(settle)) ms",
                font: resolver.font(.caption), color: resolver.color(.textSecondary),
                in: Rect(x: x - 8, y: origin.y + 6, width: 160, height: 40))
        }
        canvas.height = y + plot + 88
        return canvas
    }

    /// The spring from 0 to 1 sampled over its settling time (overshoot drawn above the top line).
    static func springPath(_ spring: Spring, origin: Point) -> String {
        let duration = max(0.05, spring.settlingDuration() ?? spring.duration)
        var data = "M\(n(origin.x)) \(n(origin.y))"
        for step in 1...60 {
            let time = duration * Double(step) / 60
            let value = spring.value(from: 0, to: 1, at: time)
            data += "L\(n(origin.x + plot * Double(step) / 60)) \(n(origin.y - value * plot))"
        }
        return data
    }

    static func curveName(_ curve: MotionCurve) -> String {
        switch curve {
        case .linear: "linear"
        case .easeIn: "ease-in"
        case .easeOut: "ease-out"
        case .easeInOut: "ease-in-out"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            "bézier(\([x1, y1, x2, y2].map(n).joined(separator: ", ")))"
        case .spring(let spring): "spring ζ \(spring.dampingRatio.twoDecimals)"
        }
    }

    static func n(_ value: Double) -> String { SVGFormat.number(value) }
}
