import Foundation
import KeelTestSupport
import Testing

@testable import KeelRender

/// A font path that is a FIFO, a device or a directory: a `FontLoadError` naming it, at once.
@Suite struct FontFileSpecialFileTests {
    /// The error reading the font at `path` throws, in a task of its own released if it
    /// blocks on `fifo`.
    static func error(reading path: String, releasing fifo: URL? = nil) async -> FontLoadError? {
        let outcome = await SpecialFiles.outcome(releasing: fifo) { _ = try FontFile.faces(atPath: path) }
        return outcome.error as? FontLoadError
    }

    static func notRegular(_ path: String) -> FontLoadError {
        FontLoadError(
            path: path,
            error: .unreadable(
                path: path, reason: "not a regular file (a FIFO, a device, a directory or a socket)"))
    }

    @Test func aFIFOIsATypedErrorNotAHang() async throws {
        // `Data(contentsOf:)` used to block forever opening a FIFO without a writer.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try SpecialFiles.makeFIFO(in: directory, named: "font.ttf")
        #expect(await Self.error(reading: fifo.path, releasing: fifo) == Self.notRegular(fifo.path))
    }

    @Test func aDeviceOrADirectoryIsATypedError() async throws {
        // `/dev/null` used to read as an empty font ("the data ends inside the file
        // signature"), `/dev/zero` without end.
        #expect(await Self.error(reading: "/dev/null") == Self.notRegular("/dev/null"))
        #expect(await Self.error(reading: "/dev/zero") == Self.notRegular("/dev/zero"))
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await Self.error(reading: directory.path) == Self.notRegular(directory.path))
    }

    @Test(.enabled(if: TestFonts.available, TestFonts.reason))
    func aLinkToAFontFileReads() throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("linked.ttf")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: URL(fileURLWithPath: TestFonts.regular))
        #expect(try FontFile.faces(atPath: link.path).count == 1)
    }
}
