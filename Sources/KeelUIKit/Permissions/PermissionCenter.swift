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
                return PermissionStatusMapping.notifications(await notificationAuthorization())
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
                return PermissionStatusMapping.motion(
                    CMMotionActivityManager.authorizationStatus().rawValue,
                    isActivityAvailable: CMMotionActivityManager.isActivityAvailable())
            }
        }

        private func notificationAuthorization() async -> Int {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                UNUserNotificationCenter.current().getNotificationSettings { settings in
                    continuation.resume(returning: settings.authorizationStatus.rawValue)
                }
            }
        }

        /// Asks the user for `kind` when the status is not determined, and returns the status
        /// afterwards (the current status when no prompt can be shown).
        public func request(_ kind: PermissionKind) async -> PermissionStatus {
            for prompt in kind.prompts(whenStatusIs: await status(of: kind)) { await show(prompt) }
            return await status(of: kind)
        }

        /// Shows one system prompt and waits for its answer. Completion-handler calls are
        /// wrapped by hand: the compiler's imported async variants of these Objective-C
        /// methods crash SIL generation with the iOS 16 SDK.
        private func show(_ prompt: PermissionPrompt) async {
            switch prompt {
            case .captureDevice(let medium):
                await waitForCallback { done in
                    AVCaptureDevice.requestAccess(for: AVMediaType(keel: medium)) { _ in done() }
                }
            case .photoLibrary:
                await waitForCallback { done in
                    PHPhotoLibrary.requestAuthorization(for: .readWrite) { _ in done() }
                }
            case .location(let scope): await requestLocation(scope)
            case .notifications:
                await waitForCallback { done in
                    UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound])
                    {
                        _, _ in done()
                    }
                }
            case .contacts:
                await waitForCallback { done in
                    CNContactStore().requestAccess(for: .contacts) { _, _ in done() }
                }
            case .events(let entity):
                await waitForCallback { done in
                    EKEventStore().requestAccess(to: EKEntityType(keel: entity)) { _, _ in done() }
                }
            case .bluetooth: await requestBluetooth()
            case .motion: await queryMotionActivity()
            }
        }

        private func requestLocation(_ scope: PermissionLocationScope) async {
            let waiter = LocationAuthorizationWaiter()
            pendingLocation = waiter
            await waiter.request(scope)
            pendingLocation = nil
        }

        private func requestBluetooth() async {
            let waiter = BluetoothAuthorizationWaiter()
            pendingBluetooth = waiter
            await waiter.request()
            pendingBluetooth = nil
        }

        private func queryMotionActivity() async {
            let manager = CMMotionActivityManager()
            await waitForCallback { done in
                manager.queryActivityStarting(from: Date(), to: Date(), to: .main) { _, _ in done() }
            }
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
    extension AVMediaType {
        /// AVFoundation's media type of a capture medium.
        fileprivate init(keel medium: PermissionCaptureMedium) {
            switch medium {
            case .video: self = .video
            case .audio: self = .audio
            }
        }
    }

    extension EKEntityType {
        /// EventKit's entity type of an event entity.
        fileprivate init(keel entity: PermissionEventEntity) {
            switch entity {
            case .event: self = .event
            case .reminder: self = .reminder
            }
        }
    }
#endif
