// swift-tools-version: 6.0
// Keel: a platform-neutral foundation for iOS apps. See README.md and DESIGN.md.
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode comes from `swiftLanguageModes`.
let strict: [SwiftSetting] = []

/// The library modules, in layer order (DESIGN.md §1), each with its dependencies.
let modules: [(name: String, dependencies: [Target.Dependency])] = [
    ("KeelSupport", ["CKeelAtomics"]),
    ("KeelLogging", ["KeelSupport"]),
    ("KeelStorage", ["KeelSupport", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
    ("KeelLists", ["KeelSupport"]),
    ("KeelApp", ["KeelLogging", "KeelSupport"]),
    (
        "KeelNetworking",
        ["KeelLogging", "KeelSupport", .target(name: "CNetlink", condition: .when(platforms: [.linux]))]
    ),
    ("KeelTesting", ["KeelSupport", "KeelLogging", "KeelStorage", "KeelNetworking"]),
]

/// The test targets and what they import.
let testTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("KeelSupportTests", ["KeelSupport", "KeelTesting"]),
    ("KeelLoggingTests", ["KeelLogging", "KeelSupport", "KeelTesting"]),
    ("KeelStorageTests", ["KeelStorage", "KeelSupport", "KeelTesting", "KeelTestHelper"]),
    ("KeelListsTests", ["KeelLists", "KeelSupport", "KeelTesting"]),
    ("KeelAppTests", ["KeelApp", "KeelLogging", "KeelSupport", "KeelTesting"]),
    ("KeelNetworkingTests", ["KeelNetworking", "KeelLogging", "KeelSupport", "KeelTesting"]),
    ("KeelTestingTests", ["KeelTesting", "KeelSupport"]),
    ("KeelCLITests", ["keel"]),
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
                "KeelSupport", "KeelLogging", "KeelApp", "KeelStorage", "KeelLists", "KeelNetworking", "KeelTesting",
            ],
            swiftSettings: strict
        ),
        // A second process for the storage tests' cross-process cases; not a product.
        .executableTarget(name: "KeelTestHelper", dependencies: ["KeelStorage"], swiftSettings: strict),
    ]
        + modules.map { .target(name: $0.name, dependencies: $0.dependencies, swiftSettings: strict) }
        + testTargets.map { .testTarget(name: $0.name, dependencies: $0.dependencies) },
    swiftLanguageModes: [.v6]
)
