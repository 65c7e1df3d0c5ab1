// swift-tools-version: 6.0
// Keel: a platform-neutral foundation for iOS apps. See README.md and DESIGN.md.
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode comes from `swiftLanguageModes`.
let strict: [SwiftSetting] = []

/// The library modules, in layer order (DESIGN.md §1), each with its dependencies.
let modules: [(name: String, dependencies: [Target.Dependency])] = [
    ("KeelGeometry", []),
    ("KeelSupport", ["CKeelAtomics"]),
    ("KeelLogging", ["KeelSupport"]),
    (
        "KeelNetworking",
        ["KeelLogging", "KeelSupport", .target(name: "CNetlink", condition: .when(platforms: [.linux]))]
    ),
    ("KeelStorage", ["KeelSupport", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
    ("KeelLists", ["KeelSupport"]),
    ("KeelDesign", ["KeelGeometry", "KeelSupport"]),
    ("KeelLayout", ["KeelGeometry", "KeelSupport"]),
    ("KeelComponents", ["KeelGeometry", "KeelDesign", "KeelLayout", "KeelSupport"]),
    ("KeelRender", ["KeelGeometry", "KeelComponents", "KeelDesign", "KeelLayout", "KeelSupport"]),
    ("KeelImages", ["KeelGeometry", "KeelNetworking", "KeelLogging", "KeelSupport"]),
    ("KeelRouting", ["KeelSupport"]),
    ("KeelApp", ["KeelRouting", "KeelLogging", "KeelSupport"]),
    ("KeelTesting", ["KeelSupport", "KeelLogging", "KeelStorage", "KeelNetworking"]),
    // The UIKit products, adopted piecemeal: components, controllers and lists, image views,
    // and the permission facade with one module per privacy framework (so linking one
    // permission links only its framework).
    ("KeelUIKit", ["KeelGeometry", "KeelSupport", "KeelDesign", "KeelComponents", "KeelLayout"]),
    ("KeelUIKitControllers", ["KeelUIKit", "KeelLists", "KeelDesign"]),
    ("KeelUIKitImages", ["KeelImages"]),
    ("KeelPermissions", ["KeelApp"]),
    ("KeelPermissionsCamera", ["KeelPermissions"]),
    ("KeelPermissionsPhotos", ["KeelPermissions"]),
    ("KeelPermissionsLocation", ["KeelPermissions"]),
    ("KeelPermissionsNotifications", ["KeelPermissions"]),
    ("KeelPermissionsContacts", ["KeelPermissions"]),
    ("KeelPermissionsCalendar", ["KeelPermissions"]),
    ("KeelPermissionsBluetooth", ["KeelPermissions"]),
    ("KeelPermissionsMotion", ["KeelPermissions"]),
]

/// The modules that call an API on Apple's "required reason" list and so ship a privacy
/// manifest (`Sources/<module>/PrivacyInfo.xcprivacy`); KeelArchitectureTests checks the list.
let privacyManifests: Set<String> = ["KeelLogging", "KeelStorage", "KeelImages"]

/// The test targets, what they import, and their resource folders.
let testTargets: [(name: String, dependencies: [Target.Dependency], resources: [Resource])] = [
    ("KeelGeometryTests", ["KeelGeometry"], []),
    ("KeelSupportTests", ["KeelSupport", "KeelTesting"], [.copy("Fixtures")]),
    ("KeelLoggingTests", ["KeelLogging", "KeelSupport", "KeelTesting"], []),
    ("KeelStorageTests", ["KeelStorage", "KeelSupport", "KeelTesting", "KeelTestHelper"], []),
    ("KeelListsTests", ["KeelLists", "KeelSupport", "KeelTesting"], []),
    ("KeelDesignTests", ["KeelDesign", "KeelSupport", "KeelTesting"], [.copy("Fixtures")]),
    ("KeelLayoutTests", ["KeelLayout", "KeelSupport", "KeelTesting"], [.copy("Fixtures")]),
    ("KeelComponentsTests", ["KeelComponents", "KeelDesign", "KeelSupport", "KeelTesting"], []),
    (
        "KeelRenderTests", ["KeelRender", "KeelComponents", "KeelDesign", "KeelLayout", "KeelSupport"],
        [.copy("Goldens")]
    ),
    ("KeelImagesTests", ["KeelImages", "KeelSupport", "KeelTesting", "KeelImagesTestHelper"], []),
    ("KeelRoutingTests", ["KeelRouting", "KeelSupport", "KeelTesting"], []),
    ("KeelAppTests", ["KeelApp", "KeelRouting", "KeelLogging", "KeelSupport", "KeelTesting"], []),
    (
        "KeelNetworkingTests",
        ["KeelNetworking", "KeelLogging", "KeelSupport", "KeelTesting", "KeelNetworkingTestHelper"], []
    ),
    ("KeelTestingTests", ["KeelTesting", "KeelSupport"], []),
    ("KeelCLITests", ["keel", "KeelSupport"], []),
    ("KeelPermissionsTests", ["KeelPermissions"], []),
    ("KeelFuzzingTests", ["KeelFuzzing"], [.copy("Corpus")]),
    // Reads the sources (as text, on Linux): decision code on the UIKit side, the UIKit
    // products' imports, and the privacy manifests.
    ("KeelArchitectureTests", [], []),
]

let package = Package(
    name: "Keel",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
    products: modules.map { .library(name: $0.name, targets: [$0.name]) } + [
        .executable(name: "keel", targets: ["keel"])
    ],
    targets: [
        .target(name: "CKeelAtomics"),
        // Netlink (rtnetlink) access for KeelNetworking's NetworkMonitor; Linux only.
        .target(name: "CNetlink"),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .executableTarget(
            name: "keel",
            dependencies: [
                "KeelGeometry", "KeelSupport", "KeelLogging", "KeelApp", "KeelStorage", "KeelLists",
                "KeelDesign",
                "KeelLayout", "KeelRouting", "KeelImages", "KeelRender", "KeelComponents",
                "KeelNetworking", "KeelTesting", "KeelFuzzing",
            ],
            swiftSettings: strict
        ),
        // The example iOS app's source (README snippets come from it): UIKit only, so it builds
        // to nothing on Linux and is type-checked for iOS by ios-typecheck. Not a product.
        .target(
            name: "KeelExamples",
            dependencies: [
                "KeelUIKit", "KeelUIKitControllers", "KeelUIKitImages", "KeelPermissionsCamera",
                "KeelPermissionsLocation", "KeelApp", "KeelComponents", "KeelGeometry", "KeelLayout", "KeelNetworking",
            ],
            path: "Examples",
            swiftSettings: strict
        ),
        // Fuzz families of every boundary that takes outside input, shared by the tests and
        // `keel fuzz`; not a product.
        .target(
            name: "KeelFuzzing",
            dependencies: [
                "KeelSupport", "KeelLogging", "KeelNetworking", "KeelStorage", "KeelLists", "KeelDesign",
                "KeelLayout", "KeelRouting", "KeelImages", "KeelApp", "KeelTesting",
            ],
            swiftSettings: strict
        ),
        // A second process for the storage tests' cross-process cases; not a product.
        .executableTarget(name: "KeelTestHelper", dependencies: ["KeelStorage"], swiftSettings: strict),
        // The second process of the image disk cache's two-process test; not a product.
        .executableTarget(name: "KeelImagesTestHelper", dependencies: ["KeelImages"], swiftSettings: strict),
        // The 50 MB upload of the networking tests, measured in a process of its own; not a product.
        .executableTarget(
            name: "KeelNetworkingTestHelper", dependencies: ["KeelNetworking", "KeelSupport", "KeelTesting"],
            swiftSettings: strict),
    ]
        + modules.map {
            .target(
                name: $0.name, dependencies: $0.dependencies,
                resources: privacyManifests.contains($0.name) ? [.copy("PrivacyInfo.xcprivacy")] : nil,
                swiftSettings: strict)
        }
        + testTargets.map {
            .testTarget(name: $0.name, dependencies: $0.dependencies, resources: $0.resources)
        },
    swiftLanguageModes: [.v6]
)
