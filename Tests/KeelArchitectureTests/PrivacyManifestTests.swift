import Foundation
import KeelTestSupport
import Testing

/// Apple's "required reason" APIs, by manifest category: the source patterns that call them,
/// and the reason codes Apple accepts for each category.
enum RequiredReasonAPI: String, CaseIterable {
    case userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
    case fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
    case systemBootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
    case diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
    case activeKeyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"

    /// Regular expressions matching a call of the category's APIs in Swift or C source
    /// (comments and string literals are removed first).
    var patterns: [String] {
        switch self {
        case .userDefaults: [#"\bUserDefaults\b"#, #"\bNSUserDefaults\b"#, #"@AppStorage\b"#]
        case .fileTimestamp:
            [
                #"\b(creationDate|modificationDate|contentModificationDate|contentAccessDate)(Key)?\b"#,
                #"\bfile(Creation|Modification)Date\b"#, #"\battributesOfItem\b"#,
                #"\b(f|l)?stat(at)?\s*\("#, #"\b(f)?getattrlist(bulk|at)?\s*\("#, #"\bst_(m|c|a|birth)tim"#,
            ]
        case .systemBootTime: [#"\bsystemUptime\b"#, #"\bmach_absolute_time\b"#]
        case .diskSpace:
            [
                #"\bvolume(Available|Total)Capacity"#, #"\bsystem(Free)?Size\b"#, #"\b(f)?statv?fs\s*\("#,
            ]
        case .activeKeyboards: [#"\bactiveInputModes\b"#]
        }
    }

    /// The reason codes Apple lists for the category.
    var reasons: Set<String> {
        switch self {
        case .userDefaults: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
        case .fileTimestamp: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]
        case .systemBootTime: ["35F9.1", "8FFB.1", "3D61.1"]
        case .diskSpace: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
        case .activeKeyboards: ["3EC4.1", "54BD.1"]
        }
    }

    /// The categories whose APIs `source` calls, each with the first matching line (1-based).
    static func uses(in source: String) -> [RequiredReasonAPI: Int] {
        let text = DecisionScanner.strip(source) as NSString
        var found: [RequiredReasonAPI: Int] = [:]
        for (category, regex) in regexes {
            // One search of the whole file per category (the patterns never span lines), then
            // the line of the first match.
            guard
                let match = regex.firstMatch(
                    in: text as String, range: NSRange(location: 0, length: text.length))
            else { continue }
            let before = text.substring(to: match.range.location)
            found[category] = before.utf16.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
        }
        return found
    }

    /// Each category's patterns as one compiled expression.
    static let regexes: [(RequiredReasonAPI, NSRegularExpression)] = allCases.compactMap { category in
        let pattern = category.patterns.map { "(?:\($0))" }.joined(separator: "|")
        return (try? NSRegularExpression(pattern: pattern)).map { (category, $0) }
    }
}

/// A parsed `PrivacyInfo.xcprivacy`.
struct PrivacyManifest {
    /// The declared categories, each with its reason codes.
    var accessed: [String: [String]]

    /// Parses `data`, or throws a sentence naming what is missing or malformed.
    init(data: Data) throws {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ManifestError("not a property list: \(error)")
        }
        guard let root = plist as? [String: Any] else { throw ManifestError("the root is not a dictionary") }
        guard let tracking = root["NSPrivacyTracking"] as? Bool else {
            throw ManifestError("NSPrivacyTracking (a Boolean) is missing")
        }
        guard !tracking else { throw ManifestError("NSPrivacyTracking must be false: Keel does not track") }
        guard let collected = root["NSPrivacyCollectedDataTypes"] as? [Any] else {
            throw ManifestError("NSPrivacyCollectedDataTypes (an array) is missing")
        }
        guard collected.isEmpty else { throw ManifestError("NSPrivacyCollectedDataTypes must be empty") }
        guard let types = root["NSPrivacyAccessedAPITypes"] as? [Any] else {
            throw ManifestError("NSPrivacyAccessedAPITypes (an array) is missing")
        }
        var accessed: [String: [String]] = [:]
        for entry in types {
            guard let entry = entry as? [String: Any],
                let category = entry["NSPrivacyAccessedAPIType"] as? String,
                let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String]
            else {
                throw ManifestError("an NSPrivacyAccessedAPITypes entry lacks its type or reasons")
            }
            guard let known = RequiredReasonAPI(rawValue: category) else {
                throw ManifestError("unknown category \(category)")
            }
            guard !reasons.isEmpty, Set(reasons).isSubset(of: known.reasons) else {
                throw ManifestError(
                    "\(category) needs reasons from \(known.reasons.sorted()), has \(reasons)")
            }
            accessed[category] = reasons
        }
        self.accessed = accessed
    }

