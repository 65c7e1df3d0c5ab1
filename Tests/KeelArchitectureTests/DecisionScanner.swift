import Foundation

/// Finds decision code in Swift source: the lines of a platform edge (the UIKit-side modules,
/// ``SourceTree/uikitModules``) that choose something instead of binding a headless decision
/// to a view.
///
/// A line decides when, outside comments and string literals, it holds a branch (`if`,
/// `guard`, `switch`, `while`, `repeat`, a `where` clause, a ternary), a comparison or logical
/// operator, nil-coalescing, arithmetic, or a `min`/`max` call. Allowed without a list entry:
/// compiler directives (`#if canImport`…), availability checks, optional unwraps
/// (`if let x = …`, `guard let x = … else { return }` — bindings only, no conditions),
/// `super.` calls, plain `for … in` loops, and a `switch` that is a binding table (each case
/// body one statement with no decision of its own), counted as binding.
struct DecisionScanner {
    /// One decision line.
    struct Finding: Hashable, CustomStringConvertible {
        /// The file, relative to the package root.
        var file: String
        /// The 1-based line number.
        var line: Int
        /// The line's code, trimmed, without comments or string contents.
        var code: String
        /// What made it a decision.
        var reason: String

        var description: String { "\(file):\(line): \(reason): \(code)" }
    }

    /// The decision lines of `source` (named `file` in the findings).
    static func findings(in source: String, file: String) -> [Finding] {
        let lines = strip(source).components(separatedBy: "\n")
        var findings: [Finding] = []
        var index = 0
        while index < lines.count {
            let code = lines[index].trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("switch ") || code.contains(" switch ") || code.hasPrefix("return switch") {
                let end = switchEnd(lines, from: index)
                if !isBindingTable(lines, from: index, to: end) {
                    findings.append(Finding(file: file, line: index + 1, code: code, reason: "switch"))
                }
                // Case labels are part of the table; statements inside are still checked.
                for inner in (index + 1)..<max(index + 1, end) {
                    var body = lines[inner].trimmingCharacters(in: .whitespaces)
                    if isCaseLabel(body) {
                        // Only an inline statement after the label (`case .a: statement`).
                        guard let colon = body.range(of: ": "), !body.hasSuffix(":") else { continue }
                        body = String(body[colon.upperBound...])
                    }
                    guard let reason = reason(for: body) else { continue }
                    findings.append(Finding(file: file, line: inner + 1, code: body, reason: reason))
                }
                index = max(index + 1, end)
                continue
            }
            if let reason = reason(for: code) {
                findings.append(Finding(file: file, line: index + 1, code: code, reason: reason))
            }
            index += 1
        }
        return findings
    }

