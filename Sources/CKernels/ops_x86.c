// AVX2+FMA attention for one (query token, head): 8-wide q.k dot products and value
// accumulation; the same online softmax as the scalar version in ops.c.

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

/// e^x for 8 floats: Cody-Waite range reduction and a degree-6 polynomial (Cephes expf),
/// about 1 ulp; inputs are clamped to [-87.3, 88] so 2^n stays a normal float.
static inline CK_AVX2 __m256 exp8(__m256 x) {
    x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-87.3f)), _mm256_set1_ps(88.0f));
    __m256 n = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)),
                               _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
    __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

static CK_AVX2 void swiglu_avx2(float *gate, const float *up, int64_t n) {
    const __m256 one = _mm256_set1_ps(1.0f);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 g = _mm256_loadu_ps(gate + i);
        __m256 silu = _mm256_div_ps(g, _mm256_add_ps(one, exp8(_mm256_sub_ps(_mm256_setzero_ps(), g))));
        _mm256_storeu_ps(gate + i, _mm256_mul_ps(silu, _mm256_loadu_ps(up + i)));
    }
    for (; i < n; i++) gate[i] = ck_silu(gate[i]) * up[i];
}

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

void ck_fill_ops_avx2(ck_kernel_table *t) {
    t->op.swiglu = swiglu_avx2;
    t->op.geglu = geglu_avx2;
    t->op.attention = attention_one_avx2;
    t->op.attention_part = attention_part_avx2;
}

#endif
