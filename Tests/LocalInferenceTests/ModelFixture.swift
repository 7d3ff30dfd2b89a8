import Foundation
import Testing
@testable import LocalInference

/// llama.cpp's outputs for a real model, written by scripts/fixtures/make_model_fixtures.py.
struct ModelFixture: Decodable {
    struct Continuation: Decodable {
        let prompt: String
        let prompt_ids: [Int32]
        let greedy_ids: [Int32]
        /// llama.cpp's margin between its best and second-best logit at each step.
        let top1_gaps: [Float]
    }
    struct Top5: Decodable {
        let ids: [Int32]
        let logits: [Float]
    }
    struct TeacherForced: Decodable {
        let text: String
        let ids: [Int32]
        let top5: [Top5]
    }
    let model: String
    let continuations: [Continuation]
    let teacher_forced: TeacherForced

    static func load(_ name: String) throws -> ModelFixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/model-\(name).json")
        return try JSONDecoder().decode(ModelFixture.self, from: Data(contentsOf: url))
    }
}

/// Each real model is loaded once per test process and shared.
enum LoadedModels {
    private static let smol = Result { try LanguageModel(file: TestModels.file(TestModels.smolLM2)) }
    private static let gemma = Result { try LanguageModel(file: TestModels.file(TestModels.gemma3)) }
    private static let qwen = Result { try LanguageModel(file: TestModels.file(TestModels.qwen25Coder)) }

    static func model(_ fixture: String) throws -> LanguageModel {
        switch fixture {
        case "smollm2": try smol.get()
        case "gemma3": try gemma.get()
        case "qwen2.5-coder-0.5b": try qwen.get()
        default: throw FixtureError.unknownModel(fixture)
        }
    }

    enum FixtureError: Error { case unknownModel(String) }
}

/// Greedy argmax, lowest id on ties (as llama.cpp's argmax).
func argmax(_ values: [Float]) -> Int32 {
    var best = 0
    for i in values.indices where values[i] > values[best] { best = i }
    return Int32(best)
}
