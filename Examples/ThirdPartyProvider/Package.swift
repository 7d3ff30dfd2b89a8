// swift-tools-version:6.0
// A third party's model provider, written against Apple's documented LanguageModel protocol
// only, and a client that uses it through LanguageModelSession(model:). Both build in Swift 6
// mode with the upcoming features provider packages use (NonisolatedNonsendingByDefault,
// InternalImportsByDefault, `public import FoundationModels`). The check exits non-zero when
// the session does not behave as documented (scripts/check-third-party-provider.sh).
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ThirdPartyProvider",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FoundationModels", path: "../..")],
    targets: [
        .target(
            name: "RuleBasedProvider",
            dependencies: [.product(name: "FoundationModels", package: "FoundationModels")],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "ThirdPartyProviderCheck",
            dependencies: ["RuleBasedProvider", .product(name: "FoundationModels", package: "FoundationModels")],
            swiftSettings: upcoming
        ),
    ],
    swiftLanguageModes: [.v6]
)
