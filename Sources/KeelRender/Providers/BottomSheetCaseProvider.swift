import KeelComponents
import KeelDesign

/// Bottom sheets at several heights (content, content with a maximum, fixed, a fraction),
/// at every detent (medium, large, a custom height, mid-drag down and up), over a keyboard,
/// and at several widths (full, inset, centred on a wide screen). Every frame comes from
/// `BottomSheetLayout.resolve(_:)` — the result KeelUIKit assigns — and is
/// drawn with the appearance KeelUIKit applies (the sheet theme's surface, shadow and
/// grabber colours, the layout's dimming colour, corner radius and rounded corners). Content
/// taller than its room is clipped, as the front end's scroll view would show it.
package struct BottomSheetCaseProvider: GalleryCaseProvider {
    /// `bottom-sheet`.
    package let component = "bottom-sheet"
    /// `Bottom sheet`.
    package let title = "Bottom sheet"

    /// A provider.
    package init() {}

    /// A phone screen with a notch and a home indicator (points).
    static let phone = SheetContainer(
        bounds: Size(width: 360, height: 640), safeArea: Edges<Double>(top: 47, bottom: 34))
    /// The phone with a docked keyboard 290 pt tall.
    static let phoneWithKeyboard = SheetContainer(
        bounds: Size(width: 360, height: 640), safeArea: Edges<Double>(top: 47, bottom: 34),
        keyboardOverlap: 290)
    /// A wide (tablet landscape) screen.
    static let wide = SheetContainer(
        bounds: Size(width: 720, height: 480), safeArea: Edges<Double>(top: 24, bottom: 20))

    /// One sample: its name and label, configuration, container, current detent and drag.
    struct Sample: Sendable {
        let name: String
        let label: String
        let configuration: BottomSheetConfiguration
        let container: SheetContainer
        let detentIndex: Int?
        let dragTranslation: Double
    }

    /// The configurations shown.
    static let samples: [Sample] = {
        func sample(
            _ name: String, _ label: String, _ container: SheetContainer, detent: Int? = nil,
            drag: Double = 0,
            _ make: () throws -> BottomSheetConfiguration
        ) -> Sample? {
            (try? make()).map {
                Sample(
                    name: name, label: label, configuration: $0, container: container, detentIndex: detent,
                    dragTranslation: drag)
            }
        }
        let mediumLarge = { try BottomSheetConfiguration(height: .fraction(0.9), detents: [.fraction(0.5)]) }
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
            sample("detents-smallest", "Detents: 30 %, content · resting on 30 %", phone, detent: 0) {
                try BottomSheetConfiguration(detents: [.fraction(0.3)])
            },
            sample(
                "detent-medium", "Detents: medium (50 %), large (90 %) · medium", phone, detent: 0,
                mediumLarge),
            sample(
                "detent-large", "Detents: medium (50 %), large (90 %) · large", phone, detent: 1, mediumLarge),
            sample("detent-custom", "Detents: custom 260 pt, content · custom", phone, detent: 0) {
                try BottomSheetConfiguration(detents: [.fixed(260)])
            },
            sample("drag-down", "Large detent dragged down 120 pt", phone, detent: 1, drag: 120, mediumLarge),
            sample(
                "drag-up", "Medium detent dragged up 80 pt (expanding toward large)", phone, detent: 0,
                drag: -80,
                mediumLarge),
            sample("keyboard", "Content height over a docked keyboard", phoneWithKeyboard) {
                try BottomSheetConfiguration()
            },
            sample("inset", "Content height · 12 pt side insets", phone) {
                try BottomSheetConfiguration(width: .horizontalInsets(12))
            },
            sample("centered-wide", "Centred, at most 420 pt wide · wide screen", wide) {
                try BottomSheetConfiguration(width: .centered(maximumWidth: 420))
            },
            sample(
                "centered-wide-medium", "Centred, medium and large detents · wide screen · medium", wide,
                detent: 0
            ) {
                try BottomSheetConfiguration(
                    height: .fraction(0.9), width: .centered(maximumWidth: 420), detents: [.fraction(0.5)])
            },
        ]
        return list.compactMap { $0 }
    }()

    /// Every configuration under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { sample in
                    makeCase(sample.name, label: sample.label, theme: theme, traits: traits) { context in
                        Self.draw(sample, context: context)
                    }
                }
            }
        }
    }

    /// The layout KeelUIKit would apply for `sample` with the sample content measured in
    /// `context`.
    static func layout(_ sample: Sample, context: GalleryContext) -> BottomSheetLayoutResult {
        let content = SheetSampleContent(context: context)
        let width = BottomSheetLayout.contentWidth(sample.configuration, in: sample.container)
        return BottomSheetLayout.resolve(
            BottomSheetLayoutInput(
                configuration: sample.configuration, theme: BottomSheetTheme(resolver: context.resolver),
                container: sample.container, contentHeight: content.height(width: width),
                detentIndex: sample.detentIndex, dragTranslation: sample.dragTranslation))
    }

    static func draw(_ sample: Sample, context: GalleryContext) -> GalleryCanvas {
        let theme = BottomSheetTheme(resolver: context.resolver)
        let content = SheetSampleContent(context: context)
        let layout = layout(sample, context: context)
        let bounds = sample.container.bounds
        var canvas = context.canvas(width: bounds.width, height: bounds.height)
        canvas.draw(.rect(SVGRectShape(frame: layout.dimming, fill: .color(layout.dimmingColor))))
        let surface = layout.surface
        canvas.draw(
            .group(
                SVGGroup(
                    [
                        .path(
                            SVGPathShape(
                                data: surfacePath(
                                    surface, radius: layout.cornerRadius, corners: layout.roundedCorners),
                                fill: .color(theme.surface)))
                    ],
                    shadow: SVGShadow(theme.shadow),
                    name: "sheet-surface")))
        let n = SVGFormat.number
        // The other detents' resting tops, as dashed guides.
        for (index, frame) in layout.detentFrames.enumerated() where index != layout.currentDetent {
            canvas.draw(
                .path(
                    SVGPathShape(
                        data: "M\(n(frame.minX)) \(n(frame.minY))H\(n(frame.maxX))", fill: .none,
                        stroke: SVGStroke(
                            color: context.resolver.color(.borderStrong),
                            width: context.resolver.borderWidth(.regular),
                            dash: [6, 4]))))
        }
        let room = layout.content.offsetBy(dx: surface.minX, dy: surface.minY)
        var nodes: [SVGNode] = []
        for drawn in content.draw(in: Rect(x: room.minX, y: room.minY, width: room.width, height: 0)) {
            canvas.record(drawn)
            if let node = drawn.node { nodes.append(node) }
        }
        canvas.draw(
            .group(
                SVGGroup(
                    nodes,
                    clip: layout.contentIsClipped
                        ? SVGClip(frame: room, cornerRadius: layout.cornerRadius) : nil,
                    name: "sheet-content")))
        if layout.grabber.isShown {
            let bar = layout.grabber.bar.offsetBy(
                dx: surface.minX + layout.grabber.target.minX, dy: surface.minY + layout.grabber.target.minY)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: bar, cornerRadius: layout.grabber.barCornerRadius, fill: .color(theme.grabber))
                ))
        }
        return canvas
    }

    /// The surface's outline with `corners` rounded by `radius` (the others square).
    static func surfacePath(_ rect: Rect, radius: Double, corners: [SheetSurfaceCorner]) -> String {
        let n = SVGFormat.number
        func r(_ corner: SheetSurfaceCorner) -> Double { corners.contains(corner) ? radius : 0 }
        let (tl, tr, br, bl) = (r(.topLeft), r(.topRight), r(.bottomRight), r(.bottomLeft))
        // A square corner needs no segment: the line before it already ends there.
        func arc(_ radius: Double, _ x: Double, _ y: Double) -> String {
            radius > 0 ? "A\(n(radius)) \(n(radius)) 0 0 1 \(n(x)) \(n(y))" : ""
        }
        // With a square bottom-left corner the closing line draws the bottom edge.
        let bottomEdge = bl > 0 ? "H\(n(rect.minX + bl))" + arc(bl, rect.minX, rect.maxY - bl) : ""
        return "M\(n(rect.minX)) \(n(rect.maxY - bl))V\(n(rect.minY + tl))"
            + arc(tl, rect.minX + tl, rect.minY) + "H\(n(rect.maxX - tr))"
            + arc(tr, rect.maxX, rect.minY + tr) + "V\(n(rect.maxY - br))"
            + arc(br, rect.maxX - br, rect.maxY) + bottomEdge + "Z"
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
    func blocks(width: Double) -> [(String, FontDescriptor, ColorValue, Double, Double)] {
        let inner = max(0, width - 2 * padding)
        let measurer = context.measurer
        var blocks: [(String, FontDescriptor, ColorValue, Double, Double)] = [
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
