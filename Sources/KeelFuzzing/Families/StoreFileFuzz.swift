import Foundation
import KeelStorage

extension FuzzFamily {
    /// `FileStore` namespace files: a mutated file opens with `StoreError` or reads; a corrupt
    /// file is never changed by a failed write and can be quarantined; a readable one keeps every
    /// member through a write, a flush and a reopen.
    package static let storeFile = FuzzFamily(
        name: "storage.file",
        summary:
            "FileStore namespace files: corrupt ones are typed errors left byte for byte; valid ones lose nothing",
        seeds: StoreFileFuzzSeeds.namespaceFiles,
        dictionary: [
            "{", "}", "[", "]", ":", ",", "\"", "\\u0000", "\\ud800", "\u{FEFF}", "1e999", "-0", "null",
            "true",
            "721692800.123456", "\"2023-11-14T22:13:20Z\"", String(repeating: "[", count: 600),
        ].map { Array($0.utf8) },
        testCases: 150
    ) { input in
        try StoreFileFuzzSeeds.checkNamespaceFile(input)
    }

    /// `EncryptedFileStore` secret files: a mutated file fails closed with a
    /// `SecureStoreError` (or, unchanged, decrypts); the store stays writable and a failed read
    /// never alters the file.
    package static let storeSecretFile = FuzzFamily(
        name: "storage.secret",
        summary:
            "EncryptedFileStore files: tampered ones fail closed with SecureStoreError; the store stays usable",
        seeds: StoreFileFuzzSeeds.secretFiles,
        dictionary: [
            [0x4B, 0x45, 0x45, 0x4C, 0x01], [0x4B, 0x45, 0x45, 0x4C, 0x02], [0xFF, 0xFF, 0xFF, 0xFF],
        ],
        testCases: 150
    ) { input in
        try StoreFileFuzzSeeds.checkSecretFile(input)
    }
}

/// Seeds and checks of the storage fuzz families.
enum StoreFileFuzzSeeds {
    static let namespaceFiles: [[UInt8]] = [
        "{}", "{\n  \"counter\": 3\n}",
        "{\"name\": \"Ada\", \"when\": 721692800.123456, \"old\": \"2023-11-14T22:13:20Z\", \"tags\": [\"a\", \"\\u202e\"]}",
        "{\"nested\": {\"a\": [1, 2.5, -0, 1e308, null, true, false, {\"b\": \"\\ufeff\"}]}, \"empty\": \"\"}",
        // Distinct names Swift compares as equal: refused as corrupt, never merged on a write.
        "{\"caf\\u00e9\": 1, \"cafe\\u0301\": 2, \"\\u212b\": 3}",
    ].map { Array($0.utf8) }

    /// Files written by format 2 under key 0x42… and store identity 0x51…, key name "k".
    static let secretFiles: [[UInt8]] = [
        "S0VFTAI8yRZOsBLC7AAAAAAAAAABuPMsEU1a3q4cVCV3d+xAAKX7qEdi8pyEPFM4+92dHbHDaQ==",
        "S0VFTAI8yRZOsBLC7AAAAAAAAAACNpWWeuPYvNSxBB9J3kVRDQTaQ9V1UcKLeAIsWA==",
        "S0VFTAI8yRZOsBLC7AAAAAAAAAAEKZlvcPHhbHuf0oj8cz4bm9Qqg/MX1btTJoy5pSQLkdgpwlfH5wzDFFLK2qPQZJtzX2VH5j3KtW9X7vo5KMTqvY/A",
    ].compactMap { Data(base64Encoded: $0).map { [UInt8]($0) } }

    private static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-fuzz-storage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    static func checkNamespaceFile(_ input: [UInt8]) throws {
        try withDirectory { directory in
            let store = try FileStore(directory: directory, coalescing: .seconds(3600))
            let file = store.fileURL(for: .default)
            try Data(input).write(to: file)
            let keys: [String]
            do {
                keys = try store.keys(in: .default)
            } catch let error as StoreError {
                guard case .corruptFile(let path, _) = error, path == file.path else {
                    throw FuzzViolation("an unreadable file gave \(error), not corruptFile naming the file")
                }
                try checkCorrupt(store, file: file, input: input)
                return
            } catch {
                throw FuzzViolation("reading threw \(type(of: error)), not a StoreError: \(error)")
            }
            let before = try snapshot(store, keys: keys)
            try store.set("fuzz value", forKey: "keel-fuzz-new")
            try store.flush()
            let reopened = try FileStore(directory: directory)
            let after = try snapshot(reopened, keys: keys)
            guard after == before else { throw FuzzViolation("a write and reopen changed existing members") }
            guard try reopened.value(forKey: "keel-fuzz-new", as: String.self) == "fuzz value" else {
                throw FuzzViolation("the new member did not survive the reopen")
            }
        }
    }

    /// Each member as a string, a number, or the typed error reading it gave.
    private static func snapshot(_ store: FileStore, keys: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for key in keys where key != "keel-fuzz-new" {
            if let text = try? store.value(forKey: key, as: String.self) {
                result[key] = "s:" + text
            } else if let number = try? store.value(forKey: key, as: Double.self) {
                result[key] = "d:\(number.bitPattern)"
            } else {
                do {
                    _ = try store.value(forKey: key, as: [String: Bool].self)
                    result[key] = "o"
                } catch is StoreError {
                    result[key] = "typed error"
                } catch {
                    throw FuzzViolation("decoding '\(key)' threw \(type(of: error)), not a StoreError")
                }
            }
        }
        return result
    }

    private static func checkCorrupt(_ store: FileStore, file: URL, input: [UInt8]) throws {
        do {
            try store.set(1, forKey: "keel-fuzz-new")
            try store.flush()
            throw FuzzViolation("a write to a corrupt namespace succeeded")
        } catch is StoreError {
            // Refused, as it should be.
        }
        guard (try? Data(contentsOf: file)) == Data(input) else {
            throw FuzzViolation("a failed write changed the corrupt file")
        }
        guard let moved = try store.quarantineCorruptNamespace(.default),
            (try? Data(contentsOf: moved)) == Data(input)
        else {
            throw FuzzViolation("quarantine lost the corrupt file")
        }
        try store.set(1, forKey: "keel-fuzz-new")
        guard try store.value(forKey: "keel-fuzz-new", as: Int.self) == 1 else {
            throw FuzzViolation("the namespace is unusable after quarantine")
        }
    }

    static func checkSecretFile(_ input: [UInt8]) throws {
        try withDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(repeating: 0x51, count: 16).write(to: directory.appendingPathComponent(".keel-store-id"))
            let store = try EncryptedFileStore(
                directory: directory, keyProvider: StaticKeyProvider(Data(repeating: 0x42, count: 32)))
            let file = try store.fileURL(forKey: "k")
            try Data(input).write(to: file)
            do {
                _ = try store.data(forKey: "k")
                guard secretFiles.contains(input) else {
                    throw FuzzViolation("a changed secret file decrypted")
                }
            } catch is SecureStoreError {
                guard (try? Data(contentsOf: file)) == Data(input) else {
                    throw FuzzViolation("a failed read changed the file")
                }
            } catch let violation as FuzzViolation {
                throw violation
            } catch {
                throw FuzzViolation("reading threw \(type(of: error)), not a SecureStoreError: \(error)")
            }
            try store.setString("replaced", forKey: "k")
            guard try store.string(forKey: "k") == "replaced" else {
                throw FuzzViolation("the store is not writable after a tampered file")
            }
        }
    }
}
