import Foundation
import Testing

@testable import KeelLogging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Security finding 8: log files are private to the user and never reached through a link.
@Suite struct FileSinkSecurityTests {
    /// The permission bits of `url` (not following a final symbolic link).
    static func mode(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    @Test func newDirectoriesAre0700AndFilesAre0600() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("a/b/Logs", isDirectory: true)
        var options = FileSink.Options()
        options.maximumFileSize = 200
        let sink = try FileSink(directory: directory, options: options)
        for index in 0..<20 { sink.receive(makeRecord("line \(index)")) }
        sink.flush()
        #expect(Self.mode(directory) == 0o700)
        #expect(Self.mode(root.appendingPathComponent("a/b")) == 0o700)
        #expect(Self.mode(root.appendingPathComponent("a")) == 0o700)
        #expect(sink.logFiles.count > 1, "rotated")
        for file in sink.logFiles { #expect(Self.mode(file) == 0o600, "\(file.path)") }
    }

    @Test func anExistingOpenDirectoryAndFileAreTightened() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o755)
        let file = directory.appendingPathComponent("app.log")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("old\n".utf8)))
        chmod(file.path, 0o644)
        let sink = try FileSink(directory: directory)
        sink.receive(makeRecord("new"))
        sink.flush()
        #expect(Self.mode(directory) == 0o700)
        #expect(Self.mode(file) == 0o600)
        #expect(readLines(file).first == "old", "kept the old lines")
    }

    @Test func aSymlinkedLogFileIsRefusedAndItsTargetUntouched() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("victim.txt")
        #expect(FileManager.default.createFile(atPath: target.path, contents: Data("precious\n".utf8)))
        chmod(target.path, 0o644)
        #expect(symlink(target.path, directory.appendingPathComponent("app.log").path) == 0)
        #expect(throws: FileSinkError.self) { try FileSink(directory: directory) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
        #expect(Self.mode(target) == 0o644)
    }

    @Test func aSymlinkedDirectoryIsRefused() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("real", isDirectory: true)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("Logs")
        #expect(symlink(real.path, link.path) == 0)
        #expect(throws: FileSinkError.self) { try FileSink(directory: link) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
    }

    /// The sink now opens its folder through KeelSupport's shared private-folder rule: the
    /// typed error and its reason are what the stores report for the same folder.
    @Test func aSymlinkedDirectoryIsRefusedWithTheSharedReason() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("real", isDirectory: true)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        chmod(real.path, 0o755)
        let link = root.appendingPathComponent("Logs")
        #expect(symlink(real.path, link.path) == 0)
        #expect(
            throws: FileSinkError.insecureDirectory(path: link.path, reason: "the folder is a symbolic link")
        ) { try FileSink(directory: link) }
        #expect(Self.mode(real) == 0o755, "the link's target is not tightened")
    }

    /// A folder with the sticky bit (as /tmp has) used to be taken over: tightened to 0700 —
    /// by root, /tmp itself. It is now refused and left as it was.
    @Test func aSharedStickyDirectoryIsRefusedAndLeftAlone() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o1777)
        #expect {
            try FileSink(directory: directory)
        } throws: { error in
            guard case .insecureDirectory(let path, let reason)? = error as? FileSinkError else {
                return false
            }
            return path == directory.path && reason.contains("sticky")
        }
        #expect(Self.mode(directory) == 0o1777)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// Only root can hand a folder to another user; other runs skip this case (the rule is
    /// checked for any user in KeelSupportTests' `PrivateDirectoryTests` through an injected uid).
    @Test func anotherUsersDirectoryIsRefused() throws {
        guard geteuid() == 0 else { return }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o755)
        chown(directory.path, 4242, 4242)
        #expect {
            try FileSink(directory: directory)
        } throws: { error in
            guard case .insecureDirectory(_, let reason)? = error as? FileSinkError else { return false }
            return reason.contains("owned by user 4242")
        }
        #expect(Self.mode(directory) == 0o755)
    }

    @Test func aSymlinkPlantedAsTheNextRotatedFileIsNotFollowed() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("victim.txt")
        #expect(FileManager.default.createFile(atPath: target.path, contents: Data("precious\n".utf8)))
        var options = FileSink.Options()
        options.maximumFileSize = 200
        options.maximumFileCount = 2
        let sink = try FileSink(directory: directory, options: options)
        // Planted after the sink opened: rotation renames over the link, never writes through it.
        #expect(symlink(target.path, directory.appendingPathComponent("app.1.log").path) == 0)
        for index in 0..<20 { sink.receive(makeRecord("line \(index)")) }
        sink.flush()
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    }
}

/// The presets' fallback folder is per user, and a squatted one is not used.
@Suite struct LogDirectoryFallbackTests {
    @Test func theFallbackIsPerUserNotASharedPath() {
        let temporary = URL(fileURLWithPath: "/tmp", isDirectory: true)
        let fallback = LoggingConfiguration.defaultLogDirectory(
            caches: nil, temporary: temporary, userID: 501)
        #expect(fallback.path == "/tmp/keel-logs-501")
        #expect(fallback.path != "/tmp/Logs")
        let other = LoggingConfiguration.defaultLogDirectory(caches: nil, temporary: temporary, userID: 502)
        #expect(other != fallback)
        let caches = URL(fileURLWithPath: "/home/ada/.cache", isDirectory: true)
        #expect(
            LoggingConfiguration.defaultLogDirectory(caches: caches, temporary: temporary, userID: 501).path
                == "/home/ada/.cache/Logs")
    }

    @Test func aSquattedFallbackIsRefusedForAFreshRandomFolder() throws {
        let temporary = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let squatted = LoggingConfiguration.defaultLogDirectory(
            caches: nil, temporary: temporary, userID: UInt32(geteuid()))
        let attacker = temporary.appendingPathComponent("attacker", isDirectory: true)
        try FileManager.default.createDirectory(at: attacker, withIntermediateDirectories: true)
        #expect(symlink(attacker.path, squatted.path) == 0)
        let sink = try #require(LoggingConfiguration.makeFileSink(in: squatted, temporary: temporary))
        #expect(sink.directory.path != squatted.path)
        #expect(
            sink.directory.deletingLastPathComponent().standardizedFileURL == temporary.standardizedFileURL)
        #expect(sink.directory.lastPathComponent.hasPrefix("keel-logs-\(geteuid())-"))
        #expect(FileSinkSecurityTests.mode(sink.directory) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: attacker.path).isEmpty)
        // A second run picks another random folder: the name cannot be predicted.
        let again = try #require(LoggingConfiguration.makeFileSink(in: squatted, temporary: temporary))
        #expect(again.directory != sink.directory)
    }

    @Test func fileProtectionDefaultsToUntilFirstUnlockWithFoundationsNames() {
        #expect(FileSink.Options().fileProtection == .completeUntilFirstUserAuthentication)
        #expect(
            LogFileProtection.allCases.map(\.rawValue) == [
                "NSFileProtectionComplete", "NSFileProtectionCompleteUnlessOpen",
                "NSFileProtectionCompleteUntilFirstUserAuthentication", "NSFileProtectionNone",
            ])
    }
}
