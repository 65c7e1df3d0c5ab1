import Foundation
import Testing

@testable import KeelNetworking

/// The resumable upload's range copy was the one temporary file created the umask way
/// (`FileManager.createFile`, then `chmod`) and then opened again by path, following links: a
/// link put at the path in between received the upload's bytes.
@Suite("The upload range copy is created exclusively, never through a link")
struct UploadRangeCopyFileTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-range-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a link already at the path is refused, and what it points to is untouched")
    func linkIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let target = folder.appendingPathComponent("copy")
        try FileManager.default.createSymbolicLink(at: target, withDestinationURL: victim)
        #expect(throws: APIError.self) { _ = try UploadRangeCopy.create(target, in: folder) }
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
    }

    @Test("the copy is a new 0600 file written through the descriptor that made it")
    func copyIsPrivate() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("copy")
        let handle = try UploadRangeCopy.create(target, in: folder)
        try handle.write(contentsOf: Data("abc".utf8))
        try handle.close()
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try Data(contentsOf: target) == Data("abc".utf8))
        #expect(throws: APIError.self) { _ = try UploadRangeCopy.create(target, in: folder) }
    }
}
