import JSONSchemaValidation
import StructuredDecoding
import Synchronization
@testable import FoundationModels

/// A byte-level backend whose "model" writes one scripted text per assistant turn, for
/// testing the session's tool loop (transcript order, concurrency, errors, bounds). Masks come
/// from the real grammar compiler over the 257-token byte vocabulary, and a scripted token the
/// mask forbids fails the request, so these tests also check what the grammar allows.
///
/// Tokens 0...255 are bytes; 256 ends a turn.
final class ToolCallingScriptedBackend: LanguageModelBackend, ModelLanguageDescribing, Sendable {
    static let endOfTurn: Int32 = 256

    /// Thrown when the script writes a token the session's mask forbids.
    struct ForbiddenToken: Error, Equatable {
        let turn: Int
        let position: Int
        /// The forbidden token (a byte, or 256 for the end of the turn).
        let token: Int32
    }

    let contextSize: Int
    let turns: [String]
    let compiler: GrammarCompiler
    let modelLanguageCodes: [String]
    /// The tool-call format the "model" writes in (SmolLM2's unless a test picks another).
    let toolCallSyntax: any ToolCallSyntax
    /// The chat text of every evaluated turn, in order.
    let rendered = Mutex<[String]>([])

    /// - parameter turns: What the model writes in each assistant turn, in order; the last one
    ///   repeats when the session asks for more turns.
    init(turns: [String], contextSize: Int = 4096, languages: [String] = ["en"], syntax: any ToolCallSyntax = ArrayToolCallSyntax()) {
        self.turns = turns
        toolCallSyntax = syntax
        self.contextSize = contextSize
        modelLanguageCodes = languages
        compiler = GrammarCompiler(vocabulary: TokenVocabulary(
            tokenBytes: (0..<256).map { [UInt8($0)] } + [[]], specialTokenIDs: [Self.endOfTurn], endOfGenerationTokenIDs: [Self.endOfTurn]))
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
        GrammarMatcher(grammar: try compiler.compile(jsonSchema: jsonSchema))
    }

    /// As the local engine's: one space or one line feed where JSON allows whitespace.
    func makeConstraint(jsonSchema: JSONValue, spaced: Bool) throws -> any TokenConstraint {
        let whitespace = spaced ? JSONWhitespace(allowsSpace: true, maxNewlines: 1, maxIndent: 0) : .compact
        return GrammarMatcher(grammar: try compiler.compile(jsonSchema: jsonSchema, options: JSONGrammarOptions(whitespace: whitespace)))
    }

    final class Decoder: BackendDecoder {
        let backend: ToolCallingScriptedBackend
        var turn = -1
        var position = 0
        var cache: [Int32] = []

        init(backend: ToolCallingScriptedBackend) { self.backend = backend }

        func reusablePrefixLength(of tokens: [Int32]) -> Int { zip(cache, tokens).prefix { $0 == $1 }.count }

        func evaluate(_ tokens: [Int32]) throws {
            cache = tokens
            turn += 1
            position = 0
            backend.rendered.withLock { $0.append(String(decoding: tokens.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)) }
        }

        var script: [UInt8] { Array(backend.turns[min(turn, backend.turns.count - 1)].utf8) }

        /// Sampled tokens, and tokens the grammar forces without sampling, must both be the
        /// script's next byte: a forced token that differs means the grammar ruled out what the
        /// script writes.
        func append(_ token: Int32) throws {
            cache.append(token)
            guard position < script.count, token == Int32(script[position]) else {
                throw ForbiddenToken(turn: turn, position: position, token: token)
            }
            position += 1
        }

        func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 {
            let token = position < script.count ? Int32(script[position]) : ToolCallingScriptedBackend.endOfTurn
            if let allowed, allowed[Int(token) / 64] & (1 << UInt64(token % 64)) == 0 {
                throw ForbiddenToken(turn: turn, position: position, token: token)
            }
            return token
        }
    }
}
