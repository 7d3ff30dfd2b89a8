// swift-tools-version:6.0
// A client app that depends on the project by path and runs the seeds' workflows on the default
// model, one command each (`swift run -c release SeedApp [WORKFLOW]`; `SeedApp list` names them).
// It exits non-zero when a result breaks what the grammar or the workflow guarantees.
import PackageDescription

let package = Package(
    name: "SeedApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FoundationModels", path: "../..")],
    targets: [
        .executableTarget(
            name: "SeedApp",
            dependencies: [
                .product(name: "FoundationModels", package: "FoundationModels"),
                .product(name: "IntentEnvelope", package: "FoundationModels"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
