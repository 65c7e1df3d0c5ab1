import Foundation
import Testing

/// `@inlinable` only works across modules when the compiler serialises the body, and Swift does
/// not serialise the inlinable members of a `package` type unless the type itself is
/// `@usableFromInline`: other Keel modules then make an ordinary call, and for a generic such as
/// `Locked.withLock` an unspecialised one (a metadata lookup, an indirect call and the result
/// through memory on every lock). That went unnoticed for every lock in the package until a
/// profile of the streaming path showed it. This test keeps the attribute honest.
@Suite struct InlinableTests {
    /// A type or extension declaration: indentation, attributes, access, kind and name.
    static let declaration = try! NSRegularExpression(
        pattern:
            #"^(\s*)((?:@\w+(?:\([^)]*\))?\s+)*)(?:(public|package|internal|fileprivate|private|open)\s+)?(?:(?:final|indirect)\s+)*(class|struct|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)"#
    )

    struct Declaration {
        var indentation: Int
        var isUsableFromInline: Bool
        var access: String?
        var kind: String
        var name: String
    }

    static func parse(_ line: String, previous: String) -> Declaration? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = declaration.firstMatch(in: line, range: range) else { return nil }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: line).map { String(line[$0]) }
        }
        let attributes = (group(2) ?? "") + previous
        return Declaration(
            indentation: group(1)?.count ?? 0, isUsableFromInline: attributes.contains("@usableFromInline"),
            access: group(3), kind: group(4) ?? "",
            name: (group(5) ?? "").split(separator: ".").last.map(String.init) ?? "")
    }

    /// Each `@inlinable` member whose enclosing type (or the type its extension extends) is a
    /// `package` type that is not `@usableFromInline`: `path:line type`.
    static func deadInlinables(in files: [(path: String, text: String)]) -> [String] {
        var types: [String: Declaration] = [:]
        for file in files {
            let lines = file.text.components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard let declaration = parse(line, previous: index > 0 ? lines[index - 1] : ""),
                    declaration.kind != "extension"
                else { continue }
                types[declaration.name] = types[declaration.name] ?? declaration
            }
        }
        var dead: [String] = []
        for file in files {
            let lines = file.text.components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("@inlinable") else { continue }
                let indentation = line.prefix { $0 == " " }.count
                for outer in stride(from: index - 1, through: 0, by: -1) {
                    guard
                        let enclosing = parse(lines[outer], previous: outer > 0 ? lines[outer - 1] : ""),
                        enclosing.indentation < indentation
                    else { continue }
                    let type = enclosing.kind == "extension" ? types[enclosing.name] : enclosing
                    if let type, type.access == "package", !type.isUsableFromInline {
                        dead.append("\(file.path):\(index + 1) \(type.name)")
                    }
                    break
                }
            }
        }
        return dead
    }

    @Test func theScanFindsAnInlinableMemberOfAPlainPackageType() {
        let files = [
            (
                path: "A.swift",
                text: """
                package struct Plain {
                    @inlinable package func f() {}
                }
                @usableFromInline package struct Marked {
                    @inlinable package func f() {}
                }
                public struct Open {
                    @inlinable public func f() {}
                }
                """
            ),
            (
                path: "B.swift",
                text: """
                extension Plain {
                    @inlinable package func g() {}
                }
                extension Marked {
                    @inlinable package func g() {}
                }
                """
            ),
        ]
        #expect(Self.deadInlinables(in: files) == ["A.swift:2 Plain", "B.swift:2 Plain"])
    }

    @Test func everyInlinableMemberOfAPackageTypeCanBeInlined() throws {
        var files: [(path: String, text: String)] = []
        for module in try SourceTree.modules() {
            files += try SourceTree.sources(of: module).map { (path: "\(module)/\($0.path)", text: $0.text) }
        }
        let dead = Self.deadInlinables(in: files)
        #expect(
            dead.isEmpty,
            "make the type @usableFromInline (and the members its inlinable code reads), or drop @inlinable: \(dead)"
        )
    }
}
