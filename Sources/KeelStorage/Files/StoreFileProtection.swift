import KeelSupport

/// The Apple data-protection class of a store's files: when the OS keeps them encrypted
/// while the device is locked. Applied on iOS, tvOS, watchOS and visionOS; other platforms
/// have no such classes and ignore it (`isApplied`).
public enum StoreFileProtection: String, Sendable, CaseIterable {
    /// No protection beyond the disk's.
    case unprotected = "NSFileProtectionNone"
    /// Unreadable while the device is locked (background work cannot read the store).
    case complete = "NSFileProtectionComplete"
    /// Files open before locking stay usable; new files can be created while locked.
    case completeUnlessOpen = "NSFileProtectionCompleteUnlessOpen"
    /// Readable after the first unlock until restart: the default, so background launches work.
    case completeUntilFirstUserAuthentication = "NSFileProtectionCompleteUntilFirstUserAuthentication"

    /// The class stores use unless told otherwise.
    @usableFromInline package static let `default` = StoreFileProtection.completeUntilFirstUserAuthentication

    /// Whether this platform applies data-protection classes.
    package static var isApplied: Bool {
        POSIXFiles.appliesDataProtection
    }
}
