internal import CKernels

/// The transformer forward pass over a batch of tokens, with the scratch memory it needs.
///
/// One per `InferenceContext`, and one per `DecodeBatcher` (whose passes stack the next token of
/// several sequences, each against its own cache: ``runStep(_:tokens:segments:)``). Buffers are
/// sized once for `maxBatch` tokens; a batch runs as matrix x matrix products (all tokens
/// against each weight row while it is in cache), so prefill reads the weights once per batch
/// instead of once per token.
final class ForwardPass {
    let hp: ModelHyperparameters
    let weights: ModelWeights
    let maxBatch: Int

    private let x: UnsafeMutablePointer<Float>        // residual stream [B][d]
    private let xn: UnsafeMutablePointer<Float>       // normalized input [B][max(d, qDim)]
    private let q: UnsafeMutablePointer<Float>        // [B][qDim]
    private let k: UnsafeMutablePointer<Float>        // [B][kvDim]
    private let v: UnsafeMutablePointer<Float>        // [B][kvDim]
    private let attn: UnsafeMutablePointer<Float>     // [B][qDim]
    private let tmp: UnsafeMutablePointer<Float>      // [B][d]
    private let gate: UnsafeMutablePointer<Float>     // [B][ff]
    private let up: UnsafeMutablePointer<Float>       // [B][ff]
    private let ropeGlobal: UnsafeMutablePointer<Float>
    private let ropeLocal: UnsafeMutablePointer<Float>
    private let quantized: [UnsafeMutableRawPointer]  // one activation buffer per activation format
    private let quantizedBytes: Int
    private let jobs: UnsafeMutablePointer<ck_matmul_job>
    /// Attention arguments of each sequence of a pass, [maxBatch].
    private let attentionArgs: UnsafeMutablePointer<ck_attention_args>

    /// The final-normalized hidden state of the last evaluated position, [d].
    let lastHidden: UnsafeMutablePointer<Float>

    /// Called with every intermediate result of `run` (named as llama.cpp names its graph
    /// nodes, e.g. "attn_norm-3", so scripts/fixtures/compare_tensors.py can line the two
    /// engines up op by op). Values are [tokens][width], row-major. Debugging only; nil in use.
    var observer: TensorObserver?

    init(hp: ModelHyperparameters, weights: ModelWeights, maxBatch: Int) {
        self.hp = hp
        self.weights = weights
        self.maxBatch = maxBatch
        let d = hp.embeddingLength, ff = hp.feedForwardLength
        let wide = max(d, hp.qDimension)
        x = .allocate(capacity: maxBatch * d)
        xn = .allocate(capacity: maxBatch * wide)
        q = .allocate(capacity: maxBatch * hp.qDimension)
        k = .allocate(capacity: maxBatch * hp.kvDimension)
        v = .allocate(capacity: maxBatch * hp.kvDimension)
        attn = .allocate(capacity: maxBatch * hp.qDimension)
        tmp = .allocate(capacity: maxBatch * d)
        gate = .allocate(capacity: maxBatch * ff)
        up = .allocate(capacity: maxBatch * ff)
        ropeGlobal = .allocate(capacity: maxBatch * hp.ropeDimensions)
        ropeLocal = .allocate(capacity: maxBatch * hp.ropeDimensions)
        let bytes = maxBatch * max(wide, ff) * MemoryLayout<Float>.size
        quantizedBytes = bytes
        quantized = (0..<3).map { _ in .allocate(byteCount: bytes, alignment: 64) }
        jobs = .allocate(capacity: 4)
        attentionArgs = .allocate(capacity: maxBatch)
        lastHidden = .allocate(capacity: d)
        lastHidden.initialize(repeating: 0, count: d)
    }

    deinit {
        for p in [x, xn, q, k, v, attn, tmp, gate, up, ropeGlobal, ropeLocal, lastHidden] { p.deallocate() }
        for p in quantized { p.deallocate() }
        jobs.deallocate()
        attentionArgs.deallocate()
    }

    /// Slot of the activation buffer for a weight type's activation format.
    private static func slot(for type: Int32) -> Int {
        switch ck_activation_type(type) {
        case Int32(CK_TYPE_Q8_K): 1
        case Int32(CK_TYPE_F32): 2
        default: 0
        }
    }

