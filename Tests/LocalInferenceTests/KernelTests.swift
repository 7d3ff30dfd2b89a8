import CKernels
import Foundation
import Testing
import TestSupport

/// The pool test's claim lock. `NSLock` rather than `Synchronization.Mutex`: on Linux the Mutex
/// waits on futexes that ThreadSanitizer cannot see, so it reported the lock's own accesses as a race.
let claimLock = NSLock()

/// Deterministic test data (the shared seeded generator), so failures reproduce.
typealias TestRandom = SeededRandom

extension SeededRandom {
    /// Uniform in [-1, 1).
    mutating func float() -> Float { Float(next() >> 40) / Float(1 << 24) * 2 - 1 }
    mutating func floats(_ n: Int, scale: Float = 1) -> [Float] { (0..<n).map { _ in float() * scale } }
}

/// The kernels' quantized formats with the tolerances each must meet.
struct QuantCase: CustomTestStringConvertible, Sendable {
    let type: Int32
    let name: String
    /// Max RMS error of quantize -> dequantize, relative to the RMS of the data.
    let roundTripTolerance: Float
    /// Whether `ck_quantize_row` can produce it (otherwise blocks are random bytes).
    let quantizable: Bool
    var testDescription: String { name }

    static let all: [QuantCase] = [
        QuantCase(type: Int32(CK_TYPE_Q4_0), name: "Q4_0", roundTripTolerance: 0.12, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_Q4_1), name: "Q4_1", roundTripTolerance: 0.10, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_Q5_0), name: "Q5_0", roundTripTolerance: 0.06, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_Q5_1), name: "Q5_1", roundTripTolerance: 0, quantizable: false),
        QuantCase(type: Int32(CK_TYPE_Q8_0), name: "Q8_0", roundTripTolerance: 0.01, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_Q4_K), name: "Q4_K", roundTripTolerance: 0.12, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_Q5_K), name: "Q5_K", roundTripTolerance: 0, quantizable: false),
        QuantCase(type: Int32(CK_TYPE_Q6_K), name: "Q6_K", roundTripTolerance: 0.04, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_F16), name: "F16", roundTripTolerance: 0.001, quantizable: true),
        QuantCase(type: Int32(CK_TYPE_F32), name: "F32", roundTripTolerance: 0, quantizable: true),
    ]
}

/// Max |SIMD - reference| relative to sum(|w| |x|): integer sums are exact, only the float
/// scaling order differs.
let maxDotProductError: Float = 2e-5
/// Max |quantized dot - float dot| relative to sum(|w| |x|) (activation quantization error).
let maxQuantizedDotError: Float = 0.02

/// A row of `n` elements of `type`: quantized from random floats, or random bytes with sane
/// half-precision scales for formats the kernels cannot quantize.
func makeRow(_ c: QuantCase, n: Int, random: inout TestRandom) -> (bytes: [UInt8], floats: [Float]) {
    let rowBytes = ck_row_bytes(c.type, Int64(n))
    var bytes = [UInt8](repeating: 0, count: rowBytes)
    if c.quantizable {
        let x = random.floats(n)
        _ = bytes.withUnsafeMutableBytes { ck_quantize_row(c.type, x, $0.baseAddress, Int64(n)) }
    } else {
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: random.next()) }
        let blockBytes = Int(ck_type_block_bytes(c.type))
        let halfOffsets = c.type == Int32(CK_TYPE_Q5_1) || c.type == Int32(CK_TYPE_Q5_K) ? [0, 2] : [0]
        for block in stride(from: 0, to: rowBytes, by: blockBytes) {
            for offset in halfOffsets {
                let h = ck_float_to_half(random.float() * 0.01)
                bytes[block + offset] = UInt8(h & 0xFF)
                bytes[block + offset + 1] = UInt8(h >> 8)
            }
        }
    }
    var floats = [Float](repeating: 0, count: n)
    bytes.withUnsafeBytes { ck_dequantize_row(c.type, $0.baseAddress, &floats, Int64(n)) }
    return (bytes, floats)
}

