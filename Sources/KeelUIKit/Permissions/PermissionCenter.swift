#if canImport(UIKit) && canImport(AVFoundation) && canImport(Photos) && canImport(CoreLocation)
    import AVFoundation
    import Contacts
    import CoreBluetooth
    import CoreLocation
    import CoreMotion
    import EventKit
    import KeelApp
    import Photos
    import UIKit
    import UserNotifications

    /// One facade over every permission prompt (the older framework's permission service): the
    /// status of each capability as one ``PermissionStatus`` and an async request. The mapping
    /// from each framework's enum is ``PermissionStatusMapping``, tested on Linux; this type
    /// only calls the frameworks.
    ///
    /// ```swift
    /// let permissions = PermissionCenter()
    /// if await permissions.request(.camera) == .authorized { startScanner() }
    /// ```
    @MainActor
    public final class PermissionCenter {
        private var pendingLocation: LocationAuthorizationWaiter?
        private var pendingBluetooth: BluetoothAuthorizationWaiter?

        /// Creates the facade.
        public init() {}

        /// The current status of `kind`, without prompting.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            // A statement switch: a switch expression with an `await` in one case crashes
            // SIL generation with this compiler and the iOS 16 SDK.
            switch kind {
            case .camera:
                return PermissionStatusMapping.avAuthorization(
                    AVCaptureDevice.authorizationStatus(for: .video).rawValue)
            case .microphone:
                return PermissionStatusMapping.avAuthorization(
                    AVCaptureDevice.authorizationStatus(for: .audio).rawValue)
            case .photos:
                return PermissionStatusMapping.photos(
                    PHPhotoLibrary.authorizationStatus(for: .readWrite).rawValue)
            case .locationWhenInUse, .locationAlways:
                return PermissionStatusMapping.location(
                    CLLocationManager().authorizationStatus.rawValue, requested: kind)
            case .notifications:
                let raw = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                    UNUserNotificationCenter.current().getNotificationSettings { settings in
                        continuation.resume(returning: settings.authorizationStatus.rawValue)
                    }
                }
                return PermissionStatusMapping.notifications(raw)
            case .contacts:
                return PermissionStatusMapping.contacts(
                    CNContactStore.authorizationStatus(for: .contacts).rawValue)
            case .calendar:
                return PermissionStatusMapping.eventKit(
                    EKEventStore.authorizationStatus(for: .event).rawValue)
            case .reminders:
                return PermissionStatusMapping.eventKit(
                    EKEventStore.authorizationStatus(for: .reminder).rawValue)
            case .bluetooth:
                return PermissionStatusMapping.bluetooth(CBManager.authorization.rawValue)
            case .motion:
                guard CMMotionActivityManager.isActivityAvailable() else { return .unavailable }
                return PermissionStatusMapping.motion(CMMotionActivityManager.authorizationStatus().rawValue)
            }
        }

        /// Asks the user for `kind` when the status is not determined, and returns the status
        /// afterwards (the current status when no prompt can be shown).
        public func request(_ kind: PermissionKind) async -> PermissionStatus {
            guard await status(of: kind) == .notDetermined else { return await status(of: kind) }
            // Completion-handler calls wrapped by hand: the compiler's imported async variants
            // of these Objective-C methods crash SIL generation with the iOS 16 SDK.
            switch kind {
            case .camera, .microphone:
                let media: AVMediaType = kind == .camera ? .video : .audio
                await waitForCallback { done in AVCaptureDevice.requestAccess(for: media) { _ in done() } }
            case .photos:
                await waitForCallback { done in
                    PHPhotoLibrary.requestAuthorization(for: .readWrite) { _ in done() }
                }
            case .locationWhenInUse, .locationAlways:
                let waiter = LocationAuthorizationWaiter()
                pendingLocation = waiter
                await waiter.request(always: kind == .locationAlways)
                pendingLocation = nil
            case .notifications:
                await waitForCallback { done in
                    UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound])
                    { _, _ in
                        done()
                    }
                }
            case .contacts:
                await waitForCallback { done in
                    CNContactStore().requestAccess(for: .contacts) { _, _ in done() }
                }
            case .calendar, .reminders:
                let entity: EKEntityType = kind == .calendar ? .event : .reminder
                await waitForCallback { done in EKEventStore().requestAccess(to: entity) { _, _ in done() } }
            case .bluetooth:
                let waiter = BluetoothAuthorizationWaiter()
                pendingBluetooth = waiter
                await waiter.request()
                pendingBluetooth = nil
            case .motion:
                let manager = CMMotionActivityManager()
                await waitForCallback { done in
                    manager.queryActivityStarting(from: Date(), to: Date(), to: .main) { _, _ in done() }
                }
            }
            return await status(of: kind)
        }

        private func waitForCallback(_ start: (@escaping @Sendable () -> Void) -> Void) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                start { continuation.resume() }
            }
        }

        /// Opens the app's page in Settings, where a denied permission can be changed.
        public func openSettings() {
            guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
            UIApplication.shared.open(url)
        }
    }

    /// Waits for Core Location's answer to an authorization request.
    @MainActor
    private final class LocationAuthorizationWaiter: NSObject, CLLocationManagerDelegate {
        private let manager = CLLocationManager()
        private var continuation: CheckedContinuation<Void, Never>?

        func request(always: Bool) async {
            await withCheckedContinuation { continuation in
                self.continuation = continuation
                manager.delegate = self
                if always {
                    manager.requestAlwaysAuthorization()
                } else {
                    manager.requestWhenInUseAuthorization()
                }
            }
        }

        nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            let determined = manager.authorizationStatus != .notDetermined
            Task { @MainActor in
                guard determined else { return }
                self.continuation?.resume()
                self.continuation = nil
            }
        }
    }

    /// Creating a central manager shows the Bluetooth prompt; its first state update answers.
    @MainActor
    private final class BluetoothAuthorizationWaiter: NSObject, CBCentralManagerDelegate {
        private var manager: CBCentralManager?
        private var continuation: CheckedContinuation<Void, Never>?

        func request() async {
            await withCheckedContinuation { continuation in
                self.continuation = continuation
                manager = CBCentralManager(delegate: self, queue: .main)
            }
        }

        nonisolated func centralManagerDidUpdateState(_ central: CBCentralManager) {
            Task { @MainActor in
                self.continuation?.resume()
                self.continuation = nil
            }
        }
    }
#endif
