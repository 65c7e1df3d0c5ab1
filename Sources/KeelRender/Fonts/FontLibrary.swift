import Foundation
import KeelSupport

/// The font faces text can be measured with, found by family name and weight.
///
/// A library is built from font files (``init(paths:systemFamily:)``, which throws for a bad
/// file) or by scanning the system's font folders (``system(searchPaths:systemFamily:)``,
/// which skips bad files and keeps their errors in ``loadErrors``). The family named
/// `System` in a `FontDescriptor` maps to ``systemFamily`` — DejaVu Sans by
/// default, from Debian's `fonts-dejavu-core`.
package final class FontLibrary: Sendable {
    /// The family used for the platform system font and as the last fallback.
    package let systemFamily: String
    /// Files that could not be loaded while scanning, with the reason.
    package let loadErrors: [FontLoadError]
    /// Every face, sorted by family, then weight, then style (a stable order).
    package let faces: [FontFace]

    private let byFamily: [String: [FontFace]]
    private let resolutions = Locked<[ResolutionKey: ResolvedFont]>([:])

    private struct ResolutionKey: Hashable {
        var families: [String]
        var weight: Double
    }

    /// The folders scanned for fonts on Linux and Apple platforms.
    package static let defaultSearchPaths = [
        "/usr/share/fonts", "/usr/local/share/fonts", "/System/Library/Fonts", "/Library/Fonts",
    ]

    /// The family the system font maps to when none is given.
    package static let defaultSystemFamily = "DejaVu Sans"

    /// A library of the given faces.
    package init(
        faces: [FontFace], systemFamily: String = FontLibrary.defaultSystemFamily,
        loadErrors: [FontLoadError] = []
    ) {
        let sorted = faces.sorted {
            ($0.family, $0.weight, $0.widthClass, $0.style) < ($1.family, $1.weight, $1.widthClass, $1.style)
        }
        self.faces = sorted
        self.loadErrors = loadErrors
        var byFamily: [String: [FontFace]] = [:]
        for face in sorted { byFamily[face.family.lowercased(), default: []].append(face) }
        self.byFamily = byFamily
        if byFamily[systemFamily.lowercased()] != nil || sorted.isEmpty {
            self.systemFamily = systemFamily
        } else {
            self.systemFamily = sorted[0].family
        }
    }

    /// A library of every face in the files at `paths`; throws a ``FontLoadError`` for the
    /// first file that cannot be read or is malformed.
    package convenience init(paths: [String], systemFamily: String = FontLibrary.defaultSystemFamily) throws {
        var faces: [FontFace] = []
        for path in paths { faces += try FontFile.faces(atPath: path) }
        self.init(faces: faces, systemFamily: systemFamily)
    }

    /// A library of every `.ttf`, `.otf` and `.ttc` file under `searchPaths` (recursively,
    /// in sorted order); unreadable or malformed files are skipped and listed in
    /// ``loadErrors``.
    package static func system(
        searchPaths: [String] = defaultSearchPaths, systemFamily: String = defaultSystemFamily
    ) -> FontLibrary {
        var faces: [FontFace] = []
        var errors: [FontLoadError] = []
        for path in fontFiles(under: searchPaths) {
            do {
                faces += try FontFile.faces(atPath: path)
            } catch let error as FontLoadError {
                errors.append(error)
            } catch {
                errors.append(FontLoadError(path: path, error: .unreadable(path: path, reason: "\(error)")))
            }
        }
        return FontLibrary(faces: faces, systemFamily: systemFamily, loadErrors: errors)
    }

    /// The shared library of the system's fonts, scanned once on first use.
    package static let shared = FontLibrary.system()

    /// The font files under `searchPaths`, sorted.
    static func fontFiles(under searchPaths: [String]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for root in searchPaths {
            guard let enumerator = manager.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let lower = relative.lowercased()
                guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else {
                    continue
                }
                files.append(root + "/" + relative)
            }
        }
        return files.sorted()
    }

    /// The families present, sorted.
    package var families: [String] { Array(Set(faces.map(\.family))).sorted() }

    /// The face of `family` (case-insensitive; `System` is ``systemFamily``) closest to
    /// `weight` by CSS font matching, preferring upright, normal-width faces; `nil` when the
    /// family is absent.
    package func face(family: String, weight: Double) -> FontFace? {
        let name = family == "System" ? systemFamily : family
        guard let candidates = byFamily[name.lowercased()], !candidates.isEmpty else { return nil }
        let upright = candidates.filter { !$0.isItalic }
        let pool = upright.isEmpty ? candidates : upright
        let bestWidth = pool.map { abs($0.widthClass - 5) }.min() ?? 0
        let normal = pool.filter { abs($0.widthClass - 5) == bestWidth }
        return normal.min { Self.weightDistance($0.weight, weight) < Self.weightDistance($1.weight, weight) }
    }

    /// CSS Fonts 4 §5.2 weight matching as an ordering key: lower is preferred.
    static func weightDistance(_ available: Int, _ desired: Double) -> Double {
        let value = Double(available)
        if value == desired { return 0 }
        if desired >= 400, desired <= 500 {
            if value > desired, value <= 500 { return value - desired }
            if value < desired { return 1000 + desired - value }
            return 2000 + value - desired
        }
        if desired < 400 {
            return value < desired ? desired - value : 1000 + value - desired
        }
        return value > desired ? value - desired : 1000 + desired - value
    }

    /// The fallback chain for a list of families at a weight: each family that is present,
    /// then the system family. Cached.
    package func resolve(families: [String], weight: Double) -> ResolvedFont {
        let key = ResolutionKey(families: families, weight: weight)
        if let cached = resolutions.withLock({ $0[key] }) { return cached }
        var chain: [FontFace] = []
        var seen: Set<String> = []
        for family in families + ["System"] {
            guard let face = face(family: family, weight: weight), !seen.contains(face.family.lowercased())
            else {
                continue
            }
            seen.insert(face.family.lowercased())
            chain.append(face)
        }
        let resolved = ResolvedFont(faces: chain)
        resolutions.withLock { $0[key] = resolved }
        return resolved
    }
}

/// A font resolved to concrete faces: the fallback chain used to measure, and the CSS
/// family list an SVG names so a browser draws with the same faces.
package struct ResolvedFont: Sendable {
    /// The faces, in fallback order (empty when no font file was found at all).
    package let faces: [FontFace]

    /// The CSS `font-family` list: the faces' families, then `sans-serif`.
    package var cssFamilyList: String {
        (faces.map { Self.cssName($0.family) } + ["sans-serif"]).joined(separator: ", ")
    }

    /// A family name as CSS: bare when it is plain words, quoted otherwise.
    static func cssName(_ family: String) -> String {
        let plain = family.split(separator: " ").allSatisfy { word in
            guard let first = word.unicodeScalars.first, CharacterSet.letters.contains(first) else {
                return false
            }
            return word.unicodeScalars.allSatisfy {
                $0.isASCII && CharacterSet.alphanumerics.contains($0) || $0 == "-"
            }
        }
        return plain ? family : "\"" + family.replacingOccurrences(of: "\"", with: "") + "\""
    }
}
