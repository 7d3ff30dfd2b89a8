// Matrix products, normalization, activations, rotary embeddings and attention.

#include "CKernels.h"
#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

// MARK: - Matrix products

enum { CK_ROW_CHUNK = 16, CK_TOKEN_TILE = 16, CK_QUANTIZE_INLINE_VALUES = 16384 };

typedef struct {
    const ck_matmul_job *jobs;
    int n_jobs;
    int64_t n_tokens;
    int rowwise;              // every token in the one-token kernels' order (ck_matmul_rowwise)
    int64_t chunk;            // rows per chunk
    int64_t chunk_start[17];  // prefix sums of chunks per job (n_jobs <= 16)
    _Atomic int64_t next;
} ck_matmul_ctx;

static void ck_matmul_chunk(const ck_matmul_job *job, int64_t r0, int64_t r1, int64_t n_tokens, int rowwise) {
    const ck_type_traits *tt = &ck_kernels()->type[job->type];
    const ck_dot_fn dot = tt->vec_dot, batched = tt->vec_dot_batched;
    if (!dot) return;  // not a weight type (callers check ck_type_supported)
    // Row-wise, each token is computed as a batch of one would compute it: no multi-token
    // kernels (their sums are ordered differently), so results do not depend on the batch.
    const int64_t grouped = rowwise ? 0 : ck_batched_tokens(tt, n_tokens);
    const ck_dot4_fn dot4 = rowwise ? NULL : tt->dot4;
    size_t wrb = ck_row_bytes(job->type, job->cols);
    size_t xrb = ck_activation_row_bytes(job->type, job->cols);
    const uint8_t *xq = job->xq;
    const int nr = tt->dotr_rows;
    if (tt->dotr && (n_tokens < 4 || rowwise) && nr <= 8) {
        // Few tokens (decode): nr weight rows per call, whose independent sums hide the latency
        // of kernels that must keep one accumulator chain per row; each row's float operations
        // stay in the one-row kernel's order (bit-identical results).
        const void *w[8];
        int64_t s[8];
        int64_t r = r0;
        for (; r + nr <= r1; r += nr) {
            for (int k = 0; k < nr; k++) {
                s[k] = job->row_ids ? job->row_ids[r + k] : r + k;
                w[k] = (const uint8_t *)job->w + (size_t)s[k] * wrb;
            }
            int64_t t = 0;
            if (rowwise && tt->dotr_x4) {
                // Four tokens per call, each in dotr's order (bit-identical to dotr).
                for (; t + 4 <= n_tokens; t += 4) {
                    float v[4 * 8];
                    tt->dotr_x4(job->cols, w, xq + (size_t)t * xrb, xrb, v);
                    for (int u = 0; u < 4; u++) {
                        for (int k = 0; k < nr; k++) {
                            job->y[(t + u) * job->ldy + r + k] = v[u * nr + k] + (job->bias ? job->bias[s[k]] : 0.0f);
                        }
                    }
                }
                if (tt->dotr_x2) {
                    for (; t + 2 <= n_tokens; t += 2) {
                        float v[2 * 8];
                        tt->dotr_x2(job->cols, w, xq + (size_t)t * xrb, xrb, v);
                        for (int u = 0; u < 2; u++) {
                            for (int k = 0; k < nr; k++) {
                                job->y[(t + u) * job->ldy + r + k] = v[u * nr + k] + (job->bias ? job->bias[s[k]] : 0.0f);
                            }
                        }
                    }
                }
            }
            for (; t < n_tokens; t++) {
                float v[8];
                tt->dotr(job->cols, w, xq + (size_t)t * xrb, v);
                for (int k = 0; k < nr; k++) job->y[t * job->ldy + r + k] = v[k] + (job->bias ? job->bias[s[k]] : 0.0f);
            }
        }
        r0 = r;  // the last rows take the general path below
    }
    for (int64_t t0 = 0; t0 < n_tokens; t0 += CK_TOKEN_TILE) {
        int64_t t1 = t0 + CK_TOKEN_TILE < n_tokens ? t0 + CK_TOKEN_TILE : n_tokens;
        for (int64_t r = r0; r < r1; r++) {
            int64_t src = job->row_ids ? job->row_ids[r] : r;
            const uint8_t *w = (const uint8_t *)job->w + (size_t)src * wrb;
            float b = job->bias ? job->bias[src] : 0.0f;
            int64_t t = t0;
            if (dot4) {
                for (; t + 4 <= t1; t += 4) {
                    float v[4];
                    dot4(job->cols, w, xq + (size_t)t * xrb, xrb, v);
                    for (int k = 0; k < 4; k++) job->y[(t + k) * job->ldy + r] = v[k] + b;
                }
            }
            for (; t < t1; t++) {
                // llama.cpp runs some types through multi-token kernels with their own sum
                // orders, for all or the leading tokens of a batch (ck_batched_tokens).
                ck_dot_fn fn = batched && t < grouped ? batched : dot;
                job->y[t * job->ldy + r] = fn(job->cols, w, xq + (size_t)t * xrb) + b;
            }
        }
    }
}

