#if canImport(UIKit)
    import UIKit
#endif

/// One permission framework's binding: the `PermissionKind`s it answers for, their status
/// and the system prompt that asks for them. Keel's are ``SystemPermission``s, each in its own
/// module (`KeelPermissionsCamera`, `KeelPermissionsLocation`, …) that imports only its
/// framework, so an app links the privacy frameworks of the permissions it uses and no others;
/// an app's tests register their own fakes.
@MainActor
public protocol PermissionProvider: AnyObject {
    /// The permissions this provider answers for.
    var kinds: [PermissionKind] { get }

    /// The current status of `kind` (one of ``kinds``), without prompting.
    func status(of kind: PermissionKind) async -> PermissionStatus

    /// Shows the system prompt `prompt` and returns once the user has answered it.
    func show(_ prompt: PermissionPrompt) async
}

/// One facade over every permission prompt (the older framework's permission service): the
/// status of each capability as one `PermissionStatus` and an async request. It imports no
/// privacy framework; the app registers the providers of the permissions it uses.
///
/// ```swift
/// import KeelPermissionsCamera
/// import KeelPermissionsLocation
///
/// let permissions = PermissionCenter(providers: [.camera, .location])
/// if await permissions.request(.camera) == .authorized { startScanner() }
/// ```
///
/// A permission without a registered provider is `PermissionStatus.missingProvider` and is never
/// prompted for. The mapping from each framework's enum is `PermissionStatusMapping` and the
/// prompt table is `PermissionKind.prompts(whenStatusIs:)`, both tested on Linux.
@MainActor
public final class PermissionCenter {
    /// The registered providers, in registration order.
    package private(set) var providers: [any PermissionProvider]

    /// Creates the facade over `providers`. When two providers answer for one kind, the one
    /// registered first wins.
    public init(providers: [any PermissionProvider] = []) {
        self.providers = providers
    }

    /// Registers `provider` after the existing ones (kinds an earlier provider already answers
    /// for stay with it).
    public func register(_ provider: any PermissionProvider) {
        providers.append(provider)
    }

    /// The provider that answers for `kind`, if one is registered.
    package func provider(for kind: PermissionKind) -> (any PermissionProvider)? {
        providers.first { $0.kinds.contains(kind) }
    }

    /// The permissions some registered provider answers for, in `PermissionKind` order.
    package var supportedKinds: [PermissionKind] {
        PermissionKind.allCases.filter { provider(for: $0) != nil }
    }

    /// The current status of `kind`, without prompting; `PermissionStatus.missingProvider`
    /// when no registered provider answers for it.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard let provider = provider(for: kind) else { return .missingProvider }
        return await provider.status(of: kind)
    }

    /// Asks the user for `kind` when the status is not determined, and returns the status
    /// afterwards (the current status when no prompt can be shown).
    public func request(_ kind: PermissionKind) async -> PermissionStatus {
        guard let provider = provider(for: kind) else { return .missingProvider }
        for prompt in kind.prompts(whenStatusIs: await provider.status(of: kind)) {
            await provider.show(prompt)
        }
        return await provider.status(of: kind)
    }

    #if canImport(UIKit)
        /// Opens the app's page in Settings, where a denied permission can be changed.
        public func openSettings() {
            guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
            UIApplication.shared.open(url)
        }
    #endif
}
