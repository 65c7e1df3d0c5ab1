#if canImport(UIKit) && canImport(CoreBluetooth)
    import CoreBluetooth
    @_exported import KeelPermissions

    extension PermissionProvider where Self == SystemPermission {
        /// Bluetooth (Core Bluetooth): register it with `PermissionCenter`; the app's Info.plist
        /// needs `NSBluetoothAlwaysUsageDescription`.
        @MainActor public static var bluetooth: SystemPermission {
            SystemPermission(
                kinds: [.bluetooth],
                status: { _ in PermissionStatusMapping.bluetooth(CBManager.authorization.rawValue) },
                show: { _ in
                    // Creating a central manager shows the prompt; the waiter keeps it until
                    // its first state.
                    await BluetoothAuthorizationWaiter().request()
                })
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
