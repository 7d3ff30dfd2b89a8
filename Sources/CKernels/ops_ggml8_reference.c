// Scalar references of ggml's 8-lane (AVX2 build) orders, lane by lane: what ops_x86.c's
// swiglu_ggml_avx2 and attention_ggml_avx2 must compute bit for bit. Plain C (every product
// that ggml fuses is an fmaf, every lane a separate float), so it runs, and is tested, on any
// CPU; the AVX2 kernels are tested against it where they run.

#include "CKernels.h"
#include "internal.h"

#include <math.h>
#include <string.h>

static inline uint32_t bits_of(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float float_of(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

float ck_expf_ggml8_reference(float x) {
    const float shifter = 0x1.8p23f;
    const float z = fmaf(x, 0x1.715476p+0f, shifter);
    const float n = z - shifter;
    const float b = fmaf(-n, 0x1.7f7d1cp-20f, fmaf(-n, 0x1.62e4p-1f, x));
    const uint32_t e = bits_of(z) << 23;
    const float k = float_of(e + bits_of(1.0f));
    const float u = b * b;
    const float j = fmaf(fmaf(fmaf(0x1.0e4020p-7f, b, 0x1.573e2ep-5f), u, fmaf(0x1.555e66p-3f, b, 0x1.fffdb6p-2f)), u,
                         0x1.ffffecp-1f * b);
    if (!(fabsf(n) > 126)) return fmaf(j, k, k);
    const uint32_t g = n <= 0 ? 0x82000000u : 0;
    const float s1 = float_of(g + 0x7f000000u);
    const float s2 = float_of(e - g);
    if (fabsf(n) > 192) return s1 * s1;
    return fmaf(s2, j, s2) * s1;
}

void ck_swiglu_ggml8_reference(float *gate, const float *up, int64_t n) {
    const int64_t vector_end = n / 8 * 8;  // the kernel's 8-lane part; the rest is scalar
    for (int64_t i = 0; i < vector_end; i++) {
        const float g = gate[i];
        gate[i] = g / (1.0f + ck_expf_ggml8_reference(0.0f - g)) * up[i];
    }
    for (int64_t i = vector_end; i < n; i++) gate[i] = ck_silu(gate[i]) * up[i];
}

/// The 8 -> 1 sums of the two AVX2 reductions ggml uses.
static inline float sum8_hadd(const float *v) {  // GGML_F32x8_REDUCE's end: (t0 + t1) + (t2 + t3)
    float t[4];
    for (int i = 0; i < 4; i++) t[i] = v[i] + v[i + 4];
    return (t[0] + t[1]) + (t[2] + t[3]);
}

static inline float sum8_movehl(const float *v) {  // tinyBLAS hsum, softmax: (t0 + t2) + (t1 + t3)
    float t[4];
    for (int i = 0; i < 4; i++) t[i] = v[i + 4] + v[i];
    return (t[0] + t[2]) + (t[1] + t[3]);
}

/// ggml_vec_dot_f32 with AVX: four 8-lane accumulators over 32-element steps.
static float dot_f32_ggml8_reference(const float *x, const float *y, int n) {
    float s[32] = {0};
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        for (int l = 0; l < 32; l++) s[l] = fmaf(x[i + l], y[i + l], s[l]);
    }
    float lanes[8];
    for (int l = 0; l < 8; l++) lanes[l] = (s[l] + s[l + 16]) + (s[l + 8] + s[l + 24]);
    float sum = sum8_hadd(lanes);
    for (; i < n; i++) sum = fmaf(x[i], y[i], sum);
    return sum;
}

void ck_attention_ggml8_reference(const ck_attention_args *a, int64_t t, int h) {
    enum { MAX_KEYS = 8192, MAX_HEAD_DIM = 256 };
    const int hd = a->head_dim;
    if (hd % 8 != 0 || hd > MAX_HEAD_DIM || a->pos0 + a->n_tokens > MAX_KEYS) return;
    const int kvh = h / (a->n_head / a->n_kv_head);
    const int64_t kv_stride = (int64_t)a->n_kv_head * hd;
    const int64_t qpos = a->pos0 + t;
    const int64_t kstart = a->window > 0 && qpos - a->window + 1 > 0 ? qpos - a->window + 1 : 0;
    const float *q = a->q + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const float *kbase = a->k + (int64_t)kvh * hd, *vbase = a->v + (int64_t)kvh * hd;
    static _Thread_local float w[MAX_KEYS + 8];

    float mx = -INFINITY;
    for (int64_t j = kstart; j <= qpos; j++) {
        w[j] = dot_f32_ggml8_reference(q, kbase + j * kv_stride, hd) * a->scale;
        mx = fmaxf(mx, w[j]);
    }
    const int64_t g0 = kstart / 8 * 8, g1 = qpos / 8 * 8 + 8;
    for (int64_t j = g0; j < kstart; j++) w[j] = -INFINITY;
    for (int64_t j = qpos + 1; j < g1; j++) w[j] = -INFINITY;
    double sum = 0;
    for (int64_t j = g0; j < g1; j += 8) {
        for (int l = 0; l < 8; l++) w[j + l] = ck_expf_ggml8_reference(w[j + l] - mx);
        sum += (double)sum8_movehl(w + j);
    }
    const float inv = (float)(1.0 / sum);
    for (int64_t j = g0; j < g1; j++) w[j] *= inv;

    float *out = a->out + t * (int64_t)a->n_head * hd + (int64_t)h * hd;
    const int single = a->n_tokens < 2;
    const int lanes = single ? 32 : 8;
    for (int d = 0; d < hd; d++) {
        float acc[32] = {0};
        for (int64_t j = kstart; j <= qpos; j++) {
            const int l = (int)(j & (lanes - 1));
            acc[l] = fmaf(w[j], vbase[j * kv_stride + d], acc[l]);
        }
        if (single) {
            float folded[8];
            for (int l = 0; l < 8; l++) folded[l] = (acc[l] + acc[l + 16]) + (acc[l + 8] + acc[l + 24]);
            out[d] = sum8_hadd(folded);
        } else {
            out[d] = sum8_movehl(acc);
        }
    }
}
