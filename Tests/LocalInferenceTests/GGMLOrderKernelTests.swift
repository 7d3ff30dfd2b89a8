import CKernels
import Foundation
import Testing
import TestSupport

/// Whether the kernel path in use is AVX2 (scripts/test.sh runs this suite with FM_CPU=avx2 on
/// AVX-512 machines too), whose SwiGLU and attention follow ggml's AVX2 order.
let runsTheAVX2Path = ck_selected_isa() == Int32(CK_ISA_AVX2)

/// The AVX2 path's SwiGLU and attention against scalar references of ggml's 8-lane order
/// (ops_ggml8_reference.c): bit for bit where the AVX2 kernels run, and the references
/// themselves against the plain functions on every CPU.
@Suite("Kernels in ggml's AVX2 order") struct GGMLOrderKernelTests {
    /// The reference e^x is ggml's (1.5 ulp of expf) and saturates as ggml's does.
    @Test func expReferenceIsCloseToExp() {
        var random = TestRandom(seed: 21)
        for x in random.floats(5000, scale: 80) + [0, -0.0, 1, -1, 88, 88.3, -87, -103, -104] {
            let expected = Float(Foundation.exp(Double(x)))
            #expect(abs(ck_expf_ggml8_reference(x) - expected) <= 4 * expected.ulp, "x = \(x)")
        }
        #expect(ck_expf_ggml8_reference(100) == .infinity)
        #expect(ck_expf_ggml8_reference(-200) == 0)
        #expect(ck_expf_ggml8_reference(-.infinity) == 0)
    }

    static let lengths = [1, 7, 8, 9, 64, 1003]

    @Test(.enabled(if: runsTheAVX2Path, "the AVX2 kernels are not in use (FM_CPU=avx2 selects them)"), arguments: lengths)
    func swigluIsBitIdenticalToGGMLOrder(length: Int) {
        var random = TestRandom(seed: UInt64(30 + length))
        let gate = Array((random.floats(length, scale: 12) + [0, -100, 100, 89, -89, 126, -126]).prefix(length))
        let up = random.floats(length)
        var fast = gate, reference = gate
        ck_swiglu(&fast, up, Int64(length))
        ck_swiglu_ggml8_reference(&reference, up, Int64(length))
        #expect(fast.map(\.bitPattern) == reference.map(\.bitPattern))
    }

    /// (heads, KV heads, head_dim, first position, tokens, window): single tokens (ggml's
    /// vec_dot_f32 for KQV) and batches (tinyBLAS), short and long caches, GQA, windows.
    static let shapes: [(Int, Int, Int, Int, Int, Int)] = [
        (9, 3, 64, 0, 1, 0), (9, 3, 64, 700, 1, 0), (4, 1, 256, 1000, 1, 0), (4, 4, 24, 129, 1, 7),
        (4, 2, 16, 70, 5, 0), (9, 3, 64, 0, 12, 0), (4, 1, 256, 33, 9, 0), (8, 2, 64, 300, 3, 100),
    ]

    @Test(.enabled(if: runsTheAVX2Path, "the AVX2 kernels are not in use (FM_CPU=avx2 selects them)"), arguments: shapes)
    func attentionIsBitIdenticalToGGMLOrder(shape: (Int, Int, Int, Int, Int, Int)) throws {
        let run = try attention(shape, seed: 40)
        #expect(run.fast.map(\.bitPattern) == run.reference.map(\.bitPattern))
    }

    /// On any CPU: the reference is attention (within float rounding of a naive softmax).
    @Test(arguments: shapes.prefix(6))
    func attentionReferenceIsAttention(shape: (Int, Int, Int, Int, Int, Int)) throws {
        let (nHead, nKV, hd, pos0, tokens, window) = shape
        // The engine's scalar reference path (use_reference: a plain softmax) against the
        // ggml-order reference.
        let run = try attention(shape, seed: 41, engineReference: true)
        let worst = zip(run.fast, run.reference).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 1e-5, "\(nHead)x\(nKV) hd \(hd) pos0 \(pos0) tokens \(tokens) window \(window): \(worst)")
    }

    /// Runs ck_attention (or, with `engineReference`, its scalar reference path) and the ggml-order reference on the
    /// same random q, k, v.
    private func attention(_ shape: (Int, Int, Int, Int, Int, Int), seed: UInt64, engineReference: Bool = false) throws -> (fast: [Float], reference: [Float]) {
        let (nHead, nKV, hd, pos0, tokens, window) = shape
        let pool = try #require(ck_pool_create(2))
        defer { ck_pool_destroy(pool) }
        var random = TestRandom(seed: seed)
        let ctx = pos0 + tokens
        let q = random.floats(tokens * nHead * hd), k = random.floats(ctx * nKV * hd), v = random.floats(ctx * nKV * hd)
        var fast = [Float](repeating: .nan, count: tokens * nHead * hd)
        var expected = fast
        q.withUnsafeBufferPointer { qp in k.withUnsafeBufferPointer { kp in v.withUnsafeBufferPointer { vp in
            func args(_ out: UnsafeMutablePointer<Float>?) -> ck_attention_args {
                ck_attention_args(q: qp.baseAddress, k: kp.baseAddress, v: vp.baseAddress, out: out,
                                  n_head: Int32(nHead), n_kv_head: Int32(nKV), head_dim: Int32(hd), pos0: Int64(pos0),
                                  n_tokens: Int64(tokens), window: Int64(window), scale: 0.125, softcap: 0,
                                  use_reference: engineReference ? 1 : 0)
            }
            fast.withUnsafeMutableBufferPointer { op in
                var a = args(op.baseAddress)
                ck_attention(pool, &a)
            }
            expected.withUnsafeMutableBufferPointer { op in
                var a = args(op.baseAddress)
                for t in 0..<tokens { for h in 0..<nHead { ck_attention_ggml8_reference(&a, Int64(t), Int32(h)) } }
            }
        } } }
        return (fast, expected)
    }
}
