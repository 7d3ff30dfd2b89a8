import Foundation
import Synchronization

/// The on-device language model: a GGUF file run in-process by the local engine.
///
/// The model file is `FM_MODEL` when set (a path, or a name such as `qwen2.5-coder-0.5b`), else
/// `SmolLM2-135M-Instruct.Q4_1.gguf` in `$FM_MODELS_DIR` (default `~/.cache/fm/models`);
/// ``init(contentsOf:useCase:guardrails:contextSize:)`` and ``init(name:useCase:guardrails:contextSize:)``
/// pick another. It is loaded lazily, once
/// per file, and shared by every session that uses it.
///
/// ```swift
/// guard SystemLanguageModel.default.isAvailable else { return }
/// let session = LanguageModelSession(model: .default)
/// ```
public final class SystemLanguageModel: Sendable {
    /// The default model.
    public static let `default` = SystemLanguageModel()

    /// The model file.
    let url: URL
    /// The context size sessions on this model get, in tokens.
    public let contextSize: Int
    /// What the model is used for.
    public let useCase: UseCase
    let guardrails: Guardrails
    /// Loads the backend for this model; replaced in tests of the session's own logic.
    let loader: @Sendable () throws -> any LanguageModelBackend
    /// Set for a model on an engine handed in (``init(backend:url:guardrails:)``): its own
    /// executor configuration, so it shares no executor (and no KV cache) with another model.
    /// A UUID, not an object's address, which a later model could reuse.
    let injectedBackendID: UUID?

    /// The context size when none is given: enough for a conversation, small enough for the
    /// KV cache of a small model to stay in a few MB.
    public static let defaultContextSize = 4096

    /// Creates the default model for a use case.
    public convenience init(useCase: UseCase = .general, guardrails: Guardrails = .default) {
        self.init(contentsOf: Self.defaultModelURL, useCase: useCase, guardrails: guardrails)
    }

    /// Creates a model from a GGUF file (beyond Apple's API).
    ///
    /// - parameter url: The GGUF file.
    /// - parameter contextSize: Tokens per conversation, prompt and response together.
    public init(contentsOf url: URL, useCase: UseCase = .general, guardrails: Guardrails = .default,
                contextSize: Int = SystemLanguageModel.defaultContextSize) {
        self.url = url
        self.useCase = useCase
        self.guardrails = guardrails
        self.contextSize = max(1, contextSize)
        let size = max(1, contextSize)
        loader = { try BackendCache.shared.backend(for: url, contextSize: size) }
        injectedBackendID = nil
    }

    init(backend: any LanguageModelBackend, url: URL = URL(fileURLWithPath: "/dev/null"), guardrails: Guardrails = .default) {
        self.url = url
        contextSize = backend.contextSize
        useCase = .general
        self.guardrails = guardrails
        loader = { backend }
        injectedBackendID = UUID()
    }

    /// `FM_MODEL` (a path or a model name), else the default model in the models directory
    /// (SystemLanguageModel+Name.swift).
    static var defaultModelURL: URL { defaultModelURL() }

    /// Loads (once) and returns the backend, mapping failures to `assetsUnavailable`.
    func backend() throws -> any LanguageModelBackend {
        do {
            return try loader()
        } catch let error as LanguageModelSession.GenerationError {
            throw error
        } catch {
            let reason = Self.missingFileExplanation(url) ?? "\(error)"
            throw LanguageModelSession.GenerationError.assetsUnavailable(
                .init(debugDescription: "Could not load the model at \(url.path): \(reason)"))
        }
    }

    /// The languages the model understands: the GGUF file's `general.languages`, else its
    /// family's documented languages (SmolLM2: English). See SystemLanguageModel+Languages.swift.
    public var supportedLanguages: Set<Locale.Language> { modelLanguages }

    /// Whether the model supports the locale's language (regions and scripts aside, with
    /// fallbacks between codes for the same language).
    public func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        supportsLanguage(of: locale)
    }
}

/// Loaded backends by model file and context size, so sessions share one copy of the weights.
final class BackendCache: Sendable {
    static let shared = BackendCache()

    private let backends = Mutex<[String: any LanguageModelBackend]>([:])

    /// Builds the backend for a file: the local engine.
    static let makeLocalBackend: @Sendable (URL, Int) throws -> any LanguageModelBackend = { url, contextSize in
        try LocalEngineBackend(url: url, contextSize: contextSize)
    }

    func backend(for url: URL, contextSize: Int) throws -> any LanguageModelBackend {
        let key = "\(url.standardizedFileURL.path)#\(contextSize)"
        return try backends.withLock { backends in
            if let backend = backends[key] { return backend }
            let backend = try Self.makeLocalBackend(url, contextSize)
            backends[key] = backend
            return backend
        }
    }
}
