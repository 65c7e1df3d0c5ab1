import Foundation
import Testing

/// ARCHITECTURE.md's layer tables say what each module may import; `Package.swift` says what
/// it does. They must agree, row by row, so the document stays true.
@Suite struct ArchitectureDocumentTests {
    /// Module and C-target names in `text` (`KeelLogging`, `CCrypto`).
    static func names(in text: some StringProtocol) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: #"\b(Keel[A-Za-z]+|C[A-Z][A-Za-z]+)\b"#)
        let string = String(text)
        return Set(
            regex.matches(in: string, range: NSRange(string.startIndex..., in: string)).compactMap {
                Range($0.range, in: string).map { String(string[$0]) }
            })
    }

    /// `Package.swift`'s `modules` list: each library module and the targets it depends on.
    static func packageModules() throws -> [String: Set<String>] {
        let manifest = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let start = manifest.range(of: "let modules:"),
            let end = manifest.range(of: "\n]\n", range: start.upperBound..<manifest.endIndex)
        else { return [:] }
        let block = String(manifest[start.upperBound..<end.lowerBound])
        let regex = try NSRegularExpression(
            pattern: #"\(\s*"(Keel[A-Za-z]+)",\s*\[(.*?)\]\s*,?\s*\)"#, options: [.dotMatchesLineSeparators])
        var modules: [String: Set<String>] = [:]
        for match in regex.matches(in: block, range: NSRange(block.startIndex..., in: block)) {
            guard let name = Range(match.range(at: 1), in: block),
                let deps = Range(match.range(at: 2), in: block)
            else { continue }
            modules[String(block[name])] = names(in: block[deps])
        }
        return modules
    }

    /// The rows of ARCHITECTURE.md's tables whose first cell is one module: module → imports.
    static func documentedModules() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: SourceTree.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var rows: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| Keel") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5,
                cells[1].range(of: #"^Keel[A-Za-z]+$"#, options: .regularExpression) != nil
            else { continue }
            rows[cells[1]] = cells[3] == "—" ? [] : names(in: cells[3])
        }
        return rows
    }

    @Test func everyModuleRowMatchesThePackageManifest() throws {
        let package = try Self.packageModules()
        let documented = try Self.documentedModules()
        #expect(package.count > 20, "Package.swift's modules list was not read")
        for (module, dependencies) in package.sorted(by: { $0.key < $1.key }) {
            if module.hasPrefix("KeelPermissions"), module != "KeelPermissions" {
                // The per-framework modules share one row.
                #expect(dependencies == ["KeelPermissions"], "\(module)")
                continue
            }
            guard let row = documented[module] else {
                Issue.record("ARCHITECTURE.md has no row for \(module)")
                continue
            }
            #expect(
                row == dependencies,
                "\(module): ARCHITECTURE.md says \(row.sorted()), Package.swift \(dependencies.sorted())")
        }
        for module in documented.keys where package[module] == nil {
            Issue.record("ARCHITECTURE.md documents \(module), which Package.swift does not list")
        }
    }
}