    /// out_i = input x W_i^T (+ bias_i) for up to four matrices sharing one input, in one pool
    /// dispatch. The input is quantized once per activation format the matrices need.
    private func matmul(_ pool: OpaquePointer, _ kernel: MatmulKernel = ck_matmul, input: UnsafePointer<Float>,
                        columns: Int, tokens: Int, _ ops: [(WeightMatrix, UnsafeMutablePointer<Float>, WeightVector?)]) {
        var done = [false, false, false]
        for (i, op) in ops.enumerated() {
            let slot = Self.slot(for: op.0.kernelType)
            if !done[slot] {
                ck_quantize_batch(pool, op.0.kernelType, input, Int64(columns), Int64(columns), Int64(tokens), quantized[slot])
                done[slot] = true
            }
            jobs[i] = ck_matmul_job(type: op.0.kernelType, w: op.0.base, rows: Int64(op.0.rows), cols: Int64(columns),
                                    row_ids: nil, xq: quantized[slot], bias: op.2.map { UnsafePointer($0.pointer) },
                                    y: op.1, ldy: Int64(op.0.rows))
        }
        kernel(pool, jobs, Int32(ops.count), Int64(tokens))
    }

    /// `ck_matmul`, or `ck_matmul_rowwise` for batched decode steps.
    typealias MatmulKernel = (OpaquePointer?, UnsafePointer<ck_matmul_job>?, Int32, Int64) -> Void

    /// The name is an autoclosure: a pass calls this about 15 times a layer, and building the
    /// names (string interpolation) when nothing observes cost more than some kernels.
    private func observe(_ name: @autoclosure () -> String, _ values: UnsafeMutablePointer<Float>, tokens: Int, width: Int) {
        guard let observer else { return }
        observer(name(), UnsafeBufferPointer(start: values, count: tokens * width), width)
    }

    /// Runs `tokens` (already range-checked) at positions `position ..< position + count`,
    /// writing their keys and values into `cache`, and leaves the last position's final hidden
    /// state in `lastHidden`.
    ///
    /// Unless `everyPosition` is set (for `logitsForEveryToken`), the last layer's feed-forward
    /// block runs for the last position only, as llama.cpp does when it keeps one row of logits
    /// (it selects that row after the attention output projection): the other positions' keys
    /// and values are already in the cache, and their hidden states are never read.
    func run(_ pool: OpaquePointer, tokens: UnsafeBufferPointer<Int32>, position: Int, cache: KVCache,
             everyPosition: Bool = false) {
        precondition(tokens.count > 0 && tokens.count <= maxBatch && position + tokens.count <= cache.capacity,
                     "ForwardPass.run: caller checks bounds")
        let segment = Segment(rows: 0..<tokens.count, position: position, cache: cache, hidden: lastHidden)
        run(pool, tokens: tokens, segments: CollectionOfOne(segment), everyPosition: everyPosition, rowwise: false)
    }

    /// One decode step of several sequences in one pass: row `i` is `tokens[i]`, the next token
    /// of the sequence whose cache is `caches[i]` (holding `positions[i]` positions), and its
    /// final hidden state lands in `hidden[i]`.
    ///
    /// Every matrix product reads each weight block once for all rows, in the one-token
    /// kernels' order (`ck_matmul_rowwise`), and attention runs per sequence against its own
    /// cache, so each row is bit-identical to that sequence's step run alone.
    func runStep(_ pool: OpaquePointer, tokens: UnsafeBufferPointer<Int32>, segments: [Segment]) {
        precondition(tokens.count == segments.count && tokens.count <= maxBatch, "ForwardPass.runStep: caller checks bounds")
        run(pool, tokens: tokens, segments: segments, everyPosition: false, rowwise: true)
    }

    /// A sequence's rows in a pass: where they go in its cache and where its last row's final
    /// hidden state goes.
    struct Segment {
        /// Rows of the pass (indices into its tokens), consecutive.
        let rows: Range<Int>
        /// Position of the first row in the sequence.
        let position: Int
        let cache: KVCache
        /// Receives the final-normalized hidden state of the segment's last row, [d].
        let hidden: UnsafeMutablePointer<Float>
    }

