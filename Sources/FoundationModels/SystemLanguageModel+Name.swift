import Foundation

extension SystemLanguageModel {
    /// A pulled model by its name, such as `"qwen2.5-coder-0.5b"` (beyond Apple's API): the
    /// names `fm models list` shows, found in `$FM_MODELS_DIR` (default `~/.cache/fm/models`),
    /// where `fm models pull NAME` installs them.
    ///
    /// ```swift
    /// let model = try SystemLanguageModel(name: "qwen2.5-coder-0.5b")
    /// let session = LanguageModelSession(model: model)
    /// ```
    ///
    /// - parameter name: A built-in model name (models added with fm's `FM_MODELS_CATALOG` are
    ///   not known here; pass their file to ``init(contentsOf:useCase:guardrails:contextSize:)``).
    /// - parameter contextSize: Tokens per conversation, prompt and response together.
    /// - throws: ``ModelLookupError`` naming the model: `.unknownName` (with the known names),
    ///   or `.notInstalled` (with the file looked for and the `fm models pull` command).
    public convenience init(name: String, useCase: UseCase = .general, guardrails: Guardrails = .default,
                            contextSize: Int = SystemLanguageModel.defaultContextSize) throws(ModelLookupError) {
        self.init(contentsOf: try Self.installedFile(named: name), useCase: useCase, guardrails: guardrails, contextSize: contextSize)
    }

    /// The installed file of the built-in model `name`.
    ///
    /// - throws: ``ModelLookupError``.
    static func installedFile(named name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ModelLookupError) -> URL {
        guard let model = BuiltInModels.named(name) else {
            throw ModelLookupError(name: name, reason: .unknownName, expectedFile: nil, knownNames: BuiltInModels.all.map(\.name))
        }
        let url = BuiltInModels.url(of: model, environment: environment)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ModelLookupError(name: name, reason: .notInstalled, expectedFile: url, knownNames: BuiltInModels.all.map(\.name))
        }
        return url
    }

    /// The file of the default model: `FM_MODEL` (a path, or a built-in name meaning its file
    /// in the models directory), else the default model's file in the models directory. An
    /// unknown name is taken as a path, whose absence then makes the model unavailable.
    static func defaultModelURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let value = environment["FM_MODEL"], !value.isEmpty {
            if !BuiltInModels.looksLikePath(value), let model = BuiltInModels.named(value) {
                return BuiltInModels.url(of: model, environment: environment)
            }
            return URL(fileURLWithPath: (value as NSString).expandingTildeInPath)
        }
        let fileName = BuiltInModels.named(BuiltInModels.defaultName)?.fileName ?? "SmolLM2-135M-Instruct.Q4_1.gguf"
        return BuiltInModels.directory(environment: environment).appendingPathComponent(fileName)
    }

    /// Why a model file is missing, for load errors: a built-in model's file names the model
    /// and the command that pulls it.
    static func missingFileExplanation(_ url: URL) -> String? {
        guard !FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let model = BuiltInModels.all.first(where: { $0.fileName == url.lastPathComponent }) else {
            return "no model file at \(url.path)"
        }
        return "model '\(model.name)' is not installed (no \(url.path)); run 'fm models pull \(model.name)'"
    }
}
