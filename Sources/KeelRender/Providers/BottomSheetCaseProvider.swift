import KeelComponents
import KeelDesign

/// Bottom sheets at several heights (content, content with a maximum, fixed, a fraction,
/// detents) and widths (full, inset, centred on a wide screen), sized by
/// ``KeelComponents/BottomSheetSizing`` from their measured content and drawn with the
/// sheet theme's surface, corner radius, shadow, dimming and grabber. Content taller than the sheet
/// is clipped, as the front end's scroll view would show it.
public struct BottomSheetCaseProvider: GalleryCaseProvider {
    /// `bottom-sheet`.
    public let component = "bottom-sheet"
    /// `Bottom sheet`.
    public let title = "Bottom sheet"

    /// A provider.
    public init() {}

    /// A phone screen with a notch and a home indicator (points).
    static let phone = SheetContainer(
        bounds: Size(width: 360, height: 640), safeArea: Edges<Double>(top: 47, bottom: 34))
    /// A wide (tablet landscape) screen.
    static let wide = SheetContainer(
        bounds: Size(width: 720, height: 480), safeArea: Edges<Double>(top: 24, bottom: 20))

    /// The configurations shown: name, label, configuration, container.
    static let samples: [(String, String, BottomSheetConfiguration, SheetContainer)] = {
        func sample(
            _ name: String, _ label: String, _ container: SheetContainer,
            _ make: () throws -> BottomSheetConfiguration
        ) -> (String, String, BottomSheetConfiguration, SheetContainer)? {
            (try? make()).map { (name, label, $0, container) }
        }
        let list = [
            sample("content", "Content height · full width", phone) { try BottomSheetConfiguration() },
            sample("content-maximum", "Content height, at most 220 pt", phone) {
                try BottomSheetConfiguration(height: .content(maximum: 220))
            },
            sample("fixed", "Fixed 420 pt", phone) { try BottomSheetConfiguration(height: .fixed(420)) },
            sample("fraction", "Half the screen", phone) {
                try BottomSheetConfiguration(height: .fraction(0.5))
            },
            sample("detents", "Detents: 30 %, content", phone) {
                try BottomSheetConfiguration(detents: [.fraction(0.3)])
            },
            sample("inset", "Content height · 12 pt side insets", phone) {
                try BottomSheetConfiguration(width: .horizontalInsets(12))
            },
            sample("centered-wide", "Centred, at most 420 pt wide · wide screen", wide) {
                try BottomSheetConfiguration(width: .centered(maximumWidth: 420))
            },
        ]
        return list.compactMap { $0 }
    }()

