import FuzzSupport
import Foundation
import LocalInference

/// The tokenizer of the model at `FM_FUZZ_MODEL` (default: SmolLM2 in ~/.cache/fm/models).
let tokenizer: Tokenizer = {
    let environment = ProcessInfo.processInfo.environment
    let path = environment["FM_FUZZ_MODEL"]
        ?? NSHomeDirectory() + "/.cache/fm/models/SmolLM2-135M-Instruct.Q4_1.gguf"
    do {
        return try Tokenizer(gguf: GGUFFile(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        fatalError("FuzzTokenizer: cannot load a tokenizer from \(path): \(error)")
    }
}()

/// Bytes some token stands for alone. A byte-level vocabulary without a token for a byte drops
/// it (documented on `Tokenizer`, as llama.cpp does): SmolLM2 lacks 21 of the 256.
let representable: [Bool] = {
    var bytes = [Bool](repeating: false, count: 256)
    for id in 0..<tokenizer.vocabularySize {
        let piece = tokenizer.tokenBytes(Int32(id))
        if piece.count == 1 { bytes[Int(piece[0])] = true }
    }
    return bytes
}()

/// Any bytes as text (invalid UTF-8 repaired, as a prompt would be): encoding never traps, and
/// decoding the plain-text encoding gives the text back, less the bytes the vocabulary lacks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let plain = tokenizer.encode(text, addSpecialTokens: false, parseSpecial: false)
    let decoded = tokenizer.decode(plain)
    let expected = String(decoding: text.utf8.filter { representable[Int($0)] }, as: UTF8.self)
    if Array(decoded.utf8) != Array(expected.utf8) {
        fatalError("round trip changed the text: \(Array(text.utf8)) -> \(plain) -> \(Array(decoded.utf8))")
    }
    // Special-token spellings parsed as such: any ids, never a trap.
    let special = tokenizer.encode(text, addSpecialTokens: true, parseSpecial: true)
    _ = tokenizer.decode(special, skipSpecial: size % 2 == 0)
    return 0
}

// SwiftPM names an executable's entry point `FuzzTokenizer_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzTokenizer($0, size) } ?? 0 }
