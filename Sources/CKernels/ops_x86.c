// AVX2+FMA element-wise kernels and attention. Where ggml's CPU backend (as llama.cpp builds it
// for an AVX2 machine without AVX-512) has an order, these follow it bit for bit, as
// ops_avx512.c does for AVX-512 builds:
// - e^x is ggml_v_expf's 8-lane form (range reduction as on AVX-512, but the polynomial's last
//   term folded into k + k * j, and 2^n built from the exponent bits, with the large-|n| cases
//   split as |n| > 126 and |n| > 192); SiLU is x / (1 + e^-x) on it, 8 values at a time.
// - Attention without flash attention (KQ, softmax, KQV as three graph ops): KQ is
//   ggml_vec_dot_f32 with AVX (four 8-lane accumulators over 32-element steps, folded 0+2, 1+3,
//   then 0+1, then the 128-bit halves added and two horizontal adds); softmax takes e^(x - max)
//   8 keys at a time, each group's sum (halves, movehl, movehdup) added in double, then times
//   the float of 1 / sum; KQV is tinyBLAS's 8-lane accumulator per output (keys in lane j % 8,
//   summed by its hsum) for a batch of two or more tokens, ggml_vec_dot_f32 for one token (key
//   j in lane j % 8 of accumulator (j / 8) % 4).
// The online-softmax attention below stays for what that order cannot take (soft-capping,
// head_dim % 8 != 0, very long contexts).

#include "CKernels.h"
#include "internal.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <math.h>

#define CK_AVX2 __attribute__((target("avx2,fma,f16c")))

enum { CK_KEY_TILE = 64, CK_MAX_HEAD_DIM = 1024 };

static inline CK_AVX2 float hsum8(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

/// One attention score: q·k over a head, scaled, soft-capped where the model asks for it.
static inline CK_AVX2 float attention_score_avx2(const ck_attention_args *a, const float *q, const float *kv, int hd) {
    __m256 d0 = _mm256_setzero_ps(), d1 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 16 <= hd; i += 16) {
        d0 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i), _mm256_loadu_ps(kv + i), d0);
        d1 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i + 8), _mm256_loadu_ps(kv + i + 8), d1);
    }
    for (; i < hd; i += 8) d0 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i), _mm256_loadu_ps(kv + i), d0);
    float d = hsum8(_mm256_add_ps(d0, d1)) * a->scale;
    if (a->softcap > 0) d = a->softcap * tanhf(d / a->softcap);
    return d;
}

static CK_AVX2 void attention_one_avx2(const ck_attention_args *a, int64_t t, int h) {
    int hd = a->head_dim;
    int kvh = h / (a->n_head / a->n_kv_head);
    int64_t kv_stride = (int64_t)a->n_kv_head * hd;
    int64_t qpos = a->pos0 + t;
    int64_t kstart = 0;
    if (a->window > 0 && qpos - a->window + 1 > 0) kstart = qpos - a->window + 1;
    const float *q = a->q + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const float *kbase = a->k + (int64_t)kvh * hd, *vbase = a->v + (int64_t)kvh * hd;
    float acc[CK_MAX_HEAD_DIM] __attribute__((aligned(32)));
    for (int i = 0; i < hd; i++) acc[i] = 0;
    float m = -INFINITY, l = 0;
    float s[CK_KEY_TILE];
    for (int64_t k0 = kstart; k0 <= qpos; k0 += CK_KEY_TILE) {
        int64_t k1 = k0 + CK_KEY_TILE - 1 < qpos ? k0 + CK_KEY_TILE - 1 : qpos;
        float tile_max = -INFINITY;
        for (int64_t k = k0; k <= k1; k++) {
            float d = attention_score_avx2(a, q, kbase + k * kv_stride, hd);
            s[k - k0] = d;
            tile_max = fmaxf(tile_max, d);
        }
        float new_m = fmaxf(m, tile_max);
        float corr = expf(m - new_m);
        if (corr != 1.0f) {
            l *= corr;
            __m256 c = _mm256_set1_ps(corr);
            for (int i = 0; i < hd; i += 8) _mm256_store_ps(acc + i, _mm256_mul_ps(_mm256_load_ps(acc + i), c));
        }
        for (int64_t k = k0; k <= k1; k++) {
            float p = expf(s[k - k0] - new_m);
            l += p;
            const float *vv = vbase + k * kv_stride;
            __m256 pv = _mm256_set1_ps(p);
            for (int i = 0; i < hd; i += 8)
                _mm256_store_ps(acc + i, _mm256_fmadd_ps(pv, _mm256_loadu_ps(vv + i), _mm256_load_ps(acc + i)));
        }
        m = new_m;
    }
    float *out = a->out + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    float inv = l > 0 ? 1.0f / l : 0.0f;
    for (int i = 0; i < hd; i++) out[i] = acc[i] * inv;
}


