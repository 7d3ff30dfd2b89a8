import CKernels
import Foundation
@testable import LocalInference
import TestSupport

/// A tiny transformer written as a GGUF image in memory (random weights, fixed seed), and an
/// independent float reference of its forward pass, for fast deterministic engine tests.
///
/// Shape: d = 256 (K-quants need 256-element rows), 4 query heads of 64, 2 KV heads, FFN 512,
/// 2 layers, 64-token SentencePiece-style vocabulary.
struct SyntheticModel {
    let architecture: ModelArchitecture
    let weightType: GGMLType
    let d = 256, heads = 4, kvHeads = 2, headDim = 64, ff = 512, layers = 2, vocab = 64
    let window = 4
    let ropeBase: Float = 10000

    private(set) var floats: [String: [Float]] = [:]
    private(set) var bytes: [UInt8] = []

    /// - parameter architectureName: written as `general.architecture` instead of the real one.
    /// - parameter omitting: a tensor left out of the file.
    init(architecture: ModelArchitecture, weightType: GGMLType, seed: UInt64 = 7,
         architectureName: String? = nil, omitting: String? = nil) {
        self.architecture = architecture
        self.weightType = weightType
        var random = TestRandom(seed: seed)
        var writer = GGUFTestWriter()
        let arch = architecture.rawValue
        writer.add("general.architecture", .string(architectureName ?? arch))
        writer.add("\(arch).embedding_length", .uint32(UInt32(d)))
        writer.add("\(arch).block_count", .uint32(UInt32(layers)))
        writer.add("\(arch).feed_forward_length", .uint32(UInt32(ff)))
        writer.add("\(arch).attention.head_count", .uint32(UInt32(heads)))
        writer.add("\(arch).attention.head_count_kv", .uint32(UInt32(kvHeads)))
        writer.add("\(arch).attention.key_length", .uint32(UInt32(headDim)))
        writer.add("\(arch).attention.value_length", .uint32(UInt32(headDim)))
        writer.add("\(arch).attention.layer_norm_rms_epsilon", .float32(1e-5))
        writer.add("\(arch).context_length", .uint32(64))
        writer.add("\(arch).rope.freq_base", .float32(architecture == .gemma3 ? 1_000_000 : ropeBase))
        if architecture == .gemma3 {
            writer.add("\(arch).attention.sliding_window", .uint32(UInt32(window)))
            writer.add("\(arch).attention.sliding_window_pattern", .uint32(2))
        }
        var tokens = ["<unk>", "<s>", "</s>"]
        for i in 3..<vocab { tokens.append(String(UnicodeScalar(UInt8(0x21 + i))) ) }
        writer.add("tokenizer.ggml.model", .string("llama"))
        writer.add("tokenizer.ggml.tokens", .array(.string(tokens)))
        writer.add("tokenizer.ggml.scores", .array(.float32((0..<vocab).map { -Float($0) })))
        writer.add("tokenizer.ggml.token_type", .array(.int32([2, 3, 3] + [Int32](repeating: 1, count: vocab - 3))))
        writer.add("tokenizer.ggml.bos_token_id", .uint32(1))
        writer.add("tokenizer.ggml.eos_token_id", .uint32(2))

        var floats: [String: [Float]] = [:]
        func matrix(_ name: String, columns: Int, rows: Int, scale: Float) {
            var values = random.floats(rows * columns, scale: scale)
            let type = weightType
            var data = [UInt8](repeating: 0, count: rows * ck_row_bytes(Int32(type.rawValue), Int64(columns)))
            let rowBytes = ck_row_bytes(Int32(type.rawValue), Int64(columns))
            data.withUnsafeMutableBytes { raw in
                for r in 0..<rows {
                    _ = values.withUnsafeBufferPointer {
                        ck_quantize_row(Int32(type.rawValue), $0.baseAddress! + r * columns, raw.baseAddress! + r * rowBytes, Int64(columns))
                    }
                    // The reference uses exactly the weights the file holds.
                    values.withUnsafeMutableBufferPointer {
                        ck_dequantize_row(Int32(type.rawValue), raw.baseAddress! + r * rowBytes, $0.baseAddress! + r * columns, Int64(columns))
                    }
                }
            }
            floats[name] = values
            writer.tensors.append(.init(name: name, dimensions: [UInt64(columns), UInt64(rows)], type: type.rawValue, data: data))
        }
        func vector(_ name: String, count: Int, around center: Float, spread: Float) {
            let values = random.floats(count, scale: spread).map { $0 + center }
            floats[name] = values
            let data = values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
            writer.tensors.append(.init(name: name, dimensions: [UInt64(count)], type: GGMLType.f32.rawValue, data: data))
        }
        let q = heads * headDim, kv = kvHeads * headDim
        matrix("token_embd.weight", columns: d, rows: vocab, scale: 1)
        for l in 0..<layers {
            let p = "blk.\(l)."
            vector(p + "attn_norm.weight", count: d, around: 1, spread: 0.2)
            matrix(p + "attn_q.weight", columns: d, rows: q, scale: 0.15)
            matrix(p + "attn_k.weight", columns: d, rows: kv, scale: 0.15)
            matrix(p + "attn_v.weight", columns: d, rows: kv, scale: 0.15)
            matrix(p + "attn_output.weight", columns: q, rows: d, scale: 0.1)
            if architecture == .qwen2 {
                vector(p + "attn_q.bias", count: q, around: 0, spread: 0.3)
                vector(p + "attn_k.bias", count: kv, around: 0, spread: 0.3)
                vector(p + "attn_v.bias", count: kv, around: 0, spread: 0.3)
            }
            if architecture == .gemma3 {
                vector(p + "attn_q_norm.weight", count: headDim, around: 1, spread: 0.2)
                vector(p + "attn_k_norm.weight", count: headDim, around: 1, spread: 0.2)
                vector(p + "post_attention_norm.weight", count: d, around: 1, spread: 0.2)
                vector(p + "post_ffw_norm.weight", count: d, around: 1, spread: 0.2)
            }
            vector(p + "ffn_norm.weight", count: d, around: 1, spread: 0.2)
            matrix(p + "ffn_gate.weight", columns: d, rows: ff, scale: 0.1)
            matrix(p + "ffn_up.weight", columns: d, rows: ff, scale: 0.1)
            matrix(p + "ffn_down.weight", columns: ff, rows: d, scale: 0.1)
        }
        vector("output_norm.weight", count: d, around: 1, spread: 0.2)
        self.floats = floats
        writer.tensors.removeAll { $0.name == omitting }
        self.bytes = writer.build()
    }

