/// Why an overlay was not shown.
public enum OverlayPresentationFailure: Error, Hashable, Sendable {
    /// The presenter was not in a window scene.
    case presenterNotAttachedToScene
    /// The presenter was gone (deallocated) when the item's turn came.
    case presenterUnavailable
    /// The platform refused or undid the presentation.
    case presentationRejected
    /// The overlay's configuration was invalid (made without `try`); the text says why.
    case invalidConfiguration(String)
}

/// A layer of overlays with its own FIFO queue; a higher level draws above a lower one.
/// Keel's front ends queue alerts, sheets and snackbars on their channels; the queue is
/// theirs, so the type is not part of the app-facing API.
package struct OverlayChannel: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The channel's name.
    package let rawValue: String
    /// The drawing order: higher is above.
    package let level: Double
    /// Whether requests on lower channels wait while this one shows something (alerts, sheets);
    /// `false` for a channel that does not take the screen (snackbars float over what is
    /// below and never hold it up).
    package let blocksLowerChannels: Bool

    /// A channel at level 0.
    package init(rawValue: String) { self.init(rawValue: rawValue, level: 0) }
    /// A channel at a level.
    package init(rawValue: String, level: Double) {
        self.init(rawValue: rawValue, level: level, blocksLowerChannels: true)
    }
    /// A channel at a level that does or does not hold up lower channels.
    package init(rawValue: String, level: Double, blocksLowerChannels: Bool) {
        self.rawValue = rawValue
        self.level = level
        self.blocksLowerChannels = blocksLowerChannels
    }

    /// The name.
    package var description: String { rawValue }
    /// Equal by name.
    package static func == (lhs: OverlayChannel, rhs: OverlayChannel) -> Bool { lhs.rawValue == rhs.rawValue }
    /// Hashes the name.
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Alerts (level 1200, the alert elevation), above sheets.
    package static let alert = OverlayChannel(rawValue: "alert", level: 1200)
    /// Bottom sheets (level 1000, the overlay elevation).
    package static let sheet = OverlayChannel(rawValue: "sheet", level: 1000)
}

/// Identifies one request in a scene's overlay queue.
public struct OverlayTicket: Hashable, Sendable {
    /// A number unique within its queue, increasing in request order.
    package let id: Int
    /// A ticket with a number (queues issue their own; this is for tests and persistence).
    package init(id: Int) { self.id = id }
}

/// Where a request stands.
package enum OverlayItemState: Hashable, Sendable {
    /// Waiting for its turn.
    case queued
    /// Its presentation has been asked for.
    case presenting
    /// On screen.
    case presented
    /// Gone after being shown.
    case dismissed
    /// Withdrawn before it was shown.
    case cancelled
    /// Not shown, for this reason (the first failure reported).
    case failed(OverlayPresentationFailure)

    /// Whether the overlay of a request in `state` is on screen (`nil`: no such request).
    package static func isPresented(_ state: OverlayItemState?) -> Bool { state == .presented }

    /// Whether a request in `state` waits in the queue (`nil`: no such request).
    package static func isPending(_ state: OverlayItemState?) -> Bool { state == .queued }

    /// Whether a front end keeps a request in `state` (`nil`: no such request) to carry it
    /// out later: not when it is finished. A request from a presenter outside a window scene
    /// has already failed when `enqueue` returns its ticket (the queue reports the failure
    /// inside it), so a front end that stored it after `enqueue` kept it for good.
    package static func isKept(_ state: OverlayItemState?) -> Bool { state.map { !$0.isFinal } ?? false }

    /// Whether the request is finished.
    package var isFinal: Bool {
        switch self {
        case .queued, .presenting, .presented: false
        case .dismissed, .cancelled, .failed: true
        }
    }
}

/// What the front end must do after a queue change.
package enum OverlayCommand<Item: Sendable>: Sendable {
    /// Present `item` on `channel` from its presenter, then send
    /// ``OverlayQueueEvent/presentationDidSucceed(_:)`` or
    /// ``OverlayQueueEvent/presentationDidFail(_:_:)`` (presenter gone, out of its scene,
    /// refused).
    case present(OverlayTicket, item: Item, channel: OverlayChannel)
    /// Tell the requester that its item is on screen.
    case reportPresented(OverlayTicket, item: Item)
    /// Tell the requester that its item failed.
    case reportFailure(OverlayTicket, item: Item, OverlayPresentationFailure)
}

extension OverlayCommand: Equatable where Item: Equatable {}
extension OverlayCommand: Hashable where Item: Hashable {}