func quantizeActivations(_ x: [Float], for type: Int32) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: ck_activation_row_bytes(type, Int64(x.count)))
    out.withUnsafeMutableBytes { ck_quantize_activations(type, x, $0.baseAddress, Int64(x.count)) }
    return out
}

@Suite("Kernel block layouts") struct KernelLayoutTests {
    @Test func blockSizesMatchGGML() {
        #expect(MemoryLayout<ck_block_q4_0>.size == 18)
        #expect(MemoryLayout<ck_block_q4_1>.size == 20)
        #expect(MemoryLayout<ck_block_q5_0>.size == 22)
        #expect(MemoryLayout<ck_block_q5_1>.size == 24)
        #expect(MemoryLayout<ck_block_q8_0>.size == 34)
        #expect(MemoryLayout<ck_block_q4_K>.size == 144)
        #expect(MemoryLayout<ck_block_q5_K>.size == 176)
        #expect(MemoryLayout<ck_block_q6_K>.size == 210)
        #expect(MemoryLayout<ck_block_q8_K>.size == 292)
        #expect(MemoryLayout<ck_block_q8_a>.size == 40)
        for c in QuantCase.all {
            #expect(Int(ck_type_block_bytes(c.type)) > 0, "\(c.name)")
        }
        #expect(ck_row_bytes(Int32(CK_TYPE_Q4_K), 640) == 0, "640 is not a multiple of 256")
    }

    @Test func halfConversionRoundTripsEveryValue() {
        for bits in 0...UInt16.max {
            let f = ck_half_to_float(bits)
            if f.isNaN { continue }
            #expect(ck_float_to_half(f) == bits, "half \(bits)")
            #expect(Float(Float16(bitPattern: bits)) == f)
        }
        #expect(ck_float_to_half(1e6) == 0x7C00)
        #expect(ck_float_to_half(1.00048828125) == 0x3C00)  // halfway, rounds to even
    }
}

@Suite("Kernel quantization and dot products") struct KernelDotTests {
    @Test(arguments: QuantCase.all.filter { $0.quantizable && $0.roundTripTolerance > 0 })
    func quantizeRoundTrip(_ c: QuantCase) {
        var random = TestRandom(seed: 1)
        let n = 1024
        let x = random.floats(n)
        var bytes = [UInt8](repeating: 0, count: ck_row_bytes(c.type, Int64(n)))
        let status = bytes.withUnsafeMutableBytes { ck_quantize_row(c.type, x, $0.baseAddress, Int64(n)) }
        #expect(status == 0)
        var y = [Float](repeating: 0, count: n)
        bytes.withUnsafeBytes { ck_dequantize_row(c.type, $0.baseAddress, &y, Int64(n)) }
        let err = zip(x, y).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        let ref = x.map { $0 * $0 }.reduce(0, +)
        #expect((err / ref).squareRoot() < c.roundTripTolerance, "\(c.name): \((err / ref).squareRoot())")
    }

