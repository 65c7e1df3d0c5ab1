import Foundation
import KeelSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for Keel's private folders (`POSIXFiles.openPrivateDirectory`), which the file
/// store, the key file, the encrypted store, the disk cache and the log sink all follow. Before
/// it, four routines disagreed: an existing `0755` folder stayed `0755` for the file store and
/// the key file; a symlinked folder was followed by the file store and the disk cache; another
/// user's folder was accepted by the file store.
@Suite struct PrivateDirectoryTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "keel-private-\(UUID().uuidString)", isDirectory: true)

    /// The permission bits of `path` (set-id and sticky bits included), not following a link.
    static func mode(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    func makeRoot() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }

    @Test func missingFoldersAndParentsAreCreated0700() throws {
        defer { removeRoot() }
        let leaf = root.appendingPathComponent("a/b/leaf", isDirectory: true)
        try POSIXFiles.preparePrivateDirectory(leaf)
        #expect(Self.mode(leaf) == 0o700)
        #expect(Self.mode(root.appendingPathComponent("a/b")) == 0o700)
        #expect(Self.mode(root.appendingPathComponent("a")) == 0o700)
    }

    @Test func anExistingWideFolderLosesGroupAndOtherPermissionsOnly() throws {
        try makeRoot()
        defer { removeRoot() }
        let wide = root.appendingPathComponent("wide")
        let readOnly = root.appendingPathComponent("read-only")
        for folder in [wide, readOnly] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        }
        chmod(wide.path, 0o2775)
        chmod(readOnly.path, 0o555)
        try POSIXFiles.preparePrivateDirectory(wide)
        try POSIXFiles.preparePrivateDirectory(readOnly)
        #expect(Self.mode(wide) == 0o700, "group/other and set-id bits cleared")
        #expect(Self.mode(readOnly) == 0o500, "the owner keeps what it had: read-only stays read-only")
        chmod(readOnly.path, 0o700)
    }

    @Test func aSymlinkedFolderIsRefusedAndItsTargetLeftAlone() throws {
        try makeRoot()
        defer { removeRoot() }
        let target = root.appendingPathComponent("target")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        chmod(target.path, 0o755)
        let link = root.appendingPathComponent("link")
        #expect(symlink(target.path, link.path) == 0)
        for spelling in [link, URL(fileURLWithPath: link.path + "/"), link.appendingPathComponent(".")] {
            #expect(throws: PrivateDirectoryFailure(path: spelling.path, reason: .symbolicLink)) {
                try POSIXFiles.preparePrivateDirectory(spelling)
            }
        }
        #expect(Self.mode(target) == 0o755, "the link's target is not tightened either")
    }

    @Test func aFileAtThePathIsNotADirectory() throws {
        try makeRoot()
        defer { removeRoot() }
        let file = root.appendingPathComponent("file")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
        #expect(throws: PrivateDirectoryFailure(path: file.path, reason: .notADirectory)) {
            try POSIXFiles.preparePrivateDirectory(file)
        }
        let below = file.appendingPathComponent("below")
        #expect {
            try POSIXFiles.preparePrivateDirectory(below)
        } throws: { error in
            guard let failure = error as? PrivateDirectoryFailure, case .cannotCreate = failure.reason else {
                return false
            }
            return failure.path == below.path && "\(failure)".contains(below.path)
        }
    }

    @Test func anotherUsersFolderIsRefusedAndLeftAlone() throws {
        try makeRoot()
        defer { removeRoot() }
        let folder = root.appendingPathComponent("theirs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        chmod(folder.path, 0o755)
        // Tests cannot always chown, so the owner rule is checked through the injected user:
        // to user `me + 1` this folder is someone else's.
        let me = UInt32(geteuid())
        let other = me &+ 1
        #expect(
            throws: PrivateDirectoryFailure(
                path: folder.path, reason: .ownedByAnotherUser(owner: me, currentUser: other))
        ) {
            try POSIXFiles.preparePrivateDirectory(folder, currentUser: other)
        }
        #expect(Self.mode(folder) == 0o755, "refused before anything is changed")
        #expect(
            PrivateDirectoryFailure.Reason.ownedByAnotherUser(owner: 4242, currentUser: 0).description
                .contains("owned by user 4242"))
        if geteuid() == 0 {
            // Root can make a real foreign folder.
            chown(folder.path, 4242, 4242)
            #expect(
                throws: PrivateDirectoryFailure(
                    path: folder.path, reason: .ownedByAnotherUser(owner: 4242, currentUser: 0))
            ) {
                try POSIXFiles.preparePrivateDirectory(folder)
            }
        }
    }

    @Test func aSharedStickyFolderIsRefusedNotTightened() throws {
        try makeRoot()
        defer { removeRoot() }
        let shared = root.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        chmod(shared.path, 0o1777)
        // Without this rule root would have turned a /tmp-like folder into 0700.
        #expect(throws: PrivateDirectoryFailure(path: shared.path, reason: .shared)) {
            try POSIXFiles.preparePrivateDirectory(shared)
        }
        #expect(Self.mode(shared) == 0o1777)
    }

    @Test func theDescriptorIsTheFolderJudged() throws {
        try makeRoot()
        defer { removeRoot() }
        let folder = root.appendingPathComponent("logs")
        let descriptor = try POSIXFiles.openPrivateDirectory(folder)
        defer { close(descriptor) }
        var opened = stat()
        var named = stat()
        #expect(fstat(descriptor, &opened) == 0)
        #expect(stat(folder.path, &named) == 0)
        #expect(opened.st_ino == named.st_ino && opened.st_dev == named.st_dev)
        // Preparing it again changes nothing.
        try POSIXFiles.preparePrivateDirectory(folder)
        #expect(Self.mode(folder) == 0o700)
    }
}
