// AVX-512 element-wise kernels and attention that reproduce ggml's CPU backend (as llama.cpp
// builds it for an AVX-512 machine) bit for bit, so greedy decoding follows llama.cpp's tokens
// even where its two best logits nearly tie.
//
// What "ggml's order" means here, from ggml's CPU sources:
// - e^x is the range-reduced polynomial of ggml_v_expf (2^n applied with scalef, |n| > 192
//   saturating to 0 or inf); SiLU is x / (1 + e^-x) on it.
// - Attention without flash attention is three graph ops. KQ: one F32 dot product per key
//   (ggml_vec_dot_f32: four 16-lane accumulators over 64-element steps, folded 0+2, 1+3, then
//   0+1, then a 16 -> 8 -> 4 -> 2 -> 1 tree). Softmax: scale, max, e^(x - max) 16 keys at a time
//   with each group's sum added in double, then times the float of 1 / sum. KQV: for a batch of
//   two or more tokens llamafile's tinyBLAS (one 16-lane accumulator per output, keys in lane
//   j % 16); for a single token ggml_vec_dot_f32 again (key j in accumulator (j / 16) % 4).
//   Keys sit at their cache index, so masked keys (weight exactly 0) drop out of every sum.

#include "CKernels.h"
#include "internal.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <math.h>

#define CK_AVX512 __attribute__((target("avx2,fma,f16c,avx512f,avx512bw,avx512vl")))

enum { CK_EXACT_MAX_HEAD_DIM = 256, CK_EXACT_MAX_KEYS = 8192 };  // 32 KB of scores on the stack

/// The 16 -> 1 sum tree of _mm512_reduce_add_ps as GCC expands it (halves added, 8 -> 4,
/// then (0 + 2) + (1 + 3)).
static inline CK_AVX512 float reduce16(__m512 v) {
    __m256 a = _mm256_add_ps(_mm512_castps512_ps256(v), _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
    __m128 b = _mm_add_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
    b = _mm_add_ps(b, _mm_movehl_ps(b, b));
    b = _mm_add_ss(b, _mm_movehdup_ps(b));
    return _mm_cvtss_f32(b);
}

/// e^x for 16 floats, computed as ggml_v_expf computes it (about 1.5 ulp).
static inline CK_AVX512 __m512 exp16(__m512 x) {
    const __m512 shifter = _mm512_set1_ps(0x1.8p23f);
    const __m512 z = _mm512_fmadd_ps(x, _mm512_set1_ps(0x1.715476p+0f), shifter);
    const __m512 n = _mm512_sub_ps(z, shifter);
    const __m512 b = _mm512_fnmadd_ps(n, _mm512_set1_ps(0x1.7f7d1cp-20f),
                                      _mm512_fnmadd_ps(n, _mm512_set1_ps(0x1.62e4p-1f), x));
    const __mmask16 out_of_range = _mm512_cmp_ps_mask(_mm512_abs_ps(n), _mm512_set1_ps(192), _CMP_GT_OQ);
    const __m512 u = _mm512_mul_ps(b, b);
    const __m512 p = _mm512_fmadd_ps(
        _mm512_fmadd_ps(_mm512_fmadd_ps(_mm512_set1_ps(0x1.0e4020p-7f), b, _mm512_set1_ps(0x1.573e2ep-5f)), u,
                        _mm512_fmadd_ps(_mm512_set1_ps(0x1.555e66p-3f), b, _mm512_set1_ps(0x1.fffdb6p-2f))),
        u, _mm512_fmadd_ps(_mm512_set1_ps(0x1.ffffecp-1f), b, _mm512_set1_ps(1.0f)));
    const __m512 result = _mm512_scalef_ps(p, n);
    if (_mm512_kortestz(out_of_range, out_of_range)) return result;
    const __m512 zero = _mm512_setzero_ps();
    const __m512 saturated = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(n, zero, _CMP_LE_OQ), _mm512_set1_ps(INFINITY), zero);
    return _mm512_mask_blend_ps(out_of_range, result, saturated);
}

static CK_AVX512 void swiglu_avx512(float *gate, const float *up, int64_t n) {
    const __m512 one = _mm512_set1_ps(1.0f);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 g = _mm512_loadu_ps(gate + i);
        __m512 silu = _mm512_div_ps(g, _mm512_add_ps(one, exp16(_mm512_sub_ps(_mm512_setzero_ps(), g))));
        _mm512_storeu_ps(gate + i, _mm512_mul_ps(silu, _mm512_loadu_ps(up + i)));
    }
    for (; i < n; i++) gate[i] = ck_silu(gate[i]) * up[i];
}

