#if canImport(UIKit) && canImport(Photos)
    @_exported import KeelPermissions
    import Photos

    extension PermissionProvider where Self == SystemPermission {
        /// The photo library, read and write (Photos): register it with `PermissionCenter`; the
        /// app's Info.plist needs `NSPhotoLibraryUsageDescription`.
        @MainActor public static var photos: SystemPermission {
            SystemPermission(
                kinds: [.photos],
                status: { _ in
                    let raw = PHPhotoLibrary.authorizationStatus(for: .readWrite).rawValue
                    return PermissionStatusMapping.photos(raw)
                },
                show: { _ in
                    await SystemPermission.waitForAnswer { done in
                        PHPhotoLibrary.requestAuthorization(for: .readWrite) { _ in done() }
                    }
                })
        }
    }
#endif
