import Foundation
import JSONSchemaValidation
import LocalInference
import StructuredDecoding

/// `fm generate --schema`: one JSON value that satisfies a JSON Schema, decoded under the
/// grammar's token masks. Bytes the grammar forces are tokenized and evaluated as one batch
/// (jump-forward) instead of being sampled token by token.
struct GenerateCommand: Command {
    static let name = "generate"
    static let abstract = "Generate one JSON value that satisfies a JSON Schema (constrained decoding)."
    static let usage = """
        USAGE: fm generate --schema FILE.json [--model PATH] [--greedy] [--seed S]
                           [--max-tokens N] [--threads N] [--stats] [--json] PROMPT...

        Applies the model's chat template, describes the schema in the prompt, and decodes
        with every token constrained by the schema's grammar. Prints the JSON value.

        OPTIONS:
          --schema FILE      JSON Schema the output must satisfy
          --model PATH       GGUF model file (default: $FM_MODEL, else
                             $FM_MODELS_DIR/SmolLM2-135M-Instruct.Q4_1.gguf)
          --greedy           always pick the most likely allowed token
          --seed S           random seed, for reproducible sampling
          --max-tokens N     most tokens to produce (default 512)
          --threads N        worker threads (default: all cores)
          --stats            print sampled/forced token counts and time to standard error
          --json             print one JSON object instead of the bare value: the output, the
                             system prompt used, token counts and timings (for benchmarks)
        """

    let schemaPath: String
    let model: String?
    let parameters: SamplingParameters
    let maxTokens: Int
    let threads: Int?
    let stats: Bool
    let json: Bool
    let prompt: String

    init(arguments: inout ArgumentList) throws {
        guard let schema = try arguments.option("--schema") else { throw UsageError("missing --schema FILE") }
        schemaPath = schema
        model = try arguments.option("--model")
        let greedy = arguments.flag("--greedy")
        stats = arguments.flag("--stats")
        json = arguments.flag("--json")
        let seed = try arguments.option("--seed", as: UInt64.self)
        maxTokens = try arguments.option("--max-tokens", as: Int.self) ?? 512
        threads = try arguments.option("--threads", as: Int.self)
        let words = try arguments.positionals()
        guard !words.isEmpty else { throw UsageError("missing PROMPT") }
        guard maxTokens >= 1 else { throw UsageError("--max-tokens must be >= 1, got \(maxTokens)") }
        if let threads, !(1...256).contains(threads) { throw UsageError("--threads must be in 1...256, got \(threads)") }
        prompt = words.joined(separator: " ")
        parameters = greedy ? SamplingParameters(temperature: 0, seed: seed)
            : SamplingParameters(temperature: 0.8, topK: 40, topP: 0.95, seed: seed)
    }

    func run() async throws -> Int32 {
        guard let schemaData = FileManager.default.contents(atPath: schemaPath) else {
            throw UsageError("cannot read schema file '\(schemaPath)'")
        }
        let schema: JSONValue
        do {
            schema = try JSONValue(parsing: [UInt8](schemaData))
        } catch {
            throw UsageError("schema file '\(schemaPath)' is not JSON: \(error)")
        }
        let languageModel = try LanguageModel(contentsOf: try ModelLocation.resolve(option: model), threads: threads)
        let tokenizer = languageModel.tokenizer
        let vocabulary = TokenVocabulary(tokenizer: tokenizer)
        let compileStarted = DispatchTime.now().uptimeNanoseconds
        let grammar = try GrammarCompiler(vocabulary: vocabulary).compile(jsonSchema: schema)
        let matcher = GrammarMatcher(grammar: grammar)

        let instructions = "Respond with a JSON value that follows this JSON Schema:\n" + schema.serialized()
        let messages = [ChatMessage(role: .system, content: instructions), ChatMessage(role: .user, content: prompt)]
        let rendered = (languageModel.chatTemplate ?? .chatML).render(messages, addGenerationPrompt: true)
        let promptTokens = tokenizer.encode(rendered, addSpecialTokens: false, parseSpecial: true)
        let length = min(languageModel.trainedContextLength, promptTokens.count + maxTokens + 8)
        let context = try InferenceContext(model: languageModel, contextLength: length)
        let started = DispatchTime.now().uptimeNanoseconds
        try context.evaluate(promptTokens)
        let prefilled = DispatchTime.now().uptimeNanoseconds

        var sampler = Sampler(parameters)
        var mask = TokenBitmask(vocabularySize: languageModel.vocabularySize, allowing: false)
        var words: [UInt64] = []
        var output: [UInt8] = []
        var produced = 0, sampledCount = 0, forcedCount = 0
        var phases = DecodePhases()
        // The last sampled token is not evaluated on its own when bytes are forced after it: it
        // joins the forced tokens' batch, so "sampled token + forced punctuation and keys" costs
        // one forward pass instead of two.
        var pending: Int32?
        while produced < maxTokens, !(matcher.isComplete && !matcher.canContinue) {
            // Jump forward over bytes the grammar forces, as one batch.
            let forced = matcher.forcedBytes()
            if !forced.isEmpty, let text = String(validating: forced, as: UTF8.self) {
                let tokens = tokenizer.encode(text, addSpecialTokens: false)
                var accepted = 0
                while accepted < tokens.count, matcher.accept(tokens[accepted]) { accepted += 1 }
                if accepted > 0, accepted == tokens.count, tokens.count + produced <= maxTokens {
                    // `evaluate` takes the whole sequence (it reuses the cached prefix).
                    let sequence = context.tokens + (pending.map { [$0] } ?? []) + tokens
                    try phases.time(\.forward) { try context.evaluate(sequence) }
                    pending = nil
                    output += forced
                    produced += tokens.count
                    forcedCount += tokens.count
                    continue
                }
                matcher.rollback(tokens: accepted)  // fall back to sampling
            }
            if let token = pending {
                try phases.time(\.forward) { try context.append(token) }
                pending = nil
            }
            phases.time(\.mask) {
                matcher.fillAllowedTokens(into: &words)
                for index in mask.words.indices { mask.words[index] = index < words.count ? words[index] : 0 }
            }
            guard mask.count > 0 else { break }
            let token = phases.time(\.sample) { sampler.sample(from: context, allowed: mask) }
            guard matcher.accept(token) else { break }
            sampledCount += 1
            produced += 1
            if vocabulary.endOfGenerationTokenIDs.contains(token) { break }
            output += vocabulary.tokenBytes[Int(token)]
            pending = token
        }
        let finished = DispatchTime.now().uptimeNanoseconds
        if json {
            let compileSeconds = Double(started - compileStarted) / 1e9
            let prefillSeconds = Double(prefilled - started) / 1e9
            let decodeSeconds = Double(finished - prefilled) / 1e9
            let report = GenerationReport(
                output: String(decoding: output, as: UTF8.self), system: instructions,
                promptTokens: promptTokens.count, tokens: produced, sampled: sampledCount, forced: forcedCount,
                complete: matcher.isComplete, compileSeconds: compileSeconds, prefillSeconds: prefillSeconds,
                decodeSeconds: decodeSeconds, phases: phases)
            print(report.serialized())
        } else {
            print(String(decoding: output, as: UTF8.self))
        }
        if stats {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            printError(String(format: "tokens %d (sampled %d, forced %d) in %.3f s, complete: %@", produced, sampledCount,
                              forcedCount, seconds, matcher.isComplete ? "yes" : "no"))
        }
        return matcher.isComplete ? 0 : 1
    }
}
