import Foundation
import Testing

/// One privacy framework per permission module: the module and the only privacy framework it
/// may import.
enum PermissionModules {
    /// Apple's frameworks behind a permission prompt; App Store processing asks for a purpose
    /// string for each one an app links.
    static let privacyFrameworks: Set<String> = [
        "AVFoundation", "Photos", "PhotosUI", "CoreLocation", "Contacts", "ContactsUI", "EventKit",
        "EventKitUI", "CoreBluetooth", "CoreMotion", "UserNotifications", "HealthKit",
        "AppTrackingTransparency",
    ]

    /// Each permission module and its framework.
    static let framework: [String: String] = [
        "KeelPermissionsCamera": "AVFoundation",
        "KeelPermissionsPhotos": "Photos",
        "KeelPermissionsLocation": "CoreLocation",
        "KeelPermissionsNotifications": "UserNotifications",
        "KeelPermissionsContacts": "Contacts",
        "KeelPermissionsCalendar": "EventKit",
        "KeelPermissionsBluetooth": "CoreBluetooth",
        "KeelPermissionsMotion": "CoreMotion",
    ]
}

/// The import rules of the UIKit products, so an app that adopts one links only what it needs.
enum ImportRules {
    /// What KeelUIKit (the components product) may import: UIKit and the five headless
    /// modules it renders. No networking, images, lists, app plumbing or privacy framework.
    static let componentsAllowed: Set<String> = [
        "UIKit", "Foundation", "ObjectiveC", "CoreGraphics", "QuartzCore", "KeelGeometry", "KeelSupport",
        "KeelDesign", "KeelComponents", "KeelLayout", "KeelUIKitBinding",
    ]

    /// What KeelUIKitBinding (shared by both front ends, not a product) may import: UIKit and
    /// the headless modules whose decisions it measures and presents for.
    static let bindingAllowed: Set<String> = [
        "UIKit", "Foundation", "KeelGeometry", "KeelDesign", "KeelComponents",
    ]

    /// What KeelSwiftUI may import: SwiftUI, the system frameworks it draws with, and the
    /// headless modules it binds. No UIKit product, no privacy framework, and — so the button
    /// style links no networking — no images, lists, routing or app plumbing (those are
    /// KeelSwiftUIImages' and KeelSwiftUIApp's).
    static let swiftUIAllowed: Set<String> = [
        "SwiftUI", "UIKit", "Foundation", "CoreGraphics", "Combine", "KeelGeometry", "KeelSupport",
        "KeelDesign", "KeelComponents", "KeelLayout", "KeelUIKitBinding",
    ]

    /// What the SwiftUI image and app-level modules may import, each beside SwiftUI.
    static let swiftUISplitAllowed: [String: Set<String>] = [
        "KeelSwiftUIImages": ["SwiftUI", "UIKit", "Foundation", "KeelImages"],
        "KeelSwiftUIApp": ["SwiftUI", "Foundation", "Combine", "KeelLists", "KeelRouting", "KeelApp"],
    ]

    /// Modules no UIKit product except its own may import.
    static let heavy: Set<String> = ["KeelNetworking", "KeelImages"]

    /// The rule violations of `module` whose files are `files`, one sentence each.
    static func violations(module: String, files: [(path: String, text: String)]) -> [String] {
        var found: [String] = []
        for file in files {
            let imports = SourceTree.imports(in: file.text)
            switch module {
            case "KeelUIKit":
                for name in imports.subtracting(componentsAllowed).sorted() {
                    found.append(
                        "\(file.path) imports \(name); KeelUIKit may import only \(componentsAllowed.sorted())"
                    )
                }
            case "KeelUIKitControllers":
                for name in imports.intersection(PermissionModules.privacyFrameworks.union(heavy)).sorted() {
                    found.append("\(file.path) imports \(name); the controllers product links no \(name)")
                }
            case "KeelUIKitImages":
                for name in imports.intersection(PermissionModules.privacyFrameworks).sorted() {
                    found.append("\(file.path) imports \(name); the image product links no privacy framework")
                }
            case "KeelCompat":
                for name in imports.intersection(PermissionModules.privacyFrameworks.union(["SwiftUI"]))
                    .sorted()
                {
                    found.append("\(file.path) imports \(name); the compatibility module links no \(name)")
                }
            case "KeelUIKitBinding":
                for name in imports.subtracting(bindingAllowed).sorted() {
                    found.append(
                        "\(file.path) imports \(name); KeelUIKitBinding may import only \(bindingAllowed.sorted())"
                    )
                }
            case "KeelSwiftUI":
                for name in imports.subtracting(swiftUIAllowed).sorted() {
                    found.append(
                        "\(file.path) imports \(name); KeelSwiftUI may import only \(swiftUIAllowed.sorted())"
                    )
                }
            case "KeelPermissions":
                for name in imports.intersection(PermissionModules.privacyFrameworks.union(heavy)).sorted() {
                    found.append(
                        "\(file.path) imports \(name); the permission facade imports no privacy framework")
                }
            case "KeelSwiftUIImages", "KeelSwiftUIApp":
                let allowed = swiftUISplitAllowed[module] ?? []
                for name in imports.subtracting(allowed).sorted() {
                    found.append(
                        "\(file.path) imports \(name); \(module) may import only \(allowed.sorted())")
                }
            default:
                guard let own = PermissionModules.framework[module] else {
                    found.append("\(module) is not a UIKit-side module")
                    continue
                }
                for name in imports.subtracting([own, "KeelPermissions"]).sorted() {
                    found.append(
                        "\(file.path) imports \(name); \(module) may import only \(own) and KeelPermissions")
                }
            }
        }
        return found
    }

