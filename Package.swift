// swift-tools-version:6.0
// The FoundationModels API for Linux and every Swift platform, on an in-process GGUF engine.
import CompilerPluginSupport
import Foundation
import PackageDescription

// MARK: - Where the macro plugin gets SwiftSyntax
//
// No outside package can be fetched in the environments this project is built in, but every
// Swift toolchain ships SwiftSyntax as modules and shared libraries under
// `<toolchain>/usr/lib/swift/host`. The macro target compiles and links against those.
// This is the one place that choice is made. `FM_SWIFT_HOST_LIBS` overrides the directory.
// Unsafe flags stop this package from being used as a remote (URL) dependency; such consumers
// would switch this block to a `.package(url: "https://github.com/swiftlang/swift-syntax")`
// dependency instead.

/// Finds `<toolchain>/usr/lib/swift/host` from the `swift` on `PATH` (symlinks resolved).
func toolchainHostLibraries() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["FM_SWIFT_HOST_LIBS"], !override.isEmpty { return override }
    let fileManager = FileManager.default
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard fileManager.isExecutableFile(atPath: candidate.path) else { continue }
        let resolved = candidate.resolvingSymlinksInPath()
        let host = resolved.deletingLastPathComponent()      // bin/
            .deletingLastPathComponent()                       // usr/
            .appendingPathComponent("lib/swift/host")
        if fileManager.fileExists(atPath: host.appendingPathComponent("SwiftSyntax.swiftmodule").path) {
            return host.path
        }
    }
    return nil
}

let hostLibraries = toolchainHostLibraries() ?? "/usr/lib/swift/host"
let syntaxLibraries = [
    "SwiftSyntax", "SwiftSyntaxMacros", "SwiftParser", "SwiftDiagnostics", "SwiftSyntaxBuilder",
    "SwiftBasicFormat", "SwiftOperators", "SwiftSyntaxMacroExpansion", "SwiftParserDiagnostics",
    "SwiftCompilerPluginMessageHandling",
]
let syntaxSwiftSettings: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]
let syntaxLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-L", hostLibraries] + syntaxLibraries.map { "-l\($0)" }
        + ["-Xlinker", "-rpath", "-Xlinker", hostLibraries])
]

// Kernels stay optimized in every configuration: debug builds compile C at -O0 otherwise,
// which makes model tests unbearably slow. Per-ISA code uses function attributes, so no
// global -m flags are needed and the binary runs on any x86-64 or ARM64 CPU.
let kernelCSettings: [CSetting] = [.unsafeFlags(["-O3", "-fno-math-errno"])]

/// The internal modules the fuzz targets in Fuzz/ (a separate package that depends on this one
/// by path) link, as products only when scripts/fuzz.sh asks for them with `FM_FUZZ_PRODUCTS=1`.
let fuzzingProducts: [Product] = ProcessInfo.processInfo.environment["FM_FUZZ_PRODUCTS"] == "1"
    ? ["LocalInference", "StructuredDecoding", "JSONSchemaValidation", "JSONCore"].map { .library(name: $0, targets: [$0]) }
    : []

