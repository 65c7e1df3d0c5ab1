#if canImport(UIKit)
    import KeelPermissionsCamera
    import KeelPermissionsLocation
    import UIKit

    /// The permissions the example app asks for: it links the facade and the two providers it
    /// uses, so its binary links AVFoundation and Core Location and no other privacy framework.
    @MainActor
    enum ExamplePermissions {
        /// The app's one permission facade, with the camera and location providers registered.
        static let center = PermissionCenter(providers: [.camera, .location])

        /// Asks for the camera when the user has not decided yet; offers Settings after a
        /// refusal.
        static func scanButtonTapped() async {
            switch await center.request(.camera) {
            case .authorized, .limited: startScanner()
            case .denied, .restricted: center.openSettings()
            case .notDetermined, .provisional, .unsupported, .missingProvider, .unknown: return
            }
        }

        private static func startScanner() {}
    }
#endif
