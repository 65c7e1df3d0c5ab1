#if canImport(UIKit) && canImport(CoreBluetooth)
    import CoreBluetooth
    @_exported import KeelPermissions

    /// Bluetooth (Core Bluetooth). Register it with `PermissionCenter`; the
    /// app's Info.plist needs `NSBluetoothAlwaysUsageDescription`.
    @MainActor
    public final class BluetoothPermission: PermissionProvider {
        private var pending: BluetoothAuthorizationWaiter?

        /// Creates the provider.
        public init() {}

        /// `PermissionKind.bluetooth`.
        public let kinds: [PermissionKind] = [.bluetooth]

        /// Core Bluetooth's authorization.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            PermissionStatusMapping.bluetooth(CBManager.authorization.rawValue)
        }

        /// Creates a central manager, which shows the prompt, and waits for its first state.
        public func show(_ prompt: PermissionPrompt) async {
            let waiter = BluetoothAuthorizationWaiter()
            pending = waiter
            await waiter.request()
            pending = nil
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