enum { CK_PART_MAX_HEADS = 16 };

static CK_AVX2 void attention_part_avx2(const ck_attention_args *a, int64_t t, int64_t kb, int64_t ke, float *part) {
    int hd = a->head_dim, nh = a->n_head, group = a->n_head / a->n_kv_head;
    int64_t kv_stride = (int64_t)a->n_kv_head * hd;
    const float *q = a->q + t * (int64_t)nh * hd;
    float *acc = part, *pm = part + nh * hd, *pl = pm + nh;
    for (int i = 0; i < nh * hd; i++) acc[i] = 0;
    for (int g = 0; g < nh; g++) { pm[g] = -INFINITY; pl[g] = 0; }
    float s[CK_PART_MAX_HEADS][CK_KEY_TILE] __attribute__((aligned(32)));
    for (int64_t k0 = kb; k0 < ke; k0 += CK_KEY_TILE) {
        int nk = (int)(ke - k0 < CK_KEY_TILE ? ke - k0 : CK_KEY_TILE);
        for (int j = 0; j < nk; j++) {
            const float *krow = a->k + (k0 + j) * kv_stride;
            for (int g = 0; g < nh; g++) {
                s[g][j] = attention_score_avx2(a, q + g * hd, krow + (g / group) * hd, hd);
            }
        }
        for (int g = 0; g < nh; g++) {
            float tile_max = -INFINITY;
            for (int j = 0; j < nk; j++) tile_max = fmaxf(tile_max, s[g][j]);
            float new_m = fmaxf(pm[g], tile_max);
            float corr = expf(pm[g] - new_m);
            if (corr != 1.0f) {
                pl[g] *= corr;
                __m256 c = _mm256_set1_ps(corr);
                for (int i = 0; i < hd; i += 8)
                    _mm256_storeu_ps(acc + g * hd + i, _mm256_mul_ps(_mm256_loadu_ps(acc + g * hd + i), c));
            }
            // Scalar expf and a sequential sum, as attention_one_avx2 does: the logits then
            // match the per-head path bit for bit when the key range is not split.
            for (int j = 0; j < nk; j++) {
                float p = expf(s[g][j] - new_m);
                s[g][j] = p;
                pl[g] += p;
            }
            pm[g] = new_m;
        }
        for (int j = 0; j < nk; j++) {
            const float *vrow = a->v + (k0 + j) * kv_stride;
            for (int g = 0; g < nh; g++) {
                const float *vv = vrow + (g / group) * hd;
                float *ag = acc + g * hd;
                __m256 p = _mm256_set1_ps(s[g][j]);
                for (int i = 0; i < hd; i += 8)
                    _mm256_storeu_ps(ag + i, _mm256_fmadd_ps(p, _mm256_loadu_ps(vv + i), _mm256_loadu_ps(ag + i)));
            }
        }
    }
}

// MARK: - Gated activations