    /// The pass over stacked segments (already range-checked). Element-wise kernels and matrix
    /// products run over all rows at once (each row independently); rotary tables, cache writes
    /// and attention run per segment. `rowwise` runs the products in the one-token kernels'
    /// order, so a row's result does not depend on how many rows the pass has.
    private func run<Segments: Collection<Segment>>(
        _ pool: OpaquePointer, tokens: UnsafeBufferPointer<Int32>, segments: Segments, everyPosition: Bool, rowwise: Bool
    ) {
        var n = tokens.count
        let d = hp.embeddingLength, qDim = hp.qDimension, kvDim = hp.kvDimension, ff = hp.feedForwardLength
        let hd = hp.headDimension, ropeWidth = hp.ropeDimensions
        let matmul = rowwise ? ck_matmul_rowwise : ck_matmul

        for (t, token) in tokens.enumerated() {
            weights.tokenEmbedding.dequantizeRow(Int(token), into: x + t * d)
        }
        if hp.embeddingScale != 1 { ck_scale(x, hp.embeddingScale, Int64(n * d)) }
        observe("inp_scaled", x, tokens: n, width: d)

        for segment in segments {
            let first = segment.rows.lowerBound, count = segment.rows.count
            ck_rope_table(ropeGlobal + first * ropeWidth, Int64(segment.position), Int64(count), Int32(ropeWidth),
                          hp.ropeBase, hp.ropeFrequencyScale)
            if hp.ropeBaseLocal != hp.ropeBase {
                ck_rope_table(ropeLocal + first * ropeWidth, Int64(segment.position), Int64(count), Int32(ropeWidth),
                              hp.ropeBaseLocal, hp.ropeFrequencyScale)
            }
        }
        // Rows whose final hidden state is kept: each segment's last, or every row.
        let keepsOnlyLastRows = !everyPosition && n > segments.count

        for (il, layer) in weights.layers.enumerated() {
            let sliding = hp.isSlidingLayer(il)
            // Attention block.
            ck_rmsnorm(x, layer.attentionNorm.pointer, xn, Int64(d), Int64(n), hp.rmsEpsilon)
            observe("attn_norm-\(il)", xn, tokens: n, width: d)
            self.matmul(pool, matmul, input: xn, columns: d, tokens: n,
                        [(layer.query, q, layer.queryBias), (layer.key, k, layer.keyBias), (layer.value, v, layer.valueBias)])
            observe("Qcur-\(il)", q, tokens: n, width: qDim)
            observe("Kcur-\(il)", k, tokens: n, width: kvDim)
            observe("Vcur-\(il)", v, tokens: n, width: kvDim)
            if let qn = layer.queryNorm { ck_rmsnorm(q, qn.pointer, q, Int64(hd), Int64(n * hp.headCount), hp.rmsEpsilon) }
            if let kn = layer.keyNorm { ck_rmsnorm(k, kn.pointer, k, Int64(hd), Int64(n * hp.kvHeadCount), hp.rmsEpsilon) }
            let rope = sliding && hp.ropeBaseLocal != hp.ropeBase ? ropeLocal : ropeGlobal
            let neox: Int32 = hp.ropeNeoX ? 1 : 0
            ck_rope_apply(q, Int64(n), Int64(qDim), Int32(hp.headCount), Int32(hd), Int32(ropeWidth), rope, neox)
            ck_rope_apply(k, Int64(n), Int64(kvDim), Int32(hp.kvHeadCount), Int32(hd), Int32(ropeWidth), rope, neox)
            observe("Qrope-\(il)", q, tokens: n, width: qDim)
            observe("Krope-\(il)", k, tokens: n, width: kvDim)
            for (index, segment) in segments.enumerated() {
                let first = segment.rows.lowerBound, count = segment.rows.count, position = segment.position
                let keys = segment.cache.keys(layer: il), values = segment.cache.values(layer: il)
                (keys + position * kvDim).update(from: k + first * kvDim, count: count * kvDim)
                (values + position * kvDim).update(from: v + first * kvDim, count: count * kvDim)
                attentionArgs[index] = ck_attention_args(
                    q: q + first * qDim, k: keys, v: values, out: attn + first * qDim, n_head: Int32(hp.headCount),
                    n_kv_head: Int32(hp.kvHeadCount), head_dim: Int32(hd), pos0: Int64(position), n_tokens: Int64(count),
                    window: Int64(sliding ? (hp.slidingWindow ?? 0) : 0), scale: hp.attentionScale,
                    softcap: hp.attentionSoftcap ?? 0, use_reference: 0)
            }
            // One sequence: its own call. Several (a batched step): one dispatch for all.
            if segments.count == 1 {
                ck_attention(pool, attentionArgs)
            } else {
                ck_attention_batch(pool, attentionArgs, Int32(segments.count))
            }
            observe("kqv_out-\(il)", attn, tokens: n, width: qDim)
            self.matmul(pool, matmul, input: attn, columns: qDim, tokens: n, [(layer.output, tmp, nil)])
            observe("attn_out-\(il)", tmp, tokens: n, width: d)
            if let post = layer.postAttentionNorm {
                ck_rmsnorm(tmp, post.pointer, tmp, Int64(d), Int64(n), hp.rmsEpsilon)
                observe("attn_post_norm-\(il)", tmp, tokens: n, width: d)
            }
            ck_add(x, tmp, Int64(n * d))
            if il == weights.layers.count - 1 && keepsOnlyLastRows {
                // Row s takes segment s's last row. Moving in order never overwrites a row still
                // to be read: segment s's last row is at index >= s, and later segments' rows
                // lie past every earlier destination.
                for (s, segment) in segments.enumerated() where segment.rows.upperBound - 1 != s {
                    (x + s * d).update(from: x + (segment.rows.upperBound - 1) * d, count: d)
                }
                n = segments.count
            }
            observe("ffn_inp-\(il)", x, tokens: n, width: d)

            // Feed-forward block.
            ck_rmsnorm(x, layer.feedForwardNorm.pointer, xn, Int64(d), Int64(n), hp.rmsEpsilon)
            observe("ffn_norm-\(il)", xn, tokens: n, width: d)
            self.matmul(pool, matmul, input: xn, columns: d, tokens: n, [(layer.gate, gate, nil), (layer.up, up, nil)])
            observe("ffn_gate-\(il)", gate, tokens: n, width: ff)
            observe("ffn_up-\(il)", up, tokens: n, width: ff)
            if hp.architecture == .gemma3 {
                ck_geglu(gate, up, Int64(n * ff))
            } else {
                ck_swiglu(gate, up, Int64(n * ff))
            }
            observe("ffn_act-\(il)", gate, tokens: n, width: ff)
            self.matmul(pool, matmul, input: gate, columns: ff, tokens: n, [(layer.down, tmp, nil)])
            observe("ffn_out-\(il)", tmp, tokens: n, width: d)
            if let post = layer.postFeedForwardNorm {
                ck_rmsnorm(tmp, post.pointer, tmp, Int64(d), Int64(n), hp.rmsEpsilon)
                observe("ffn_post_norm-\(il)", tmp, tokens: n, width: d)
            }
            ck_add(x, tmp, Int64(n * d))
            observe("l_out-\(il)", x, tokens: n, width: d)
        }
        for (s, segment) in segments.enumerated() {
            let row = keepsOnlyLastRows ? s : segment.rows.upperBound - 1
            ck_rmsnorm(x + row * d, weights.outputNorm.pointer, segment.hidden, Int64(d), 1, hp.rmsEpsilon)
        }
        if let last = segments.first { observe("result_norm", last.hidden, tokens: 1, width: d) }
    }

