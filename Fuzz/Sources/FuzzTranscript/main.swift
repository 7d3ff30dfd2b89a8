import FuzzSupport
import Foundation
import FoundationModels

/// Input: transcript JSON, as an app stores and restores it. Decoding gives a `Transcript` or a
/// `DecodingError`; a decoded transcript encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let transcript = try? JSONDecoder().decode(Transcript.self, from: bytes) else { return 0 }
    do {
        let encoded = try JSONEncoder().encode(transcript)
        let again = try JSONDecoder().decode(Transcript.self, from: encoded)
        guard again == transcript else { fatalError("transcript round trip changed it: \(String(decoding: encoded, as: UTF8.self))") }
    } catch {
        fatalError("a decoded transcript does not round-trip: \(error)")
    }
    return 0
}

// SwiftPM names an executable's entry point `FuzzTranscript_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzTranscript($0, size) } ?? 0 }
