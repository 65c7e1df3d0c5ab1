import Foundation
import KeelLayout

/// Reads the CSS Grid attributes of a fixture element into a ``GridStyle`` (the subset of CSS
/// syntax the fixtures use: track lists with `repeat()`, `minmax()`, `fit-content()` and line
/// names; line numbers, names and spans; `grid-auto-flow`).
enum GridFixtureSyntax {
    static func apply(_ attributes: [String: String], to style: inout LayoutStyle) {
        var grid = style.grid
        if let value = attributes["grid-template-columns"] { grid.templateColumns = templateList(value) }
        if let value = attributes["grid-template-rows"] { grid.templateRows = templateList(value) }
        if let value = attributes["grid-auto-columns"] { grid.autoColumns = trackSizes(value) }
        if let value = attributes["grid-auto-rows"] { grid.autoRows = trackSizes(value) }
        if let value = attributes["grid-auto-flow"] {
            let words = value.split(separator: " ")
            grid.autoFlow = GridAutoFlow(isColumn: words.contains("column"), isDense: words.contains("dense"))
        }
        if let value = attributes["grid-column-start"] { grid.columnStart = line(value) }
        if let value = attributes["grid-column-end"] { grid.columnEnd = line(value) }
        if let value = attributes["grid-row-start"] { grid.rowStart = line(value) }
        if let value = attributes["grid-row-end"] { grid.rowEnd = line(value) }
        if let value = attributes["grid-template-areas"] {
            grid.templateAreas = value.components(separatedBy: "\"").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        if let value = attributes["justify-items"] { grid.justifyItems = FixtureTree.align(value) }
        if let value = attributes["justify-self"] { grid.justifySelf = FixtureTree.align(value) }
        if attributes["display"] == "grid", let value = attributes["justify-content"] {
            grid.justifyContent = FixtureTree.alignContent(value)
        }
        func isSafe(_ key: String) -> Bool { attributes[key]?.split(separator: " ").first == "safe" }
        // (justify-content, align-content and align-self are read by the flex harness.)
        if isSafe("justify-self") { style.safeAlignment.insert(.justifySelf) }
        style.grid = grid
        func overflow(_ value: String?) -> Overflow? {
            switch value {
            case "hidden": return .hidden
            case "scroll", "auto": return .scroll
            case "clip": return .clip
            case "visible": return .visible
            default: return nil
            }
        }
        if let value = overflow(attributes["overflow-x"]) { style.overflowX = value }
        if let value = overflow(attributes["overflow-y"]) { style.overflowY = value }
        if let value = attributes["scrollbar-width"].flatMap({ Double($0) }) { style.scrollbarWidth = value }
    }

    /// Splits at top-level whitespace, keeping `(…)` and `[…]` groups whole.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth -= 1 }
            if character.isWhitespace, depth == 0 {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    static func templateList(_ text: String) -> [GridTemplateEntry] {
        if text.trimmingCharacters(in: .whitespaces) == "none" { return [] }
        return tokens(text).compactMap(entry)
    }

    static func entry(_ token: String) -> GridTemplateEntry? {
        if token.hasPrefix("[") {
            let names = token.dropFirst().dropLast().split(separator: " ").map(String.init)
            return .lineNames(names)
        }
        if token.hasPrefix("repeat(") {
            let inner = String(token.dropFirst("repeat(".count).dropLast())
            guard let comma = inner.firstIndex(of: ",") else { return nil }
            let countText = inner[..<comma].trimmingCharacters(in: .whitespaces)
            let rest = String(inner[inner.index(after: comma)...])
            let repetition: GridRepetition
            switch countText {
            case "auto-fill": repetition = .autoFill
            case "auto-fit": repetition = .autoFit
            default: repetition = .count(Int(countText) ?? 1)
            }
            return .repeat(repetition, tokens(rest).compactMap(entry))
        }
        return trackSize(token).map { .track($0) }
    }

    static func trackSizes(_ text: String) -> [GridTrackSize] { tokens(text).compactMap(trackSize) }

    static func trackSize(_ token: String) -> GridTrackSize? {
        if token.hasPrefix("minmax(") {
            let inner = token.dropFirst("minmax(".count).dropLast()
            let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let minimum = minimum(parts[0]), let maximum = maximum(parts[1]) else {
                return nil
            }
            return GridTrackSize(minimum: minimum, maximum: maximum)
        }
        guard let maximum = maximum(token) else { return nil }
        switch maximum {
        case .fraction, .fitContent: return GridTrackSize(minimum: .auto, maximum: maximum)
        default: return GridTrackSize(minimum: minimum(token) ?? .auto, maximum: maximum)
        }
    }

    static func minimum(_ token: String) -> GridMinimumSize? {
        switch token {
        case "auto": return .auto
        case "min-content": return .minContent
        case "max-content": return .maxContent
        default:
            switch length(token) {
            case .points(let value)?: return .points(value)
            case .percent(let value)?: return .percent(value)
            default: return nil
            }
        }
    }

    static func maximum(_ token: String) -> GridMaximumSize? {
        switch token {
        case "auto": return .auto
        case "min-content": return .minContent
        case "max-content": return .maxContent
        default:
            if token.hasSuffix("fr"), let value = Double(token.dropLast(2)) { return .fraction(value) }
            if token.hasPrefix("fit-content(") {
                let inner = String(token.dropFirst("fit-content(".count).dropLast())
                return length(inner).map { .fitContent($0) }
            }
            switch length(token) {
            case .points(let value)?: return .points(value)
            case .percent(let value)?: return .percent(value)
            default: return nil
            }
        }
    }

    static func length(_ token: String) -> Length? {
        if token.hasSuffix("%"), let value = Double(token.dropLast()) { return .percent(value) }
        if token.hasSuffix("px"), let value = Double(token.dropLast(2)) { return .points(value) }
        if let value = Double(token) { return .points(value) }
        return nil
    }

    static func line(_ text: String) -> GridLine {
        let words = text.split(separator: " ").map(String.init)
        if words == ["auto"] { return .auto }
        let isSpan = words.contains("span")
        let number = words.compactMap { Int($0) }.first
        let name = words.first { $0 != "span" && Int($0) == nil }
        switch (isSpan, name) {
        case (true, let name?): return .spanNamed(name, number ?? 1)
        case (true, nil): return .span(number ?? 1)
        case (false, let name?): return .named(name, number ?? 1)
        case (false, nil): return number.map { .line($0) } ?? .auto
        }
    }
}
