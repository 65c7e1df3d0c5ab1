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
        .library(name: "KeelRouting", targets: ["KeelRouting"]),
        .library(name: "KeelApp", targets: ["KeelApp"]),
        .executable(name: "keel", targets: ["keel"]),
    ],
    targets: [
        .target(name: "CKeelAtomics"),
        .target(name: "KeelSupport", dependencies: ["CKeelAtomics"], swiftSettings: strict),
        .target(name: "KeelLogging", dependencies: ["KeelSupport"], swiftSettings: strict),
        .target(name: "KeelRouting", dependencies: ["KeelSupport"], swiftSettings: strict),
        .target(
            name: "KeelApp", dependencies: ["KeelRouting", "KeelLogging", "KeelSupport"], swiftSettings: strict),
        .target(
            name: "KeelTesting",
            dependencies: ["KeelSupport", "KeelLogging"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "keel",
            dependencies: ["KeelSupport", "KeelLogging", "KeelRouting", "KeelApp"],
            swiftSettings: strict
        ),
        .testTarget(name: "KeelSupportTests", dependencies: ["KeelSupport", "KeelTesting"]),
        .testTarget(
            name: "KeelLoggingTests",
            dependencies: ["KeelLogging", "KeelSupport", "KeelTesting"]
        ),
        .testTarget(
            name: "KeelRoutingTests", dependencies: ["KeelRouting", "KeelSupport", "KeelTesting"]),
        .testTarget(
            name: "KeelAppTests",
            dependencies: ["KeelApp", "KeelRouting", "KeelLogging", "KeelSupport", "KeelTesting"]),
        .testTarget(name: "KeelCLITests", dependencies: ["keel"]),
        .testTarget(name: "KeelTestingTests", dependencies: ["KeelTesting", "KeelSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
