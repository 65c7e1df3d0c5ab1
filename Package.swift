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
        .library(name: "KeelTesting", targets: ["KeelTesting"]),
        .library(name: "KeelDesign", targets: ["KeelDesign"]),
        .executable(name: "keel", targets: ["keel"]),
    ],
    targets: [
        .target(name: "CKeelAtomics"),
        .target(name: "KeelSupport", dependencies: ["CKeelAtomics"], swiftSettings: strict),
        .target(
            name: "KeelTesting",
            dependencies: ["KeelSupport"],
            swiftSettings: strict
        ),
        .target(name: "KeelDesign", dependencies: ["KeelSupport"], swiftSettings: strict),
        .executableTarget(
            name: "keel",
            dependencies: ["KeelSupport", "KeelDesign"],
            swiftSettings: strict
        ),
        .testTarget(name: "KeelSupportTests", dependencies: ["KeelSupport", "KeelTesting"]),
        .testTarget(name: "KeelTestingTests", dependencies: ["KeelTesting", "KeelSupport"]),
        .testTarget(
            name: "KeelDesignTests",
            dependencies: ["KeelDesign", "KeelSupport", "KeelTesting"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
