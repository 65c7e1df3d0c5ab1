import Foundation
import KeelStorage
import KeelSupport
import KeelTestSupport

/// The fixture type round-tripped through every store (KeelTestHelper declares the same shape).
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

    static let sample = Profile(
        name: "Ada", plan: .pro, address: Address(city: "London", zip: nil), nickname: "countess",
        joined: Date(timeIntervalSince1970: 1_790_000_000), avatar: Data([0, 1, 2, 255]),
        tags: ["math", "engines"], scores: ["chess": 3, "go": 1])
}

extension StoreKey where Value == Profile {
    static let profile = StoreKey(
        "profile",
        default: Profile(
            name: "", plan: .free, address: .init(city: "", zip: nil), nickname: nil,
            joined: Date(timeIntervalSince1970: 0), avatar: Data(), tags: [], scores: [:]))
}

extension StoreKey where Value == Bool {
    static let hasShownGuide = StoreKey("hasShownGuide", default: false)
}

extension StoreKey where Value == Int {
    static let counter = StoreKey("counter", default: 0)
}

/// A fresh temporary directory.
func makeTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "keel-storage-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The kinds of key-value store the contract suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory, file, userDefaults
    var description: String { rawValue }
}

/// A store of `kind` and a way to open a fresh instance on the same data.
struct StoreFixture: Sendable {
    let store: any KeyValueStore
    let reopen: @Sendable () throws -> any KeyValueStore
    let cleanUp: @Sendable () -> Void

    static func make(_ kind: StoreKind) throws -> StoreFixture {
        switch kind {
        case .memory:
            let store = InMemoryStore()
            return StoreFixture(store: store, reopen: { store }, cleanUp: {})
        case .file:
            let directory = makeTemporaryDirectory()
            return StoreFixture(
                store: try FileStore(directory: directory),
                reopen: { try FileStore(directory: directory) },
                cleanUp: { try? FileManager.default.removeItem(at: directory) })
        case .userDefaults:
            let suite = "keel-tests-\(UUID().uuidString)"
            return StoreFixture(
                store: try UserDefaultsStore(suiteName: suite),
                reopen: { try UserDefaultsStore(suiteName: suite) },
                cleanUp: { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) })
        }
    }
}

/// Runs KeelTestHelper (built beside the tests) and returns its standard output, suspending
/// rather than blocking a cooperative thread while it runs.
func runHelper(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let executable = ChildProcess.builtExecutable(named: "KeelTestHelper")
    guard let executable else { throw CocoaError(.fileNoSuchFile) }
    let result = try await ChildProcess.run(executable, arguments: arguments)
    return (result.status, result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The profile encoded the way KeelTestHelper prints it.
func helperJSON(_ profile: Profile) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    return String(decoding: try encoder.encode(profile), as: UTF8.self)
}
