// swift-tools-version: 6.0
// Keel: a platform-neutral foundation for iOS apps. See README.md and DESIGN.md.
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode comes from `swiftLanguageModes`.
let strict: [SwiftSetting] = []

let package = Package(
    name: "Keel",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "KeelSupport", targets: ["KeelSupport"]),
        .library(name: "KeelLogging", targets: ["KeelLogging"]),
        .library(name: "KeelTesting", targets: ["KeelTesting"]),
        .library(name: "KeelApp", targets: ["KeelApp"]),
        .library(name: "KeelStorage", targets: ["KeelStorage"]),
        .executable(name: "keel", targets: ["keel"]),
    ],
    targets: [
        .target(name: "CKeelAtomics"),
        .target(name: "KeelSupport", dependencies: ["CKeelAtomics"], swiftSettings: strict),
        .target(name: "KeelLogging", dependencies: ["KeelSupport"], swiftSettings: strict),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(
            name: "KeelStorage",
            dependencies: ["KeelSupport", .target(name: "CCrypto", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .target(name: "KeelApp", dependencies: ["KeelLogging", "KeelSupport"], swiftSettings: strict),
        .target(
            name: "KeelTesting",
            dependencies: ["KeelSupport", "KeelLogging", "KeelStorage"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "keel",
            dependencies: ["KeelSupport", "KeelLogging", "KeelApp", "KeelStorage"],
            swiftSettings: strict
        ),
        .testTarget(name: "KeelSupportTests", dependencies: ["KeelSupport", "KeelTesting"]),
        .testTarget(
            name: "KeelLoggingTests",
            dependencies: ["KeelLogging", "KeelSupport", "KeelTesting"]
        ),
        .testTarget(
            name: "KeelAppTests", dependencies: ["KeelApp", "KeelLogging", "KeelSupport", "KeelTesting"]),
        .executableTarget(
            name: "KeelTestHelper",
            dependencies: ["KeelStorage"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "KeelStorageTests",
            dependencies: ["KeelStorage", "KeelSupport", "KeelTesting", "KeelTestHelper"]
        ),
        .testTarget(name: "KeelCLITests", dependencies: ["keel"]),
        .testTarget(name: "KeelTestingTests", dependencies: ["KeelTesting", "KeelSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