/// GELU through ggml's F16 table (see ck_geglu_scalar), with the F16 rounding of 8 inputs
/// done by one F16C conversion.
static CK_AVX2 void geglu_avx2(float *gate, const float *up, int64_t n) {
    const ck_half *table = ck_gelu_f16_table();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 x = _mm256_loadu_ps(gate + i);
        uint16_t h[8];
        _mm_storeu_si128((__m128i *)h, _mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        uint16_t g[8];
        for (int k = 0; k < 8; k++) g[k] = table[h[k]];
        __m256 gelu = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)g));
        __m256 low = _mm256_cmp_ps(x, _mm256_set1_ps(-10.0f), _CMP_LE_OQ);
        __m256 high = _mm256_cmp_ps(x, _mm256_set1_ps(10.0f), _CMP_GE_OQ);
        gelu = _mm256_blendv_ps(_mm256_blendv_ps(gelu, x, high), _mm256_setzero_ps(), low);
        _mm256_storeu_ps(gate + i, _mm256_mul_ps(gelu, _mm256_loadu_ps(up + i)));
    }
    ck_geglu_scalar(gate + i, up + i, n - i);
}

// MARK: - ggml's order (AVX2 builds)

enum { CK_GGML_MAX_HEAD_DIM = 256, CK_GGML_MAX_KEYS = 8192 };  // 32 KB of scores on the stack

/// e^x for 8 floats as ggml_v_expf's AVX2+FMA form computes it (see the file comment).
static inline CK_AVX2 __m256 exp8_ggml(__m256 x) {
    const __m256 shifter = _mm256_set1_ps(0x1.8p23f);
    const __m256 z = _mm256_fmadd_ps(x, _mm256_set1_ps(0x1.715476p+0f), shifter);
    const __m256 n = _mm256_sub_ps(z, shifter);
    const __m256 b = _mm256_fnmadd_ps(n, _mm256_set1_ps(0x1.7f7d1cp-20f), _mm256_fnmadd_ps(n, _mm256_set1_ps(0x1.62e4p-1f), x));
    const __m256i e = _mm256_slli_epi32(_mm256_castps_si256(z), 23);
    const __m256 k = _mm256_castsi256_ps(_mm256_add_epi32(e, _mm256_castps_si256(_mm256_set1_ps(1))));
    const __m256 abs_n = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), n);
    const __m256 large = _mm256_cmp_ps(abs_n, _mm256_set1_ps(126), _CMP_GT_OQ);
    const __m256 u = _mm256_mul_ps(b, b);
    const __m256 j = _mm256_fmadd_ps(
        _mm256_fmadd_ps(_mm256_fmadd_ps(_mm256_set1_ps(0x1.0e4020p-7f), b, _mm256_set1_ps(0x1.573e2ep-5f)), u,
                        _mm256_fmadd_ps(_mm256_set1_ps(0x1.555e66p-3f), b, _mm256_set1_ps(0x1.fffdb6p-2f))),
        u, _mm256_mul_ps(_mm256_set1_ps(0x1.ffffecp-1f), b));
    if (!_mm256_movemask_ps(large)) return _mm256_fmadd_ps(j, k, k);
    // 2^n past the normal exponents: as two factors s1 * s2, or saturated past |n| > 192.
    const __m256i g = _mm256_and_si256(_mm256_castps_si256(_mm256_cmp_ps(n, _mm256_setzero_ps(), _CMP_LE_OQ)),
                                       _mm256_set1_epi32((int)0x82000000u));
    const __m256 s1 = _mm256_castsi256_ps(_mm256_add_epi32(g, _mm256_set1_epi32(0x7f000000)));
    const __m256 s2 = _mm256_castsi256_ps(_mm256_sub_epi32(e, g));
    const __m256 huge = _mm256_cmp_ps(abs_n, _mm256_set1_ps(192), _CMP_GT_OQ);
    const __m256 scaled = _mm256_blendv_ps(_mm256_fmadd_ps(k, j, k), _mm256_mul_ps(_mm256_fmadd_ps(s2, j, s2), s1), large);
    return _mm256_blendv_ps(scaled, _mm256_mul_ps(s1, s1), huge);
}

