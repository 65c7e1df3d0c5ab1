import Foundation
import KeelStorage
import KeelSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file store, the key file's folder and the encrypted store follow KeelSupport's one
/// private-folder rule. Before, `FileStore` and `KeyFileProvider` set `0700` only on folders
/// they created (an existing `0755` one stayed listable by everyone), and `FileStore` followed
/// a symlinked folder and accepted another user's.
@Suite struct PrivateFolderTests {
    /// The permission bits of `url` (set-id and sticky included), not following a link.
    static func mode(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// A wide folder, a link to it, and (as root) a folder owned by user 4242, in a fresh root.
    struct Folders {
        let root = makeTemporaryDirectory()
        var wide: URL { root.appendingPathComponent("wide") }
        var target: URL { root.appendingPathComponent("target") }
        var link: URL { root.appendingPathComponent("link") }
        var foreign: URL { root.appendingPathComponent("foreign") }
        var shared: URL { root.appendingPathComponent("shared") }

        init() throws {
            for folder in [wide, target, foreign, shared] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                chmod(folder.path, 0o755)
            }
            chmod(shared.path, 0o1777)
            #expect(symlink(target.path, link.path) == 0)
            // Only root can hand a folder to another user; other runs skip that case (the rule
            // itself is checked for any user in KeelSupportTests through an injected uid).
            if geteuid() == 0 { chown(foreign.path, 4242, 4242) }
        }

        func remove() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    static let key = StaticKeyProvider(Data(repeating: 7, count: 32))

    @Test func fileStoreTightensAnExistingWideFolder() throws {
        let folders = try Folders()
        defer { folders.remove() }
        // Used to stay 0755: FileStore applied 0700 only to a folder it created.
        _ = try FileStore(directory: folders.wide)
        #expect(Self.mode(folders.wide) == 0o700)
    }

    @Test func fileStoreRefusesASymlinkedForeignOrSharedFolder() throws {
        let folders = try Folders()
        defer { folders.remove() }
        // Used to follow the link and write its lock file into the target.
        #expect(
            throws: StoreError.writeFailed(file: folders.link.path, reason: "the folder is a symbolic link")
        ) {
            _ = try FileStore(directory: folders.link)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.target.path).isEmpty)
        #expect(Self.mode(folders.target) == 0o755)
        #expect {
            _ = try FileStore(directory: folders.shared)
        } throws: { error in
            guard case .writeFailed(let path, let reason)? = error as? StoreError else { return false }
            return path == folders.shared.path && reason.contains("sticky")
        }
        if geteuid() == 0 {
            // Used to be accepted.
            #expect {
                _ = try FileStore(directory: folders.foreign)
            } throws: { error in
                guard case .writeFailed(let path, let reason)? = error as? StoreError else { return false }
                return path == folders.foreign.path && reason.contains("owned by user 4242")
            }
        }
    }

    @Test func keyFileFolderIsTightenedWhenTheKeyIsCreated() throws {
        let folders = try Folders()
        defer { folders.remove() }
        // Used to stay 0755 around the new key.
        let keyFile = folders.wide.appendingPathComponent("store.key")
        _ = try KeyFileProvider(url: keyFile).key()
        #expect(Self.mode(folders.wide) == 0o700)
        #expect(Self.mode(keyFile) == 0o600)
    }

    @Test func keyFileInASymlinkedForeignOrSharedFolderIsNotCreated() throws {
        let folders = try Folders()
        defer { folders.remove() }
        // Used to follow the link and create the key in its target.
        #expect {
            try KeyFileProvider(url: folders.link.appendingPathComponent("store.key")).key()
        } throws: { error in
            guard case .keyUnavailable(let reason)? = error as? SecureStoreError else { return false }
            return reason.contains(folders.link.path) && reason.contains("symbolic link")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.target.path).isEmpty)
        #expect {
            try KeyFileProvider(url: folders.shared.appendingPathComponent("store.key")).key()
        } throws: { error in
            guard case .keyUnavailable(let reason)? = error as? SecureStoreError else { return false }
            return reason.contains(folders.shared.path) && reason.contains("sticky")
        }
        if geteuid() == 0 {
            #expect {
                try KeyFileProvider(url: folders.foreign.appendingPathComponent("store.key")).key()
            } throws: { error in
                guard case .keyUnavailable(let reason)? = error as? SecureStoreError else { return false }
                return reason.contains("owned by user 4242")
            }
        }
    }

    @Test func encryptedStoreKeepsItsStrictRuleAndNamesTheReason() throws {
        let folders = try Folders()
        defer { folders.remove() }
        _ = try EncryptedFileStore(directory: folders.wide, keyProvider: Self.key)
        #expect(Self.mode(folders.wide) == 0o700)
        #expect(
            throws: SecureStoreError.ioFailure(
                path: folders.link.path, reason: "the folder is a symbolic link")
        ) {
            _ = try EncryptedFileStore(directory: folders.link, keyProvider: Self.key)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.target.path).isEmpty)
        // A shared (sticky) folder used to be tightened to 0700 and taken over.
        #expect {
            _ = try EncryptedFileStore(directory: folders.shared, keyProvider: Self.key)
        } throws: { error in
            guard case .ioFailure(let path, let reason)? = error as? SecureStoreError else { return false }
            return path == folders.shared.path && reason.contains("sticky")
        }
        #expect(Self.mode(folders.shared) == 0o1777)
    }
}
