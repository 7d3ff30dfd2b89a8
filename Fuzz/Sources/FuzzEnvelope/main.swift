import FuzzSupport
import IntentEnvelope
import JSONSchemaValidation

/// Input: a journal file's bytes. Reading it splits committed lines from a torn tail; each line
/// decodes to an envelope or a typed `EnvelopeError`; a decoded envelope survives its own JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let contents = JournalContents(bytes: bytes)
    for record in contents.records {
        guard case .success(let envelope) = record.envelope else { continue }
        let again: Envelope
        do { again = try Envelope(json: envelope.json) } catch {
            fatalError("an envelope does not decode from its own JSON: \(envelope.json.serialized()): \(error)")
        }
        guard again == envelope else { fatalError("envelope round trip changed \(envelope.json.serialized())") }
    }
    _ = try? Envelope(parsing: String(decoding: bytes, as: UTF8.self))
    return 0
}

// SwiftPM names an executable's entry point `FuzzEnvelope_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzEnvelope($0, size) } ?? 0 }