/// ggml_vec_swiglu_f32 on AVX2: silu(gate) * up, 8 at a time, the scalar SiLU for the tail.
static CK_AVX2 void swiglu_ggml_avx2(float *gate, const float *up, int64_t n) {
    const __m256 one = _mm256_set1_ps(1.0f);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 g = _mm256_loadu_ps(gate + i);
        __m256 silu = _mm256_div_ps(g, _mm256_add_ps(one, exp8_ggml(_mm256_sub_ps(_mm256_setzero_ps(), g))));
        _mm256_storeu_ps(gate + i, _mm256_mul_ps(silu, _mm256_loadu_ps(up + i)));
    }
    for (; i < n; i++) gate[i] = ck_silu(gate[i]) * up[i];
}

/// GGML_F32x8_REDUCE's last steps on one folded accumulator: the 128-bit halves added, then
/// two horizontal adds ((0 + 1) + (2 + 3)).
static inline CK_AVX2 float reduce8_hadd(__m256 v) {
    const __m128 t0 = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t1 = _mm_hadd_ps(t0, t0);
    return _mm_cvtss_f32(_mm_hadd_ps(t1, t1));
}

/// tinyBLAS's and the softmax's 8 -> 1 sum: the halves added, then movehl ((0 + 2) + (1 + 3)).
static inline CK_AVX2 float reduce8_movehl(__m256 v) {
    __m128 x = _mm_add_ps(_mm256_extractf128_ps(v, 1), _mm256_castps256_ps128(v));
    x = _mm_add_ps(x, _mm_movehl_ps(x, x));
    x = _mm_add_ss(x, _mm_movehdup_ps(x));
    return _mm_cvtss_f32(x);
}

/// ggml_vec_dot_f32 on AVX2 (GGML_F32_STEP 32, four accumulators), leftovers fused in order.
static inline CK_AVX2 float dot_f32_ggml8(const float *x, const float *y, int n) {
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps(), s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i), s0);
        s1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), _mm256_loadu_ps(y + i + 8), s1);
        s2 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 16), _mm256_loadu_ps(y + i + 16), s2);
        s3 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 24), _mm256_loadu_ps(y + i + 24), s3);
    }
    float sum = reduce8_hadd(_mm256_add_ps(_mm256_add_ps(s0, s2), _mm256_add_ps(s1, s3)));
    for (; i < n; i++) sum = fmaf(x[i], y[i], sum);
    return sum;
}

