import Foundation
import JSONSchemaValidation
import LocalInference
import Testing
@testable import StructuredDecoding

/// Guided generation on the real default model against the independent validator: random
/// schemas (fixed seed), random sampling seeds, small token budgets. Every sampled token must be
/// accepted by the matcher that masked it, and every value that completes within the budget must
/// satisfy its schema according to `JSONSchemaValidation.JSONSchema`.
@Suite("GuidedGenerationProperty") struct GuidedGenerationPropertyTests {
    static let schemaCount = 40
    static let tokenBudget = 64

    struct Tally: CustomStringConvertible {
        var complete = 0, valid = 0, cut = 0, sampled = 0, forced = 0

        var description: String {
            "schemas \(GuidedGenerationPropertyTests.schemaCount): complete \(complete) (valid \(valid)), "
                + "cut by the \(GuidedGenerationPropertyTests.tokenBudget)-token budget \(cut); "
                + "tokens sampled \(sampled), forced \(forced)"
        }
    }

    /// Compact (what the library generates) and flexible whitespace (llama.cpp's, `fm generate
    /// --whitespace flexible`): whitespace runs between tokens must never break a value.
    @Test(arguments: [JSONWhitespace.compact, .flexible])
    func randomSchemasDecodeToValidValues(whitespace: JSONWhitespace) throws {
        let directory = ProcessInfo.processInfo.environment["FM_MODELS_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models").path
        let path = directory + "/SmolLM2-135M-Instruct.Q4_1.gguf"
        try #require(FileManager.default.fileExists(atPath: path), "model file \(path) is missing: run scripts/fetch-models.sh")
        let model = try LanguageModel(contentsOf: URL(fileURLWithPath: path))
        let tokenizer = model.tokenizer
        var bytes: [[UInt8]] = []
        var special = Set<Int32>()
        for id in 0..<Int32(tokenizer.vocabularySize) {
            bytes.append(tokenizer.tokenBytes(id))
            if tokenizer.isControl(id) { special.insert(id) }
        }
        let vocabulary = TokenVocabulary(tokenBytes: bytes, specialTokenIDs: special,
                                         endOfGenerationTokenIDs: tokenizer.endOfGenerationTokenIDs)
        let compiler = GrammarCompiler(vocabulary: vocabulary)

        // One prompt for every schema: the context reuses its cached prefix, so it is evaluated once.
        let messages = [ChatMessage(role: .system, content: "You write small JSON values."),
                        ChatMessage(role: .user, content: "Give me a JSON value.")]
        let rendered = (model.chatTemplate ?? .chatML).render(messages, addGenerationPrompt: true)
        let promptTokens = tokenizer.encode(rendered, addSpecialTokens: false, parseSpecial: true)
        let context = try InferenceContext(model: model, contextLength: promptTokens.count + Self.tokenBudget + 8)

        var generator = RandomSchemaGenerator(seed: 0x5EED_0004)
        var tally = Tally()
        for index in 0..<Self.schemaCount {
            let text = generator.schema(index: index)
            let schema = try JSONValue(parsing: text)
            let grammar = try compiler.compile(jsonSchema: schema, options: JSONGrammarOptions(whitespace: whitespace))
            let seed = generator.next()
            let (output, complete, sampled, forced) = try decode(
                grammar: grammar, vocabulary: vocabulary, context: context, prompt: promptTokens, seed: seed,
                schemaText: text)
            tally.sampled += sampled
            tally.forced += forced
            guard complete else {
                tally.cut += 1
                continue
            }
            tally.complete += 1
            let value: JSONValue
            do {
                value = try JSONValue(parsing: output)
            } catch {
                Issue.record("schema \(index) \(text) seed \(seed): output is not JSON (\(error)): \(String(decoding: output, as: UTF8.self))")
                continue
            }
            let result = try JSONSchema(schema).validate(value)
            if result.isValid {
                tally.valid += 1
            } else {
                Issue.record("schema \(index) \(text) seed \(seed): \(String(decoding: output, as: UTF8.self)) is invalid: \(result.errors)")
            }
        }
        print("GuidedGenerationProperty (\(whitespace)): \(tally)")
        #expect(tally.complete == tally.valid)
        // The budget is meant to let most values finish; a property test where nothing completes
        // would check nothing.
        #expect(tally.complete >= Self.schemaCount / 2, "\(tally)")
    }

    /// Masked sampling with jump-forward over forced bytes, as `fm generate` decodes. Records an
    /// issue (and stops) if the matcher rejects a token its own mask allowed.
    private func decode(grammar: CompiledGrammar, vocabulary: TokenVocabulary, context: InferenceContext,
                        prompt: [Int32], seed: UInt64, schemaText: String) throws
        -> (output: [UInt8], complete: Bool, sampled: Int, forced: Int)
    {
        let tokenizer = context.model.tokenizer
        let matcher = GrammarMatcher(grammar: grammar)
        try context.evaluate(prompt)
        var sampler = Sampler(SamplingParameters(temperature: 0.9, topK: 40, topP: 0.95, seed: seed))
        var mask = TokenBitmask(vocabularySize: context.model.vocabularySize, allowing: false)
        var words: [UInt64] = []
        var output: [UInt8] = []
        var produced = 0, sampled = 0, forced = 0
        while produced < Self.tokenBudget, !(matcher.isComplete && !matcher.canContinue) {
            let tokens = matcher.acceptForcedTokens(budget: Self.tokenBudget - produced, scratch: &words) {
                tokenizer.encode($0, addSpecialTokens: false)
            }
            if !tokens.isEmpty {
                try context.evaluate(context.tokens + tokens)
                for token in tokens { output += vocabulary.tokenBytes[Int(token)] }
                produced += tokens.count
                forced += tokens.count
                continue
            }
            matcher.fillAllowedTokens(into: &words)
            for index in mask.words.indices { mask.words[index] = index < words.count ? words[index] : 0 }
            guard mask.count > 0 else {
                Issue.record("\(schemaText) seed \(seed): empty mask after \(String(decoding: output, as: UTF8.self))")
                break
            }
            let token = sampler.sample(from: context, allowed: mask)
            guard matcher.accept(token) else {
                Issue.record("\(schemaText) seed \(seed): matcher rejected sampled token \(token) after \(String(decoding: output, as: UTF8.self))")
                break
            }
            sampled += 1
            produced += 1
            if vocabulary.endOfGenerationTokenIDs.contains(token) { break }
            output += vocabulary.tokenBytes[Int(token)]
            try context.append(token)
        }
        return (output, matcher.isComplete, sampled, forced)
    }
}