    @Test(arguments: QuantCase.all)
    func everyISAMatchesReference(_ c: QuantCase) {
        var random = TestRandom(seed: 2)
        for n in [256, 512, 2048] {
            let (w, wf) = makeRow(c, n: n, random: &random)
            let x = random.floats(n, scale: 3)
            let xq = quantizeActivations(x, for: c.type)
            var xd = [Float](repeating: 0, count: n)
            let at = ck_activation_type(c.type)
            if at == Int32(CK_TYPE_F32) {
                xd = x
            } else {
                xq.withUnsafeBytes { raw in
                    if at == Int32(CK_TYPE_Q8_K) {
                        ck_dequantize_row(Int32(CK_TYPE_Q8_K), raw.baseAddress, &xd, Int64(n))
                    } else {
                        let blocks = raw.bindMemory(to: ck_block_q8_a.self)
                        for (b, block) in blocks.enumerated() {
                            withUnsafeBytes(of: block.qs) { qs in
                                for j in 0..<32 { xd[b * 32 + j] = block.d * Float(Int8(bitPattern: qs[j])) }
                            }
                            let sum = withUnsafeBytes(of: block.qs) { $0.reduce(0) { $0 + Int(Int8(bitPattern: $1)) } }
                            #expect(abs(block.s - block.d * Float(sum)) <= 1e-3 * abs(block.s) + 1e-6, "s is rounded to F16")
                        }
                    }
                }
            }
            let magnitude = zip(wf, xd).map { abs($0 * $1) }.reduce(0, +)
            let exact = zip(wf, xd).map { Double($0) * Double($1) }.reduce(0, +)
            let reference = w.withUnsafeBytes { wp in xq.withUnsafeBytes { ck_vec_dot(c.type, Int32(CK_ISA_SCALAR), Int64(n), wp.baseAddress, $0.baseAddress) } }
            // The reference uses the F16-rounded activation sums (as ggml), so it differs from exact
            // float math by up to F16 precision on the offset/minimum term.
            #expect(abs(Double(reference) - exact) <= Double(1e-3 * magnitude) + 1e-6, "\(c.name) reference")
            for isa in [CK_ISA_AVX2, CK_ISA_AVX512, CK_ISA_BEST] where isa == CK_ISA_BEST || ck_isa_available(Int32(isa)) != 0 {
                let value = w.withUnsafeBytes { wp in xq.withUnsafeBytes { ck_vec_dot(c.type, Int32(isa), Int64(n), wp.baseAddress, $0.baseAddress) } }
                #expect(abs(value - reference) <= maxDotProductError * magnitude + 1e-6, "\(c.name) isa \(isa) n \(n): \(value) vs \(reference)")
            }
            // Activation quantization costs little accuracy against the float product.
            let floatDot = zip(wf, x).map { $0 * $1 }.reduce(0, +)
            #expect(abs(reference - floatDot) <= maxQuantizedDotError * magnitude, "\(c.name) vs float")
        }
    }

    @Test(arguments: QuantCase.all)
    func fourTokenKernelsMatchSingleToken(_ c: QuantCase) {
        var random = TestRandom(seed: 8)
        let n = 1024
        let (w, _) = makeRow(c, n: n, random: &random)
        var xq: [UInt8] = []
        for _ in 0..<4 { xq += quantizeActivations(random.floats(n), for: c.type) }
        let stride = ck_activation_row_bytes(c.type, Int64(n))
        for isa in [CK_ISA_AVX2, CK_ISA_AVX512] where ck_isa_available(Int32(isa)) != 0 {
            var out = [Float](repeating: .nan, count: 4)
            let status = w.withUnsafeBytes { wp in xq.withUnsafeBytes { ck_vec_dot4(c.type, Int32(isa), Int64(n), wp.baseAddress, $0.baseAddress, stride, &out) } }
            if status != 0 { continue }  // no four-token kernel for this type: the matmul uses single dots
            for t in 0..<4 {
                let single = w.withUnsafeBytes { wp in xq.withUnsafeBytes { ck_vec_dot(c.type, Int32(CK_ISA_SCALAR), Int64(n), wp.baseAddress, $0.baseAddress! + t * stride) } }
                #expect(abs(out[t] - single) <= 1e-4 * max(1, abs(single)), "\(c.name) isa \(isa) token \(t)")
            }
        }
    }

    @Test func bestISAIsDetected() {
        let features = ck_detect_cpu_features()
        let isa = ck_cpu_isa()
        if features.avx512vnni != 0 && features.avx512vl != 0 && features.avx512bw != 0 && features.avx2 != 0 {
            #expect(isa == Int32(CK_ISA_AVX512))
        } else if features.avx2 != 0 && features.fma != 0 && features.f16c != 0 {
            #expect(isa == Int32(CK_ISA_AVX2))
        } else {
            #expect(isa == Int32(CK_ISA_SCALAR))
        }
        #expect(ck_selected_isa() <= isa)
    }
}

