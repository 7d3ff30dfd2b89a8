import FuzzSupport
import JSONSchemaValidation
import StructuredDecoding

/// Every byte as one token: compiling a regex grammar needs a vocabulary, and a tiny one keeps
/// each run about the regex.
let compiler = GrammarCompiler(vocabulary: TokenVocabulary(
    tokenBytes: (0..<256).map { [UInt8($0)] } + [Array("ab".utf8), Array("\"a".utf8)],
    specialTokenIDs: [], endOfGenerationTokenIDs: []))

/// Input: a pattern, then optionally a NUL and a subject string. Both regex parsers (the
/// decoder's and the validator's) either accept the pattern or throw their typed error; the
/// validator matches the subject within its step budget; a compiled grammar answers masks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let pattern = String(decoding: bytes[..<split], as: UTF8.self)
    let subject = split < bytes.count ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : "a"
    do {
        let grammar = try compiler.compile(regex: pattern)
        let matcher = GrammarMatcher(grammar: grammar)
        var words = [UInt64](repeating: 0, count: 5)
        matcher.fillAllowedTokens(into: &words)
        _ = grammar.matches(Array(subject.utf8))
    } catch {
        _ = error.description
    }
    if let schema = try? JSONSchema(["type": "string", "pattern": .string(pattern)]) {
        _ = schema.validate(.string(subject)).isValid
    }
    return 0
}

// SwiftPM names an executable's entry point `FuzzRegex_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzRegex($0, size) } ?? 0 }