    /// Why a manifest is rejected.
    struct ManifestError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Every module an app links ships a privacy manifest declaring each required-reason API it
/// calls (Apple requires it of third-party SDKs), and `Package.swift` copies it as a resource.
@Suite("Privacy manifests declare every required-reason API a module calls", .onOwnThread)
struct PrivacyManifestTests {
    /// Executables, never linked into an app: the CLI, the fuzzing tool and the tests' helper
    /// processes.
    static let executables: Set<String> = [
        "keel", "keel-fuzz", "KeelTestHelper", "KeelImagesTestHelper", "KeelNetworkingTestHelper",
    ]

    /// The modules `Package.swift` ships a manifest for (its `privacyManifests` set).
    static func declaredInPackage() throws -> Set<String> {
        let manifest = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"let privacyManifests: Set<String> = \[([^\]]*)\]"#)
        let match = try #require(
            regex.firstMatch(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)),
            "Package.swift has no `privacyManifests` set")
        let list = try #require(Range(match.range(at: 1), in: manifest))
        return Set(
            manifest[list].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty })
    }

    /// The problems of one module: its used categories against its manifest and the package.
    static func problems(
        module: String, uses: [RequiredReasonAPI: (file: String, line: Int)], manifest: Data?,
        shippedByPackage: Bool
    ) -> [String] {
        guard let manifest else {
            return uses.isEmpty
                ? []
                : ["\(module) calls \(uses.keys.map(\.rawValue).sorted()) but has no PrivacyInfo.xcprivacy"]
        }
        var problems: [String] = []
        if !shippedByPackage {
            problems.append("\(module)'s PrivacyInfo.xcprivacy is not in Package.swift's privacyManifests")
        }
        do {
            let parsed = try PrivacyManifest(data: manifest)
            for (category, site) in uses.sorted(by: { $0.key.rawValue < $1.key.rawValue })
            where parsed.accessed[category.rawValue] == nil {
                problems.append("\(module) lacks \(category.rawValue), used at \(site.file):\(site.line)")
            }
            let used = Set(uses.keys.map(\.rawValue))
            for stale in parsed.accessed.keys.sorted() where !used.contains(stale) {
                problems.append("\(module) declares \(stale) but calls none of its APIs")
            }
        } catch {
            problems.append("\(module)'s PrivacyInfo.xcprivacy: \(error)")
        }
        return problems
    }

    @Test("Every library module's required-reason APIs are declared in its shipped manifest")
    func manifestsCoverTheSources() throws {
        let shipped = try Self.declaredInPackage()
        var problems: [String] = []
        var scanned = 0
        var summary: [String] = []
        for module in try SourceTree.modules() where !Self.executables.contains(module) {
            var uses: [RequiredReasonAPI: (file: String, line: Int)] = [:]
            for file in try SourceTree.sources(of: module, extensions: ["swift", "c", "h"]) {
                scanned += 1
                for (category, line) in RequiredReasonAPI.uses(in: file.text) where uses[category] == nil {
                    uses[category] = (file.path, line)
                }
            }
            let url = SourceTree.root.appendingPathComponent("Sources/\(module)/PrivacyInfo.xcprivacy")
            let data = FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil
            if !uses.isEmpty { summary.append("\(module): \(uses.keys.map(\.rawValue).sorted())") }
            problems += Self.problems(
                module: module, uses: uses, manifest: data, shippedByPackage: shipped.contains(module))
        }
        for module in shipped.sorted() {
            let url = SourceTree.root.appendingPathComponent("Sources/\(module)/PrivacyInfo.xcprivacy")
            if !FileManager.default.fileExists(atPath: url.path) {
                problems.append("Package.swift ships a manifest for \(module), which has none")
            }
        }
        print("privacy manifests: \(scanned) files scanned; " + summary.joined(separator: "; "))
        #expect(scanned > 300, "the sources were not found under \(SourceTree.root.path)")
        #expect(shipped.count >= 3, "Package.swift's privacyManifests set was not read")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("The scan finds each category's API calls, not its names in comments or strings")
    func scanFindsCalls() {
        let source = """
            // UserDefaults in a comment, and "systemUptime" in a string, never count.
            let defaults = UserDefaults.standard
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let up = ProcessInfo.processInfo.systemUptime
            let free = try url.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
            let modes = UITextInputMode.activeInputModes
            let store = UserDefaultsStore()
            """
        let uses = RequiredReasonAPI.uses(in: source)
        #expect(uses[.userDefaults] == 2)
        #expect(uses[.fileTimestamp] == 3)
        #expect(uses[.systemBootTime] == 5)
        #expect(uses[.diskSpace] == 6)
        #expect(uses[.activeKeyboards] == 7)
        #expect(RequiredReasonAPI.uses(in: "let store = UserDefaultsStore() // UserDefaults").isEmpty)
        #expect(RequiredReasonAPI.uses(in: "let s = status(x); let t = mystat(y)").isEmpty)
    }

    static func manifest(_ entries: String, tracking: String = "<false/>", collected: String = "<array/>")
        -> Data
    {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>NSPrivacyTracking</key>\(tracking)
            <key>NSPrivacyCollectedDataTypes</key>\(collected)
            <key>NSPrivacyAccessedAPITypes</key><array>\(entries)</array>
            </dict></plist>
            """.utf8)
    }

    static func entry(_ category: String, _ reasons: [String]) -> String {
        "<dict><key>NSPrivacyAccessedAPIType</key><string>\(category)</string>"
            + "<key>NSPrivacyAccessedAPITypeReasons</key><array>"
            + reasons.map { "<string>\($0)</string>" }.joined() + "</array></dict>"
    }

    @Test("A missing category, a bad reason, tracking, or a malformed manifest is reported")
    func problemsAreReported() {
        let site = (file: "Sources/M/A.swift", line: 3)
        let timestamps = Self.entry(RequiredReasonAPI.fileTimestamp.rawValue, ["C617.1"])
        let good = Self.manifest(timestamps)
        #expect(
            Self.problems(module: "M", uses: [.fileTimestamp: site], manifest: good, shippedByPackage: true)
                .isEmpty)
        let missing = Self.problems(
            module: "M", uses: [.fileTimestamp: site, .userDefaults: site], manifest: good,
            shippedByPackage: true)
        #expect(missing.count == 1 && missing[0].contains("UserDefaults") && missing[0].contains("A.swift:3"))
        #expect(
            Self.problems(module: "M", uses: [.userDefaults: site], manifest: nil, shippedByPackage: false)
                .count
                == 1)
        #expect(Self.problems(module: "M", uses: [:], manifest: nil, shippedByPackage: false).isEmpty)
        let unshipped = Self.problems(
            module: "M", uses: [.fileTimestamp: site], manifest: good, shippedByPackage: false)
        #expect(unshipped.count == 1 && unshipped[0].contains("privacyManifests"))
        let stale = Self.problems(module: "M", uses: [:], manifest: good, shippedByPackage: true)
        #expect(stale.count == 1 && stale[0].contains("calls none"))
        let rejected: [Data] = [
            Data("not a plist <dict>".utf8),
            Self.manifest(Self.entry(RequiredReasonAPI.fileTimestamp.rawValue, ["CA92.1"])),
            Self.manifest(Self.entry(RequiredReasonAPI.fileTimestamp.rawValue, [])),
            Self.manifest(timestamps, tracking: "<true/>"),
            Self.manifest(timestamps, tracking: ""),
            Self.manifest(timestamps, collected: "<array><dict/></array>"),
            Self.manifest(Self.entry("NSPrivacyAccessedAPICategoryMadeUp", ["C617.1"])),
            Data("<plist version=\"1.0\"><array/></plist>".utf8),
        ]
        for data in rejected {
            let found = Self.problems(
                module: "M", uses: [.fileTimestamp: site], manifest: data, shippedByPackage: true)
            #expect(found.count == 1 && found[0].contains("PrivacyInfo.xcprivacy:"), "\(found)")
        }
    }
}