@Suite("Kernel matrix products and pool") struct KernelMatmulTests {
    @Test(arguments: [1, 2, 3])
    func matmulMatchesRowDots(threads: Int) throws {
        let pool = try #require(ck_pool_create(Int32(threads)))
        defer { ck_pool_destroy(pool) }
        var random = TestRandom(seed: 3)
        for c in QuantCase.all where c.type != Int32(CK_TYPE_F32) {
            let rows = 37, cols = 512, tokens = 19
            var w: [UInt8] = []
            for _ in 0..<rows { w += makeRow(c, n: cols, random: &random).bytes }
            var xq: [UInt8] = []
            for _ in 0..<tokens { xq += quantizeActivations(random.floats(cols), for: c.type) }
            let bias = random.floats(rows)
            var y = [Float](repeating: .nan, count: rows * tokens)
            w.withUnsafeBytes { wp in
                xq.withUnsafeBytes { xp in
                    bias.withUnsafeBufferPointer { bp in
                        y.withUnsafeMutableBufferPointer { yp in
                            var job = ck_matmul_job(type: c.type, w: wp.baseAddress, rows: Int64(rows), cols: Int64(cols), row_ids: nil,
                                                    xq: xp.baseAddress, bias: bp.baseAddress, y: yp.baseAddress, ldy: Int64(rows))
                            ck_matmul(pool, &job, 1, Int64(tokens))
                        }
                    }
                }
            }
            let wrb = ck_row_bytes(c.type, Int64(cols)), xrb = ck_activation_row_bytes(c.type, Int64(cols))
            for t in 0..<tokens {
                for r in 0..<rows {
                    let expected = w.withUnsafeBytes { wp in xq.withUnsafeBytes { xp in
                        ck_vec_dot(c.type, Int32(CK_ISA_BEST), Int64(cols), wp.baseAddress! + r * wrb, xp.baseAddress! + t * xrb)
                    } } + bias[r]
                    // Four-token kernels sum in another order than the one-token kernel.
                    #expect(abs(y[t * rows + r] - expected) <= 1e-4 * max(1, abs(expected)), "\(c.name) row \(r) token \(t)")
                }
            }
        }
    }

    /// Decode-shaped products (1-3 tokens) run Q4_1 and Q8_0 through the multi-row kernels (four
    /// rows per call on AVX-512, then two, then one), which must keep each row's float operations
    /// in the one-row kernel's order: results are compared bit for bit, with and without row ids.
    @Test(arguments: [(1, 1), (2, 1), (3, 1), (1, 2)])
    func decodeMatmulIsBitIdenticalToOneRowKernel(tokens: Int, threads: Int) throws {
        let pool = try #require(ck_pool_create(Int32(threads)))
        defer { ck_pool_destroy(pool) }
        var random = TestRandom(seed: 11)
        for c in QuantCase.all where c.type == Int32(CK_TYPE_Q4_1) || c.type == Int32(CK_TYPE_Q8_0) {
            checkDecodeMatmul(c, tokens: tokens, pool: pool, random: &random)
        }
    }

    /// Batched decode steps (`ck_matmul_rowwise`, 2-9 tokens of different sequences) keep every
    /// token in the one-token kernels' order, four or two tokens per call where a kernel can: bit for
    /// bit what each token's own product gives.
    @Test(arguments: [(2, 1), (3, 2), (4, 1), (5, 2), (6, 1), (7, 2), (8, 2), (9, 1)])
    func rowwiseMatmulIsBitIdenticalToOneRowKernel(tokens: Int, threads: Int) throws {
        let pool = try #require(ck_pool_create(Int32(threads)))
        defer { ck_pool_destroy(pool) }
        var random = TestRandom(seed: 12)
        for c in QuantCase.all where c.type == Int32(CK_TYPE_Q4_1) || c.type == Int32(CK_TYPE_Q8_0) {
            checkDecodeMatmul(c, tokens: tokens, pool: pool, random: &random, rowwise: true)
        }
    }