static void ck_matmul_task(void *vctx, int ith, int nth) {
    (void)ith;
    (void)nth;
    ck_matmul_ctx *c = vctx;
    int64_t total = c->chunk_start[c->n_jobs];
    for (;;) {
        int64_t k = atomic_fetch_add_explicit(&c->next, 1, memory_order_relaxed);
        if (k >= total) return;
        int j = 0;
        while (k >= c->chunk_start[j + 1]) j++;
        int64_t r0 = (k - c->chunk_start[j]) * c->chunk;
        int64_t r1 = r0 + c->chunk < c->jobs[j].rows ? r0 + c->chunk : c->jobs[j].rows;
        ck_matmul_chunk(&c->jobs[j], r0, r1, c->n_tokens, c->rowwise);
    }
}

static void ck_matmul_run(ck_pool *pool, const ck_matmul_job *jobs, int n_jobs, int64_t n_tokens, int rowwise) {
    ck_kernels_init();
    if (n_jobs <= 0 || n_tokens <= 0) return;
    // More than 16 jobs: run them in groups.
    while (n_jobs > 16) {
        ck_matmul_run(pool, jobs, 16, n_tokens, rowwise);
        jobs += 16;
        n_jobs -= 16;
    }
    ck_matmul_ctx c;
    c.jobs = jobs;
    c.n_jobs = n_jobs;
    c.n_tokens = n_tokens;
    c.rowwise = rowwise;
    c.chunk = CK_ROW_CHUNK;
    if (n_tokens == 1 || rowwise) {
        // A decode row takes tens of nanoseconds, about what claiming a chunk costs when the
        // counter's cache line moves between cores: claim about 8 chunks per thread instead.
        // The same holds for a batched decode step's few rows per token (16-row chunks made the
        // output head alone 3,072 claims a pass). Chunking never changes a row's result.
        int64_t rows = 0;
        for (int j = 0; j < n_jobs; j++) rows += jobs[j].rows;
        int64_t chunk = rows / (8 * (int64_t)ck_pool_size(pool)) / CK_ROW_CHUNK * CK_ROW_CHUNK;
        c.chunk = chunk < CK_ROW_CHUNK ? CK_ROW_CHUNK : (chunk > 256 ? 256 : chunk);
    }
    c.chunk_start[0] = 0;
    for (int j = 0; j < n_jobs; j++) c.chunk_start[j + 1] = c.chunk_start[j] + (jobs[j].rows + c.chunk - 1) / c.chunk;
    atomic_init(&c.next, 0);
    if (c.chunk_start[n_jobs] <= 1) ck_matmul_task(&c, 0, 1);
    else ck_pool_run(pool, ck_matmul_task, &c);
}

void ck_matmul(ck_pool *pool, const ck_matmul_job *jobs, int n_jobs, int64_t n_tokens) {
    ck_matmul_run(pool, jobs, n_jobs, n_tokens, 0);
}

void ck_matmul_rowwise(ck_pool *pool, const ck_matmul_job *jobs, int n_jobs, int64_t n_tokens) {
    ck_matmul_run(pool, jobs, n_jobs, n_tokens, 1);
}

typedef struct {
    int type;
    const float *x;
    int64_t ldx, cols, n_tokens;
    uint8_t *dst;
    _Atomic int64_t next;
} ck_quant_ctx;

static void ck_quant_task(void *vctx, int ith, int nth) {
    (void)ith;
    (void)nth;
    ck_quant_ctx *c = vctx;
    size_t rb = ck_activation_row_bytes(c->type, c->cols);
    for (;;) {
        int64_t t = atomic_fetch_add_explicit(&c->next, 1, memory_order_relaxed);
        if (t >= c->n_tokens) return;
        ck_quantize_activations(c->type, c->x + t * c->ldx, c->dst + (size_t)t * rb, c->cols);
    }
}

