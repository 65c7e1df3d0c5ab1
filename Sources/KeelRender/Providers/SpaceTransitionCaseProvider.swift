import KeelComponents
import KeelDesign

/// The vertical space transition at rest on Home, dragged to progress 0.1, 0.5 and 0.9,
/// settling after a release, and at rest on Feed. Each case drives
/// `VerticalSpaceTransition` with the finger translation that gives the
/// progress under its rubber band (an upward drag), and draws Home at the offset the physics
/// computes with Feed directly below it — Home leaves through the top as Feed rises from
/// below — with the gestures each state enables.
package struct SpaceTransitionCaseProvider: GalleryCaseProvider {
    /// `space-transition`.
    package let component = "space-transition"
    /// `Vertical space transition`.
    package let title = "Vertical space transition"

    /// A provider.
    package init() {}

    /// The page size (a phone's screen, scaled to the gallery's width).
    static let page = Size(width: 240, height: 420)

    /// A moment of the transition.
    enum Moment: Hashable, Sendable {
        case home
        case dragging(Double)
        case settling(seconds: Double)
        case feed

        var name: String {
            switch self {
            case .home: "home"
            case .dragging(let progress): "dragging-\(Int((progress * 100).rounded()))"
            case .settling: "settling"
            case .feed: "feed"
            }
        }

        var label: String {
            switch self {
            case .home: "Home"
            case .dragging(let progress): "Dragging · progress \(progress.twoDecimals)"
            case .settling(let seconds): "Settling to Feed · \(seconds.twoDecimals) s after release"
            case .feed: "Feed"
            }
        }
    }

    /// The moments shown.
    static let moments: [Moment] = [
        .home, .dragging(0.1), .dragging(0.5), .dragging(0.9), .settling(seconds: 0.1), .feed,
    ]

    /// Every moment under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.moments.map { moment in
                    makeCase(moment.name, label: moment.label, theme: theme, traits: traits) { context in
                        Self.draw(moment, context: context)
                    }
                }
            }
        }
    }

    /// The (upward, negative) finger translation whose rubber-banded offset is `progress` of
    /// the page: the inverse of `h·(1 − 1/(|d|·r/h + 1))`.
    static func translation(forProgress progress: Double, physics: VerticalSpaceTransitionPhysics) -> Double {
        let p = min(max(progress, 0), 0.999)
        return -(page.height / physics.resistance * p / (1 - p))
    }

    /// The transition driven to `moment` through the events UIKit forwards, and Home's
    /// offset there — the offset the shipped container applies (the machine's `.moveHome`
    /// effect while dragging, the settle spring's value while settling).
    static func state(at moment: Moment) -> (VerticalSpaceTransition, offset: Double) {
        var transition = VerticalSpaceTransition(pageHeight: page.height)
        let physics = transition.physics
        switch moment {
        case .home:
            return (transition, transition.homeOffset)
        case .dragging(let progress):
            let distance = translation(forProgress: progress, physics: physics)
            transition.send(.pan(.began, translation: 0, velocity: 0))
            transition.send(.pan(.changed, translation: distance, velocity: 0))
            return (transition, transition.homeOffset)
        case .settling(let seconds):
            let distance = translation(forProgress: 0.3, physics: physics)
            transition.send(.pan(.began, translation: 0, velocity: 0))
            transition.send(.pan(.changed, translation: distance, velocity: 0))
            transition.send(.pan(.ended, translation: distance, velocity: -physics.velocityThreshold))
            let offset = transition.settle?.offset(at: seconds) ?? 0
            return (transition, min(max(offset, -page.height), 0))
        case .feed:
            let distance = translation(forProgress: 0.5, physics: physics)
            transition.send(.pan(.began, translation: 0, velocity: 0))
            transition.send(.pan(.changed, translation: distance, velocity: 0))
            transition.send(.pan(.ended, translation: distance, velocity: 0))
            transition.send(.settleFinished)
            return (transition, transition.homeOffset)
        }
    }

    /// The screen the pages are drawn in.
    static var viewport: Rect {
        Rect(
            x: (Sheet.width - page.width) / 2, y: ComponentDrawing.margin, width: page.width,
            height: page.height)
    }

    /// Where Home and Feed are drawn at `moment`: Home at the transition's offset inside the
    /// viewport, Feed directly below it (``VerticalSpacePageOffsets``).
    static func pageFrames(at moment: Moment) -> (home: Rect, feed: Rect) {
        let offsets = VerticalSpacePageOffsets(homeOffset: state(at: moment).offset, pageHeight: page.height)
        let viewport = Self.viewport
        return (
            Rect(x: viewport.x, y: viewport.y + offsets.home, width: page.width, height: page.height),
            Rect(x: viewport.x, y: viewport.y + offsets.feed, width: page.width, height: page.height)
        )
    }

    static func draw(_ moment: Moment, context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        let measurer = context.measurer
        let (transition, _) = state(at: moment)
        let frames = pageFrames(at: moment)
        let page = Self.page
        let margin = ComponentDrawing.margin
        let viewport = Self.viewport
        let radius = resolver.radius(.lg)
        let padding = resolver.spacing(.lg)
        let inner = page.width - 2 * padding
        let titleFont = resolver.font(.title2)
        let bodyFont = resolver.font(.body)

        var pageTexts: [DrawnText] = []
        /// A page's title and line, measured for the page's width.
        func drawPage(_ title: String, _ line: String, background: ColorValue, top: Double) -> [SVGNode] {
            var nodes: [SVGNode] = [
                .rect(
                    SVGRectShape(
                        frame: Rect(x: viewport.x, y: top, width: page.width, height: page.height),
                        fill: .color(background)))
            ]
            var y = top + padding
            for (text, font, color) in [
                (title, titleFont, resolver.color(.textPrimary)),
                (line, bodyFont, resolver.color(.textSecondary)),
            ] {
                let height = measurer.height(of: text, font: font, width: inner, maximumLines: nil)
                let drawn = measurer.draw(
                    text, font: font, color: color,
                    in: Rect(x: viewport.x + padding, y: y, width: inner, height: height),
                    direction: context.direction)
                pageTexts.append(drawn)
                if let node = drawn.node { nodes.append(node) }
                y += height + resolver.spacing(.sm)
            }
            return nodes
        }
        let home = drawPage(
            "Home", "Drag up to open Feed", background: resolver.color(.backgroundPrimary),
            top: frames.home.y)
        let feed = drawPage(
            "Feed", "Rises from below Home", background: resolver.color(.backgroundSecondary),
            top: frames.feed.y)
        let gestures = transition.gestures
        var canvas = context.canvas(width: Sheet.width, height: 0)
        canvas.draw(
            .group(
                SVGGroup(
                    [
                        .group(SVGGroup(home, name: "home")),
                        .group(SVGGroup(feed, shadow: SVGShadow(resolver.shadow(.floating)), name: "feed")),
                    ],
                    clip: SVGClip(frame: viewport, cornerRadius: radius), name: "viewport")))
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: viewport, cornerRadius: radius, fill: .none,
                    stroke: SVGStroke(
                        color: resolver.color(.borderPrimary), width: resolver.borderWidth(.regular)))))
        for text in pageTexts { canvas.record(text) }
        // What the state machine says, under the screen.
        let caption =
            "\(stateName(transition.state)) · Home pan \(gestures.homePanEnabled ? "on" : "off") · "
            + "Feed touches \(gestures.feedInteractionEnabled ? "on" : "off")"
        let captionFont = resolver.font(.caption)
        let captionWidth = Sheet.width - 2 * margin
        let captionHeight = measurer.height(
            of: caption, font: captionFont, width: captionWidth, maximumLines: nil)
        canvas.text(
            caption, font: captionFont, color: resolver.color(.textSecondary),
            in: Rect(
                x: margin, y: viewport.maxY + resolver.spacing(.sm), width: captionWidth,
                height: captionHeight),
            alignment: .center, direction: context.direction)
        canvas.height = viewport.maxY + resolver.spacing(.sm) + captionHeight + margin
        return canvas
    }

    static func stateName(_ state: VerticalSpaceTransitionState) -> String {
        switch state {
        case .home: "home"
        case .dragging(let progress): "dragging, progress \(progress.twoDecimals)"
        case .settling(let target): "settling to \(target.rawValue)"
        case .feed: "feed"
        case .closing: "closing"
        }
    }
}
