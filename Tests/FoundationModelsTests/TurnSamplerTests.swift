import Foundation
import JSONSchemaValidation
import StructuredDecoding
import Testing
@testable import FoundationModels

/// How `TurnSampler` schedules forward passes under a grammar: forced bytes at the start go in
/// the prompt's batch, a sampled token goes in one batch with the forced bytes after it, and
/// nothing is evaluated after the last sampled or forced token. The grammar is the real
/// compiler's over a byte vocabulary; the "model" is a script of bytes (this tests the
/// sampler's own logic, not an engine), and the decoder records every call.
@Suite("TurnSampler: forward passes under a grammar")
struct TurnSamplerTests {
    /// Tokens 0...255 are bytes; 256 ends a turn.
    final class ByteBackend: LanguageModelBackend, Sendable {
        let compiler = GrammarCompiler(vocabulary: TokenVocabulary(
            tokenBytes: (0..<256).map { [UInt8($0)] } + [[]], specialTokenIDs: [256], endOfGenerationTokenIDs: [256]))
        var contextSize: Int { 4096 }
        var endOfGenerationTokens: Set<Int32> { [256] }
        var vocabularySize: Int { 257 }
        func tokenize(_ text: String) -> [Int32] { text.utf8.map { Int32($0) } }
        func tokenBytes(_ token: Int32) -> [UInt8] { token < 256 ? [UInt8(token)] : [] }
        func render(_ turns: [ChatTurn], addGenerationPrompt: Bool) -> String { "" }
        func makeDecoder() throws -> any BackendDecoder { RecordingDecoder(script: "") }
        func makeConstraint(jsonSchema: JSONValue) throws -> any TokenConstraint {
            GrammarMatcher(grammar: try compiler.compile(jsonSchema: jsonSchema))
        }
    }

    enum Call: Equatable {
        case evaluate(prompt: String, responseStart: String)
        case append(String)
        case extend(String)
    }

    /// Samples the script's next byte, which must be allowed; records every evaluation.
    final class RecordingDecoder: BackendDecoder {
        let script: [UInt8]
        var calls: [Call] = []
        /// Bytes of the response evaluated so far (the script's position).
        var position = 0

        init(script: String) { self.script = Array(script.utf8) }

        static func text(_ tokens: [Int32]) -> String { String(decoding: tokens.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self) }

        func evaluate(_ tokens: [Int32]) throws {
            calls.append(.evaluate(prompt: Self.text(tokens), responseStart: ""))
            position = 0
        }

        func evaluate(_ prompt: [Int32], responseStart: [Int32]) throws {
            calls.append(.evaluate(prompt: Self.text(prompt), responseStart: Self.text(responseStart)))
            try expectScript(responseStart, at: 0)
            position = responseStart.count
        }

        func append(_ token: Int32) throws {
            calls.append(.append(Self.text([token])))
            try expectScript([token], at: position)
            position += 1
        }

        func extend(_ tokens: [Int32]) throws {
            calls.append(.extend(Self.text(tokens)))
            try expectScript(tokens, at: position)
            position += tokens.count
        }

        func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 {
            let token = position < script.count ? Int32(script[position]) : 256
            if let allowed, allowed[Int(token) / 64] & (1 << UInt64(token % 64)) == 0 {
                throw ScriptError(message: "the mask forbids \(token) at \(position)")
            }
            return token
        }

        func reusablePrefixLength(of tokens: [Int32]) -> Int { 0 }

        /// The sampler must evaluate the script's bytes in order, each once.
        private func expectScript(_ tokens: [Int32], at start: Int) throws {
            let expected = script.dropFirst(start).prefix(tokens.count).map { Int32($0) }
            guard expected == tokens else {
                throw ScriptError(message: "evaluated \(Self.text(tokens)) at \(start), the script has \(Self.text(expected))")
            }
        }
    }

    struct ScriptError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    static let schema = #"""
        {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
         "required": ["a", "b"], "additionalProperties": false}
        """#

    func decode(_ script: String, budget: Int = 100, listen: Bool = false) throws -> (text: String, generated: Int, calls: [Call], snapshots: [String]) {
        let backend = ByteBackend()
        let decoder = RecordingDecoder(script: script)
        let constraint = try backend.makeConstraint(jsonSchema: try JSONValue(parsing: Array(Self.schema.utf8)))
        var output = UTF8Accumulator()
        var generated = 0
        var snapshots: [String] = []
        try TurnSampler(backend: backend, decoder: decoder, plan: .greedy).run(
            prompt: backend.tokenize("P"), into: &output, generated: &generated, constraint: constraint, budget: budget,
            onText: listen ? { snapshots.append($0) } : nil)
        return (output.text, generated, decoder.calls, snapshots)
    }

    @Test func forcedOpeningIsEvaluatedWithThePrompt() throws {
        let run = try decode(#"{"a":"xy","b":12}"#)
        #expect(run.calls.first == .evaluate(prompt: "P", responseStart: #"{"a":""#))
        #expect(run.text == #"{"a":"xy","b":12}"#)
        #expect(run.generated == run.text.utf8.count)
    }

    @Test func sampledTokenJoinsTheForcedBatchAfterIt() throws {
        let run = try decode(#"{"a":"xy","b":12}"#)
        // The closing quote is sampled (the string could go on); `,"b":` is forced after it.
        #expect(run.calls.contains(.extend(#"","b":"#)))
        #expect(!run.calls.contains(.append(#"""#)))
    }

    @Test func nothingIsEvaluatedAfterTheLastToken() throws {
        let run = try decode(#"{"a":"xy","b":12}"#)
        #expect(run.calls == [
            .evaluate(prompt: "P", responseStart: #"{"a":""#), .append("x"), .append("y"),
            .extend(#"","b":"#), .append("1"), .append("2"),
        ])   // `}` ends the value: nothing is sampled after it, so it is never evaluated
    }

    @Test func budgetStopsWithoutEvaluatingTheLastToken() throws {
        let run = try decode(#"{"a":"xyz","b":1}"#, budget: 8)
        #expect(run.text == #"{"a":"xy"#)
        #expect(run.generated == 8)
        #expect(run.calls.last == .append("x"))
    }

    @Test func snapshotsOnlyForAListener() throws {
        let quiet = try decode(#"{"a":"x","b":1}"#)
        #expect(quiet.snapshots.isEmpty)
        let listened = try decode(#"{"a":"x","b":1}"#, listen: true)
        #expect(listened.snapshots == [#"{"a":""#, #"{"a":"x"#, #"{"a":"x""#, #"{"a":"x","b":"#, #"{"a":"x","b":1"#, #"{"a":"x","b":1}"#])
    }

    /// Forced bytes that spell a special token (an enum value "<|im_end|>") are text to the
    /// grammar, so they must tokenize as text, not as the end-of-turn token.
    @Test(.enabled(if: defaultModelPresent, "the default model is not downloaded"))
    func forcedBytesTokenizeAsText() throws {
        let backend = try LocalEngineBackend(url: defaultModelURL, contextSize: 64)
        let special = backend.tokenize("<|im_end|>")
        #expect(special.count == 1 && backend.endOfGenerationTokens.contains(special[0]))
        let text = backend.tokenizeText("<|im_end|>")
        #expect(text.count > 1)
        #expect(text.allSatisfy { !backend.endOfGenerationTokens.contains($0) })
        #expect(text.flatMap(backend.tokenBytes) == Array("<|im_end|>".utf8))
    }
}