/// One (query token, head) of attention in ggml's AVX2 order (see the file comment). Needs
/// head_dim % 8 == 0, head_dim <= 256, no soft-capping and at most 8192 keys (the caller checks).
static CK_AVX2 void attention_ggml_avx2(const ck_attention_args *a, int64_t t, int h) {
    const int hd = a->head_dim;
    const int kvh = h / (a->n_head / a->n_kv_head);
    const int64_t kv_stride = (int64_t)a->n_kv_head * hd;
    const int64_t qpos = a->pos0 + t;
    const int64_t kstart = a->window > 0 && qpos - a->window + 1 > 0 ? qpos - a->window + 1 : 0;
    const float *q = a->q + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const float *kbase = a->k + (int64_t)kvh * hd, *vbase = a->v + (int64_t)kvh * hd;
    float w[CK_GGML_MAX_KEYS + 8] __attribute__((aligned(32)));

    // KQ, scaled as soft_max_ext scales it, and the row maximum.
    float mx = -INFINITY;
    for (int64_t j = kstart; j <= qpos; j++) {
        w[j] = dot_f32_ggml8(q, kbase + j * kv_stride, hd) * a->scale;
        mx = fmaxf(mx, w[j]);
    }
    // Softmax over 8-key groups aligned at cache index 0; masked keys are exp(-inf) = 0.
    const int64_t g0 = kstart / 8 * 8, g1 = qpos / 8 * 8 + 8;
    for (int64_t j = g0; j < kstart; j++) w[j] = -INFINITY;
    for (int64_t j = qpos + 1; j < g1; j++) w[j] = -INFINITY;
    double sum = 0;
    const __m256 vmax = _mm256_set1_ps(mx);
    for (int64_t j = g0; j < g1; j += 8) {
        __m256 e = exp8_ggml(_mm256_sub_ps(_mm256_load_ps(w + j), vmax));
        _mm256_store_ps(w + j, e);
        sum += (double)reduce8_movehl(e);
    }
    const __m256 inv = _mm256_set1_ps((float)(1.0 / sum));
    for (int64_t j = g0; j < g1; j += 8) _mm256_store_ps(w + j, _mm256_mul_ps(_mm256_load_ps(w + j), inv));

    // KQV, 8 output dimensions at a time: lane accumulators indexed by key (32 for a single
    // token, 8 for a batch), each a vector over those dimensions.
    float *out = a->out + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const int single = a->n_tokens < 2;
    const int lanes = single ? 32 : 8;
    for (int d = 0; d < hd; d += 8) {
        __m256 acc[32];
        for (int l = 0; l < lanes; l++) acc[l] = _mm256_setzero_ps();
        for (int64_t j = kstart; j <= qpos; j++) {
            const int l = (int)(j & (lanes - 1));  // lanes is 8 or 32
            acc[l] = _mm256_fmadd_ps(_mm256_set1_ps(w[j]), _mm256_loadu_ps(vbase + j * kv_stride + d), acc[l]);
        }
        __m256 r;
        if (single) {
            // ggml_vec_dot_f32: accumulators (keys 0-7, 8-15, 16-23, 24-31 of a step) folded
            // 0 + 2, 1 + 3, then 0 + 1; then per lane vector the halves and two hadds.
            for (int l = 0; l < 8; l++) acc[l] = _mm256_add_ps(_mm256_add_ps(acc[l], acc[l + 16]), _mm256_add_ps(acc[l + 8], acc[l + 24]));
            // t0[i] = lane i + lane i + 4; hadd twice: (t0[0] + t0[1]) + (t0[2] + t0[3]).
            __m256 t0[4];
            for (int l = 0; l < 4; l++) t0[l] = _mm256_add_ps(acc[l], acc[l + 4]);
            r = _mm256_add_ps(_mm256_add_ps(t0[0], t0[1]), _mm256_add_ps(t0[2], t0[3]));
        } else {
            // tinyBLAS's hsum: v[i] = lane i + 4 + lane i, then (v0 + v2) + (v1 + v3).
            __m256 v[4];
            for (int l = 0; l < 4; l++) v[l] = _mm256_add_ps(acc[l + 4], acc[l]);
            r = _mm256_add_ps(_mm256_add_ps(v[0], v[2]), _mm256_add_ps(v[1], v[3]));
        }
        _mm256_storeu_ps(out + d, r);
    }
}

static ck_attention_fn select_attention_ggml_avx2(const ck_attention_args *a) {
    if (a->head_dim % 8 != 0 || a->head_dim > CK_GGML_MAX_HEAD_DIM || a->softcap > 0) return 0;
    if (a->pos0 + a->n_tokens > CK_GGML_MAX_KEYS) return 0;
    return attention_ggml_avx2;
}

void ck_fill_ops_avx2(ck_kernel_table *t) {
    t->op.swiglu = swiglu_ggml_avx2;
    t->op.attention_exact = select_attention_ggml_avx2;
    t->op.geglu = geglu_avx2;
    t->op.attention = attention_one_avx2;
    t->op.attention_part = attention_part_avx2;
}

#endif
