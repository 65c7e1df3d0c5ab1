import Foundation
import KeelTestSupport
import Testing

@testable import KeelRender

@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct GalleryWriterTests {
    let writer = GalleryWriter(measurer: TestFonts.measurer)

    @Test func writesIndexCasesAndMarker() throws {
        let root = try TestPaths.temporaryDirectory("writer")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("gallery").path
        var progress: [Int] = []
        let result = try writer.write(to: output, only: "icons") { done, _, _ in progress.append(done) }
        #expect(result.caseCount == progress.count)
        #expect(progress == Array(1...result.caseCount))
        #expect(result.indexPath == output + "/index.html")
        let files = try FileManager.default.contentsOfDirectory(atPath: output + "/cases")
        #expect(files.count == result.caseCount)
        #expect(FileManager.default.fileExists(atPath: output + "/" + GalleryWriter.markerFileName))
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        #expect(html.contains("<section id=\"icons\">"))
        #expect(html.contains("name=\"viewport\""))
        #expect(html.contains("grid-template-columns"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http"))
        for file in files { #expect(html.contains("src=\"cases/\(file)\"")) }
        // Nothing is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["gallery"])
    }

    @Test func replacesAPreviousGalleryWhole() throws {
        let root = try TestPaths.temporaryDirectory("replace")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("gallery").path
        _ = try writer.write(to: output, only: "colors")
        _ = FileManager.default.createFile(atPath: output + "/cases/stale.svg", contents: Data())
        let result = try writer.write(to: output, only: "motion")
        let files = try FileManager.default.contentsOfDirectory(atPath: output + "/cases")
        #expect(files.count == result.caseCount)
        #expect(files.allSatisfy { $0.hasPrefix("motion--") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["gallery"])
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() throws {
        let root = try TestPaths.temporaryDirectory("refuse")
        defer { try? FileManager.default.removeItem(at: root) }
        let precious = root.appendingPathComponent("precious.txt")
        _ = FileManager.default.createFile(atPath: precious.path, contents: Data("keep".utf8))
        #expect(throws: GalleryError.outputNotAGallery(root.standardizedFileURL.path)) {
            try writer.write(to: root.path, only: "icons")
        }
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["precious.txt"])
    }

    @Test func anUnknownComponentWritesNothing() throws {
        let root = try TestPaths.temporaryDirectory("unknown")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: GalleryError.self) { try writer.write(to: root.path + "/gallery", only: "nope") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test func aFolderThatCannotBeListedIsNotReplaced() throws {
        let root = try TestPaths.temporaryDirectory("unlistable")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // An unreadable folder (mode 0300 for a user other than root) listed as empty and was
        // moved aside to `.out.old-<pid>` while the run reported success.
        #expect(throws: GalleryError.self) {
            try GalleryWriter.checkReplaceable(output) { _ in throw CocoaError(.fileReadNoPermission) }
        }
        #expect(throws: Never.self) { try GalleryWriter.checkReplaceable(output) }
    }
}