void ck_quantize_batch(ck_pool *pool, int weight_type, const float *x, int64_t ldx, int64_t cols, int64_t n_tokens, void *dst) {
    ck_kernels_init();
    ck_quant_ctx c = {weight_type, x, ldx, cols, n_tokens, dst, 0};
    // A few rows (a decode step, batched or not) take about a microsecond: less than waking
    // the pool would.
    if (n_tokens < 4 || n_tokens * cols <= CK_QUANTIZE_INLINE_VALUES) ck_quant_task(&c, 0, 1);
    else ck_pool_run(pool, ck_quant_task, &c);
}

// MARK: - Element-wise

void ck_rmsnorm(const float *x, const float *w, float *y, int64_t n, int64_t n_rows, float eps) {
    for (int64_t r = 0; r < n_rows; r++, x += n, y += n) {
        // As ggml: squares rounded to float, summed in double, the mean rounded to float.
        double sum = 0;
        for (int64_t i = 0; i < n; i++) sum += (double)(x[i] * x[i]);
        float scale = 1.0f / sqrtf((float)(sum / (double)n) + eps);
        if (w) for (int64_t i = 0; i < n; i++) y[i] = x[i] * scale * w[i];
        else for (int64_t i = 0; i < n; i++) y[i] = x[i] * scale;
    }
}

void ck_softmax(float *x, int64_t n) {
    if (n <= 0) return;
    float mx = x[0];
    for (int64_t i = 1; i < n; i++) mx = fmaxf(mx, x[i]);
    double sum = 0;
    for (int64_t i = 0; i < n; i++) {
        x[i] = expf(x[i] - mx);
        sum += x[i];
    }
    float inv = (float)(1.0 / sum);
    for (int64_t i = 0; i < n; i++) x[i] *= inv;
}

float ck_silu(float x) { return x / (1.0f + expf(-x)); }

float ck_gelu(float x) {
    const float c = 0.7978845608028654f;  // sqrt(2 / pi)
    return 0.5f * x * (1.0f + tanhf(c * (x + 0.044715f * x * x * x)));
}

void ck_swiglu_scalar(float *gate, const float *up, int64_t n) {
    for (int64_t i = 0; i < n; i++) gate[i] = ck_silu(gate[i]) * up[i];
}

// GELU as ggml evaluates it (GGML_GELU_FP16): the input rounded to F16 indexes a table of
// F16-rounded GELU values; inputs <= -10 give 0 and inputs >= 10 pass through. Matching it
// matters more than the ~1e-3 relative error the table adds: llama.cpp's outputs are the
// reference the engine is checked against.
static ck_half ck_gelu_table[1 << 16];
static pthread_once_t ck_gelu_table_once = PTHREAD_ONCE_INIT;

static void ck_gelu_table_fill(void) {
    const float sqrt_2_over_pi = 0.79788456080286535587989211986876f, coef = 0.044715f;
    for (int i = 0; i < (1 << 16); i++) {
        float x = ck_half_to_float((ck_half)i);
        // The products and the one fused multiply-add that ggml's compiled expression has.
        float inner = fmaf(coef * x, x, 1.0f);
        ck_gelu_table[i] = ck_float_to_half(0.5f * x * (1.0f + tanhf(sqrt_2_over_pi * x * inner)));
    }
}

const ck_half *ck_gelu_f16_table(void) {
    pthread_once(&ck_gelu_table_once, ck_gelu_table_fill);
    return ck_gelu_table;
}

void ck_geglu_scalar(float *gate, const float *up, int64_t n) {
    const ck_half *table = ck_gelu_f16_table();
    for (int64_t i = 0; i < n; i++) {
        float x = gate[i];
        if (x <= -10.0f) gate[i] = 0.0f;
        else if (x >= 10.0f) gate[i] = x * up[i];
        else gate[i] = ck_half_to_float(table[ck_float_to_half(x)]) * up[i];
    }
}

void ck_swiglu(float *gate, const float *up, int64_t n) { ck_kernels()->op.swiglu(gate, up, n); }
void ck_geglu(float *gate, const float *up, int64_t n) { ck_kernels()->op.geglu(gate, up, n); }
void ck_swiglu_reference(float *gate, const float *up, int64_t n) { ck_swiglu_scalar(gate, up, n); }
void ck_geglu_reference(float *gate, const float *up, int64_t n) { ck_geglu_scalar(gate, up, n); }

void ck_add(float *y, const float *x, int64_t n) {
    for (int64_t i = 0; i < n; i++) y[i] += x[i];
}