    private func checkDecodeMatmul(_ c: QuantCase, tokens: Int, pool: OpaquePointer, random: inout TestRandom,
                                   rowwise: Bool = false) {
        let type = c.type, rows = 43, cols = 576
        var w: [UInt8] = []
        for _ in 0..<rows { w += makeRow(c, n: cols, random: &random).bytes }
        var xq: [UInt8] = []
        for _ in 0..<tokens { xq += quantizeActivations(random.floats(cols, scale: 3), for: type) }
        let bias = random.floats(rows)
        let wrb = ck_row_bytes(type, Int64(cols)), xrb = ck_activation_row_bytes(type, Int64(cols))
        // Every other row in reverse, then the rest: rows from scattered places in the matrix.
        let ids: [Int32] = stride(from: rows - 1, through: 0, by: -2).map { Int32($0) } + stride(from: rows - 2, through: 0, by: -2).map { Int32($0) }
        for useIDs in [false, true] {
            var y = [Float](repeating: .nan, count: rows * tokens)
            w.withUnsafeBytes { wp in
                xq.withUnsafeBytes { xp in
                    bias.withUnsafeBufferPointer { bp in
                        ids.withUnsafeBufferPointer { ip in
                            y.withUnsafeMutableBufferPointer { yp in
                                var job = ck_matmul_job(type: type, w: wp.baseAddress, rows: Int64(rows), cols: Int64(cols),
                                                        row_ids: useIDs ? ip.baseAddress : nil, xq: xp.baseAddress,
                                                        bias: bp.baseAddress, y: yp.baseAddress, ldy: Int64(rows))
                                if rowwise {
                                    ck_matmul_rowwise(pool, &job, 1, Int64(tokens))
                                } else {
                                    ck_matmul(pool, &job, 1, Int64(tokens))
                                }
                            }
                        }
                    }
                }
            }
            for t in 0..<tokens {
                for r in 0..<rows {
                    let src = useIDs ? Int(ids[r]) : r
                    let expected = w.withUnsafeBytes { wp in xq.withUnsafeBytes { xp in
                        ck_vec_dot(type, Int32(CK_ISA_BEST), Int64(cols), wp.baseAddress! + src * wrb, xp.baseAddress! + t * xrb)
                    } } + bias[src]
                    #expect(y[t * rows + r].bitPattern == expected.bitPattern, "\(c.name) row \(r) (source \(src)) token \(t), ids \(useIDs)")
                }
            }
        }
    }

    @Test func poolCompletesDynamicallyClaimedWorkEveryRun() throws {
        let pool = try #require(ck_pool_create(3))
        defer { ck_pool_destroy(pool) }
        // Each run claims 1000 items through a shared counter (slot 0, under the lock); whoever
        // joins helps, and counts its item in the item's own slot. Plain memory through one
        // pointer: mutating a Swift array shared by the threads overlaps accesses to it
        // (ThreadSanitizer reported that race in the earlier version of this test).
        let slots = UnsafeMutablePointer<Int>.allocate(capacity: 1001)
        defer { slots.deallocate() }
        for run in 1...300 {
            slots.initialize(repeating: 0, count: 1001)
            ck_pool_run(pool, { ctx, _, _ in
                guard let slots = ctx?.assumingMemoryBound(to: Int.self) else { return }
                // A lock-free claim through the C atomics would be ideal; a mutex keeps the test simple.
                while true {
                    let index = claimLock.withLock { () -> Int in let i = slots[0]; slots[0] += 1; return i }
                    if index >= 1000 { return }
                    slots[1 + index] += 1
                }
            }, slots)
            #expect((1...1000).allSatisfy { slots[$0] == 1 }, "run \(run)")
        }
    }
}

