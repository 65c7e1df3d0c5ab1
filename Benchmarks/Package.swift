// swift-tools-version: 6.2
// Keel's benchmarks, a package of their own (as TCA's and swift-collections' are) so the shipped
// `keel` CLI carries none of them; they see Keel as an app does: its products and public API,
// plus the few `@_spi(Benchmarks)` entry points that run a workload whose types are `package`.
//
//   swift run -c release --package-path Benchmarks keel-bench --list
//   swift run -c release --package-path Benchmarks keel-bench <suite>
//
// Each result line is `<name>: <value> <unit>` (ARCHITECTURE.md, Performance).
import PackageDescription

let package = Package(
    name: "KeelBenchmarks",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
    dependencies: [.package(name: "Keel", path: "..")],
    targets: [
        .executableTarget(
            name: "keel-bench",
            dependencies: [
                "KeelApp", "KeelComponents", "KeelDesign", "KeelImages", "KeelLayout", "KeelLists",
                "KeelLogging", "KeelNetworking", "KeelNetworkingTesting", "KeelRouting", "KeelStorage",
                "KeelDTCG",
            ].map { .product(name: $0, package: "Keel") },
            // Zero warnings, as in the root package.
            swiftSettings: [.treatAllWarnings(as: .error)]
        )
    ],
    swiftLanguageModes: [.v6]
)