    /// Every configuration under every theme and the standard traits.
    public func cases(themes: [Theme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { name, label, configuration, container in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(configuration, container: container, context: context)
                    }
                }
            }
        }
    }

    static func draw(
        _ configuration: BottomSheetConfiguration, container: SheetContainer, context: GalleryContext
    )
        -> GalleryCanvas
    {
        let theme = BottomSheetTheme(resolver: context.resolver)
        let content = SheetSampleContent(context: context)
        let frame = BottomSheetSizing.resolve(configuration, in: container) { content.height(width: $0) }
        let bounds = container.bounds
        var canvas = context.canvas(width: bounds.width, height: bounds.height)
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height),
                    fill: .color(theme.dimming))))
        let surface = Rect(frame.surface)
        // Top corners rounded; the bottom runs off the screen's edge.
        let r = min(theme.cornerRadius, surface.width / 2, surface.height)
        let n = SVGFormat.number
        let path =
            "M\(n(surface.x)) \(n(surface.maxY))V\(n(surface.y + r))"
            + "A\(n(r)) \(n(r)) 0 0 1 \(n(surface.x + r)) \(n(surface.y))H\(n(surface.maxX - r))"
            + "A\(n(r)) \(n(r)) 0 0 1 \(n(surface.maxX)) \(n(surface.y + r))V\(n(surface.maxY))Z"
        canvas.draw(
            .group(
                SVGGroup(
                    [.path(SVGPathShape(data: path, fill: .color(theme.surface)))],
                    shadow: SVGShadow(theme.shadow),
                    name: "sheet-surface")))
        // Detents other than the resting height, as dashed guides.
        for detent in frame.detentHeights where abs(detent - surface.height) > 0.5 {
            let y = bounds.height - container.keyboardOverlap - detent
            canvas.draw(
                .path(
                    SVGPathShape(
                        data: "M\(n(surface.x)) \(n(y))H\(n(surface.maxX))", fill: .none,
                        stroke: SVGStroke(
                            color: context.resolver.color(.borderStrong),
                            width: context.resolver.borderWidth(.regular),
                            dash: [6, 4]))))
        }
        let room = Rect(
            x: surface.x, y: surface.y, width: surface.width,
            height: max(0, surface.height - frame.bottomPadding))
        var nodes: [SVGNode] = []
        for drawn in content.draw(in: Rect(x: surface.x, y: surface.y, width: surface.width, height: 0)) {
            canvas.record(drawn)
            if let node = drawn.node { nodes.append(node) }
        }
        canvas.draw(
            .group(
                SVGGroup(
                    nodes, clip: frame.contentIsClipped ? SVGClip(frame: room, cornerRadius: r) : nil,
                    name: "sheet-content")))
        if SheetGrabber.isShown(configuration, detentCount: frame.detentHeights.count) {
            let bar = SheetGrabber.barFrame(surfaceWidth: surface.width)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(
                            x: surface.x + bar.minX, y: surface.y + bar.minY, width: bar.width,
                            height: bar.height),
                        cornerRadius: bar.height / 2, fill: .color(theme.grabber))))
        }
        return canvas
    }
}

/// The sample content of a sheet: a title, a paragraph and a list of options, padded by the
/// theme's spacing and measured for a width (the content-size contract of the sheet).
struct SheetSampleContent {
    let context: GalleryContext
    let title = "Share this list"
    let message = "Anyone with the link can see the items and add their own."
    let options = ["Copy link", "Messages", "Mail", "Save to Files"]

    var padding: Double { context.resolver.spacing(.lg) }
    var gap: Double { context.resolver.spacing(.sm) }
    var titleFont: FontDescriptor { context.resolver.font(.title3) }
    var bodyFont: FontDescriptor { context.resolver.font(.body) }
    var rowFont: FontDescriptor { context.resolver.font(.bodyLarge) }
    var rowPadding: Double { context.resolver.spacing(.md) }

    /// The blocks top to bottom: text, font, colour, height and the gap after.
    func blocks(width: Double) -> [(String, FontDescriptor, Color, Double, Double)] {
        let inner = max(0, width - 2 * padding)
        let measurer = context.measurer
        var blocks: [(String, FontDescriptor, Color, Double, Double)] = [
            (
                title, titleFont, context.resolver.color(.textPrimary),
                measurer.height(of: title, font: titleFont, width: inner, maximumLines: nil), gap
            ),
            (
                message, bodyFont, context.resolver.color(.textSecondary),
                measurer.height(of: message, font: bodyFont, width: inner, maximumLines: nil), padding
            ),
        ]
        for option in options {
            let height = measurer.height(of: option, font: rowFont, width: inner, maximumLines: nil)
            blocks.append((option, rowFont, context.resolver.color(.textPrimary), height, rowPadding))
        }
        return blocks
    }

    /// The content's height at `width`.
    func height(width: Double) -> Double {
        let blocks = blocks(width: width)
        return padding + blocks.map(\.3).reduce(0, +) + blocks.dropLast().map(\.4).reduce(0, +) + padding
    }

    /// The content laid out from the top of `frame` (its height is ignored: content keeps
    /// its measured size and the sheet clips it).
    func draw(in frame: Rect) -> [DrawnText] {
        var y = frame.y + padding
        var drawn: [DrawnText] = []
        let inner = max(0, frame.width - 2 * padding)
        for (text, font, color, height, after) in blocks(width: frame.width) {
            drawn.append(
                context.measurer.draw(
                    text, font: font, color: color,
                    in: Rect(x: frame.x + padding, y: y, width: inner, height: height),
                    direction: context.direction))
            y += height + after
        }
        return drawn
    }
}
