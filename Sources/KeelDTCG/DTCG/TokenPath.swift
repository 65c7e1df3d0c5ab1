import KeelDesign

/// The path of a token or group in a DTCG file: its names from the root, kept as segments
/// because names may contain spaces or `/`.
package struct TokenPath: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The names from the root.
    package var segments: [String] {
        didSet { hashOfSegments = Self.hash(of: segments) }
    }
    /// The segments' hash, computed when they are set: resolving a large system looks paths up
    /// in dictionaries many times per context, and hashing every segment per lookup was the
    /// largest part of it.
    private var hashOfSegments: Int

    /// A path from its segments.
    package init(_ segments: [String]) {
        self.segments = segments
        hashOfSegments = Self.hash(of: segments)
    }

    /// A path from an array literal.
    package init(arrayLiteral elements: String...) { self.init(elements) }

    /// A path from dot-separated text (`color.brand.primary`).
    package init(dotted: String) {
        self.init(
            dotted.isEmpty
                ? [] : dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    private static func hash(of segments: [String]) -> Int {
        var hasher = Hasher()
        hasher.combine(segments)
        return hasher.finalize()
    }

    /// Equal segments (the stored hashes reject most unequal paths first).
    package static func == (lhs: TokenPath, rhs: TokenPath) -> Bool {
        lhs.hashOfSegments == rhs.hashOfSegments && lhs.segments == rhs.segments
    }

    /// Hashes the stored hash of the segments.
    package func hash(into hasher: inout Hasher) { hasher.combine(hashOfSegments) }

    /// The path with one more segment.
    package func appending(_ name: String) -> TokenPath { TokenPath(segments + [name]) }

    /// Dot-separated segments; the root is `(root)`.
    package var description: String { segments.isEmpty ? "(root)" : segments.joined(separator: ".") }

    /// Orders segment by segment.
    package static func < (lhs: TokenPath, rhs: TokenPath) -> Bool {
        // A plain loop: sorting thousands of paths is a hot spot of reading big files.
        let count = min(lhs.segments.count, rhs.segments.count)
        var index = 0
        while index < count {
            let left = lhs.segments[index]
            let right = rhs.segments[index]
            if left != right { return left < right }
            index += 1
        }
        return lhs.segments.count < rhs.segments.count
    }
}

/// The 13 token types of DTCG 2025.10.
package enum TokenType: String, CaseIterable, Hashable, Sendable {
    /// A colour.
    case color
    /// A length in px or rem.
    case dimension
    /// A font family name or a list of them.
    case fontFamily
    /// A font weight.
    case fontWeight
    /// A duration in ms or s.
    case duration
    /// A cubic Bézier timing function.
    case cubicBezier
    /// A plain number.
    case number
    /// A stroke style.
    case strokeStyle
    /// A border (composite).
    case border
    /// A transition (composite).
    case transition
    /// A shadow or a list of shadows (composite).
    case shadow
    /// A gradient (composite).
    case gradient
    /// Typography (composite).
    case typography
}

extension TokenType {
    /// The DTCG type another tool's `$type` means, compared ignoring case, `-`, `_` and spaces:
    /// Tokens Studio's `sizing`, `spacing`, `borderRadius`, `fontSizes`, `fontWeights`,
    /// `lineHeights`, `opacity`, `boxShadow` …, Figma's `FLOAT` and `COLOR`, a differently
    /// spelt DTCG name (`font-weight`). `nil` for a type of its own (`string`, `boolean`, `link`).
    package static func alias(_ name: String) -> TokenType? {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        if let type = allCases.first(where: { $0.rawValue.lowercased() == key }) { return type }
        return aliases[key]
    }

    private static let aliases: [String: TokenType] = {
        var table: [String: TokenType] = [:]
        for name in [
            "sizing", "size", "sizes", "spacing", "space", "borderradius", "radius", "radii", "borderwidth",
            "fontsize", "fontsizes", "letterspacing", "paragraphspacing", "paragraphindent", "dimensions",
        ] {
            table[name] = .dimension
        }
        for name in ["lineheight", "lineheights", "opacity", "float", "integer", "zindex"] {
            table[name] = .number
        }
        table["fontfamilies"] = .fontFamily
        table["fontweights"] = .fontWeight
        table["boxshadow"] = .shadow
        table["shadows"] = .shadow
        table["colors"] = .color
        table["colour"] = .color
        table["durations"] = .duration
        table["easing"] = .cubicBezier
        return table
    }()
}
