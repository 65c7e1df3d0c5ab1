#if canImport(UIKit) && canImport(Photos)
    @_exported import KeelPermissions
    import Photos

    /// The photo library, read and write (Photos). Register it with
    /// `PermissionCenter`; the app's Info.plist needs
    /// `NSPhotoLibraryUsageDescription`.
    @MainActor
    public final class PhotosPermission: PermissionProvider {
        /// Creates the provider.
        public init() {}

        /// `PermissionKind.photos`.
        public let kinds: [PermissionKind] = [.photos]

        /// The photo library's read-write status.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            PermissionStatusMapping.photos(PHPhotoLibrary.authorizationStatus(for: .readWrite).rawValue)
        }

        /// Shows the photo library's read-write prompt.
        public func show(_ prompt: PermissionPrompt) async {
            await waitForAnswer { done in
                PHPhotoLibrary.requestAuthorization(for: .readWrite) { _ in done() }
            }
        }
    }
#endif
