// swift-tools-version: 6.2
// Keel: a platform-neutral foundation for iOS apps. See README.md and ARCHITECTURE.md.
import PackageDescription

/// The library modules, in layer order (ARCHITECTURE.md, Layers), each with its dependencies.
let modules: [(name: String, dependencies: [Target.Dependency])] = [
    ("KeelGeometry", []),
    ("KeelSupport", ["CKeelAtomics", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
    ("KeelLogging", ["KeelSupport"]),
    (
        "KeelNetworking",
        ["KeelLogging", "KeelSupport", .target(name: "CNetlink", condition: .when(platforms: [.linux]))]
    ),
    ("KeelStorage", ["KeelSupport", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
    ("KeelLists", ["KeelSupport"]),
    ("KeelDesign", ["KeelGeometry", "KeelSupport"]),
    ("KeelDTCG", ["KeelDesign", "KeelSupport"]),
    ("KeelLayout", ["KeelGeometry", "KeelSupport"]),
    ("KeelComponents", ["KeelGeometry", "KeelDesign", "KeelLayout", "KeelSupport"]),
    ("KeelRender", ["KeelGeometry", "KeelComponents", "KeelDesign", "KeelLayout", "KeelSupport"]),
    ("KeelImages", ["KeelGeometry", "KeelNetworking", "KeelLogging", "KeelSupport"]),
    ("KeelRouting", ["KeelSupport"]),
    ("KeelApp", ["KeelRouting", "KeelLogging", "KeelSupport"]),
    ("KeelTesting", ["KeelSupport", "KeelLogging"]),
    ("KeelNetworkingTesting", ["KeelNetworking", "KeelTesting", "KeelSupport"]),
    ("KeelStorageTesting", ["KeelStorage", "KeelTesting", "KeelSupport"]),
    // The UIKit products, adopted piecemeal: components, controllers and lists, image views,
    // and the permission facade with one module per privacy framework (so linking one
    // permission links only its framework).
    // What both front ends share below their views (one font choice, text measurer and
    // presentation host); `package` only, not a product.
    ("KeelUIKitBinding", ["KeelGeometry", "KeelDesign", "KeelComponents"]),
    (
        "KeelUIKit",
        ["KeelGeometry", "KeelSupport", "KeelDesign", "KeelComponents", "KeelLayout", "KeelUIKitBinding"]
    ),
    ("KeelUIKitControllers", ["KeelUIKit", "KeelLists", "KeelDesign"]),
    ("KeelUIKitImages", ["KeelImages"]),
    // The SwiftUI front end: the same headless types as SwiftUI views and modifiers (Apple
    // only; every file is under `#if canImport(SwiftUI)`, so it builds to nothing on Linux).
    (
        "KeelSwiftUI",
        ["KeelGeometry", "KeelSupport", "KeelDesign", "KeelComponents", "KeelLayout", "KeelUIKitBinding"]
    ),
    // Split as the UIKit products are, so the button style links no networking: images over
    // the pipeline, and the app-level views (lists, navigation over the router, start-up).
    ("KeelSwiftUIImages", ["KeelImages"]),
    ("KeelSwiftUIApp", ["KeelLists", "KeelRouting", "KeelApp"]),
    ("KeelPermissions", []),
    ("KeelPermissionsCamera", ["KeelPermissions"]),
    ("KeelPermissionsPhotos", ["KeelPermissions"]),
    ("KeelPermissionsLocation", ["KeelPermissions"]),
    ("KeelPermissionsNotifications", ["KeelPermissions"]),
    ("KeelPermissionsContacts", ["KeelPermissions"]),
    ("KeelPermissionsCalendar", ["KeelPermissions"]),
    ("KeelPermissionsBluetooth", ["KeelPermissions"]),
    ("KeelPermissionsMotion", ["KeelPermissions"]),
    // The predecessors' spellings (AppFoundation, XDDesignKit, the module-center framework,
    // AEViewModel), deprecated and renamed to the canonical API: `import KeelCompat`, then
    // follow the warnings.
    (
        "KeelCompat",
        [
            "KeelGeometry", "KeelSupport", "KeelLogging", "KeelNetworking", "KeelStorage", "KeelLists",
            "KeelDesign", "KeelLayout", "KeelComponents", "KeelImages", "KeelRouting", "KeelApp",
            "KeelUIKit", "KeelUIKitControllers", "KeelUIKitImages", "KeelPermissions",
        ]
    ),
]

/// The modules that call an API on Apple's "required reason" list and so ship a privacy
/// manifest (`Sources/<module>/PrivacyInfo.xcprivacy`); KeelArchitectureTests checks the list.
let privacyManifests: Set<String> = [
    "KeelSupport", "KeelLogging", "KeelStorage", "KeelImages", "KeelNetworking",
]

/// The test targets, what they import, and their resource folders.
let testTargets: [(name: String, dependencies: [Target.Dependency], resources: [Resource])] = [
    ("KeelGeometryTests", ["KeelGeometry"], []),
    ("KeelSupportTests", ["KeelSupport", "KeelTesting", "KeelTestSupport"], [.copy("Fixtures")]),
    ("KeelLoggingTests", ["KeelLogging", "KeelSupport", "KeelTesting", "KeelTestSupport"], []),
    (
        "KeelStorageTests",
        [
            "KeelStorage", "KeelSupport", "KeelTesting", "KeelStorageTesting", "KeelTestSupport",
            "KeelTestHelper",
        ], []
    ),
    ("KeelListsTests", ["KeelLists", "KeelSupport", "KeelTesting", "KeelTestSupport"], []),
    ("KeelDesignTests", ["KeelDesign", "KeelSupport"], []),
    (
        "KeelDTCGTests", ["KeelDTCG", "KeelDesign", "KeelSupport", "KeelTesting", "KeelTestSupport"],
        [.copy("Fixtures")]
    ),
    (
        "KeelLayoutTests", ["KeelLayout", "KeelSupport", "KeelTesting", "KeelTestSupport"],
        [.copy("Fixtures")]
    ),
    (
        "KeelComponentsTests",
        ["KeelComponents", "KeelDesign", "KeelSupport", "KeelTesting", "KeelUIKitBinding"], []
    ),
    (
        "KeelRenderTests",
        [
            "KeelRender", "KeelComponents", "KeelDesign", "KeelLayout", "KeelSupport", "KeelTesting",
            "KeelTestSupport",
        ],
        [.copy("Goldens")]
    ),
    (
        "KeelImagesTests",
        [
            "KeelImages", "KeelNetworking", "KeelSupport", "KeelTesting", "KeelNetworkingTesting",
            "KeelTestSupport",
            "KeelImagesTestHelper",
        ], []
    ),
    ("KeelRoutingTests", ["KeelRouting", "KeelSupport", "KeelTesting", "KeelTestSupport"], []),
    (
        "KeelAppTests",
        ["KeelApp", "KeelRouting", "KeelLogging", "KeelSupport", "KeelTesting", "KeelTestSupport"], []
    ),
    (
        "KeelNetworkingTests",
        [
            "KeelNetworking", "KeelLogging", "KeelSupport", "KeelTesting", "KeelNetworkingTesting",
            "KeelTestSupport",
            "KeelNetworkingTestHelper",
        ], [.copy("Fixtures")]
    ),
    ("KeelTestingTests", ["KeelTesting", "KeelSupport", "KeelTestSupport"], []),
    ("KeelCLITests", ["keel", "keel-fuzz", "KeelTestSupport"], []),
    ("KeelPermissionsTests", ["KeelPermissions"], []),
    (
        "KeelCompatTests",
        [
            "KeelCompat", "KeelComponents", "KeelDesign", "KeelLayout", "KeelLists", "KeelLogging",
            "KeelSupport",
        ], []
    ),
    // Foundation and every platform-neutral module in one file: renamed types resolve
    // unqualified (the SwiftUI half is Examples/KeelExampleApp/NamesBesideSwiftUI.swift).
    (
        "KeelNamingTests",
        [
            "KeelApp", "KeelComponents", "KeelDesign", "KeelGeometry", "KeelImages", "KeelLayout",
            "KeelLists", "KeelLogging", "KeelNetworking", "KeelPermissions", "KeelRender", "KeelRouting",
            "KeelStorage", "KeelSupport", "KeelDTCG", "KeelExamples", "KeelTestSupport",
        ], []
    ),
    ("KeelFuzzingTests", ["KeelFuzzing", "KeelTestSupport"], [.copy("Corpus")]),
    // Reads the sources (as text, on Linux): decision code on the UIKit side, the UIKit
    // products' imports, and the privacy manifests.
    ("KeelArchitectureTests", ["KeelTestSupport"], []),
]

/// `KEEL_TEST_TARGETS=A,B swift test …` builds and runs only those test targets: CI's
/// thread-sanitizer stage names the targets of its suites, so the sanitized build leaves out the
/// test code it would not run (scripts/test and every other command build all of them).
let selectedTestTargets = Context.environment["KEEL_TEST_TARGETS"].map {
    Set($0.split(separator: ",").map { String($0) })
}
// A misspelt name would leave its suites out and the run green: refuse it.
if let unknown = selectedTestTargets?.subtracting(testTargets.map(\.name)), !unknown.isEmpty {
    fatalError("KEEL_TEST_TARGETS names no test target: \(unknown.sorted().joined(separator: ", "))")
}

let package = Package(
    name: "Keel",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
    // Every library module is a product except KeelRender, which only the `keel` CLI uses, and
    // KeelUIKitBinding, which only the two front ends use.
    products: modules.filter { !["KeelRender", "KeelUIKitBinding"].contains($0.name) }.map {
        .library(name: $0.name, targets: [$0.name])
    }
        + [
            .executable(name: "keel", targets: ["keel"])
        ],
    targets: [
        .target(name: "CKeelAtomics"),
        // Netlink (rtnetlink) access for KeelNetworking's NetworkMonitor; Linux only.
        .target(name: "CNetlink"),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The shipped CLI (`keel gallery`, `keel tokens`): it links no testing module. The
        // benchmarks are a package of their own (Benchmarks/, `keel-bench`), over the public API.
        .executableTarget(name: "keel", dependencies: ["KeelDesign", "KeelRender", "KeelDTCG"]),
        // The example iOS apps' source (README snippets come from them): the UIKit app and the
        // SwiftUI app with the same screens, Apple only, so they build to nothing on Linux and
        // are type-checked for iOS by ios-typecheck. Not a product.
        .target(
            name: "KeelExamples",
            dependencies: [
                "KeelUIKit", "KeelUIKitControllers", "KeelUIKitImages", "KeelPermissions",
                "KeelPermissionsCamera", "KeelPermissionsLocation", "KeelApp", "KeelComponents",
                "KeelGeometry", "KeelLayout", "KeelNetworking", "KeelDesign", "KeelDTCG", "KeelImages",
                "KeelLists", "KeelLogging", "KeelRouting", "KeelStorage", "KeelSupport",
                "KeelSwiftUI", "KeelSwiftUIImages", "KeelSwiftUIApp", "KeelSeedExamples",
            ],
            path: "Examples",
            exclude: ["SeedExamples"]
        ),
        // The four predecessors' README examples as their code reads after migration (imports
        // changed, `import KeelCompat` added); their deprecation warnings are the migration
        // guide, so ios-typecheck allows deprecations here only. Not a product.
        .target(
            name: "KeelSeedExamples",
            dependencies: [
                "KeelUIKit", "KeelUIKitControllers", "KeelUIKitImages", "KeelApp", "KeelComponents",
                "KeelGeometry", "KeelLayout", "KeelNetworking", "KeelDesign", "KeelImages", "KeelLists",
                "KeelLogging", "KeelRouting", "KeelStorage", "KeelSupport", "KeelPermissions", "KeelCompat",
            ],
            path: "Examples/SeedExamples"
        ),
        // Fuzz families of every boundary that takes outside input, shared by the tests and
        // `keel-fuzz`; not a product.
        .target(
            name: "KeelFuzzing",
            dependencies: [
                "KeelSupport", "KeelLogging", "KeelNetworking", "KeelStorage", "KeelLists", "KeelDesign",
                "KeelDTCG", "KeelLayout", "KeelRouting", "KeelImages", "KeelApp", "KeelNetworkingTesting",
                "KeelTestSupport",
            ]
        ),
        // `keel-fuzz <family>`: runs one fuzz family for as long as asked, in child processes
        // (`swift run keel-fuzz --list`); a development tool beside the tests, not a product.
        .executableTarget(name: "keel-fuzz", dependencies: ["KeelFuzzing", "KeelSupport"]),
        // A second process for the storage tests' cross-process cases; not a product.
        .executableTarget(name: "KeelTestHelper", dependencies: ["KeelStorage"]),
        // The second process of the image disk cache's two-process test; not a product.
        .executableTarget(name: "KeelImagesTestHelper", dependencies: ["KeelImages"]),
        // The 50 MB upload of the networking tests, measured in a process of its own; not a product.
        .executableTarget(
            name: "KeelNetworkingTestHelper",
            dependencies: ["KeelNetworking", "KeelNetworkingTesting", "KeelTestSupport"]),
        // Test-only helpers (`ChildProcess`, `ProcessMemory`, the lossless `JSONNode` tree the JSON
        // conformance tests compare with) for the package's tests, helper executables and fuzzing:
        // `package` access, not a product, so no runtime module carries them.
        .target(name: "KeelTestSupport", dependencies: ["KeelSupport"]),
    ]
        + modules.map {
            .target(
                name: $0.name, dependencies: $0.dependencies,
                resources: privacyManifests.contains($0.name) ? [.copy("PrivacyInfo.xcprivacy")] : nil)
        }
        + testTargets.filter { selectedTestTargets?.contains($0.name) ?? true }.map {
            .testTarget(name: $0.name, dependencies: $0.dependencies, resources: $0.resources)
        },
    swiftLanguageModes: [.v6]
)

// Zero warnings: every warning is an error in every target of this package (SwiftPM applies
// warning settings to the root package only, so apps depending on Keel are not affected).
// The one exception is explicit: KeelCompat's own tests call its deprecated spellings on
// purpose, so deprecation warnings stay warnings there.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.treatAllWarnings(as: .error))
    if target.name == "KeelCompatTests" {
        settings.append(.treatWarning("DeprecatedDeclaration", as: .warning))
    }
    target.swiftSettings = settings
}
