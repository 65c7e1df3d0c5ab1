// A second process for KeelStorage's cross-process tests: writes or reads a store the test
// process also uses. Not part of the library; built because the test target depends on it.
import Foundation
import KeelStorage

/// The fixture type the tests round-trip (the tests declare the same shape).
struct Profile: Codable, Sendable, Equatable {
    enum Plan: String, Codable, Sendable { case free, pro }
    struct Address: Codable, Sendable, Equatable {
        var city: String
        var zip: String?
    }
    var name: String
    var plan: Plan
    var address: Address
    var nickname: String?
    var joined: Date
    var avatar: Data
    var tags: [String]
    var scores: [String: Int]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("KeelTestHelper: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "store-write":
        // store-write <dir> <prefix> <count>: one flushed write per key, to interleave commits.
        guard arguments.count == 4, let count = Int(arguments[3]) else {
            fail("usage: store-write dir prefix count")
        }
        let store = try FileStore(directory: URL(fileURLWithPath: arguments[1]))
        for index in 0..<count {
            try store.set(index, forKey: "\(arguments[2])-\(index)")
            try store.flush()
        }
    case "store-read-profile":
        // store-read-profile <dir> <key>: prints the profile as sorted JSON.
        guard arguments.count == 3 else { fail("usage: store-read-profile dir key") }
        let store = try FileStore(directory: URL(fileURLWithPath: arguments[1]))
        guard let profile = try store.value(forKey: arguments[2], as: Profile.self) else { fail("no value") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        print(String(decoding: try encoder.encode(profile), as: UTF8.self))
    case "store-write-then-die":
        // store-write-then-die <dir> <count>: flushes <count> keys, then keeps writing until a
        // second thread sends SIGKILL a few milliseconds later, most likely in the middle of a write.
        guard arguments.count == 3, let count = Int(arguments[2]) else {
            fail("usage: store-write-then-die dir count")
        }
        let store = try FileStore(directory: URL(fileURLWithPath: arguments[1]))
        for index in 0..<count {
            try store.set(index, forKey: "kept-\(index)")
            try store.flush()
        }
        Thread.detachNewThread {
            usleep(3_000)
            kill(getpid(), SIGKILL)
        }
        var index = 0
        while true {
            try store.set(String(repeating: "x", count: 10_000), forKey: "doomed-\(index % 50)")
            try store.flush()
            index += 1
        }
    case "key-race":
        // key-race <key file> <barrier dir> <id>: announces itself in the barrier folder, waits
        // for its `go` file (so every racer starts together), takes the key and prints it in hex.
        guard arguments.count == 4 else { fail("usage: key-race keyfile barrier id") }
        let barrier = URL(fileURLWithPath: arguments[2])
        _ = FileManager.default.createFile(
            atPath: barrier.appendingPathComponent("ready-\(arguments[3])").path, contents: nil)
        var waited = 0
        while !FileManager.default.fileExists(atPath: barrier.appendingPathComponent("go").path) {
            waited += 1
            if waited > 100_000 { fail("no go signal") }
            usleep(200)
        }
        let key = try KeyFileProvider(url: URL(fileURLWithPath: arguments[1])).key()
        print(key.map { String(format: "%02x", $0) }.joined())
    case "defaults-read":
        // defaults-read <suite> <key>: prints the string stored by a UserDefaultsStore.
        guard arguments.count == 3 else { fail("usage: defaults-read suite key") }
        let store = try UserDefaultsStore(suiteName: arguments[1])
        print(try store.value(forKey: arguments[2], as: String.self) ?? "<none>")
    default:
        fail("unknown command \(arguments.first ?? "")")
    }
} catch {
    fail("\(error)")
}