void ck_scale(float *x, float s, int64_t n) {
    for (int64_t i = 0; i < n; i++) x[i] *= s;
}

void ck_softcap(float *x, float cap, int64_t n) {
    for (int64_t i = 0; i < n; i++) x[i] = cap * tanhf(x[i] / cap);
}

// MARK: - Rotary position embedding

void ck_rope_table(float *cs, int64_t pos0, int64_t n_tokens, int n_dims, float base, float freq_scale) {
    // As ggml computes it (so rotations match llama.cpp bit for bit): the angle of pair i is
    // pos * theta_scale^i by repeated float multiplication, theta_scale = powf(base, -2/n_dims),
    // and its cosine and sine come from the float libm functions.
    int half = n_dims / 2;
    const float theta_scale = powf(base, -2.0f / (float)n_dims);
    for (int64_t t = 0; t < n_tokens; t++) {
        float theta = (float)(pos0 + t);
        for (int i = 0; i < half; i++) {
            float angle = freq_scale * theta;
            cs[(t * half + i) * 2] = cosf(angle);
            cs[(t * half + i) * 2 + 1] = sinf(angle);
            theta *= theta_scale;
        }
    }
}

static inline __attribute__((always_inline)) void rope_rotate(float *x, int64_t n_tokens, int64_t ldx, int n_heads, int head_dim,
                                                            int n_dims, const float *cs, int neox) {
    // x0' = x0 cos - x1 sin and x1' = x0 sin + x1 cos, each as one fused multiply-add of the
    // first product onto the rounded second one (what ggml's compiled rotation computes).
    int half = n_dims / 2;
    int64_t offset = neox ? half : 1;
    int64_t step = neox ? 1 : 2;
    for (int64_t t = 0; t < n_tokens; t++) {
        const float *c = cs + t * half * 2;
        for (int h = 0; h < n_heads; h++) {
            float *v = x + t * ldx + (int64_t)h * head_dim;
            for (int i = 0; i < half; i++) {
                float *p = v + i * step;
                float a = p[0], b = p[offset], co = c[2 * i], si = c[2 * i + 1];
                p[0] = fmaf(a, co, -(b * si));
                p[offset] = fmaf(a, si, b * co);
            }
        }
    }
}

#if defined(__x86_64__)
/// The same rotation with fmaf compiled to the FMA instruction instead of a libm call.
__attribute__((target("fma"))) static void rope_rotate_fma(float *x, int64_t n_tokens, int64_t ldx, int n_heads,
                                                           int head_dim, int n_dims, const float *cs, int neox) {
    rope_rotate(x, n_tokens, ldx, n_heads, head_dim, n_dims, cs, neox);
}
#endif

void ck_rope_apply(float *x, int64_t n_tokens, int64_t ldx, int n_heads, int head_dim, int n_dims, const float *cs, int neox) {
#if defined(__x86_64__)
    if (ck_isa_available(CK_ISA_AVX2)) {
        rope_rotate_fma(x, n_tokens, ldx, n_heads, head_dim, n_dims, cs, neox);
        return;
    }
#endif
    rope_rotate(x, n_tokens, ldx, n_heads, head_dim, n_dims, cs, neox);
}

// MARK: - Attention

enum { CK_KEY_TILE = 64, CK_MAX_HEAD_DIM = 1024 };

typedef struct {
    const ck_attention_args *a;
    ck_attention_fn fast;
    _Atomic int64_t next;
} ck_attention_ctx;

