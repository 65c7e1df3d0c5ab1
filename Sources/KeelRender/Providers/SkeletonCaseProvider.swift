import KeelComponents
import KeelDesign

/// Skeleton placeholders: list rows (avatar and lines, the last shorter) and an article
/// (avatar row, image, text), with the shimmer band at a fixed moment, and the same under
/// Reduce Motion (no band) — drawn from `SkeletonLayout` and `SkeletonAppearance`.
package struct SkeletonCaseProvider: GalleryCaseProvider {
    /// `skeleton`.
    package let component = "skeleton"
    /// `Skeleton`.
    package let title = "Skeleton"

    /// A provider.
    package init() {}

    /// One drawing: spec, repetitions, time in seconds, Reduce Motion.
    struct Sample: Sendable {
        var spec: SkeletonSpec
        var count: Int
        var time: Double
        var reduceMotion = false
    }

    static let article = SkeletonSpec.column([
        .row([.avatar, .text(lines: 2)]), .image(aspectRatio: 16.0 / 9.0), .text(lines: 3),
    ])

    /// The samples shown: name, label, sample.
    static let samples: [(String, String, Sample)] = [
        ("list-rows", "List rows · shimmer at 0.6 s", Sample(spec: .listRow, count: 3, time: 0.6)),
        ("article", "Article · shimmer at 0.9 s", Sample(spec: article, count: 1, time: 0.9)),
        (
            "list-rows-reduce-motion", "List rows · Reduce Motion (no shimmer)",
            Sample(spec: .listRow, count: 3, time: 0.6, reduceMotion: true)
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
        let theme = SkeletonTheme(resolver: KeelThemeResolver(theme: context.theme, traits: traits))
        let appearance = SkeletonAppearance(theme: theme)
        let layout = SkeletonLayout(spec: sample.spec, theme: theme, width: Sheet.width, count: sample.count)
        var canvas = context.canvas(width: Sheet.width, height: layout.size.height)
        let band = appearance.shimmerFrame(in: layout.size, at: sample.time)
        var nodes: [SVGNode] = []
        for shape in layout.shapes {
            nodes.append(
                .rect(
                    SVGRectShape(
                        frame: shape.frame, cornerRadius: shape.cornerRadius, fill: .color(appearance.fill))))
            // The band where it crosses the shape (its middle colour; the gallery draws no blur).
            if let band {
                let minX = max(band.minX, shape.frame.minX)
                let maxX = min(band.maxX, shape.frame.maxX)
                if maxX > minX {
                    nodes.append(
                        .rect(
                            SVGRectShape(
                                frame: Rect(
                                    x: minX, y: shape.frame.minY, width: maxX - minX,
                                    height: shape.frame.height),
                                cornerRadius: min(shape.cornerRadius, (maxX - minX) / 2),
                                fill: .color(appearance.highlight))))
                }
            }
        }
        canvas.draw(.group(SVGGroup(nodes, name: "skeleton")))
        return canvas
    }
}
