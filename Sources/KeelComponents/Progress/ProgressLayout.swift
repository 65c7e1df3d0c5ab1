import KeelDesign

/// An arc of the ring, in radians clockwise from the top (12 o'clock), turned by `rotation`.
package struct ProgressArc: Hashable, Sendable {
    /// Where the arc starts.
    package var start: Double
    /// Where it ends (≥ start).
    package var end: Double
    /// The whole ring's turn (the spinner's movement).
    package var rotation: Double

    /// An arc.
    package init(start: Double, end: Double, rotation: Double) {
        self.start = start
        self.end = end
        self.rotation = rotation
    }

    /// The arc's share of the ring (0…1).
    package var fraction: Double { (end - start) / (2 * Double.pi) }
}

/// A shape a front end draws for a progress indicator: a filled rounded bar, or a stroked arc
/// with angles in radians clockwise from 3 o'clock (the y-down convention UIKit's
/// `UIBezierPath` and SwiftUI's `Path` share).
package enum ProgressShape: Hashable, Sendable {
    /// A filled rounded rectangle.
    case bar(Rect, cornerRadius: Double)
    /// A stroked arc.
    case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double)
}

/// The frames of a progress indicator at one moment: the track, the filled part of a bar, or
/// the ring's arc. The bar fills from the leading edge (the right, right to left); the ring
/// runs clockwise from the top in both directions, as a clock does.
package struct ProgressLayout: Hashable, Sendable {
    /// The indicator's size: the width given by the bar's thickness, or the ring's square.
    package var size: Size
    /// The track: the whole bar, or the ring's square.
    package var trackFrame: Rect
    /// The filled part of a bar (`.zero` for the ring, or an empty bar).
    package var indicatorFrame: Rect
    /// The ring's arc (`nil` for a bar).
    package var arc: ProgressArc?
    /// The filled part's opacity (the pulse under Reduce Motion).
    package var indicatorOpacity: Double

    /// Lays out `appearance` in `width` (a bar's length; a ring ignores it) at `time` seconds.
    package init(appearance: ProgressAppearance, width: Double, time: Double = 0) {
        let phase = appearance.phase(at: time)
        indicatorOpacity = appearance.indicatorOpacity(at: time)
        switch appearance.style {
        case .linear:
            let width = width.isFinite ? max(0, width) : 0
            let height = appearance.thickness
            size = Size(width: width, height: height)
            trackFrame = Rect(x: 0, y: 0, width: width, height: height)
            arc = nil
            var start = 0.0
            var length = 0.0
            switch appearance.motion {
            case .none:
                length = width * (appearance.value.fraction ?? 0)
            case .pulse:
                length = width
            case .moving:
                // A segment enters at the leading edge and leaves at the trailing one; clipped
                // to the track.
                let segment = width * appearance.indeterminateLength
                let travel = -segment + (width + segment) * phase
                start = max(0, travel)
                length = max(0, min(width, travel + segment) - start)
            }
            var frame = Rect(x: start, y: 0, width: length, height: height)
            if appearance.layoutDirection == .rightToLeft { frame = frame.mirrored(inWidth: width) }
            indicatorFrame = frame
        case .circular:
            let side = appearance.diameter
            size = Size(width: side, height: side)
            trackFrame = Rect(x: 0, y: 0, width: side, height: side)
            indicatorFrame = .zero
            let turn = 2 * Double.pi
            switch appearance.motion {
            case .none:
                arc = ProgressArc(start: 0, end: turn * (appearance.value.fraction ?? 0), rotation: 0)
            case .pulse:
                arc = ProgressArc(start: 0, end: turn * appearance.indeterminateLength, rotation: 0)
            case .moving:
                arc = ProgressArc(
                    start: 0, end: turn * appearance.indeterminateLength, rotation: turn * phase)
            }
        }
    }

    /// The track's shape: the whole bar, or the whole ring.
    package func trackShape(appearance: ProgressAppearance) -> ProgressShape {
        guard arc != nil else { return .bar(trackFrame, cornerRadius: cornerRadius) }
        return ring(appearance: appearance, from: 0, to: 2 * Double.pi)
    }

    /// The filled part's shape: the bar's filled part, or the ring's arc turned by its rotation.
    package func indicatorShape(appearance: ProgressAppearance) -> ProgressShape {
        guard let arc else { return .bar(indicatorFrame, cornerRadius: cornerRadius) }
        return ring(appearance: appearance, from: arc.start + arc.rotation, to: arc.end + arc.rotation)
    }

    /// An arc of the ring from `start` to `end` (radians clockwise from the top).
    private func ring(appearance: ProgressAppearance, from start: Double, to end: Double) -> ProgressShape {
        let frame = ringFrame(appearance: appearance)
        let quarter = Double.pi / 2
        return .arc(
            center: Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2),
            radius: max(0, frame.width / 2), startAngle: start - quarter, endAngle: end - quarter)
    }

    /// The ring's arc, or an empty one for a bar (what a front end assigns).
    package var displayedArc: ProgressArc { arc ?? ProgressArc(start: 0, end: 0, rotation: 0) }

    /// The stroke's path rectangle: the ring's square inset by half the stroke, so the stroke
    /// stays inside the frame.
    package func ringFrame(appearance: ProgressAppearance) -> Rect {
        trackFrame.insetBy(dx: appearance.thickness / 2, dy: appearance.thickness / 2)
    }

    /// The bar's corner radius: half its thickness.
    package var cornerRadius: Double { trackFrame.height / 2 }

    /// The width a size proposal gives a bar: the proposal when positive and finite, otherwise
    /// `fallback`.
    package static func width(proposed: Double?, fallback: Double) -> Double {
        if let proposed, proposed.isFinite, proposed > 0, proposed < .greatestFiniteMagnitude {
            return proposed
        }
        return fallback
    }
}
