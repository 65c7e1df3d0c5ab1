import Foundation

/// The package's sources, read as text: the architecture checks run on Linux, where the
/// Apple-only code compiles to nothing, so they parse the files instead of the binaries.
enum SourceTree {
    /// The package root (this file is Tests/KeelArchitectureTests/SourceTree.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The UIKit-side modules: the platform edge, whose files may only bind headless decisions
    /// to views and frameworks. Not the permission facade: KeelPermissions holds the permission
    /// model (status mapping, prompt table), headless and tested on Linux like KeelApp, which
    /// held it before (issue 34, item 5); its one Apple-only line opens Settings.
    static let uikitModules =
        ["KeelUIKitBinding", "KeelUIKit", "KeelUIKitControllers", "KeelUIKitImages", "KeelCompat"]
        + PermissionModules.framework.keys.sorted()

    /// The SwiftUI-side modules: the second platform edge, held to the same rule.
    static let swiftUIModules = ["KeelSwiftUI", "KeelSwiftUIImages", "KeelSwiftUIApp"]

    /// Every module held to a product's import rule: the platform edge, UIKit and SwiftUI, and
    /// the permission facade (which imports no privacy framework).
    static let edgeModules = uikitModules + swiftUIModules + ["KeelPermissions"]

    /// The folders under `Sources/`, sorted.
    static func modules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every file under `Sources/<module>` whose extension is one of `extensions`, relative
    /// path and contents, sorted.
    static func sources(of module: String, extensions: Set<String> = ["swift"]) throws -> [(
        path: String, text: String
    )] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The modules `source` imports (`import X`, `@_exported import X`, `import struct X.Y`,
    /// `@preconcurrency import X.Sub` all name `X`), outside comments and string literals.
    static func imports(in source: String) -> Set<String> {
        var modules: Set<String> = []
        for line in DecisionScanner.strip(source).components(separatedBy: "\n") {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = [
                "struct", "class", "enum", "protocol", "typealias", "func", "var", "let",
            ]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            if let module = path.split(separator: ".").first { modules.insert(String(module)) }
        }
        return modules
    }
}
