import Foundation
import JSONSchemaValidation
import LocalInference
import StructuredDecoding
@testable import FoundationModels

/// The real engine behind the session's backend seam, for this branch's model tests: GGUF
/// weights run by `LocalInference`, chat text rendered by its `ChatTemplate`, guided and tool
/// turns masked by `StructuredDecoding`'s grammar matcher. Nothing here is scripted.
///
/// The product's own adapter comes with the api branch (`BackendCache.makeLocalBackend`); this
/// one only lets the tool-calling and language tests run on the real model before that lands.
final class ToolCallingEngineBackend: LanguageModelBackend, ModelLanguageDescribing, @unchecked Sendable {
    let model: LanguageModel
    let tokenizer: Tokenizer
    let template: ChatTemplate
    let compiler: GrammarCompiler
    let contextSize: Int
    let endOfGenerationTokens: Set<Int32>
    let modelLanguageCodes: [String]

    /// Models by path, loaded once per test process.
    nonisolated(unsafe) private static var loaded: [String: ToolCallingEngineBackend] = [:]
    private static let lock = NSLock()

    static func shared(_ url: URL, contextSize: Int = 4096) throws -> ToolCallingEngineBackend {
        lock.lock()
        defer { lock.unlock() }
        let key = "\(url.path)#\(contextSize)"
        if let backend = loaded[key] { return backend }
        let backend = try ToolCallingEngineBackend(url: url, contextSize: contextSize)
        loaded[key] = backend
        return backend
    }

    init(url: URL, contextSize: Int) throws {
        model = try LanguageModel(contentsOf: url)
        tokenizer = try Tokenizer(gguf: model.file)
        template = try ChatTemplate(gguf: model.file)
        var bytes: [[UInt8]] = []
        var special = Set<Int32>()
        for id in 0..<Int32(tokenizer.vocabularySize) {
            bytes.append(tokenizer.tokenBytes(id))
            if tokenizer.isControl(id) { special.insert(id) }
        }
        compiler = GrammarCompiler(vocabulary: TokenVocabulary(
            tokenBytes: bytes, specialTokenIDs: special, endOfGenerationTokenIDs: tokenizer.endOfGenerationTokenIDs))
        self.contextSize = min(contextSize, model.trainedContextLength)
        endOfGenerationTokens = tokenizer.endOfGenerationTokenIDs
        let metadata = model.file.metadata
        modelLanguageCodes = metadata.strings("general.languages")
            ?? ModelLanguages.codes(forArchitecture: model.architecture, modelName: metadata.string("general.name") ?? url.lastPathComponent)
    }

    var vocabularySize: Int { model.vocabularySize }

    func tokenize(_ text: String) -> [Int32] { tokenizer.encode(text, addSpecialTokens: false, parseSpecial: true) }

    func tokenBytes(_ token: Int32) -> [UInt8] { tokenizer.isControl(token) ? [] : tokenizer.tokenBytes(token) }

    func render(_ turns: [ChatTurn], addGenerationPrompt: Bool) -> String {
        let text = template.render(turns.map { ChatMessage(role: ChatRole(rawValue: $0.role.rawValue) ?? .user, content: $0.content) },
                                   addGenerationPrompt: addGenerationPrompt)
        if let path = ProcessInfo.processInfo.environment["FM_TEST_RENDER_LOG"] {
            // Debugging aid: the last rendered prompt, to replay in llama.cpp.
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return text
    }

    func makeDecoder() throws -> any BackendDecoder {
        ToolCallingEngineDecoder(context: try InferenceContext(model: model, contextLength: contextSize))
    }

    func makeConstraint(jsonSchema: JSONValue) throws -> any TokenConstraint {
        GrammarMatcher(grammar: try compiler.compile(jsonSchema: jsonSchema))
    }
}

extension GrammarMatcher: TokenConstraint {}

/// One session's KV cache and sampler.
final class ToolCallingEngineDecoder: BackendDecoder {
    let context: InferenceContext
    private var sampler: Sampler?
    private var samplerPlan: SamplingPlan?

    init(context: InferenceContext) { self.context = context }

    func evaluate(_ tokens: [Int32]) throws { try context.evaluate(tokens) }

    func append(_ token: Int32) throws { try context.append(token) }

    func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 {
        var current = sampler ?? Sampler(SamplingParameters(
            temperature: Float(plan.temperature), topK: plan.topK, topP: plan.topP.map(Float.init), seed: plan.seed))
        if samplerPlan != plan {
            current = Sampler(SamplingParameters(temperature: Float(plan.temperature), topK: plan.topK,
                                                 topP: plan.topP.map(Float.init), seed: plan.seed))
            samplerPlan = plan
        }
        defer { sampler = current }
        var mask: TokenBitmask?
        if let allowed {
            var bits = TokenBitmask(vocabularySize: context.model.vocabularySize, allowing: false)
            for index in bits.words.indices where index < allowed.count { bits.words[index] = allowed[index] }
            mask = bits
        }
        let token = current.sample(from: context, allowed: mask)
        guard token >= 0 else {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "No token is allowed at this step."))
        }
        return token
    }

    func reusablePrefixLength(of tokens: [Int32]) -> Int {
        zip(tokens, context.tokens).prefix { $0 == $1 }.count
    }
}
