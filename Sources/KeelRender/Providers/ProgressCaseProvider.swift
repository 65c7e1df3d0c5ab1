import KeelComponents
import KeelDesign

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Progress indicators: bars and rings, empty, part-way and full, the indeterminate sweep and
/// spinner at a fixed moment, and the Reduce Motion pulse — drawn from `ProgressAppearance`
/// and `ProgressLayout` at an injected time.
package struct ProgressCaseProvider: GalleryCaseProvider {
    /// `progress`.
    package let component = "progress"
    /// `Progress`.
    package let title = "Progress"

    /// A provider.
    package init() {}

    /// One drawing: style, value, time in seconds, Reduce Motion.
    struct Sample: Sendable {
        var style: ProgressStyle
        var value: ProgressValue
        var time: Double = 0
        var reduceMotion = false
    }

    /// The samples shown: name, label, sample.
    static let samples: [(String, String, Sample)] = [
        ("linear-empty", "Bar · 0 %", Sample(style: .linear, value: .determinate(0))),
        ("linear-42", "Bar · 42 %", Sample(style: .linear, value: .determinate(0.42))),
        ("linear-full", "Bar · 100 %", Sample(style: .linear, value: .determinate(1))),
        (
            "linear-indeterminate", "Bar · indeterminate (0.7 s)",
            Sample(style: .linear, value: .indeterminate, time: 0.7)
        ),
        (
            "linear-reduce-motion", "Bar · indeterminate, Reduce Motion (pulse at its faintest)",
            Sample(style: .linear, value: .indeterminate, time: 0.8, reduceMotion: true)
        ),
        ("circular-42", "Ring · 42 %", Sample(style: .circular, value: .determinate(0.42))),
        (
            "circular-spinner", "Ring · spinner (0.25 s)",
            Sample(style: .circular, value: .indeterminate, time: 0.25)
        ),
        (
            "circular-reduce-motion", "Ring · spinner, Reduce Motion",
            Sample(style: .circular, value: .indeterminate, time: 0.25, reduceMotion: true)
        ),
    ]

    /// Every sample under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { name, label, sample in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(sample, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ sample: Sample, context: GalleryContext) -> GalleryCanvas {
        var traits = context.resolver.traits
        traits.reduceMotion = sample.reduceMotion
        let resolver = KeelThemeResolver(theme: context.theme, traits: traits)
        let appearance = ProgressAppearance(
            theme: ProgressTheme(resolver: resolver), style: sample.style, value: sample.value)
        let layout = ProgressLayout(
            appearance: appearance, width: ComponentDrawing.maximumWidth, time: sample.time)
        let margin = ComponentDrawing.margin
        var canvas = context.canvas(width: Sheet.width, height: layout.size.height + 2 * margin)
        let x = context.direction == .rightToLeft ? Sheet.width - margin - layout.size.width : margin
        let origin = Point(x: x, y: margin)
        canvas.draw(
            ComponentDrawing.progressShape(
                layout.trackShape(appearance: appearance), at: origin, fill: appearance.trackFillColor,
                stroke: appearance.trackStrokeColor, width: appearance.strokeWidth, opacity: 1))
        canvas.draw(
            ComponentDrawing.progressShape(
                layout.indicatorShape(appearance: appearance), at: origin,
                fill: appearance.indicatorFillColor,
                stroke: appearance.indicatorStrokeColor, width: appearance.strokeWidth,
                opacity: layout.indicatorOpacity))
        return canvas
    }
}

extension ComponentDrawing {
    /// A progress shape at `origin`: a filled rounded bar, or a stroked arc (an SVG arc path
    /// from the start angle to the end angle, clockwise on screen).
    static func progressShape(
        _ shape: ProgressShape, at origin: Point, fill: ColorValue, stroke: ColorValue, width: Double,
        opacity: Double
    ) -> SVGNode {
        let node: SVGNode
        switch shape {
        case .bar(let rect, let radius):
            node = .rect(
                SVGRectShape(frame: Rect(rect, at: origin), cornerRadius: radius, fill: .color(fill)))
        case .arc(let center, let radius, let start, let end):
            let cx = origin.x + center.x
            let cy = origin.y + center.y
            let sweep = end - start
            let r = SVGFormat.number(radius)
            func point(_ angle: Double) -> String {
                "\(SVGFormat.number(cx + radius * cos(angle))) \(SVGFormat.number(cy + radius * sin(angle)))"
            }
            let data: String
            if sweep >= 2 * Double.pi - 1e-9 {
                // A whole circle: two half arcs.
                data =
                    "M \(point(start)) A \(r) \(r) 0 1 1 \(point(start + Double.pi)) A \(r) \(r) 0 1 1 \(point(start))"
            } else if sweep <= 0 {
                data = "M \(point(start))"
            } else {
                data = "M \(point(start)) A \(r) \(r) 0 \(sweep > Double.pi ? 1 : 0) 1 \(point(end))"
            }
            node = .path(
                SVGPathShape(
                    data: data, fill: .none, stroke: SVGStroke(color: stroke, width: width, rounded: true)))
        }
        return .group(SVGGroup([node], opacity: opacity, name: "progress"))
    }
}
