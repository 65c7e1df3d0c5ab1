import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Files a resolver document names, and the document's own path: a FIFO, a device, a
/// directory or an oversized file is a `DTCGResolverError` naming the path and the reason, at
/// once. The paths inside a document are input: before these went through `POSIXFiles`, a
/// reference to `/dev/zero` was read until memory ran out and one to a FIFO blocked forever.
@Suite struct DTCGResolverFileTests {
    /// A resolver document whose one set reads `references` in order.
    static func resolver(referencing references: [String]) -> String {
        let sources = references.map { #"{"$ref": "\#($0)"}"# }.joined(separator: ", ")
        return
            #"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [\#(sources)]}]}"#
    }

    /// The `unreadableFile` issues of reading the resolver document at `path`, in a task of
    /// its own released if it blocks on `fifo`.
    static func unreadable(readingAt path: String, releasing fifo: URL? = nil) async -> [DTCGResolverIssue
        .Kind]
    {
        let outcome = await SpecialFiles.outcome(releasing: fifo) { _ = try DTCGResolverDocument(path: path) }
        guard let error = outcome.error as? DTCGResolverError else {
            Issue.record("reading \(path) did not throw a DTCGResolverError: \(outcome)")
            return []
        }
        return error.issues.map(\.kind).filter {
            if case .unreadableFile = $0 { return true }
            return false
        }
    }

    static let notRegular = "is not a regular file (a FIFO, a device, a directory or a socket)"

    @Test func referencesToAFIFOADeviceAndADirectoryAreTypedErrorsNotAHang() async throws {
        // Used to block forever in `open` on the FIFO (and read /dev/zero without end).
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try SpecialFiles.makeFIFO(in: directory, named: "tokens.json")
        let path = directory.appendingPathComponent("resolver.json").path
        try Data(Self.resolver(referencing: ["tokens.json", "/dev/zero", "/dev/null", "/"]).utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(
            await Self.unreadable(readingAt: path, releasing: fifo) == [
                .unreadableFile("tokens.json", reason: "'\(fifo.path)' \(Self.notRegular)"),
                .unreadableFile("/dev/zero", reason: "'/dev/zero' \(Self.notRegular)"),
                .unreadableFile("/dev/null", reason: "'/dev/null' \(Self.notRegular)"),
                .unreadableFile("/", reason: "'/' \(Self.notRegular)"),
            ])
    }

    @Test func theDocumentItselfAsAFIFOOrADeviceIsATypedErrorNotAHang() async throws {
        // Used to block forever in `open` on the FIFO, and to read /dev/zero until memory ran out.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try SpecialFiles.makeFIFO(in: directory, named: "resolver.json")
        #expect(
            await Self.unreadable(readingAt: fifo.path, releasing: fifo) == [
                .unreadableFile(fifo.path, reason: "'\(fifo.path)' \(Self.notRegular)")
            ])
        #expect(
            await Self.unreadable(readingAt: "/dev/zero") == [
                .unreadableFile("/dev/zero", reason: "'/dev/zero' \(Self.notRegular)")
            ])
        #expect(
            await Self.unreadable(readingAt: directory.path + "/none.json") == [
                .unreadableFile(directory.path + "/none.json", reason: "no such readable file")
            ])
    }

    @Test func aReferencedFileBeyondTheSourceLimitIsRefused() async throws {
        // Used to be read whole, however large, before the sources' limit was checked.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let large = directory.appendingPathComponent("large.json")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: UInt64(DTCGResolverParser.maximumSourceBytes + 1))
        try handle.close()
        let path = directory.appendingPathComponent("resolver.json").path
        try Data(Self.resolver(referencing: ["large.json"]).utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            await Self.unreadable(readingAt: path) == [
                .unreadableFile("large.json", reason: "'\(large.path)' holds more than 8 MB")
            ])
    }

    @Test func aLinkToARegularFileIsFollowedAndReads() async throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("shared.json")
        try Data(##"{"a": \##(DTCGResolverTests.color("#123456"))}"##.utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("linked.json"), withDestinationURL: target)
        let path = directory.appendingPathComponent("resolver.json").path
        try Data(Self.resolver(referencing: ["linked.json"]).utf8).write(to: URL(fileURLWithPath: path))
        let document = try DTCGResolverDocument(path: path).resolve()
        #expect(DTCGResolverTests.hex(document, "a") == "#123456")
    }
}
