// swift-tools-version:6.0
// A client app that depends on the project by path and runs the seeds' examples on the default
// model: the recipe card (`.range(1...5)`), the noticeboard parser (`.anyOf`), and a streaming
// summary. It exits non-zero when a decoded value breaks a guide.
import PackageDescription

let package = Package(
    name: "SeedApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FoundationModels", path: "../..")],
    targets: [
        .executableTarget(
            name: "SeedApp",
            dependencies: [.product(name: "FoundationModels", package: "FoundationModels")]
        )
    ],
    swiftLanguageModes: [.v6]
)
