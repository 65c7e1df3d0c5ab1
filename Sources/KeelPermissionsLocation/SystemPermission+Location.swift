#if canImport(UIKit) && canImport(CoreLocation)
    import CoreLocation
    @_exported import KeelPermissions

    extension PermissionProvider where Self == SystemPermission {
        /// Location when in use and always (Core Location): register it with
        /// `PermissionCenter`; the app's Info.plist needs `NSLocationWhenInUseUsageDescription`
        /// and, for always, `NSLocationAlwaysAndWhenInUseUsageDescription`.
        @MainActor public static var location: SystemPermission {
            SystemPermission(
                kinds: [.locationWhenInUse, .locationAlways],
                status: { kind in
                    // Core Location's status, read for the scope `kind` asks for.
                    let raw = CLLocationManager().authorizationStatus.rawValue
                    return PermissionStatusMapping.location(raw, requested: kind)
                },
                show: { prompt in
                    switch prompt {
                    case .location(let scope): await LocationAuthorizationWaiter().request(scope)
                    default: return
                    }
                })
        }
    }

    /// Waits for Core Location's answer to an authorization request; when it is answered is
    /// `LocationAuthorizationWait`'s decision (an upgrade to always may get no delegate call).
    @MainActor
    private final class LocationAuthorizationWaiter: NSObject, CLLocationManagerDelegate {
        private let manager = CLLocationManager()
        private var wait: LocationAuthorizationWait?
        private var observers: [any NSObjectProtocol] = []

        func request(_ scope: PermissionLocationScope) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let wait = LocationAuthorizationWait(before: manager.authorizationStatus.rawValue) {
                    continuation.resume()
                }
                self.wait = wait
                watchForeground(wait)
                manager.delegate = self
                switch scope {
                case .always: manager.requestAlwaysAuthorization()
                case .whenInUse: manager.requestWhenInUseAuthorization()
                }
            }
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
            observers = []
            wait = nil
        }

        /// UIKit's `willResignActiveNotification` and `didBecomeActiveNotification`, by name:
        /// this module links only Core Location.
        private static let willResignActive = Notification.Name("UIApplicationWillResignActiveNotification")
        private static let didBecomeActive = Notification.Name("UIApplicationDidBecomeActiveNotification")

        /// Tells `wait` when the app leaves and re-enters the foreground (a prompt shows and is
        /// answered) and when its grace period has passed.
        private func watchForeground(_ wait: LocationAuthorizationWait) {
            let center = NotificationCenter.default
            observers = [
                center.addObserver(forName: Self.willResignActive, object: nil, queue: .main) { _ in
                    Task { @MainActor in wait.resignedActive() }
                },
                center.addObserver(forName: Self.didBecomeActive, object: nil, queue: .main) { _ in
                    Task { @MainActor in wait.becameActive() }
                },
            ]
            Task { @MainActor in
                try? await Task.sleep(for: LocationAuthorizationWait.grace)
                wait.graceElapsed()
            }
        }

        nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            let raw = manager.authorizationStatus.rawValue
            Task { @MainActor in self.wait?.statusChanged(to: raw) }
        }
    }
#endif
