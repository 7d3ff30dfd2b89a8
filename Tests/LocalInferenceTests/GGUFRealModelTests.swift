import Foundation
import Testing
@testable import LocalInference

@Suite("GGUFFile on real models") struct GGUFRealModelTests {
    @Test func smolLM2HeaderAndTensors() throws {
        let file = try TestModels.file(TestModels.smolLM2)
        #expect(file.version == 3)
        #expect(file.alignment == 32)
        #expect(file.tensors.count == 272)  // 30 blocks x 9 + token_embd + output_norm
        #expect(file.metadata.count == 33)
        #expect(file.metadata.architecture == "llama")
        #expect(file.metadata.int("llama.block_count") == 30)
        #expect(file.metadata.int("llama.embedding_length") == 576)
        #expect(file.metadata.float("llama.rope.freq_base") == 100_000)
        #expect(file.metadata.string("tokenizer.ggml.model") == "gpt2")
        #expect(file.metadata.string("tokenizer.ggml.pre") == "smollm")
        #expect(file.metadata.strings("tokenizer.ggml.tokens")?.count == 49152)
        #expect(file.metadata.strings("tokenizer.ggml.merges")?.count == 48900)
        #expect(file.metadata.bool("tokenizer.ggml.add_bos_token") == false)
        #expect(file.metadata.keys.first == "general.architecture")

        let embedding = try #require(file.tensor(named: "token_embd.weight"))
        #expect(embedding.dimensions == [576, 49152])
        #expect(embedding.type == .q8_0)
        #expect(embedding.byteCount == 576 * 49152 / 32 * 34)
        #expect(file.bytes(of: embedding).count == embedding.byteCount)
        let q = try #require(file.tensor(named: "blk.29.attn_q.weight"))
        #expect(q.type == .q4_1 && q.dimensions == [576, 576])
        let last = try #require(file.tensors.last)
        #expect(last.offset + last.byteCount == file.fileSize)
        #expect(file.tensors.allSatisfy { $0.offset % file.alignment == 0 })
    }

    @Test func gemma3HeaderAndTensors() throws {
        let file = try TestModels.file(TestModels.gemma3)
        #expect(file.version == 3)
        #expect(file.tensors.count == 236)
        #expect(file.metadata.architecture == "gemma3")
        #expect(file.metadata.int("gemma3.block_count") == 18)
        #expect(file.metadata.int("gemma3.attention.sliding_window") == 512)
        #expect(file.metadata.string("tokenizer.ggml.model") == "llama")
        #expect(file.metadata.strings("tokenizer.ggml.tokens")?.count == 262_144)
        #expect(file.metadata.floats("tokenizer.ggml.scores")?.count == 262_144)
        #expect(file.metadata.ints("tokenizer.ggml.token_type")?.count == 262_144)
        #expect(file.metadata.int("tokenizer.ggml.bos_token_id") == 2)
        #expect(file.metadata.string("tokenizer.chat_template") == nil)
        let embedding = try #require(file.tensor(named: "token_embd.weight"))
        #expect(embedding.dimensions == [640, 262_144] && embedding.type == .q8_0)
        let down = try #require(file.tensor(named: "blk.0.ffn_down.weight"))
        #expect(down.type == .q6_K && down.byteCount == 2048 * 640 / 256 * 210)
        let last = try #require(file.tensors.last)
        #expect(last.offset + last.byteCount == file.fileSize)
    }
}
