import Foundation
import KeelApp
import KeelTestSupport
import Testing

/// An environment file that is a FIFO, a device or a directory: an
/// `AppEnvironmentError.unreadableFile` naming it, at once.
@Suite struct AppEnvironmentFileTests {
    static let notRegular = "not a regular file (a FIFO, a device, a directory or a socket)"

    /// The error loading `file` throws, in a task of its own released if it blocks on `fifo`.
    static func error(loading file: URL, releasing fifo: URL? = nil) async -> AppEnvironmentError? {
        let outcome = await SpecialFiles.outcome(releasing: fifo) {
            _ = try AppEnvironment.load(.staging, from: file)
        }
        return outcome.error as? AppEnvironmentError
    }

    @Test func aFIFOIsATypedErrorNotAHang() async throws {
        // `Data(contentsOf:)` used to block forever opening a FIFO without a writer.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try SpecialFiles.makeFIFO(in: directory, named: "environments.json")
        #expect(
            await Self.error(loading: fifo, releasing: fifo)
                == .unreadableFile(file: fifo.path, reason: Self.notRegular))
    }

    @Test func aDeviceOrADirectoryIsATypedError() async throws {
        // `/dev/null` used to read as an empty file (a malformed-JSON error), `/dev/zero` without end.
        let null = URL(fileURLWithPath: "/dev/null")
        #expect(
            await Self.error(loading: null) == .unreadableFile(file: "/dev/null", reason: Self.notRegular))
        let zero = URL(fileURLWithPath: "/dev/zero")
        #expect(
            await Self.error(loading: zero) == .unreadableFile(file: "/dev/zero", reason: Self.notRegular))
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            await Self.error(loading: directory)
                == .unreadableFile(file: directory.path, reason: Self.notRegular))
    }

    @Test func aLinkToARegularFileLoads() throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("environments.json")
        try Data(AppEnvironmentTests.file.utf8).write(to: target)
        let link = directory.appendingPathComponent("linked.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(try AppEnvironment.load(.staging, from: link).source == link.path)
    }
}
