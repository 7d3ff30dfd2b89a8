import Foundation
import Testing
@testable import FoundationModels

/// Pulled models found by name: the built-in table, `$FM_MODELS_DIR`, `FM_MODEL` as a name or a
/// path, and the typed error when a model is unknown or not pulled. Run against a temporary
/// models directory, so nothing depends on what this machine has pulled.
@Suite("Models by name")
struct ModelNameLookupTests {
    /// A fresh models directory holding empty files named as `installed` models install.
    func directory(installing installed: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fm-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for name in installed {
            let model = try #require(BuiltInModels.named(name))
            _ = FileManager.default.createFile(atPath: url.appendingPathComponent(model.fileName).path, contents: Data())
        }
        return url
    }

    @Test func anInstalledModelIsFoundInTheModelsDirectory() throws {
        let models = try directory(installing: ["qwen2.5-coder-0.5b"])
        defer { try? FileManager.default.removeItem(at: models) }
        let url = try SystemLanguageModel.installedFile(named: "qwen2.5-coder-0.5b", environment: ["FM_MODELS_DIR": models.path])
        #expect(url == models.appendingPathComponent("qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"))
    }

    @Test func aModelNotPulledNamesTheModelAndThePullCommand() throws {
        let models = try directory(installing: [])
        defer { try? FileManager.default.removeItem(at: models) }
        let error = #expect(throws: SystemLanguageModel.ModelLookupError.self) {
            try SystemLanguageModel.installedFile(named: "qwen2.5-coder-1.5b", environment: ["FM_MODELS_DIR": models.path])
        }
        #expect(error?.reason == .notInstalled)
        #expect(error?.name == "qwen2.5-coder-1.5b")
        #expect(error?.pullCommand == "fm models pull qwen2.5-coder-1.5b")
        #expect(error?.expectedFile == models.appendingPathComponent("qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"))
        #expect(error?.description == "model 'qwen2.5-coder-1.5b' is not installed (no \(models.path)/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf); run 'fm models pull qwen2.5-coder-1.5b'")
    }

    @Test func anUnknownNameListsTheKnownOnes() {
        let error = #expect(throws: SystemLanguageModel.ModelLookupError.self) { _ = try SystemLanguageModel(name: "qwen9") }
        #expect(error?.reason == .unknownName)
        #expect(error?.pullCommand == nil && error?.expectedFile == nil)
        #expect(error?.description == "no model named 'qwen9'; known models: smollm2, gemma3-270m, qwen2.5-coder-0.5b, qwen2.5-coder-1.5b (or pass the path of a GGUF file)")
    }

    @Test func fmModelTakesANameOrAPath() throws {
        let models = URL(fileURLWithPath: "/tmp/models-here")
        #expect(SystemLanguageModel.defaultModelURL(environment: ["FM_MODELS_DIR": models.path, "FM_MODEL": "qwen2.5-coder-0.5b"])
                == models.appendingPathComponent("qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"))
        #expect(SystemLanguageModel.defaultModelURL(environment: ["FM_MODELS_DIR": models.path, "FM_MODEL": "/elsewhere/x.gguf"])
                == URL(fileURLWithPath: "/elsewhere/x.gguf"))
        #expect(SystemLanguageModel.defaultModelURL(environment: ["FM_MODELS_DIR": models.path])
                == models.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf"))
    }

    @Test func aMissingBuiltInFileSaysHowToPullIt() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/gemma-3-270m-q4_k_m.gguf")
        #expect(SystemLanguageModel.missingFileExplanation(missing)?.hasSuffix("run 'fm models pull gemma3-270m'") == true)
        #expect(SystemLanguageModel.missingFileExplanation(URL(fileURLWithPath: "/nonexistent/mine.gguf")) == "no model file at /nonexistent/mine.gguf")
    }
}