let package = Package(
    name: "FoundationModels",
    platforms: [.macOS(.v15)],
    products: [
        // What users import. The engine, the grammar compiler, the JSON and validation modules
        // are targets: their public symbols are this package's business, not a promise.
        .library(name: "FoundationModels", targets: ["FoundationModels"]),
        .library(name: "IntentEnvelope", targets: ["IntentEnvelope"]),
        // OpenAICompatibleLanguageModel: a LanguageModel served over OpenAI Chat Completions.
        .library(name: "RemoteLanguageModels", targets: ["RemoteLanguageModels"]),
        .executable(name: "fm", targets: ["fm"]),
    ] + fuzzingProducts,
    targets: [
        .target(name: "CKernels", cSettings: kernelCSettings),
        .target(name: "LocalInference", dependencies: ["CKernels"]),
        // The one JSON value (exact numbers), its strict and streaming parsers and writer, and
        // the one ECMA-262 regex parser: what validation, decoding, GeneratedContent and fm share.
        .target(name: "JSONCore"),
        // The grammar compiler asks the validator whether a listed `enum`/`const` value meets the
        // schema's other keywords (JSONSchemaCompiler+Values.swift): it needs validation.
        .target(name: "StructuredDecoding", dependencies: ["JSONCore", "JSONSchemaValidation"]),
        // Its API speaks JSONCore's values, which it re-exports.
        .target(name: "JSONSchemaValidation", dependencies: ["JSONCore"]),
        .macro(
            name: "FoundationModelsMacros",
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .target(
            name: "FoundationModels",
            dependencies: ["LocalInference", "StructuredDecoding", "JSONCore", "FoundationModelsMacros"],
            // Generated data (the guardrail classifier's weights), read and checked at first use.
            resources: [.copy("Resources")]
        ),
        .target(
            name: "IntentEnvelope",
            dependencies: ["JSONCore", "JSONSchemaValidation", "FoundationModels"],
            resources: [.copy("Resources")]
        ),
        // fm's command-line parser (declared options, help, usage errors), on its own so that it
        // can be unit-tested; no product: only fm uses it.
        .target(name: "ArgumentParsing"),
        // System C libraries for `fm models pull`: zlib inflates wheel members, libcrypto hashes
        // (scripts/test.sh installs the Debian packages when they are missing).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // GNU libmicrohttpd, the HTTP layer of `fm serve` (Debian: libmicrohttpd-dev).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // The OpenAI Chat Completions wire format (requests read strictly, responses, stream
        // chunks, errors), on its own: the server uses it, and so will a client of such servers.
        .target(name: "OpenAIWire", dependencies: ["JSONCore"]),
        // `fm serve`'s core: an OpenAI-compatible API over any LanguageModel, on libmicrohttpd.
        .target(name: "ModelServer", dependencies: ["FoundationModels", "OpenAIWire", "JSONCore", "CMicroHTTPD"]),
        // A LanguageModel over any OpenAI-compatible server (URLSession, server-sent events).
        .target(name: "RemoteLanguageModels", dependencies: ["FoundationModels", "OpenAIWire", "JSONSchemaValidation"]),
        .executableTarget(
            name: "fm",
            dependencies: [
                "LocalInference", "StructuredDecoding", "JSONCore", "JSONSchemaValidation", "IntentEnvelope",
                "FoundationModels", "ArgumentParsing", "CZlib", "CCrypto", "ModelServer",
            ]
        ),
        // What the test targets share: the seeded random generator, the GGUF writer.
        .target(name: "TestSupport", dependencies: ["LocalInference"], path: "Tests/TestSupport"),
        .testTarget(
            name: "LocalInferenceTests",
            dependencies: ["LocalInference", "CKernels", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "StructuredDecodingTests", dependencies: ["StructuredDecoding", "LocalInference", "JSONSchemaValidation", "TestSupport"]),
        // Baselines/: the names of the suite's passing optional tests, read by path (the ratchet).
        .testTarget(name: "JSONSchemaValidationTests", dependencies: ["JSONSchemaValidation", "TestSupport"], exclude: ["Baselines"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "OpenAIWireTests", dependencies: ["OpenAIWire", "JSONSchemaValidation"]),
        // Starts the server in-process on 127.0.0.1 on the real default model.
        .testTarget(name: "ModelServerTests", dependencies: ["ModelServer", "OpenAIWire", "FoundationModels", "JSONSchemaValidation"]),
        // Real servers on 127.0.0.1: ModelServer in-process, llama-cpp-python's, and the scripted
        // hostile one in HostileServer.py (read by path).
        .testTarget(
            name: "RemoteLanguageModelsTests",
            dependencies: ["RemoteLanguageModels", "ModelServer", "OpenAIWire", "FoundationModels", "JSONSchemaValidation"],
            exclude: ["HostileServer.py"]
        ),
        // Runs the fm binary (built first: the dependency makes SwiftPM build it), on the real model.
        // ModelIndexServer.py: the fake PyPI index and file server the `fm models` tests start.
        .testTarget(name: "fmTests", dependencies: ["fm", "FoundationModels"], exclude: ["ModelIndexServer.py"]),
        // Depends on fm so that SwiftPM builds the binary its command tests run (never a stale one).
        .testTarget(name: "IntentEnvelopeTests", dependencies: ["IntentEnvelope", "FoundationModels", "fm"]),
        .testTarget(
            name: "FoundationModelsTests",
            dependencies: ["FoundationModels", "LocalInference", "StructuredDecoding", "JSONSchemaValidation", "CKernels", "TestSupport"],
            // Labelled guardrail and language sets (JSON Lines), shared with scripts/guardrails.
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FoundationModelsMacrosTests",
            dependencies: ["FoundationModelsMacros", "FoundationModels"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
