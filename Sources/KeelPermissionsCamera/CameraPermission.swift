#if canImport(UIKit) && canImport(AVFoundation)
    import AVFoundation
    @_exported import KeelPermissions

    /// The camera and the microphone (AVFoundation's capture-device authorization). Register it
    /// with `PermissionCenter`; the app's Info.plist needs
    /// `NSCameraUsageDescription` and, for the microphone, `NSMicrophoneUsageDescription`.
    @MainActor
    public final class CameraPermission: PermissionProvider {
        /// Creates the provider.
        public init() {}

        /// `PermissionKind.camera` and `PermissionKind.microphone`.
        public let kinds: [PermissionKind] = [.camera, .microphone]

        /// The capture-device status of `kind`'s medium.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            switch kind.prompt {
            case .captureDevice(let medium):
                return PermissionStatusMapping.avAuthorization(
                    AVCaptureDevice.authorizationStatus(for: AVMediaType(keel: medium)).rawValue)
            default: return .unsupported
            }
        }

        /// Shows the capture-device prompt.
        public func show(_ prompt: PermissionPrompt) async {
            switch prompt {
            case .captureDevice(let medium): await requestAccess(for: AVMediaType(keel: medium))
            default: return
            }
        }

        private func requestAccess(for medium: AVMediaType) async {
            await waitForAnswer { done in
                AVCaptureDevice.requestAccess(for: medium) { _ in done() }
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
#endif
