import ArgumentParsing
import Foundation
import LocalInference

/// `fm bench tensors`: writes every intermediate tensor of one prompt evaluation, for
/// `scripts/fixtures/compare_tensors.py` to line up with llama.cpp's
/// (`scripts/fixtures/dump_llamacpp_tensors.py`). A measurement tool, not a check: it used to be
/// a test that ran only when an environment variable was set, and asserted nothing.
struct TensorDumpCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tensors",
            abstract: "Dump every intermediate tensor of one prompt, for comparison with llama.cpp.",
            discussion: """
                Writes <dir>/<name>.f32 (little-endian floats) for every tensor the engine computes \
                and <dir>/index.txt ("name width count" lines); the logits are result_output. \
                Without --tokens the prompt is the BOS-prefixed "The capital of France is", as in \
                scripts/fixtures/dump_llamacpp_tensors.py. With --split K the first K tokens are \
                evaluated as one batch without dumping and the rest one at a time, dumping the last.
                """)
    }

    @Option(help: "The directory to write into (created if missing).", valueName: "dir")
    var output: String
    @Option(help: "Token ids, separated by spaces (default: the BOS-prefixed \"The capital of France is\").", valueName: "ids")
    var tokens: String?
    @Option(help: "Evaluate the first K tokens as a batch, then one at a time, dumping only the last.", valueName: "k")
    var split: Int?
    @OptionGroup var model: ModelOptions

    func validate() throws {
        if let tokens, Self.ids(tokens) == nil {
            throw UsageError("--tokens must be token ids separated by spaces, got '\(tokens)'")
        }
        if let split, split < 1 { throw UsageError("--split must be at least 1, got \(split)") }
    }

    static func ids(_ text: String) -> [Int32]? {
        let fields = text.split(separator: " ")
        let ids = fields.compactMap { Int32($0) }
        return ids.count == fields.count && !ids.isEmpty ? ids : nil
    }

    func run() async throws {
        let url = try model.url()
        let languageModel = try LanguageModel(contentsOf: url, threads: 2)
        let ids = try tokens.flatMap(Self.ids) ?? defaultPrompt(languageModel.tokenizer)
        guard ids.count < languageModel.trainedContextLength else {
            throw UsageError("\(ids.count) tokens exceed the model's context (\(languageModel.trainedContextLength))")
        }
        let directory = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let context = try InferenceContext(model: languageModel, contextLength: max(256, ids.count + 1))
        var index = ""
        var writeError: (any Error)?
        func write(_ name: String, _ values: UnsafeBufferPointer<Float>, _ width: Int) {
            index += "\(name) \(width) \(values.count)\n"
            do {
                try Data(buffer: values).write(to: directory.appendingPathComponent("\(name).f32"))
            } catch {
                writeError = writeError ?? error
            }
        }
        let split = min(split ?? ids.count, ids.count)
        if split < ids.count {
            try context.evaluate(Array(ids[..<split]))
            for token in ids[split..<(ids.count - 1)] { try context.append(token) }
            context.tensorObserver = write
            try context.append(ids[ids.count - 1])
        } else {
            context.tensorObserver = write
            try context.evaluate(ids)
        }
        context.tensorObserver = nil
        let logits = context.logits()
        logits.withUnsafeBufferPointer { write("result_output", $0, logits.count) }
        if let writeError { throw writeError }
        try Data(index.utf8).write(to: directory.appendingPathComponent("index.txt"))
        print("wrote \(index.split(separator: "\n").count) tensors for \(ids.count) tokens to \(directory.path)")
    }

    private func defaultPrompt(_ tokenizer: Tokenizer) throws -> [Int32] {
        var ids = tokenizer.encode("The capital of France is", addSpecialTokens: false)
        if let bos = tokenizer.bosTokenID { ids.insert(bos, at: 0) }
        return ids
    }
}
