#if canImport(UIKit)
    import KeelComponents
    import QuartzCore
    import UIKit

    /// What a frame clock reports to.
    @MainActor
    protocol KeelFrameClockOwner: AnyObject {
        /// The display refreshed at `time` (seconds, the media clock).
        func frameClockTicked(_ time: Double)
    }

    /// A display link that ticks its owner only while `FrameClockCommand` says to run; it holds
    /// its owner weakly and stops itself once the owner is gone.
    @MainActor
    final class KeelFrameClock: NSObject {
        private weak var owner: (any KeelFrameClockOwner)?
        private var link: CADisplayLink?

        init(owner: any KeelFrameClockOwner) {
            self.owner = owner
            super.init()
        }

        /// Starts, stops or keeps the clock for content that `moves` in a view that is on
        /// screen or not.
        func update(moves: Bool, isOnScreen: Bool) {
            switch FrameClockCommand(moves: moves, isOnScreen: isOnScreen, isRunning: link != nil) {
            case .start: start()
            case .stop: stop()
            case .keep: break
            }
        }

        /// The media clock now, for a view drawing outside a tick.
        var now: Double { CACurrentMediaTime() }

        private func start() {
            let link = CADisplayLink(target: self, selector: #selector(tick(_:)))
            link.add(to: .main, forMode: .common)
            self.link = link
        }

        private func stop() {
            link?.invalidate()
            link = nil
        }

        @objc private func tick(_ link: CADisplayLink) {
            guard let owner else { return stop() }
            owner.frameClockTicked(link.timestamp)
        }
    }
#endif
