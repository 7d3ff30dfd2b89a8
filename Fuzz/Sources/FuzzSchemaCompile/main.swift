import FuzzSupport
import JSONSchemaValidation
import StructuredDecoding

/// Every byte as one token, plus a few multi-byte JSON tokens, so masks cross byte boundaries.
let compiler = GrammarCompiler(vocabulary: TokenVocabulary(
    tokenBytes: (0..<256).map { [UInt8($0)] } + ["{\"", "\":", "\",\"", "true", "null", "[1,"].map { Array($0.utf8) },
    specialTokenIDs: [], endOfGenerationTokenIDs: []))

/// Input: JSON text for a schema. Compiling it either gives a grammar or a `GrammarError`
/// within the `GrammarLimits` budgets; the first mask and a few forced steps never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaCompile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let schema = try? JSONValue(parsing: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let lenient = size % 2 == 1
    guard let grammar = try? compiler.compile(jsonSchema: schema, options: JSONGrammarOptions(lenient: lenient)) else {
        return 0
    }
    let matcher = GrammarMatcher(grammar: grammar)
    var words = [UInt64](repeating: 0, count: 5)
    for _ in 0..<8 {
        matcher.fillAllowedTokens(into: &words)
        // The first allowed token, if any; stop at the end of the value.
        guard let word = words.firstIndex(where: { $0 != 0 }) else { break }
        let token = Int32(word * 64 + words[word].trailingZeroBitCount)
        guard matcher.accept(token) else { fatalError("the mask allowed token \(token), accept refused it") }
    }
    return 0
}

// SwiftPM names an executable's entry point `FuzzSchemaCompile_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzSchemaCompile($0, size) } ?? 0 }
