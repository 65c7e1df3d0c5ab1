import Foundation
import KeelStorage
import Testing

/// Namespace files are read by Keel's shared JSON parser: its policies hold for the store.
@Suite struct FileStoreJSONTests {
    func load(_ bytes: [UInt8]) throws -> (FileStore, URL, URL) {
        let directory = makeTemporaryDirectory()
        let file = directory.appendingPathComponent("default.json")
        try Data(bytes).write(to: file)
        return (try FileStore(directory: directory), directory, file)
    }

    func corruptReason(_ bytes: [UInt8]) throws -> String? {
        let (store, directory, _) = try load(bytes)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try store.value(for: .counter)
            return nil
        } catch StoreError.corruptFile(_, let reason) {
            return reason
        }
    }

    @Test func duplicateNamesKeepTheLastValue() throws {
        let (store, directory, _) = try load(Array("{\"counter\": 1, \"counter\": 2}".utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try store.value(for: .counter) == 2)
    }

    @Test func invalidUTF8IsALocatedCorruption() throws {
        let reason = try #require(
            try corruptReason(Array("{\"a\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)))
        #expect(reason.contains("line 1, column 8, at /a: invalid UTF-8"))
    }

    @Test func nestingDeeperThan512LevelsIsACorruptionNotACrash() throws {
        let deep = "{\"a\": " + String(repeating: "[", count: 100_000)
        let reason = try #require(try corruptReason(Array(deep.utf8)))
        #expect(reason.contains("deeper than 512"))
    }

    @Test func aByteOrderMarkAndUTF16FilesLoad() throws {
        let (bom, first, _) = try load([0xEF, 0xBB, 0xBF] + Array("{\"counter\": 7}".utf8))
        defer { try? FileManager.default.removeItem(at: first) }
        #expect(try bom.value(for: .counter) == 7)
        let utf16: [UInt8] =
            [0xFF, 0xFE] + "{\"counter\": 8}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let (wide, second, _) = try load(utf16)
        defer { try? FileManager.default.removeItem(at: second) }
        #expect(try wide.value(for: .counter) == 8)
    }
}
