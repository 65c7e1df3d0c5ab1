import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why ``POSIXFiles/openPrivateDirectory(_:currentUser:)`` refused or could not prepare a
/// folder: the path as the caller gave it and the reason. Modules map it to their own typed
/// errors.
package struct PrivateDirectoryFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the folder.
    package enum Reason: Equatable, Sendable, CustomStringConvertible {
        /// A missing folder (or one of its parents) could not be created, or its path could not
        /// be examined (`strerror`).
        case cannotCreate(String)
        /// Something other than a folder is at the path.
        case notADirectory
        /// The path's last component is a symbolic link.
        case symbolicLink
        /// Another user owns the folder.
        case ownedByAnotherUser(owner: UInt32, currentUser: UInt32)
        /// The folder has its sticky bit set (as `/tmp` has): it is meant to be shared, so it is
        /// neither used nor tightened.
        case shared
        /// The folder exists but could not be opened (`strerror`).
        case cannotOpen(String)
        /// Group and other permissions could not be removed (`strerror`).
        case cannotRestrict(String)

        /// The reason as a phrase.
        package var description: String {
            switch self {
            case .cannotCreate(let reason): "cannot create the folder: \(reason)"
            case .notADirectory: "exists and is not a directory"
            case .symbolicLink: "the folder is a symbolic link"
            case .ownedByAnotherUser(let owner, let currentUser):
                "the folder is owned by user \(owner), not the current user (\(currentUser))"
            case .shared: "the folder is shared (its sticky bit is set, as /tmp's is)"
            case .cannotOpen(let reason): "cannot open the folder: \(reason)"
            case .cannotRestrict(let reason): "cannot restrict the folder to its owner (0700): \(reason)"
            }
        }
    }

    /// The folder's path, as the caller gave it.
    package let path: String
    /// What was wrong.
    package let reason: Reason

    /// Creates the failure.
    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The path and the reason.
    package var description: String { "\(path): \(reason)" }
}

extension POSIXFiles {
    /// The permissions of a folder Keel keeps private: owner only.
    package static let privateDirectoryMode: mode_t = 0o700

    /// Makes `url` a folder only this user can use, or refuses it; the one rule for every
    /// folder that holds caches, stores, keys or logs.
    ///
    /// - Missing folders (the last one and any missing parents) are created `0700`; existing
    ///   parents are left as they are (`/var` is a link on Apple platforms, `/tmp` is shared).
    /// - The last component is opened with `O_NOFOLLOW | O_DIRECTORY`, and what was opened —
    ///   not what an earlier `stat` saw — is judged: a symbolic link, something that is not a
    ///   folder, a folder another user owns (`currentUser`, injectable for tests) and a shared
    ///   folder (sticky bit) are refused.
    /// - An existing folder loses every group and other permission (and set-id bits); the owner
    ///   keeps what it had, so a read-only folder stays read-only and fails where it is written.
    ///   A folder created here is exactly `0700`, whatever the umask.
    ///
    /// - Returns: a descriptor of the folder (close it), for work relative to it (`openat`).
    /// - Throws: ``PrivateDirectoryFailure`` naming the path and the reason.
    package static func openPrivateDirectory(_ url: URL, currentUser: UInt32 = UInt32(geteuid())) throws
        -> Int32
    {
        let path = Self.canonicalPath(url)
        let fail = { (reason: PrivateDirectoryFailure.Reason) in
            PrivateDirectoryFailure(path: url.path, reason: reason)
        }
        // Create missing components from the top, iteratively.
        var missing: [String] = []
        var probe = path
        var info = stat()
        while !probe.isEmpty, probe != "/", lstat(probe, &info) != 0 {
            guard errno == ENOENT else { throw fail(.cannotCreate(errorText())) }
            missing.append(probe)
            probe = (probe as NSString).deletingLastPathComponent
        }
        var createdLeaf = false
        for component in missing.reversed() {
            if mkdir(component, privateDirectoryMode) == 0 {
                if component == path {
                    createdLeaf = true
                } else {
                    restrictCreatedParent(component)
                }
            } else if errno != EEXIST {
                throw fail(.cannotCreate(errorText()))
            }
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errorText()
            // Which refusal: Linux reports a link opened with O_DIRECTORY as ENOTDIR, not ELOOP.
            if lstat(path, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK { throw fail(.symbolicLink) }
                if (info.st_mode & S_IFMT) != S_IFDIR { throw fail(.notADirectory) }
            }
            throw fail(.cannotOpen(reason))
        }
        do {
            guard fstat(descriptor, &info) == 0 else { throw fail(.cannotOpen(errorText())) }
            let owner = UInt32(info.st_uid)
            guard owner == currentUser else {
                throw fail(.ownedByAnotherUser(owner: owner, currentUser: currentUser))
            }
            guard info.st_mode & mode_t(S_ISVTX) == 0 else { throw fail(.shared) }
            let wanted = createdLeaf ? privateDirectoryMode : info.st_mode & 0o700
            if info.st_mode & 0o7777 != wanted, fchmod(descriptor, wanted) != 0 {
                throw fail(.cannotRestrict(errorText()))
            }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// ``openPrivateDirectory(_:currentUser:)`` for callers that need no descriptor.
    package static func preparePrivateDirectory(_ url: URL, currentUser: UInt32 = UInt32(geteuid())) throws {
        close(try openPrivateDirectory(url, currentUser: currentUser))
    }

    /// The path of `url` without `.`/`..` components or a trailing slash (with which `lstat`
    /// and `O_NOFOLLOW` would follow a final link).
    private static func canonicalPath(_ url: URL) -> String {
        var path = url.standardizedFileURL.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Sets a parent this call created to exactly `0700` (the umask may have narrowed it),
    /// through a descriptor so a link swapped in meanwhile is not followed. Best effort: the
    /// folder that matters is the last one.
    private static func restrictCreatedParent(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, privateDirectoryMode)
        close(descriptor)
    }
}

extension POSIXFiles {
    /// Whether this platform has Apple data-protection classes (iOS, tvOS, watchOS, visionOS).
    package static var appliesDataProtection: Bool {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            true
        #else
            false
        #endif
    }

    /// Gives the item at `path` the data-protection class named `className` (Foundation's
    /// `FileProtectionType` raw value, e.g. `NSFileProtectionComplete`) where the platform has
    /// such classes (``appliesDataProtection``); nothing elsewhere. The one implementation
    /// behind KeelStorage's `StoreFileProtection` and KeelLogging's `LogFileProtection`.
    ///
    /// - Throws: ``POSIXFileFailure`` naming the path when the system refuses.
    package static func applyDataProtection(named className: String, toPath path: String) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            do {
                try FileManager.default.setAttributes(
                    [.protectionKey: FileProtectionType(rawValue: className)], ofItemAtPath: path)
            } catch {
                throw POSIXFileFailure(
                    path: path, reason: "cannot set file protection: \(error.localizedDescription)")
            }
        #endif
    }
}
