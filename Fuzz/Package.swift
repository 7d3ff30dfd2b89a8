// swift-tools-version:6.0
// libFuzzer targets for every parser that input from outside reaches (issue #15).
//
// Built only by scripts/fuzz.sh, which compiles every module with AddressSanitizer and
// libFuzzer's coverage instrumentation, so the package's own code is instrumented, not just
// these harnesses (scripts/fuzz.sh sets FM_FUZZ_PRODUCTS=1, under which the root manifest
// offers its internal modules as products). Each target is one
// test function run by libFuzzer's driver (FuzzSupport). They use only the public API: this
// package depends on the repository by path and sees exactly what a client sees.
import Foundation
import PackageDescription

/// The repository's package identity is the name of its directory (a clone may be named anything).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent

func product(_ name: String) -> Target.Dependency { .product(name: name, package: rootIdentity) }

/// One fuzz target: `Sources/<name>/main.swift`, its test function handed to libFuzzer.
///
/// Only these executables link libFuzzer (`-sanitize=fuzzer`): the macro plugin the package also
/// builds has its own `main`. Every module is compiled with ASan and libFuzzer's coverage
/// instrumentation by scripts/fuzz.sh.
func fuzzTarget(_ name: String, _ dependencies: [String]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies.map(product),
                      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
}

let package = Package(
    name: "FoundationModelsFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
        fuzzTarget("FuzzGGUF", ["LocalInference"]),
        fuzzTarget("FuzzTokenizer", ["LocalInference"]),
        fuzzTarget("FuzzJSON", ["FoundationModels", "JSONSchemaValidation"]),
        fuzzTarget("FuzzRegex", ["StructuredDecoding", "JSONSchemaValidation"]),
        fuzzTarget("FuzzSchemaCompile", ["StructuredDecoding", "JSONSchemaValidation"]),
        fuzzTarget("FuzzValidator", ["JSONSchemaValidation"]),
        fuzzTarget("FuzzEnvelope", ["IntentEnvelope", "JSONSchemaValidation"]),
        fuzzTarget("FuzzTranscript", ["FoundationModels"]),
    ],
    swiftLanguageModes: [.v6]
)