@Suite("Kernel element-wise ops and attention") struct KernelOpsTests {
    @Test func rmsnormSoftmaxActivations() {
        var random = TestRandom(seed: 4)
        let x = random.floats(100), w = random.floats(100)
        var y = [Float](repeating: 0, count: 100)
        ck_rmsnorm(x, w, &y, 100, 1, 1e-5)
        let rms = (x.map { $0 * $0 }.reduce(0, +) / 100 + 1e-5).squareRoot()
        for i in 0..<100 { #expect(abs(y[i] - x[i] / rms * w[i]) < 1e-5) }
        var s = x
        ck_softmax(&s, 100)
        let e = x.map { exp($0) }, total = e.reduce(0, +)
        for i in 0..<100 { #expect(abs(s[i] - e[i] / total) < 1e-6) }
        #expect(abs(ck_silu(1.5) - 1.5 / (1 + exp(-1.5))) < 1e-6)
        #expect(abs(ck_gelu(1.0) - 0.841192) < 1e-5)
        #expect(abs(ck_gelu(-3.0) - -0.003637) < 1e-5)
    }

    @Test func gatedActivationsMatchReference() {
        var random = TestRandom(seed: 9)
        let gate = random.floats(1003, scale: 12) + [0, -100, 100, 89, -89]
        let up = random.floats(gate.count)
        for (fast, reference) in [(ck_swiglu, ck_swiglu_reference), (ck_geglu, ck_geglu_reference)] as [(@convention(c) (UnsafeMutablePointer<Float>?, UnsafePointer<Float>?, Int64) -> Void, @convention(c) (UnsafeMutablePointer<Float>?, UnsafePointer<Float>?, Int64) -> Void)] {
            var a = gate, b = gate
            fast(&a, up, Int64(gate.count))
            reference(&b, up, Int64(gate.count))
            for i in gate.indices { #expect(abs(a[i] - b[i]) <= 2e-6 * max(1, abs(b[i])), "x = \(gate[i])") }
        }
    }

    /// GeGLU uses ggml's F16 GELU table: GELU of the F16-rounded input, rounded to F16, so it
    /// stays within F16 precision of the exact function; it is 0 at or below -10 and the
    /// identity at or above 10.
    @Test func geluTableStaysWithinF16OfExactGelu() {
        let xs: [Float] = stride(from: -12, through: 12, by: 0.0137).map { Float($0) } + [-10, 10, 0, 1e-6, -1e-6]
        var gate = xs
        let up = [Float](repeating: 1, count: xs.count)
        ck_geglu(&gate, up, Int64(xs.count))
        for (x, y) in zip(xs, gate) {
            if x <= -10 { #expect(y == 0, "x = \(x)") } else if x >= 10 { #expect(y == x, "x = \(x)") } else {
                let exact = ck_gelu(x)
                #expect(abs(y - exact) <= 1.2e-3 * (abs(exact) + abs(x)) + 1e-7, "x = \(x): \(y) vs \(exact)")
            }
        }
    }

    @Test(arguments: [false, true])
    func ropeRotatesPairs(neox: Bool) {
        var random = TestRandom(seed: 5)
        let headDim = 8, heads = 2, tokens = 3
        let x = random.floats(tokens * heads * headDim)
        var cs = [Float](repeating: 0, count: tokens * headDim)
        ck_rope_table(&cs, 5, Int64(tokens), Int32(headDim), 10000, 1)
        var y = x
        ck_rope_apply(&y, Int64(tokens), Int64(heads * headDim), Int32(heads), Int32(headDim), Int32(headDim), cs, neox ? 1 : 0)
        for t in 0..<tokens {
            for h in 0..<heads {
                for i in 0..<headDim / 2 {
                    let theta = Double(5 + t) * pow(10000, -2 * Double(i) / Double(headDim))
                    let base = t * heads * headDim + h * headDim
                    let (ia, ib) = neox ? (base + i, base + i + headDim / 2) : (base + 2 * i, base + 2 * i + 1)
                    let a = Double(x[ia]), b = Double(x[ib])
                    #expect(abs(Double(y[ia]) - (a * cos(theta) - b * sin(theta))) < 1e-5)
                    #expect(abs(Double(y[ib]) - (a * sin(theta) + b * cos(theta))) < 1e-5)
                }
            }
        }
    }

    @Test(arguments: [(0, false), (3, false), (0, true), (3, true)])
    func attentionMatchesNaive(window: Int, reference: Bool) throws {
        try checkAttention(nHead: 4, nKV: 2, hd: 16, pos0: 70, tokens: 5, window: window, softcap: 0, reference: reference, seed: 6)
    }

    /// Single-token decode takes the split-key path (key range cut across tasks, partial
    /// softmaxes merged): short and long caches, windows, GQA groups of 1 to 8, softcapping.
    @Test(arguments: [(9, 3, 64, 0, 0), (9, 3, 64, 700, 0), (9, 3, 64, 700, 100), (4, 1, 256, 1000, 0),
                      (8, 1, 32, 333, 0), (2, 2, 8, 45, 0), (16, 2, 64, 4000, 0), (4, 4, 24, 129, 7)])
    func singleTokenAttentionMatchesNaive(nHead: Int, nKV: Int, hd: Int, pos0: Int, window: Int) throws {
        try checkAttention(nHead: nHead, nKV: nKV, hd: hd, pos0: pos0, tokens: 1, window: window, softcap: 0, reference: false, seed: 11)
        try checkAttention(nHead: nHead, nKV: nKV, hd: hd, pos0: pos0, tokens: 1, window: window, softcap: 1.5, reference: false, seed: 12)
    }

    private func checkAttention(nHead: Int, nKV: Int, hd: Int, pos0: Int, tokens: Int, window: Int, softcap: Float,
                                reference: Bool, seed: UInt64) throws {
        let pool = try #require(ck_pool_create(2))
        defer { ck_pool_destroy(pool) }
        var random = TestRandom(seed: seed)
        let ctx = pos0 + tokens
        let q = random.floats(tokens * nHead * hd), k = random.floats(ctx * nKV * hd), v = random.floats(ctx * nKV * hd)
        var out = [Float](repeating: .nan, count: tokens * nHead * hd)
        let scale: Float = 0.25
        q.withUnsafeBufferPointer { qp in k.withUnsafeBufferPointer { kp in v.withUnsafeBufferPointer { vp in
            out.withUnsafeMutableBufferPointer { op in
                var args = ck_attention_args(q: qp.baseAddress, k: kp.baseAddress, v: vp.baseAddress, out: op.baseAddress,
                                             n_head: Int32(nHead), n_kv_head: Int32(nKV), head_dim: Int32(hd), pos0: Int64(pos0),
                                             n_tokens: Int64(tokens), window: Int64(window), scale: scale, softcap: softcap,
                                             use_reference: reference ? 1 : 0)
                ck_attention(pool, &args)
            }
        } } }
        for t in 0..<tokens {
            for h in 0..<nHead {
                let kvh = h / (nHead / nKV), qpos = pos0 + t
                let first = window > 0 ? max(0, qpos - window + 1) : 0
                var scores: [Float] = []
                for p in first...qpos {
                    var d: Float = 0
                    for i in 0..<hd { d += q[t * nHead * hd + h * hd + i] * k[p * nKV * hd + kvh * hd + i] }
                    d *= scale
                    if softcap > 0 { d = softcap * tanh(d / softcap) }
                    scores.append(d)
                }
                ck_softmax(&scores, Int64(scores.count))
                for i in 0..<hd {
                    var expected: Float = 0
                    for (j, p) in (first...qpos).enumerated() { expected += scores[j] * v[p * nKV * hd + kvh * hd + i] }
                    #expect(abs(out[t * nHead * hd + h * hd + i] - expected) < 1e-5, "head \(h), dim \(i)")
                }
            }
        }
    }
}