    func load(threads: Int = 2) throws -> LanguageModel {
        try LanguageModel(file: GGUFFile(bytes: bytes, url: URL(fileURLWithPath: "synthetic-\(architecture.rawValue).gguf")), threads: threads)
    }

    // MARK: - Float reference

    private func w(_ name: String) -> [Float] { floats[name] ?? [] }

    private func matvec(_ name: String, _ x: [Float], rows: Int) -> [Float] {
        let m = w(name), columns = x.count
        return (0..<rows).map { r in
            var s: Double = 0
            for c in 0..<columns { s += Double(m[r * columns + c]) * Double(x[c]) }
            return Float(s)
        }
    }

    private func rmsnorm(_ x: ArraySlice<Float>, _ weight: [Float], eps: Float = 1e-5) -> [Float] {
        let mean = x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count)
        let scale = Float(1 / (mean + Double(eps)).squareRoot())
        return zip(x, weight).map { $0 * scale * $1 }
    }

    private func rope(_ v: inout [Float], heads: Int, position: Int, base: Float, neox: Bool) {
        let half = headDim / 2
        for h in 0..<heads {
            for i in 0..<half {
                let theta = Double(position) * pow(Double(base), -2 * Double(i) / Double(headDim))
                let (a, b) = neox ? (h * headDim + i, h * headDim + i + half) : (h * headDim + 2 * i, h * headDim + 2 * i + 1)
                let x0 = Double(v[a]), x1 = Double(v[b])
                v[a] = Float(x0 * cos(theta) - x1 * sin(theta))
                v[b] = Float(x0 * sin(theta) + x1 * cos(theta))
            }
        }
    }

    /// Logits after each position of `tokens`, computed in plain float arithmetic.
    func referenceLogits(_ tokens: [Int32]) -> [[Float]] {
        let gemma = architecture == .gemma3, neox = architecture != .llama
        var keys = [[[Float]]](repeating: [], count: layers), values = keys
        var result: [[Float]] = []
        let embedding = w("token_embd.weight")
        for (position, token) in tokens.enumerated() {
            var x = Array(embedding[Int(token) * d..<(Int(token) + 1) * d])
            if gemma { x = x.map { $0 * Float(d).squareRoot() } }
            for l in 0..<layers {
                let p = "blk.\(l)."
                let sliding = gemma && l % 2 == 0
                let xn = rmsnorm(x[...], w(p + "attn_norm.weight"))
                var q = matvec(p + "attn_q.weight", xn, rows: heads * headDim)
                var k = matvec(p + "attn_k.weight", xn, rows: kvHeads * headDim)
                var v = matvec(p + "attn_v.weight", xn, rows: kvHeads * headDim)
                if architecture == .qwen2 {
                    q = zip(q, w(p + "attn_q.bias")).map(+)
                    k = zip(k, w(p + "attn_k.bias")).map(+)
                    v = zip(v, w(p + "attn_v.bias")).map(+)
                }
                if gemma {
                    q = (0..<heads).flatMap { rmsnorm(q[$0 * headDim..<($0 + 1) * headDim], w(p + "attn_q_norm.weight")) }
                    k = (0..<kvHeads).flatMap { rmsnorm(k[$0 * headDim..<($0 + 1) * headDim], w(p + "attn_k_norm.weight")) }
                }
                let base: Float = gemma ? (sliding ? 10000 : 1_000_000) : ropeBase
                rope(&q, heads: heads, position: position, base: base, neox: neox)
                rope(&k, heads: kvHeads, position: position, base: base, neox: neox)
                keys[l].append(k)
                values[l].append(v)
                var attention = [Float](repeating: 0, count: heads * headDim)
                for h in 0..<heads {
                    let kvh = h / (heads / kvHeads)
                    let first = sliding ? max(0, position - window + 1) : 0
                    var scores: [Double] = []
                    for j in first...position {
                        var s = 0.0
                        for i in 0..<headDim { s += Double(q[h * headDim + i]) * Double(keys[l][j][kvh * headDim + i]) }
                        scores.append(s / Double(headDim).squareRoot())
                    }
                    let top = scores.max() ?? 0
                    let e = scores.map { exp($0 - top) }, total = e.reduce(0, +)
                    for i in 0..<headDim {
                        var acc = 0.0
                        for (n, j) in (first...position).enumerated() { acc += e[n] / total * Double(values[l][j][kvh * headDim + i]) }
                        attention[h * headDim + i] = Float(acc)
                    }
                }
                var o = matvec(p + "attn_output.weight", attention, rows: d)
                if gemma { o = rmsnorm(o[...], w(p + "post_attention_norm.weight")) }
                x = zip(x, o).map(+)
                let xf = rmsnorm(x[...], w(p + "ffn_norm.weight"))
                let g = matvec(p + "ffn_gate.weight", xf, rows: ff), u = matvec(p + "ffn_up.weight", xf, rows: ff)
                let hidden = zip(g, u).map { gate, up -> Float in
                    let a: Float = gemma
                        ? 0.5 * gate * (1 + tanh(0.7978845608 * (gate + 0.044715 * gate * gate * gate)))
                        : gate / (1 + exp(-gate))
                    return a * up
                }
                var down = matvec(p + "ffn_down.weight", hidden, rows: d)
                if gemma { down = rmsnorm(down[...], w(p + "post_ffw_norm.weight")) }
                x = zip(x, down).map(+)
            }
            let final = rmsnorm(x[...], w("output_norm.weight"))
            result.append(matvec("token_embd.weight", final, rows: vocab))
        }
        return result
    }
}