    /// Why `code` (one trimmed line) decides something, or `nil` when it only binds.
    static func reason(for code: String) -> String? {
        if code.isEmpty || code.hasPrefix("#") || code.hasPrefix("@") || code.hasPrefix("import ") {
            return nil
        }
        if code.hasPrefix("if #available") || code.hasPrefix("guard #available") { return nil }
        // A presence check (`x != nil`) reads a lookup the way an unwrap does.
        var padded = " \(code) "
        for presence in [" != nil", " == nil"] {
            padded = padded.replacingOccurrences(of: presence, with: " ")
        }
        padded = padded.replacingOccurrences(
            of: #" \?\? (false|\[\]|\[:\]|"")(?=[\s,)\]}])"#, with: " ", options: .regularExpression)
        // A generic constraint on a declaration (`extension Style where Self == Keel {`) picks
        // a type at compile time, not a value at run time.
        if isDeclaration(code), let clause = padded.range(of: " where ") {
            let body = padded[clause.upperBound...].firstIndex(of: "{").map { padded[$0...] } ?? ""
            padded = String(padded[..<clause.lowerBound]) + " " + body
        }
        if let unwrap = unwrapVerdict(code) { return unwrap }
        if code.hasPrefix("while ") || code.hasPrefix("repeat ") || code.hasPrefix("} while ") {
            return "loop condition"
        }
        if padded.contains(" where ") { return "where clause" }
        if code.hasPrefix("case ") && !code.hasSuffix(":") && code.contains(" = ") { return "case condition" }
        for token in [
            " ? ", " ?? ", " == ", " != ", " <= ", " >= ", " < ", " > ", " && ", " || ", " === ", " !== ",
        ]
        where padded.contains(token) {
            return token == " ? " ? "ternary" : "operator \(token.trimmingCharacters(in: .whitespaces))"
        }
        for token in [" + ", " - ", " * ", " / ", " % ", " += ", " -= ", " *= ", " /= "]
        where padded.contains(token) {
            return "arithmetic \(token.trimmingCharacters(in: .whitespaces))"
        }
        for call in ["max(", "min(", "abs(", ".rounded(", "floor(", "ceil("] where containsCall(code, call) {
            return "arithmetic \(call.dropLast())"
        }
        return nil
    }

    /// The verdict on a line starting with `if`/`guard`/`} else if`: `nil` for a pure optional
    /// unwrap (then the line's other tokens are checked by the caller's remaining rules only
    /// if it is not an unwrap), a reason otherwise; `nil` also when the line is not a branch.
    private static func unwrapVerdict(_ code: String) -> String?? {
        var rest: Substring
        let keyword: String
        if code.hasPrefix("if ") {
            rest = code.dropFirst(3)
            keyword = "if"
        } else if code.hasPrefix("guard ") {
            rest = code.dropFirst(6)
            keyword = "guard"
        } else if code.hasPrefix("} else if ") {
            rest = code.dropFirst(10)
            keyword = "else if"
        } else if code.contains(" if ") && !code.hasPrefix("case ") {
            // An `if` expression (`let x = if …`).
            return .some("if expression")
        } else {
            return .none
        }
        // The conditions end at the body's brace or, for guard, at `else`.
        if keyword == "guard", let range = rest.range(of: " else ") ?? rest.range(of: " else{") {
            rest = rest[..<range.lowerBound]
        } else if let brace = rest.lastIndex(of: "{") {
            rest = rest[..<brace]
        }
        let conditions = splitConditions(String(rest))
        let isUnwrap = conditions.allSatisfy { condition in
            let c = condition.trimmingCharacters(in: .whitespaces)
            for presence in [" != nil", " == nil"] where c.hasSuffix(presence) {
                return reason(for: String(c.dropLast(presence.count))) == nil
            }
            guard c.hasPrefix("let ") || c.hasPrefix("var ") else { return false }
            // `let name` alone (Swift 5.7 shorthand) or `let name = expression` with an
            // expression that decides nothing itself.
            guard let equals = c.range(of: " = ") else {
                return !c.contains(" ") || c.split(separator: " ").count == 2
            }
            return reason(for: String(c[equals.upperBound...])) == nil
        }
        return isUnwrap ? .some(nil) : .some(keyword)
    }

    /// `a, b, c` at the top level of a condition list (commas inside brackets are kept).
    private static func splitConditions(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Whether `code` declares a type, extension or function (after its modifiers).
    private static func isDeclaration(_ code: String) -> Bool {
        let modifiers: Set<String> = [
            "public", "internal", "private", "fileprivate", "package", "static", "final", "nonisolated",
            "mutating",
        ]
        let kinds: Set<String> = [
            "extension", "struct", "class", "enum", "protocol", "actor", "func", "init",
        ]
        for word in code.split(separator: " ").map(String.init) {
            if modifiers.contains(word) { continue }
            return kinds.contains(word) || word.hasPrefix("func") || word.hasPrefix("init")
        }
        return false
    }

    private static func containsCall(_ code: String, _ call: String) -> Bool {
        var search = code[...]
        while let range = search.range(of: call) {
            let before =
                range.lowerBound == code.startIndex ? " " : code[code.index(before: range.lowerBound)]
            if call.hasPrefix(".") || !(before.isLetter || before.isNumber || before == "_") { return true }
            search = search[range.upperBound...]
        }
        return false
    }

    private static func isCaseLabel(_ code: String) -> Bool {
        if code.hasPrefix("default:") || code.hasPrefix("@unknown default:") { return true }
        return code.hasPrefix("case ") && (code.hasSuffix(":") || code.contains(": "))
    }

    /// The index of the line that closes the `switch` starting at `start`.
    private static func switchEnd(_ lines: [String], from start: Int) -> Int {
        var depth = 0
        var opened = false
        for index in start..<lines.count {
            for character in lines[index] {
                if character == "{" {
                    depth += 1
                    opened = true
                } else if character == "}" {
                    depth -= 1
                }
            }
            if opened, depth <= 0 { return index }
        }
        return lines.count - 1
    }

    /// Whether every case of the switch has a body of at most one statement (a statement may
    /// span lines while its brackets are open).
    private static func isBindingTable(_ lines: [String], from start: Int, to end: Int) -> Bool {
        var statements = 0
        var depth = 0
        for index in (start + 1)..<max(start + 1, end) {
            let code = lines[index].trimmingCharacters(in: .whitespaces)
            let startsStatement = depth == 0
            depth += bracketBalance(code)
            if !startsStatement || code.isEmpty || code == "}" { continue }
            if isCaseLabel(code) {
                // `case .a: statement` counts its inline statement.
                let inline = code.range(of: ": ").map { !code[$0.upperBound...].isEmpty } ?? false
                statements = inline && !code.hasSuffix(":") ? 1 : 0
                continue
            }
            statements += 1
            if statements > 1 { return false }
        }
        return true
    }

    /// Opening minus closing brackets and braces on a line (a closure argument keeps its
    /// statement open).
    private static func bracketBalance(_ code: String) -> Int {
        code.reduce(0) { sum, character in
            switch character {
            case "(", "[", "{": sum + 1
            case ")", "]", "}": sum - 1
            default: sum
            }
        }
    }

    /// `source` with comments removed and string literal contents replaced by `x` (line
    /// breaks kept, so line numbers stay).
    static func strip(_ source: String) -> String {
        var output = ""
        output.reserveCapacity(source.utf8.count)
        let characters = Array(source)
        var index = 0
        var inString = false
        var multiline = false
        var blockDepth = 0
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            if blockDepth > 0 {
                if character == "*", next == "/" {
                    blockDepth -= 1
                    index += 2
                    continue
                }
                if character == "/", next == "*" {
                    blockDepth += 1
                    index += 2
                    continue
                }
                if character == "\n" { output.append("\n") }
                index += 1
                continue
            }
            if inString {
                if character == "\\" {
                    output.append("xx")
                    index += 2
                    continue
                }
                if multiline, character == "\"", next == "\"", index + 2 < characters.count,
                    characters[index + 2] == "\""
                {
                    inString = false
                    output.append("\"\"\"")
                    index += 3
                    continue
                }
                if !multiline, character == "\"" {
                    inString = false
                    output.append("\"")
                    index += 1
                    continue
                }
                // Contents become `x`, so an empty literal stays distinguishable from others.
                output.append(character == "\n" ? "\n" : "x")
                index += 1
                continue
            }
            if character == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", next == "*" {
                blockDepth = 1
                index += 2
                continue
            }
            if character == "\"" {
                if next == "\"", index + 2 < characters.count, characters[index + 2] == "\"" {
                    inString = true
                    multiline = true
                    output.append("\"\"\"")
                    index += 3
                    continue
                }
                inString = true
                multiline = false
                output.append("\"")
                index += 1
                continue
            }
            output.append(character)
            index += 1
        }
        return output
    }
}
