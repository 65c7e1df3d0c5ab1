import KeelDesign

/// Keel's vector icons, drawn for Keel on a 24 × 24 grid (2 pt round strokes), tintable and
/// mirrored in right-to-left layouts when directional. No path is taken from an icon font.
package enum KeelIcon: String, CaseIterable, Hashable, Sendable {
    /// A chevron pointing forward (right in left-to-right layouts).
    case chevronForward
    /// A chevron pointing backward.
    case chevronBackward
    /// A chevron pointing down.
    case chevronDown
    /// A checkmark.
    case checkmark
    /// A checkmark in a circle.
    case checkmarkCircle
    /// A clockwise arrow.
    case refresh
    /// An unchecked checkbox.
    case checkboxOff
    /// A checked checkbox (filled with the tint, the mark in the contrasting colour).
    case checkboxOn
    /// Three horizontal dots.
    case more
    /// A cross.
    case close
    /// A plus sign.
    case plus

    /// The design grid's side in points.
    package static let gridSize = 24.0

    /// Whether the icon points along the reading direction and so mirrors in right-to-left.
    package var isDirectional: Bool {
        switch self {
        case .chevronForward, .chevronBackward: true
        default: false
        }
    }

    /// The icon for an SF Symbol name used by a theme's icon tokens (`chevron.right`), if any.
    package init?(symbolName: String) {
        switch symbolName {
        case "chevron.right", "chevron.forward": self = .chevronForward
        case "chevron.left", "chevron.backward": self = .chevronBackward
        case "chevron.down": self = .chevronDown
        case "checkmark": self = .checkmark
        case "checkmark.circle": self = .checkmarkCircle
        case "arrow.clockwise": self = .refresh
        case "square": self = .checkboxOff
        case "checkmark.square.fill": self = .checkboxOn
        case "ellipsis": self = .more
        case "xmark": self = .close
        case "plus": self = .plus
        default: return nil
        }
    }

    /// One part of an icon on the 24-point grid.
    enum Part {
        /// A 2-point round stroke in the tint.
        case stroke(String)
        /// A fill in the tint.
        case fill(String)
        /// A 2-point round stroke in the contrasting colour (on a filled part).
        case contrastStroke(String)
    }

    var parts: [Part] {
        switch self {
        case .chevronForward: [.stroke("M9 5l7 7-7 7")]
        case .chevronBackward: [.stroke("M15 5l-7 7 7 7")]
        case .chevronDown: [.stroke("M5 9l7 7 7-7")]
        case .checkmark: [.stroke("M5 12.5l4.5 4.5L19 7.5")]
        case .checkmarkCircle:
            [.stroke("M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z"), .stroke("M8 12.3l2.8 2.8L16.2 9.5")]
        case .refresh: [.stroke("M19 12a7 7 0 1 1-2.05-4.95"), .stroke("M19 4v4h-4")]
        case .checkboxOff:
            [.stroke("M7 4h10a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3z")]
        case .checkboxOn:
            [
                .fill("M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z"),
                .contrastStroke("M7.5 12.2l3 3L16.8 9"),
            ]
        case .more:
            [
                .fill(
                    "M5 10a2 2 0 1 1 0 4a2 2 0 1 1 0-4zM12 10a2 2 0 1 1 0 4a2 2 0 1 1 0-4zM19 10a2 2 0 1 1 0 4a2 2 0 1 1 0-4z"
                )
            ]
        case .close: [.stroke("M6 6l12 12M18 6L6 18")]
        case .plus: [.stroke("M12 5v14M5 12h14")]
        }
    }

    /// The icon drawn in `frame` (scaled from the 24-point grid), in `tint`, with the marks
    /// on filled parts in `contrast`; mirrored when directional and `direction` is right-to-left.
    package func node(
        in frame: Rect, tint: ColorValue, contrast: ColorValue = .white,
        direction: TextDirection = .leftToRight
    ) -> SVGNode {
        let scale = min(frame.width, frame.height) / Self.gridSize
        var transform: [SVGTransform] = [
            .translate(x: frame.midX - scale * Self.gridSize / 2, y: frame.midY - scale * Self.gridSize / 2),
            .scale(x: scale, y: scale),
        ]
        if isDirectional, direction == .rightToLeft {
            transform += [.translate(x: Self.gridSize, y: 0), .scale(x: -1, y: 1)]
        }
        let children: [SVGNode] = parts.map { part in
            switch part {
            case .stroke(let data):
                .path(
                    SVGPathShape(
                        data: data, fill: .none, stroke: SVGStroke(color: tint, width: 2, rounded: true)))
            case .fill(let data):
                .path(SVGPathShape(data: data, fill: .color(tint)))
            case .contrastStroke(let data):
                .path(
                    SVGPathShape(
                        data: data, fill: .none, stroke: SVGStroke(color: contrast, width: 2, rounded: true)))
            }
        }
        return .group(SVGGroup(children, transform: transform, name: "icon-\(rawValue)"))
    }
}
