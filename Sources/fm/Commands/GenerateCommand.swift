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
                           [--max-tokens N] [--threads N] [--whitespace W] [--stats] [--json] PROMPT...

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
          --whitespace W     whitespace the grammar allows between JSON tokens:
                             compact   none (default; what the library generates)
                             space     at most one space per place (llama-cpp-python's
                                       response_format grammar)
                             flexible  llama.cpp's json-schema-to-grammar: one space, or
                                       1-2 newlines and up to 20 spaces/tabs of indent
          --stats            print sampled/forced token counts and time to standard error
          --json             print one JSON object instead of the bare value: the output, the
                             system prompt used, token counts and timings (for benchmarks)
        """

    let schemaPath: String
    let model: String?
    let parameters: SamplingParameters
    let maxTokens: Int
    let threads: Int?
    let whitespace: JSONWhitespace
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
        switch try arguments.option("--whitespace") {
        case nil, "compact"?: whitespace = .compact
        case "space"?: whitespace = .singleSpace
        case "flexible"?: whitespace = .flexible
        case let other?: throw UsageError("--whitespace must be compact, space or flexible, got '\(other)'")
        }
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
        // Per model, like loading it: the grammar layer's view of the vocabulary (token bytes and
        // the token slices masks walk). The library builds it once per model too (one compiler
        // per backend), so it is timed apart from the per-request work.
        let vocabularyStarted = DispatchTime.now().uptimeNanoseconds
        let vocabulary = TokenVocabulary(tokenizer: tokenizer)
        let compiler = GrammarCompiler(vocabulary: vocabulary)

        let compileStarted = DispatchTime.now().uptimeNanoseconds
        let cpuStarted = Self.processCPUSeconds()
        let grammar = try compiler.compile(jsonSchema: schema, options: JSONGrammarOptions(whitespace: whitespace))
        let matcher = GrammarMatcher(grammar: grammar)
        let compiled = DispatchTime.now().uptimeNanoseconds

        let instructions = "Respond with a JSON value that follows this JSON Schema:\n" + schema.serialized()
        let messages = [ChatMessage(role: .system, content: instructions), ChatMessage(role: .user, content: prompt)]
        let rendered = (languageModel.chatTemplate ?? .chatML).render(messages, addGenerationPrompt: true)
        let promptTokens = tokenizer.encode(rendered, addSpecialTokens: false, parseSpecial: true)
        let length = min(languageModel.trainedContextLength, promptTokens.count + maxTokens + 8)
        let context = try InferenceContext(model: languageModel, contextLength: length)
        let started = DispatchTime.now().uptimeNanoseconds

        var output: [UInt8] = []
        var produced = 0, sampledCount = 0, forcedCount = 0, sparseCount = 0
        // Bytes the grammar forces before the first sampled token (`{"title":"`) join the
        // prompt's batch: one prefill instead of a prefill and then a forced batch.
        var scratch: [UInt64] = []
        let opening = Self.acceptForced(matcher, tokenizer: tokenizer, vocabulary: vocabulary, budget: maxTokens,
                                        scratch: &scratch)
        try context.evaluate(promptTokens + opening.tokens)
        output += opening.bytes
        var outputTokens = opening.tokens
        produced += opening.tokens.count
        forcedCount += opening.tokens.count
        let prefilled = DispatchTime.now().uptimeNanoseconds

        var sampler = Sampler(parameters)
        var mask = TokenBitmask(vocabularySize: languageModel.vocabularySize, allowing: false)
        var words: [UInt64] = []
        var phases = DecodePhases()
        // The last sampled token is not evaluated on its own when bytes are forced after it: it
        // joins the forced tokens' batch, so "sampled token + forced punctuation and keys" costs
        // one forward pass instead of two.
        var pending: Int32?
        while produced < maxTokens, !(matcher.isComplete && !matcher.canContinue) {
            // Jump forward over bytes the grammar forces, as one batch.
            let forced = Self.acceptForced(matcher, tokenizer: tokenizer, vocabulary: vocabulary,
                                           budget: maxTokens - produced, scratch: &scratch)
            if !forced.tokens.isEmpty {
                output += forced.bytes
                outputTokens += forced.tokens
                produced += forced.tokens.count
                forcedCount += forced.tokens.count
                // Closing bytes that end the value need no forward pass: nothing is sampled after them.
                if matcher.isComplete && !matcher.canContinue { break }
                // `evaluate` takes the whole sequence (it reuses the cached prefix).
                let sequence = context.tokens + (pending.map { [$0] } ?? []) + forced.tokens
                try phases.time(\.forward) { try context.evaluate(sequence) }
                pending = nil
                continue
            }
            if let token = pending {
                try phases.time(\.forward) { try context.append(token) }
                pending = nil
            }
            let allowed = phases.time(\.mask) {
                matcher.fillAllowedTokens(into: &words)
                for index in mask.words.indices { mask.words[index] = index < words.count ? words[index] : 0 }
                return mask.count
            }
            guard allowed > 0 else { break }
            if allowed * Sampler.sparseMaskFraction <= languageModel.vocabularySize { sparseCount += 1 }
            let token = phases.time(\.sample) { sampler.sample(from: context, allowed: mask) }
            guard matcher.accept(token) else { break }
            sampledCount += 1
            produced += 1
            if vocabulary.endOfGenerationTokenIDs.contains(token) { break }
            outputTokens.append(token)
            output += vocabulary.tokenBytes[Int(token)]
            pending = token
        }
        let finished = DispatchTime.now().uptimeNanoseconds
        let cpuSeconds = Self.processCPUSeconds() - cpuStarted
        if json {
            let vocabularySeconds = Double(compileStarted - vocabularyStarted) / 1e9
            let compileSeconds = Double(compiled - compileStarted) / 1e9
            let promptSeconds = Double(started - compiled) / 1e9
            let prefillSeconds = Double(prefilled - started) / 1e9
            let decodeSeconds = Double(finished - prefilled) / 1e9
            let report = GenerationReport(
                output: String(decoding: output, as: UTF8.self), outputTokens: outputTokens, system: instructions,
                promptTokens: promptTokens.count, tokens: produced, sampled: sampledCount, forced: forcedCount,
                openingForced: opening.tokens.count, sparseSamples: sparseCount, complete: matcher.isComplete,
                vocabularySeconds: vocabularySeconds, compileSeconds: compileSeconds, promptSeconds: promptSeconds,
                prefillSeconds: prefillSeconds, decodeSeconds: decodeSeconds, cpuSeconds: cpuSeconds, phases: phases)
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

    /// Accepts the tokens the grammar forces now (StructuredDecoding's
    /// `GrammarMatcher.acceptForcedTokens`, the rule the library's guided generation uses too:
    /// the tokenizer's split of the forced bytes, stopping before a token where the grammar also
    /// allows a token that runs past them, which the model then picks itself) and their bytes.
    static func acceptForced(_ matcher: GrammarMatcher, tokenizer: Tokenizer, vocabulary: TokenVocabulary,
                             budget: Int, scratch: inout [UInt64]) -> (tokens: [Int32], bytes: [UInt8]) {
        let tokens = matcher.acceptForcedTokens(budget: budget, scratch: &scratch) {
            tokenizer.encode($0, addSpecialTokens: false)
        }
        return (tokens, tokens.flatMap { vocabulary.tokenBytes[Int($0)] })
    }

    /// CPU time of the whole process (every thread) so far: on a machine shared with other
    /// work it moves less than wall time, so benchmarks print it beside the wall time.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
