#if canImport(UIKit) && canImport(AVFoundation)
    import AVFoundation
    @_exported import KeelPermissions

    extension PermissionProvider where Self == SystemPermission {
        /// The camera and the microphone (AVFoundation's capture-device authorization): register
        /// it with `PermissionCenter`; the app's Info.plist needs `NSCameraUsageDescription` and,
        /// for the microphone, `NSMicrophoneUsageDescription`.
        @MainActor public static var camera: SystemPermission {
            SystemPermission(
                kinds: [.camera, .microphone],
                status: { kind in
                    switch kind.prompt {
                    case .captureDevice(let medium):
                        return PermissionStatusMapping.avAuthorization(
                            AVCaptureDevice.authorizationStatus(for: AVMediaType(keel: medium)).rawValue)
                    default: return .unsupported
                    }
                },
                show: { prompt in
                    switch prompt {
                    case .captureDevice(let medium):
                        await SystemPermission.waitForAnswer { done in
                            AVCaptureDevice.requestAccess(for: AVMediaType(keel: medium)) { _ in done() }
                        }
                    default: return
                    }
                })
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
