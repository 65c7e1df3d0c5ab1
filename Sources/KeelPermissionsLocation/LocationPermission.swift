#if canImport(UIKit) && canImport(CoreLocation)
    import CoreLocation
    @_exported import KeelPermissions

    /// Location when in use and always (Core Location). Register it with
    /// `PermissionCenter`; the app's Info.plist needs
    /// `NSLocationWhenInUseUsageDescription` and, for always,
    /// `NSLocationAlwaysAndWhenInUseUsageDescription`.
    @MainActor
    public final class LocationPermission: PermissionProvider {
        private var pending: LocationAuthorizationWaiter?

        /// Creates the provider.
        public init() {}

        /// `PermissionKind.locationWhenInUse` and `PermissionKind.locationAlways`.
        public let kinds: [PermissionKind] = [.locationWhenInUse, .locationAlways]

        /// Core Location's status, read for the scope `kind` asks for.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            PermissionStatusMapping.location(
                CLLocationManager().authorizationStatus.rawValue, requested: kind)
        }

        /// Shows Core Location's prompt for the prompt's scope and waits for the answer.
        public func show(_ prompt: PermissionPrompt) async {
            switch prompt {
            case .location(let scope): await request(scope)
            default: return
            }
        }

        private func request(_ scope: PermissionLocationScope) async {
            let waiter = LocationAuthorizationWaiter()
            pending = waiter
            await waiter.request(scope)
            pending = nil
        }
    }

    /// Waits for Core Location's answer to an authorization request.
    @MainActor
    private final class LocationAuthorizationWaiter: NSObject, CLLocationManagerDelegate {
        private let manager = CLLocationManager()
        private var continuation: CheckedContinuation<Void, Never>?

        func request(_ scope: PermissionLocationScope) async {
            await withCheckedContinuation { continuation in
                self.continuation = continuation
                manager.delegate = self
                switch scope {
                case .always: manager.requestAlwaysAuthorization()
                case .whenInUse: manager.requestWhenInUseAuthorization()
                }
            }
        }

        nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            let determined = PermissionStatusMapping.isLocationAnswer(manager.authorizationStatus.rawValue)
            Task { @MainActor in
                guard determined else { return }
                self.continuation?.resume()
                self.continuation = nil
            }
        }
    }
#endif