static void ck_attention_one(const ck_attention_args *a, int64_t t, int h) {
    int hd = a->head_dim;
    int group = a->n_head / a->n_kv_head;
    int kvh = h / group;
    int64_t kv_stride = (int64_t)a->n_kv_head * hd;
    int64_t qpos = a->pos0 + t;
    int64_t kstart = 0;
    if (a->window > 0 && qpos - a->window + 1 > 0) kstart = qpos - a->window + 1;
    const float *q = a->q + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    float acc[CK_MAX_HEAD_DIM];
    for (int i = 0; i < hd; i++) acc[i] = 0;
    float m = -INFINITY, l = 0;
    float s[CK_KEY_TILE];
    for (int64_t k0 = kstart; k0 <= qpos; k0 += CK_KEY_TILE) {
        int64_t k1 = k0 + CK_KEY_TILE - 1 < qpos ? k0 + CK_KEY_TILE - 1 : qpos;
        float tile_max = -INFINITY;
        for (int64_t k = k0; k <= k1; k++) {
            const float *kv = a->k + k * kv_stride + (int64_t)kvh * hd;
            float d = 0;
            for (int i = 0; i < hd; i++) d += q[i] * kv[i];
            d *= a->scale;
            if (a->softcap > 0) d = a->softcap * tanhf(d / a->softcap);
            s[k - k0] = d;
            tile_max = fmaxf(tile_max, d);
        }
        float new_m = fmaxf(m, tile_max);
        float corr = expf(m - new_m);
        if (corr != 1.0f) {
            l *= corr;
            for (int i = 0; i < hd; i++) acc[i] *= corr;
        }
        for (int64_t k = k0; k <= k1; k++) {
            float p = expf(s[k - k0] - new_m);
            l += p;
            const float *vv = a->v + k * kv_stride + (int64_t)kvh * hd;
            for (int i = 0; i < hd; i++) acc[i] += p * vv[i];
        }
        m = new_m;
    }
    float *out = a->out + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    float inv = l > 0 ? 1.0f / l : 0.0f;
    for (int i = 0; i < hd; i++) out[i] = acc[i] * inv;
}

static void ck_attention_task(void *vctx, int ith, int nth) {
    (void)ith;
    (void)nth;
    ck_attention_ctx *c = vctx;
    const ck_attention_args *a = c->a;
    int64_t total = a->n_tokens * a->n_head;
    for (;;) {
        int64_t k = atomic_fetch_add_explicit(&c->next, 1, memory_order_relaxed);
        if (k >= total) return;
        if (c->fast) c->fast(a, k / a->n_head, (int)(k % a->n_head));
        else ck_attention_one(a, k / a->n_head, (int)(k % a->n_head));
    }
}

// MARK: Single-token decode: key ranges split across tasks, merged afterwards

enum { CK_PART_SCRATCH = 8192, CK_PART_MAX_HEADS = 16, CK_PART_MIN_KEYS = 32, CK_PART_MAX_SPLITS = 16 };

typedef struct {
    const ck_attention_args *a;
    ck_attention_part_fn part;
    int64_t kstart, nkeys;
    int splits, part_floats;
    float *scratch;
    _Atomic int next;
} ck_attention_split_ctx;

static void ck_attention_split_task(void *vctx, int ith, int nth) {
    (void)ith;
    (void)nth;
    ck_attention_split_ctx *c = vctx;
    for (;;) {
        int s = atomic_fetch_add_explicit(&c->next, 1, memory_order_relaxed);
        if (s >= c->splits) return;
        int64_t kb = c->kstart + c->nkeys * s / c->splits, ke = c->kstart + c->nkeys * (s + 1) / c->splits;
        c->part(c->a, 0, kb, ke, c->scratch + (size_t)s * (size_t)c->part_floats);
    }
}

/// Decode attention (one query token) through the split kernel; returns 0 when it does not
/// apply (no kernel, too many heads, scratch too small) and the caller takes the general path.
static int ck_attention_decode(ck_pool *pool, const ck_attention_args *a) {
    ck_attention_part_fn part = ck_kernels()->op.attention_part;
    int nh = a->n_head, hd = a->head_dim;
    if (!part || a->n_tokens != 1 || a->use_reference || hd % 8 != 0 || nh > CK_PART_MAX_HEADS) return 0;
    int64_t qpos = a->pos0;
    int64_t kstart = a->window > 0 && qpos - a->window + 1 > 0 ? qpos - a->window + 1 : 0;
    int64_t nkeys = qpos + 1 - kstart;
    int part_floats = nh * (hd + 2);
    int want = ck_pool_size(pool) * 4;
    int64_t by_keys = nkeys / CK_PART_MIN_KEYS;
    int splits = want < by_keys ? want : (int)by_keys;
    if (splits > CK_PART_MAX_SPLITS) splits = CK_PART_MAX_SPLITS;
    if (splits < 1) splits = 1;
    while (splits > 1 && (int64_t)splits * part_floats > CK_PART_SCRATCH) splits--;
    if ((int64_t)splits * part_floats > CK_PART_SCRATCH) return 0;
    float scratch[CK_PART_SCRATCH] __attribute__((aligned(64)));
    ck_attention_split_ctx c = {a, part, kstart, nkeys, splits, part_floats, scratch, 0};
    if (splits == 1) ck_attention_split_task(&c, 0, 1);
    else ck_pool_run(pool, ck_attention_split_task, &c);
    // Merge: out = sum_s acc_s e^(m_s - M) / sum_s l_s e^(m_s - M).
    for (int h = 0; h < nh; h++) {
        float m = -INFINITY;
        for (int s = 0; s < splits; s++) m = fmaxf(m, scratch[(size_t)s * (size_t)part_floats + (size_t)(nh * hd + h)]);
        float *out = a->out + (int64_t)h * hd;
        for (int i = 0; i < hd; i++) out[i] = 0;
        float l = 0;
        for (int s = 0; s < splits; s++) {
            const float *p = scratch + (size_t)s * (size_t)part_floats;
            float ms = p[nh * hd + h];
            if (ms == -INFINITY) continue;
            float w = expf(ms - m);
            l += p[nh * hd + nh + h] * w;
            for (int i = 0; i < hd; i++) out[i] += p[h * hd + i] * w;
        }
        float inv = l > 0 ? 1.0f / l : 0.0f;
        for (int i = 0; i < hd; i++) out[i] *= inv;
    }
    return 1;
}

