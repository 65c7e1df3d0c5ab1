#if canImport(UIKit)
    import UIKit

    /// Controls whose events can be handled by closures typed with the control's own class.
    @MainActor
    public protocol ClosureEventHandling: UIControl {}

    extension UIControl: ClosureEventHandling {}

    extension ClosureEventHandling {
        /// Runs `handler` for `events`; returns the action so it can be removed.
        ///
        /// ```swift
        /// button.on(.touchUpInside) { _ in viewModel.save() }
        /// ```
        @discardableResult
        public func on(_ events: UIControl.Event, handler: @escaping @MainActor (Self) -> Void) -> UIAction {
            let action = UIAction { [weak self] _ in
                guard let control = self else { return }
                handler(control)
            }
            addAction(action, for: events)
            return action
        }
    }

    /// A gesture recogniser that calls a closure.
    package final class ClosureGestureRecognizer<Recognizer: UIGestureRecognizer>: NSObject {
        /// The recogniser (add it to a view, or let the `UIView.on…` helpers do it).
        package let recognizer: Recognizer
        private let handler: @MainActor (Recognizer) -> Void

        /// Wraps `recognizer`, calling `handler` on each of its actions.
        @MainActor
        package init(_ recognizer: Recognizer, handler: @escaping @MainActor (Recognizer) -> Void) {
            self.recognizer = recognizer
            self.handler = handler
            super.init()
            recognizer.addTarget(self, action: #selector(fire))
        }

        @MainActor @objc private func fire() {
            handler(recognizer)
        }
    }

    extension UIView {
        /// An object whose address keys the view's closure targets in its associated objects.
        private static let gestureTargetsToken = NSObject()
        private static var gestureTargetsKey: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(gestureTargetsToken).toOpaque())
        }

        /// Calls `handler` on taps (enabling user interaction).
        @discardableResult
        public func onTap(taps: Int = 1, _ handler: @escaping @MainActor (UITapGestureRecognizer) -> Void)
            -> UITapGestureRecognizer
        {
            let recognizer = UITapGestureRecognizer()
            recognizer.numberOfTapsRequired = taps
            attach(ClosureGestureRecognizer(recognizer, handler: handler))
            return recognizer
        }

        /// Calls `handler` on long presses.
        @discardableResult
        public func onLongPress(_ handler: @escaping @MainActor (UILongPressGestureRecognizer) -> Void)
            -> UILongPressGestureRecognizer
        {
            let recognizer = UILongPressGestureRecognizer()
            attach(ClosureGestureRecognizer(recognizer, handler: handler))
            return recognizer
        }

        /// Calls `handler` as a pan progresses.
        @discardableResult
        public func onPan(_ handler: @escaping @MainActor (UIPanGestureRecognizer) -> Void)
            -> UIPanGestureRecognizer
        {
            let recognizer = UIPanGestureRecognizer()
            attach(ClosureGestureRecognizer(recognizer, handler: handler))
            return recognizer
        }

        private func attach<R: UIGestureRecognizer>(_ target: ClosureGestureRecognizer<R>) {
            isUserInteractionEnabled = true
            addGestureRecognizer(target.recognizer)
            // The view keeps its closure targets alive as long as it lives.
            var targets = objc_getAssociatedObject(self, Self.gestureTargetsKey) as? [NSObject] ?? []
            targets.append(target)
            objc_setAssociatedObject(
                self, Self.gestureTargetsKey, targets, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }
#endif