    /// Output-head logits of every token of the last `run` (whose residual stream is still in
    /// `x`), [tokens][vocabulary]: one matrix product over the whole batch, as llama.cpp computes
    /// logits when it keeps them for every position.
    func logitsForEveryToken(_ pool: OpaquePointer, tokens n: Int, into out: UnsafeMutablePointer<Float>) {
        let head = weights.output, d = hp.embeddingLength
        ck_rmsnorm(x, weights.outputNorm.pointer, xn, Int64(d), Int64(n), hp.rmsEpsilon)
        matmul(pool, input: xn, columns: d, tokens: n, [(head, out, nil)])
        if let cap = hp.finalLogitSoftcap { ck_softcap(out, cap, Int64(n * head.rows)) }
    }

    /// Full output-head logits of `count` final hidden states stacked in `hiddenRows`
    /// ([count][d]), into `out` ([count][vocabulary]): one product reading the head once, in
    /// the one-token kernels' order, so row i equals ``logits(_:rows:into:)`` of hidden state i.
    func logits(_ pool: OpaquePointer, hiddenRows: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<Float>) {
        precondition(count > 0 && count <= maxBatch, "ForwardPass.logits: caller checks bounds")
        let head = weights.output, d = hp.embeddingLength
        let slot = Self.slot(for: head.kernelType)
        ck_quantize_batch(pool, head.kernelType, hiddenRows, Int64(d), Int64(d), Int64(count), quantized[slot])
        jobs[0] = ck_matmul_job(type: head.kernelType, w: head.base, rows: Int64(head.rows), cols: Int64(d),
                                row_ids: nil, xq: quantized[slot], bias: nil, y: out, ldy: Int64(head.rows))
        ck_matmul_rowwise(pool, jobs, 1, Int64(count))
        if let cap = hp.finalLogitSoftcap { ck_softcap(out, cap, Int64(count * head.rows)) }
    }

    /// Output-head rows for `lastHidden`: every row when `rows` is nil, else only those rows
    /// (ids already range-checked), in that order.
    func logits(_ pool: OpaquePointer, rows: UnsafeBufferPointer<Int32>?, into out: UnsafeMutablePointer<Float>) {
        let head = weights.output
        let slot = Self.slot(for: head.kernelType)
        ck_quantize_activations(head.kernelType, lastHidden, quantized[slot], Int64(hp.embeddingLength))
        let count = rows?.count ?? head.rows
        jobs[0] = ck_matmul_job(type: head.kernelType, w: head.base, rows: Int64(count), cols: Int64(hp.embeddingLength),
                                row_ids: rows?.baseAddress, xq: quantized[slot], bias: nil, y: out, ldy: Int64(count))
        ck_matmul(pool, jobs, 1, 1)
        if let cap = hp.finalLogitSoftcap { ck_softcap(out, cap, Int64(count)) }
    }
}

@available(*, unavailable) extension ForwardPass: Sendable {}
