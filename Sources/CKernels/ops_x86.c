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
            const float *kv = kbase + k * kv_stride;
            __m256 d0 = _mm256_setzero_ps(), d1 = _mm256_setzero_ps();
            int i = 0;
            for (; i + 16 <= hd; i += 16) {
                d0 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i), _mm256_loadu_ps(kv + i), d0);
                d1 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i + 8), _mm256_loadu_ps(kv + i + 8), d1);
            }
            for (; i < hd; i += 8) d0 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i), _mm256_loadu_ps(kv + i), d0);
            float d = hsum8(_mm256_add_ps(d0, d1)) * a->scale;
            if (a->softcap > 0) d = a->softcap * tanhf(d / a->softcap);
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

ck_attention_fn ck_attention_avx2(void) { return attention_one_avx2; }

#else

ck_attention_fn ck_attention_avx2(void) { return 0; }

#endif