    /// The dependencies `Package.swift` declares for `module` in its `modules` table
    /// (`("Name", ["A", "B"])`), or `nil` when the entry is not found.
    static func declaredDependencies(of module: String, in manifest: String) -> [String]? {
        let pattern = #"\(\s*"\#(module)",\s*\[([^\]]*)\]\s*\)"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)),
            let list = Range(match.range(at: 1), in: manifest)
        else { return nil }
        return manifest[list].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }
}

@Suite("UIKit products import only what an app adopting them links")
struct ModuleImportTests {
    @Test("Each platform-edge module's imports follow its product's rule", arguments: SourceTree.edgeModules)
    func importsFollowTheRule(module: String) throws {
        let files = try SourceTree.sources(of: module)
        try #require(!files.isEmpty, "no sources under Sources/\(module)")
        let violations = ImportRules.violations(module: module, files: files)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test("Each permission module imports its own framework, and every permission folder is known")
    func permissionModulesAreIsolated() throws {
        for (module, framework) in PermissionModules.framework {
            let imports = try SourceTree.sources(of: module).map { SourceTree.imports(in: $0.text) }
            #expect(imports.contains { $0.contains(framework) }, "\(module) never imports \(framework)")
            #expect(
                imports.allSatisfy { $0.contains("KeelPermissions") },
                "\(module) must re-export KeelPermissions")
        }
        let folders = try SourceTree.modules().filter { $0.hasPrefix("KeelPermissions") }
        #expect(Set(folders) == Set(PermissionModules.framework.keys).union(["KeelPermissions"]))
    }

    @Test(
        "Package.swift: KeelUIKit depends only on the five headless modules it renders and the shared binding"
    )
    func componentsProductDependencies() throws {
        let manifest = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let dependencies = try #require(ImportRules.declaredDependencies(of: "KeelUIKit", in: manifest))
        #expect(
            Set(dependencies) == [
                "KeelGeometry", "KeelSupport", "KeelDesign", "KeelComponents", "KeelLayout",
                "KeelUIKitBinding",
            ])
        for module in PermissionModules.framework.keys {
            #expect(
                ImportRules.declaredDependencies(of: module, in: manifest) == ["KeelPermissions"], "\(module)"
            )
        }
        #expect(ImportRules.declaredDependencies(of: "KeelPermissions", in: manifest) == [])
        let swiftUI = try #require(ImportRules.declaredDependencies(of: "KeelSwiftUI", in: manifest))
        #expect(Set(swiftUI).isSubset(of: ImportRules.swiftUIAllowed), "KeelSwiftUI depends on \(swiftUI)")
        #expect(
            !swiftUI.contains { $0.hasPrefix("KeelUIKit") && $0 != "KeelUIKitBinding" },
            "KeelSwiftUI depends on a UIKit product")
    }

    @Test("The rules flag a forbidden import, however it is spelled, and ignore comments")
    func rulesFlagViolations() {
        let components = """
            #if canImport(UIKit)
                @_exported import KeelDesign
                import struct KeelImages.ImageContainer
                @preconcurrency import CoreLocation.CLLocation
                // import AVFoundation
                let text = "import Photos"
            #endif
            """
        #expect(SourceTree.imports(in: components) == ["KeelDesign", "KeelImages", "CoreLocation"])
        let found = ImportRules.violations(module: "KeelUIKit", files: [("a.swift", components)])
        #expect(found.count == 2 && found[0].contains("CoreLocation") && found[1].contains("KeelImages"))
        let camera = "import AVFoundation\nimport CoreLocation\n@_exported import KeelPermissions"
        let cameraFound = ImportRules.violations(
            module: "KeelPermissionsCamera", files: [("c.swift", camera)])
        #expect(cameraFound.count == 1 && cameraFound[0].contains("CoreLocation"))
        let facade = ImportRules.violations(module: "KeelPermissions", files: [("p.swift", "import Photos")])
        #expect(facade.count == 1)
        let swiftUI = ImportRules.violations(
            module: "KeelSwiftUI", files: [("s.swift", "import SwiftUI\nimport KeelUIKit\nimport Photos")])
        #expect(swiftUI.count == 2 && swiftUI[0].contains("KeelUIKit") && swiftUI[1].contains("Photos"))
        #expect(
            ImportRules.declaredDependencies(of: "KeelX", in: #"("KeelX", ["A", "B"]),"#) == ["A", "B"])
    }
}
