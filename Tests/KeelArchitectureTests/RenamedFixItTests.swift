import Foundation
import KeelTestSupport
import Testing

/// A deprecated declaration's `renamed:` is a Fix-it: the compiler replaces the base name and
/// the argument labels of each call *position by position*, keeping the arguments where they
/// are. So a `renamed:` on a function must name a function whose labels line up with the old
/// ones in the same order; anything else gives migrating code a Fix-it that does not compile.
@Suite("Deprecated renames give Fix-its that compile", .onOwnThread)
struct RenamedFixItTests {
    /// One `renamed:` attribute and the declaration it marks.
    struct Rename: CustomStringConvertible {
        /// Where the attribute is (`path:line`).
        let location: String
        /// The `renamed:` text.
        let target: String
        /// The marked declaration's first line.
        let declaration: String
        /// The marked function's argument labels (`_` for none); `nil` for a declaration that
        /// is not a function or initializer.
        let labels: [String]?

        var description: String { "\(location): renamed: \"\(target)\" on \(declaration)" }
    }

    /// Every `renamed:` under `Sources/`, with its declaration.
    static func renames() throws -> [Rename] {
        var renames: [Rename] = []
        for module in try SourceTree.modules() {
            for (path, text) in try SourceTree.sources(of: module) {
                let lines = text.components(separatedBy: "\n")
                for (number, line) in lines.enumerated() {
                    guard let range = line.range(of: #"renamed: ""#) else { continue }
                    let rest = line[range.upperBound...]
                    guard let end = rest.firstIndex(of: "\"") else { continue }
                    let target = String(rest[..<end])
                    // The declaration: the first following line that is not an attribute.
                    var index = number + 1
                    while index < lines.count {
                        let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
                        if trimmed.isEmpty || trimmed.hasPrefix("@") || trimmed.hasPrefix("*")
                            || trimmed.hasPrefix("message:") || trimmed.hasPrefix(")")
                            || trimmed.hasPrefix("\"") || trimmed.hasPrefix("//")
                        {
                            index += 1
                            continue
                        }
                        break
                    }
                    guard index < lines.count else { continue }
                    let declaration = lines[index].trimmingCharacters(in: .whitespaces)
                    let remainder = lines[index...].joined(separator: "\n")
                    renames.append(
                        Rename(
                            location: "\(path):\(number + 1)", target: target, declaration: declaration,
                            labels: labels(ofDeclaration: remainder)))
                }
            }
        }
        return renames
    }

    /// The argument labels of the function or initializer `text` starts with; `nil` when it
    /// declares something else.
    static func labels(ofDeclaration text: String) -> [String]? {
        let words = text.prefix { $0 != "(" && $0 != "\n" && $0 != "{" && $0 != "=" }
            .split(whereSeparator: { $0 == " " || $0 == "<" })
        let isFunction = words.contains { $0 == "func" || $0 == "init" || $0.hasPrefix("init") }
        guard isFunction, let open = text.firstIndex(of: "(") else { return nil }
        // The parameter clause: up to the matching parenthesis, split at top-level commas.
        var depth = 0
        var parameters: [String] = []
        var current = ""
        var previous: Character = " "
        for character in text[text.index(after: open)...] {
            switch character {
            case "(", "[", "{", "<": depth += 1
            case ")", "]", "}": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            previous = character
            if depth < 0 { break }
            if character == ",", depth == 0 {
                parameters.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parameters.append(current)
        return parameters.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { parameter in
                let name = parameter.prefix { $0 != ":" }
                return String(name.split(separator: " ").first ?? "_")
            }
    }

    /// The labels `target` spells (`f(_:a:)` → `["_", "a"]`); `nil` for a bare name.
    static func labels(ofTarget target: String) -> [String]? {
        guard let open = target.firstIndex(of: "("), target.hasSuffix(")") else { return nil }
        return target[target.index(after: open)..<target.index(before: target.endIndex)]
            .split(separator: ":").map(String.init)
    }

    // XDDesignKit's `XDTheme(identifier:displayName:colors:basedOn:)` was renamed to
    // `init(identifier:displayName:basedOn:colors:)`: the Fix-it relabelled the arguments in
    // place, `basedOn: [colours]`, `colors: .defaultTheme`, which does not compile. XDButton's
    // `setTitle(_:for:)` was renamed to the property `title`: the Fix-it wrote
    // `button.title("Confirm", for: .normal)`, which does not exist.
    @Test("a renamed function keeps its labels' positions, and names a function")
    func renamedFunctionsLineUp() throws {
        let renames = try Self.renames()
        #expect(renames.count > 40)
        for rename in renames {
            guard let labels = rename.labels, !labels.isEmpty else { continue }
            guard let target = Self.labels(ofTarget: rename.target) else {
                Issue.record("a function renamed to a bare name keeps its arguments: \(rename)")
                continue
            }
            // Each argument takes the label at its position; later ones must have defaults.
            #expect(
                target.count >= labels.count, "the Fix-it maps labels by position: \(labels) → \(rename)")
            let moved = labels.enumerated().contains { position, label in
                label != "_" && target.contains(label) && target.firstIndex(of: label) != position
            }
            #expect(!moved, "the Fix-it does not reorder arguments: \(labels) → \(rename)")
        }
    }

    @Test("the scanner reads labels, defaults and closures")
    func scannerReadsLabels() {
        #expect(
            Self.labels(
                ofDeclaration:
                    "public init(\n identifier: ThemeIdentifier, displayName: String, colors: [A: B],\n basedOn base: X?\n) {"
            ) == ["identifier", "displayName", "colors", "basedOn"])
        #expect(
            Self.labels(
                ofDeclaration:
                    "public func f(_ a: Int = g(1, 2), b: @escaping (Int, Int) -> Result<Void, any Error>, c: D = .e) -> Int"
            ) == ["_", "b", "c"])
        #expect(Self.labels(ofDeclaration: "public static var shared: X { y }") == nil)
        #expect(Self.labels(ofDeclaration: "public typealias X = Y") == nil)
        #expect(Self.labels(ofTarget: "init(id:kind:)") == ["id", "kind"])
        #expect(Self.labels(ofTarget: "title") == nil)
    }
}