/// ggml_vec_dot_f32 for n a multiple of 16.
static inline CK_AVX512 float dot_f32_ggml(const float *x, const float *y, int n) {
    __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps(), s2 = _mm512_setzero_ps(), s3 = _mm512_setzero_ps();
    int i = 0;
    for (; i + 64 <= n; i += 64) {
        s0 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i), _mm512_loadu_ps(y + i), s0);
        s1 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 16), _mm512_loadu_ps(y + i + 16), s1);
        s2 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 32), _mm512_loadu_ps(y + i + 32), s2);
        s3 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 48), _mm512_loadu_ps(y + i + 48), s3);
    }
    float sum = reduce16(_mm512_add_ps(_mm512_add_ps(s0, s2), _mm512_add_ps(s1, s3)));
    for (; i < n; i++) sum = fmaf(x[i], y[i], sum);
    return sum;
}

/// One (query token, head) of attention in ggml's order (see the file comment). Needs
/// head_dim % 16 == 0, head_dim <= 256, no soft-capping and at most 8192 keys (the caller checks).
static CK_AVX512 void attention_ggml_avx512(const ck_attention_args *a, int64_t t, int h) {
    const int hd = a->head_dim;
    const int kvh = h / (a->n_head / a->n_kv_head);
    const int64_t kv_stride = (int64_t)a->n_kv_head * hd;
    const int64_t qpos = a->pos0 + t;
    const int64_t kstart = a->window > 0 && qpos - a->window + 1 > 0 ? qpos - a->window + 1 : 0;
    const float *q = a->q + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const float *kbase = a->k + (int64_t)kvh * hd, *vbase = a->v + (int64_t)kvh * hd;
    float w[CK_EXACT_MAX_KEYS + 16] __attribute__((aligned(64)));

    // KQ, scaled as soft_max_ext scales it, and the row maximum.
    float mx = -INFINITY;
    for (int64_t j = kstart; j <= qpos; j++) {
        w[j] = dot_f32_ggml(q, kbase + j * kv_stride, hd) * a->scale;
        mx = fmaxf(mx, w[j]);
    }
    // Softmax over 16-key groups aligned at cache index 0; masked keys are exp(-inf) = 0.
    const int64_t g0 = kstart / 16 * 16, g1 = qpos / 16 * 16 + 16;
    for (int64_t j = g0; j < kstart; j++) w[j] = -INFINITY;
    for (int64_t j = qpos + 1; j < g1; j++) w[j] = -INFINITY;
    double sum = 0;
    const __m512 vmax = _mm512_set1_ps(mx);
    for (int64_t j = g0; j < g1; j += 16) {
        __m512 e = exp16(_mm512_sub_ps(_mm512_load_ps(w + j), vmax));
        _mm512_store_ps(w + j, e);
        sum += (double)reduce16(e);
    }
    const __m512 inv = _mm512_set1_ps((float)(1.0 / sum));
    for (int64_t j = g0; j < g1; j += 16) _mm512_store_ps(w + j, _mm512_mul_ps(_mm512_load_ps(w + j), inv));

    // KQV, 16 output dimensions at a time: lane accumulators indexed by key (64 for a single
    // token, 16 for a batch), each a vector over those dimensions.
    float *out = a->out + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const int lanes = a->n_tokens >= 2 ? 16 : 64;
    for (int d = 0; d < hd; d += 16) {
        __m512 acc[64];
        for (int l = 0; l < lanes; l++) acc[l] = _mm512_setzero_ps();
        for (int64_t j = kstart; j <= qpos; j++) {
            const int l = (int)(j & (lanes - 1));  // lanes is 16 or 64
            acc[l] = _mm512_fmadd_ps(_mm512_set1_ps(w[j]), _mm512_loadu_ps(vbase + j * kv_stride + d), acc[l]);
        }
        if (lanes == 64) {
            // Fold ggml_vec_dot_f32's four accumulators (keys 0-15, 16-31, 32-47, 48-63 of a step).
            for (int l = 0; l < 16; l++)
                acc[l] = _mm512_add_ps(_mm512_add_ps(acc[l], acc[l + 32]), _mm512_add_ps(acc[l + 16], acc[l + 48]));
        }
        // reduce16's tree, applied to lane vectors: 8 <- l + (l + 8), then 4, 2, 1.
        for (int l = 0; l < 8; l++) acc[l] = _mm512_add_ps(acc[l], acc[l + 8]);
        for (int l = 0; l < 4; l++) acc[l] = _mm512_add_ps(acc[l], acc[l + 4]);
        for (int l = 0; l < 2; l++) acc[l] = _mm512_add_ps(acc[l], acc[l + 2]);
        _mm512_storeu_ps(out + d, _mm512_add_ps(acc[0], acc[1]));
    }
}

static ck_attention_fn select_attention_ggml_avx512(const ck_attention_args *a) {
    if (a->head_dim % 16 != 0 || a->head_dim > CK_EXACT_MAX_HEAD_DIM || a->softcap > 0) return 0;
    if (a->pos0 + a->n_tokens > CK_EXACT_MAX_KEYS) return 0;
    return attention_ggml_avx512;
}

void ck_fill_ops_avx512(ck_kernel_table *t) {
    t->op.swiglu = swiglu_avx512;
    t->op.attention_exact = select_attention_ggml_avx512;
}

#endif