void ck_attention(ck_pool *pool, const ck_attention_args *args) {
    if (args->head_dim > CK_MAX_HEAD_DIM || args->n_kv_head <= 0 || args->n_head % args->n_kv_head != 0) return;
    // Where the path has it, follow ggml's graph (KQ, softmax, KQV) op for op, so results match
    // llama.cpp's; otherwise the online-softmax kernels.
    const ck_op_traits *op = &ck_kernels()->op;
    ck_attention_fn exact = args->use_reference == 0 && op->attention_exact ? op->attention_exact(args) : NULL;
    if (!exact && ck_attention_decode(pool, args)) return;
    ck_attention_ctx c;
    c.a = args;
    c.fast = exact ? exact : (args->head_dim % 8 == 0 && args->use_reference == 0 ? op->attention : NULL);
    atomic_init(&c.next, 0);
    ck_pool_run(pool, ck_attention_task, &c);
}

typedef struct {
    const ck_attention_args *args;
    const ck_attention_fn *fast;  // per sequence, as ck_attention chooses it
    const int64_t *start;         // prefix sums of the sequences' (token, head) items
    int count;
    _Atomic int64_t next;
} ck_attention_batch_ctx;

static void ck_attention_batch_task(void *vctx, int ith, int nth) {
    (void)ith;
    (void)nth;
    ck_attention_batch_ctx *c = vctx;
    int64_t total = c->start[c->count];
    int s = 0;
    for (;;) {
        int64_t k = atomic_fetch_add_explicit(&c->next, 1, memory_order_relaxed);
        if (k >= total) return;
        while (k >= c->start[s + 1]) s++;  // items are claimed in increasing order
        const ck_attention_args *a = &c->args[s];
        int64_t item = k - c->start[s];
        if (c->fast[s]) c->fast[s](a, item / a->n_head, (int)(item % a->n_head));
        else ck_attention_one(a, item / a->n_head, (int)(item % a->n_head));
    }
}

void ck_attention_batch(ck_pool *pool, const ck_attention_args *args, int count) {
    enum { MAX = 64 };
    ck_attention_fn fast[MAX];
    int64_t start[MAX + 1];
    const ck_op_traits *op = &ck_kernels()->op;
    int shared = count <= MAX;
    start[0] = 0;
    for (int i = 0; shared && i < count; i++) {
        const ck_attention_args *a = &args[i];
        if (a->head_dim > CK_MAX_HEAD_DIM || a->n_kv_head <= 0 || a->n_head % a->n_kv_head != 0) { shared = 0; break; }
        ck_attention_fn exact = a->use_reference == 0 && op->attention_exact ? op->attention_exact(a) : NULL;
        // A sequence ck_attention would split by key ranges keeps its own call (below).
        if (!exact) { shared = 0; break; }
        fast[i] = exact;
        start[i + 1] = start[i] + a->n_tokens * a->n_head;
    }
    if (!shared) {
        for (int i = 0; i < count; i++) ck_attention(pool, &args[i]);
        return;
    }
    ck_attention_batch_ctx c = {args, fast, start, count, 0};
    atomic_init(&c.next, 0);
    ck_pool_run(pool, ck_attention_batch_task, &c);
}

void ck_fill_ops_scalar(ck_kernel_table *t) {
    t->op.swiglu = ck_swiglu_scalar;
    t->op.geglu = ck_geglu_scalar;
}

// MARK: - Byte scans

size_t ck_count_bytes_in_set(const uint8_t *bytes, size_t n, const uint8_t in_set[256]) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) count += in_set[bytes[i]] != 0;
    return count;
}
