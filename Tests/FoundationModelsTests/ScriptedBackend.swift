import JSONSchemaValidation
import Synchronization
@testable import FoundationModels

/// A byte-level backend that answers with a fixed script, for testing the session's own logic
/// (transcript, one request at a time, streaming, context checks, cancellation, prefix reuse).
/// It stands in for no engine behaviour: the engine's tests use real model files.
///
/// Tokens 0...255 are bytes; 256 is the end of a turn.
final class ScriptedBackend: LanguageModelBackend {
    static let endOfTurn: Int32 = 256

    let contextSize: Int
    /// The reply of each turn in order; the last one repeats.
    let replies: [String]
    /// Replies forever (never ends the turn) when true.
    let endless: Bool
    /// Tokens evaluated by all decoders, to observe prefix reuse.
    let evaluatedTokens = Atomic<Int>(0)
    let sampledTokens = Atomic<Int>(0)

    convenience init(contextSize: Int = 512, reply: String, endless: Bool = false) {
        self.init(contextSize: contextSize, replies: [reply], endless: endless)
    }

    init(contextSize: Int = 512, replies: [String], endless: Bool = false) {
        self.contextSize = contextSize
        self.replies = replies
        self.endless = endless
    }

    var vocabularySize: Int { 257 }
    var endOfGenerationTokens: Set<Int32> { [Self.endOfTurn] }
    func tokenize(_ text: String) -> [Int32] { text.utf8.map { Int32($0) } }
    func tokenBytes(_ token: Int32) -> [UInt8] { token < 256 ? [UInt8(token)] : [] }

    func render(_ turns: [ChatTurn], addGenerationPrompt: Bool) -> String {
        turns.map { "<\($0.role.rawValue)>\($0.content)</>" }.joined() + (addGenerationPrompt ? "<assistant>" : "")
    }

    func makeDecoder() throws -> any BackendDecoder { Decoder(backend: self) }

    func makeConstraint(jsonSchema: JSONValue) throws -> any TokenConstraint {
        throw LanguageModelSession.GenerationError.unsupportedGuide(.init(debugDescription: "the scripted backend has no grammar"))
    }

    final class Decoder: BackendDecoder {
        let backend: ScriptedBackend
        var cache: [Int32] = []
        var position = 0
        var turn = 0

        init(backend: ScriptedBackend) { self.backend = backend }

        func reusablePrefixLength(of tokens: [Int32]) -> Int {
            zip(cache, tokens).prefix { $0 == $1 }.count
        }

        func evaluate(_ tokens: [Int32]) throws {
            let reused = reusablePrefixLength(of: tokens)
            backend.evaluatedTokens.add(tokens.count - reused, ordering: .relaxed)
            cache = tokens
            if position > 0 { turn += 1 }   // the previous reply was (at least partly) given
            position = 0
        }

        func append(_ token: Int32) throws {
            backend.evaluatedTokens.add(1, ordering: .relaxed)
            cache.append(token)
        }

        func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 {
            backend.sampledTokens.add(1, ordering: .relaxed)
            let bytes = Array(backend.replies[min(turn, backend.replies.count - 1)].utf8)
            if backend.endless { defer { position += 1 }; return Int32(bytes[position % bytes.count]) }
            guard position < bytes.count else { return ScriptedBackend.endOfTurn }
            defer { position += 1 }
            return Int32(bytes[position])
        }
    }
}
