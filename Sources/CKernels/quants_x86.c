// x86-64 SIMD dot products: AVX2+FMA (maddubs) and AVX-512 VNNI (256-bit dpbusd).
//
// Both compute exactly what the scalar reference in quants.c computes (integer dot products of
// the quants, then the block scales in float), so they differ from it only by float rounding.
// Weights with an offset (Q4_0's -8, Q5_0's -16, Q6_K's -32) are multiplied as unsigned
// values and the offset is removed with the precomputed activation sums, which avoids the
// sign juggling that signed x signed byte products need.

#include "CKernels.h"
#include "internal.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <math.h>
#include <string.h>

#define CK_AVX2 __attribute__((target("avx2,fma,f16c")))
#define CK_AVX512 __attribute__((target("avx2,fma,f16c,avx512f,avx512bw,avx512vl,avx512vnni")))

// MARK: - Helpers

static inline CK_AVX2 float hsum_ps(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

static inline CK_AVX2 int hsum_epi32(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}

/// 16 bytes of packed nibbles -> 32 bytes: low nibbles first (weights 0..15), then high ones.
static inline CK_AVX2 __m256i unpack_nibbles(const uint8_t *qs) {
    __m128i t = _mm_loadu_si128((const __m128i *)qs);
    __m256i v = _mm256_set_m128i(_mm_srli_epi16(t, 4), t);
    return _mm256_and_si256(v, _mm256_set1_epi8(0x0F));
}

/// 32 bits -> 32 bytes, 0x10 where bit i is set (the fifth bit of Q5 weight i).
static inline CK_AVX2 __m256i expand_bits_x10(const uint8_t *qh) {
    uint32_t bits;
    memcpy(&bits, qh, 4);
    const __m256i shuffle = _mm256_set_epi64x(0x0303030303030303LL, 0x0202020202020202LL,
                                              0x0101010101010101LL, 0x0000000000000000LL);
    __m256i v = _mm256_shuffle_epi8(_mm256_set1_epi32((int)bits), shuffle);
    const __m256i mask = _mm256_set1_epi64x((long long)0x8040201008040201ULL);
    v = _mm256_cmpeq_epi8(_mm256_and_si256(v, mask), mask);
    return _mm256_and_si256(v, _mm256_set1_epi8(0x10));
}

/// Sum of u8 x s8 products in 8 int32 lanes (AVX2: maddubs then madd).
static inline CK_AVX2 __m256i dot_us8_avx2(__m256i u, __m256i s) {
    return _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1));
}

static inline CK_AVX512 __m256i dot_us8_vnni(__m256i u, __m256i s) {
    return _mm256_dpbusd_epi32(_mm256_setzero_si256(), u, s);
}

// MARK: - 32-element formats, generated for both ISAs

#define DEFINE_32_KERNELS(ATTR, SUFFIX, DOT)                                                            \
    /* ggml's order (ggml_vec_dot_q4_0_q8_0, x86, and tinyBLAS): weights as signed q - 8, one  */ \
    /* accumulator, fmadd(dw * dx, sum) per block.                                             */ \
    static ATTR float dot_q4_0_##SUFFIX(int64_t n, const void *vw, const void *vx) {                   \
        const ck_block_q4_0 *w = vw;                                                                  \
        const ck_block_q8_a *x = vx;                                                                  \
        int64_t nb = n / CK_QK;                                                                       \
        __m256 acc = _mm256_setzero_ps();                                                             \
        const __m256i eight = _mm256_set1_epi8(8);                                                    \
        for (int64_t i = 0; i < nb; i++) {                                                            \
            __m256i q = _mm256_sub_epi8(unpack_nibbles(w[i].qs), eight);                              \
            __m256i p = DOT(_mm256_sign_epi8(q, q), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x[i].qs), q)); \
            acc = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w[i].d) * x[i].d), _mm256_cvtepi32_ps(p), acc); \
        }                                                                                             \
        return hsum_ps(acc);                                                                          \
    }                                                                                                 \
    /* ggml's order (ggml_vec_dot_q4_1_q8_1, x86): one accumulator, fmadd(dw * dx, sum) per   */ \
    /* block, the minimum terms fused-multiply-added in block order, hsum + minimums last.      */ \
    static ATTR float dot_q4_1_##SUFFIX(int64_t n, const void *vw, const void *vx) {                   \
        const ck_block_q4_1 *w = vw;                                                                  \
        const ck_block_q8_a *x = vx;                                                                  \
        int64_t nb = n / CK_QK;                                                                       \
        __m256 acc = _mm256_setzero_ps();                                                             \
        float off = 0;                                                                                \
        for (int64_t i = 0; i < nb; i++) {                                                            \
            __m256i p = DOT(unpack_nibbles(w[i].qs), _mm256_loadu_si256((const __m256i *)x[i].qs));   \
            acc = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w[i].d) * x[i].d), _mm256_cvtepi32_ps(p), acc); \
            off = fmaf(_cvtsh_ss(w[i].m), x[i].s, off);                                               \
        }                                                                                             \
        return hsum_ps(acc) + off;                                                                    \
    }                                                                                                 \
    /* ggml's order (ggml_vec_dot_q5_0_q8_0 and tinyBLAS): weights as signed q - 16, one      */ \
    /* accumulator, fmadd(dw * dx, sum) per block.                                             */ \
    static ATTR float dot_q5_0_##SUFFIX(int64_t n, const void *vw, const void *vx) {                   \
        const ck_block_q5_0 *w = vw;                                                                  \
        const ck_block_q8_a *x = vx;                                                                  \
        int64_t nb = n / CK_QK;                                                                       \
        __m256 acc = _mm256_setzero_ps();                                                             \
        const __m256i sixteen = _mm256_set1_epi8(16);                                                 \
        for (int64_t i = 0; i < nb; i++) {                                                            \
            __m256i q = _mm256_sub_epi8(_mm256_or_si256(unpack_nibbles(w[i].qs), expand_bits_x10(w[i].qh)), sixteen); \
            __m256i p = DOT(_mm256_sign_epi8(q, q), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x[i].qs), q)); \
            acc = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w[i].d) * x[i].d), _mm256_cvtepi32_ps(p), acc); \
        }                                                                                             \
        return hsum_ps(acc);                                                                          \
    }                                                                                                 \
    static ATTR float dot_q5_1_##SUFFIX(int64_t n, const void *vw, const void *vx) {                   \
        const ck_block_q5_1 *w = vw;                                                                  \
        const ck_block_q8_a *x = vx;                                                                  \
        int64_t nb = n / CK_QK;                                                                       \
        __m256 acc = _mm256_setzero_ps();                                                             \
        float off = 0;                                                                                \
        for (int64_t i = 0; i < nb; i++) {                                                            \
            __m256i q = _mm256_or_si256(unpack_nibbles(w[i].qs), expand_bits_x10(w[i].qh));          \
            __m256i p = DOT(q, _mm256_loadu_si256((const __m256i *)x[i].qs));                         \
            acc = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w[i].d) * x[i].d), _mm256_cvtepi32_ps(p), acc); \
            off += _cvtsh_ss(w[i].m) * x[i].s;                                                        \
        }                                                                                             \
        return hsum_ps(acc) + off;                                                                    \
    }                                                                                                 \
    static ATTR float dot_q8_0_##SUFFIX(int64_t n, const void *vw, const void *vx) {                   \
        const ck_block_q8_0 *w = vw;                                                                  \
        const ck_block_q8_a *x = vx;                                                                  \
        int64_t nb = n / CK_QK;                                                                       \
        /* One accumulator in block order: the same sums as the one-block loop, bit for bit. */       \
        __m256 acc = _mm256_setzero_ps();                                                             \
        int64_t i = 0;                                                                                \
        for (; i + 1 < nb; i += 2) {                                                                  \
            /* Both blocks' scales in one conversion: [dw0 * dx0, 0, dw1 * dx1, 0]. */                \
            uint16_t h0, h1;                                                                          \
            memcpy(&h0, &w[i].d, 2);                                                                  \
            memcpy(&h1, &w[i + 1].d, 2);                                                              \
            __m128 wd = _mm_cvtph_ps(_mm_set_epi32(0, 0, h1, h0));                                    \
            __m128 xds = _mm_loadh_pi(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)&x[i].d)),    \
                                      (const __m64 *)&x[i + 1].d);                                    \
            __m128 prod = _mm_mul_ps(wd, xds);                                                        \
            __m256i qw0 = _mm256_loadu_si256((const __m256i *)w[i].qs);                               \
            __m256i qx0 = _mm256_loadu_si256((const __m256i *)x[i].qs);                               \
            __m256i qw1 = _mm256_loadu_si256((const __m256i *)w[i + 1].qs);                           \
            __m256i qx1 = _mm256_loadu_si256((const __m256i *)x[i + 1].qs);                           \
            __m256i p0 = DOT(_mm256_sign_epi8(qw0, qw0), _mm256_sign_epi8(qx0, qw0));                 \
            __m256i p1 = DOT(_mm256_sign_epi8(qw1, qw1), _mm256_sign_epi8(qx1, qw1));                 \
            acc = _mm256_fmadd_ps(_mm256_broadcastss_ps(prod), _mm256_cvtepi32_ps(p0), acc);          \
            acc = _mm256_fmadd_ps(_mm256_broadcastss_ps(_mm_movehl_ps(prod, prod)), _mm256_cvtepi32_ps(p1), acc); \
        }                                                                                             \
        for (; i < nb; i++) {                                                                         \
            __m256i qw = _mm256_loadu_si256((const __m256i *)w[i].qs);                                \
            __m256i qx = _mm256_loadu_si256((const __m256i *)x[i].qs);                                \
            __m256i p = DOT(_mm256_sign_epi8(qw, qw), _mm256_sign_epi8(qx, qw));                      \
            acc = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w[i].d) * x[i].d), _mm256_cvtepi32_ps(p), acc); \
        }                                                                                             \
        return hsum_ps(acc);                                                                          \
    }

DEFINE_32_KERNELS(CK_AVX2, avx2, dot_us8_avx2)
DEFINE_32_KERNELS(CK_AVX512, avx512, dot_us8_vnni)

// MARK: - One weight row x four activation rows (batched prefill)
//
// The weight block is unpacked once and multiplied with four tokens' activations, which removes
// most of the unpacking work from matrix x matrix products. out[t] = dot(w, x + t * stride).

#define DEFINE_X4_KERNEL(ATTR, SUFFIX, DOT, NAME, BLOCK, UNPACK, OFFSET_EXPR, SCALE_OFFSET)             \
    static ATTR void dot4_##NAME##_##SUFFIX(int64_t n, const void *vw, const void *vx, size_t stride,   \
                                            float *out) {                                            \
        const BLOCK *w = vw;                                                                         \
        const ck_block_q8_a *x0 = vx;                                                                \
        const ck_block_q8_a *x1 = (const ck_block_q8_a *)((const uint8_t *)vx + stride);             \
        const ck_block_q8_a *x2 = (const ck_block_q8_a *)((const uint8_t *)vx + 2 * stride);         \
        const ck_block_q8_a *x3 = (const ck_block_q8_a *)((const uint8_t *)vx + 3 * stride);         \
        int64_t nb = n / CK_QK;                                                                      \
        __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();                                   \
        __m256 a2 = _mm256_setzero_ps(), a3 = _mm256_setzero_ps();                                   \
        float o0 = 0, o1 = 0, o2 = 0, o3 = 0;                                                        \
        for (int64_t i = 0; i < nb; i++) {                                                           \
            __m256i q = UNPACK;                                                                      \
            float dw = _cvtsh_ss(w[i].d);                                                            \
            float c = OFFSET_EXPR;                                                                   \
            a0 = _mm256_fmadd_ps(_mm256_set1_ps(dw * x0[i].d),                                       \
                                 _mm256_cvtepi32_ps(DOT(q, _mm256_loadu_si256((const __m256i *)x0[i].qs))), a0); \
            a1 = _mm256_fmadd_ps(_mm256_set1_ps(dw * x1[i].d),                                       \
                                 _mm256_cvtepi32_ps(DOT(q, _mm256_loadu_si256((const __m256i *)x1[i].qs))), a1); \
            a2 = _mm256_fmadd_ps(_mm256_set1_ps(dw * x2[i].d),                                       \
                                 _mm256_cvtepi32_ps(DOT(q, _mm256_loadu_si256((const __m256i *)x2[i].qs))), a2); \
            a3 = _mm256_fmadd_ps(_mm256_set1_ps(dw * x3[i].d),                                       \
                                 _mm256_cvtepi32_ps(DOT(q, _mm256_loadu_si256((const __m256i *)x3[i].qs))), a3); \
            o0 = fmaf(c, x0[i].s, o0);                                                               \
            o1 = fmaf(c, x1[i].s, o1);                                                               \
            o2 = fmaf(c, x2[i].s, o2);                                                               \
            o3 = fmaf(c, x3[i].s, o3);                                                               \
        }                                                                                            \
        out[0] = hsum_ps(a0) + SCALE_OFFSET * o0;                                                    \
        out[1] = hsum_ps(a1) + SCALE_OFFSET * o1;                                                    \
        out[2] = hsum_ps(a2) + SCALE_OFFSET * o2;                                                    \
        out[3] = hsum_ps(a3) + SCALE_OFFSET * o3;                                                    \
    }

#define DEFINE_X4_KERNELS(ATTR, SUFFIX, DOT)                                                                      \
    DEFINE_X4_KERNEL(ATTR, SUFFIX, DOT, q4_1, ck_block_q4_1, unpack_nibbles(w[i].qs), _cvtsh_ss(w[i].m), 1.0f)  \

/// Q5_0 (signed q - 16) and Q4_0 (signed q - 8) against four tokens, in ggml's order, as
/// dot_q5_0 and dot_q4_0 above.
#define DEFINE_X4_SIGNED(ATTR, SUFFIX, DOT, NAME, BLOCK, SIGNED_Q)                                       \
    static ATTR void dot4_##NAME##_##SUFFIX(int64_t n, const void *vw, const void *vx, size_t stride,    \
                                        float *out) {                                                   \
        const BLOCK *w = vw;                                                                             \
        const ck_block_q8_a *x[4];                                                                       \
        for (int t = 0; t < 4; t++) x[t] = (const ck_block_q8_a *)((const uint8_t *)vx + t * stride);   \
        int64_t nb = n / CK_QK;                                                                          \
        __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()}; \
        for (int64_t i = 0; i < nb; i++) {                                                               \
            __m256i q = SIGNED_Q;                                                                        \
            __m256i aq = _mm256_sign_epi8(q, q);                                                         \
            float dw = _cvtsh_ss(w[i].d);                                                                \
            for (int t = 0; t < 4; t++) {                                                                \
                __m256i p = DOT(aq, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x[t][i].qs), q)); \
                acc[t] = _mm256_fmadd_ps(_mm256_set1_ps(dw * x[t][i].d), _mm256_cvtepi32_ps(p), acc[t]); \
            }                                                                                            \
        }                                                                                                \
        for (int t = 0; t < 4; t++) out[t] = hsum_ps(acc[t]);                                            \
    }

/// Two Q4_1 rows against one activation row, each in dot_q4_1's exact order.
#define DEFINE_DOTR2_Q4_1(ATTR, SUFFIX, DOT)                                                              \
    static ATTR void dotr2_q4_1_##SUFFIX(int64_t n, const void *const *vw, const void *vx, float *out) { \
        const ck_block_q4_1 *w0 = vw[0], *w1 = vw[1];                                                    \
        const ck_block_q8_a *x = vx;                                                                     \
        int64_t nb = n / CK_QK;                                                                          \
        __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();                                   \
        float off0 = 0, off1 = 0;                                                                        \
        for (int64_t i = 0; i < nb; i++) {                                                               \
            __m256i xv = _mm256_loadu_si256((const __m256i *)x[i].qs);                                   \
            __m256i p0 = DOT(unpack_nibbles(w0[i].qs), xv);                                              \
            __m256i p1 = DOT(unpack_nibbles(w1[i].qs), xv);                                              \
            acc0 = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w0[i].d) * x[i].d), _mm256_cvtepi32_ps(p0), acc0); \
            acc1 = _mm256_fmadd_ps(_mm256_set1_ps(_cvtsh_ss(w1[i].d) * x[i].d), _mm256_cvtepi32_ps(p1), acc1); \
            off0 = fmaf(_cvtsh_ss(w0[i].m), x[i].s, off0);                                               \
            off1 = fmaf(_cvtsh_ss(w1[i].m), x[i].s, off1);                                               \
        }                                                                                                \
        out[0] = hsum_ps(acc0) + off0;                                                                   \
        out[1] = hsum_ps(acc1) + off1;                                                                   \
    }

DEFINE_DOTR2_Q4_1(CK_AVX2, avx2, dot_us8_avx2)

// MARK: - Several Q4_1 rows x one activation row in 512-bit registers (decode)
//
// Each zmm holds two rows, one per 256-bit half, laid out exactly as dot_q4_1's ymm (weights
// 0..15 in int32 lanes 0..3, 16..31 in lanes 4..7), so every float lane sees the same values in
// the same order: the same fmadd chain per lane, the same hsum at the end, and the minimum
// terms in one fmaf chain per row (a vector FMA lane rounds like fmaf). Only the independent
// chains of ROWS rows interleave, which hides the FMA latency a single row must wait out.

/// Both halves' nibbles of two 16-byte rows: [lo(a), hi(a) | lo(b), hi(b)] as 64 bytes.
static inline CK_AVX512 __m512i unpack_nibbles_x2(const uint8_t *a, const uint8_t *b) {
    __m256i ab = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)a)),
                                         _mm_loadu_si128((const __m128i *)b), 1);
    __m512i v = _mm512_permutexvar_epi64(_mm512_set_epi64(3, 2, 3, 2, 1, 0, 1, 0), _mm512_castsi256_si512(ab));
    v = _mm512_srlv_epi16(v, _mm512_set_epi64(0x0004000400040004LL, 0x0004000400040004LL, 0, 0,
                                              0x0004000400040004LL, 0x0004000400040004LL, 0, 0));
    return _mm512_and_si512(v, _mm512_set1_epi8(0x0F));
}

static inline CK_AVX512 uint32_t load_u32(const void *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

#define DEFINE_DOTR_Q4_1(ROWS)                                                                            \
    static CK_AVX512 void dotr##ROWS##_q4_1_avx512(int64_t n, const void *const *vw, const void *vx,      \
                                                   float *out) {                                          \
        enum { P = ROWS / 2, G = ROWS / 4 };                                                              \
        const ck_block_q4_1 *w[ROWS];                                                                     \
        for (int r = 0; r < ROWS; r++) w[r] = vw[r];                                                      \
        const ck_block_q8_a *x = vx;                                                                      \
        int64_t nb = n / CK_QK;                                                                           \
        __m512 acc[P];                                                                                    \
        __m256 off[G];                                                                                    \
        for (int p = 0; p < P; p++) acc[p] = _mm512_setzero_ps();                                         \
        for (int g = 0; g < G; g++) off[g] = _mm256_setzero_ps();                                         \
        /* the next ROWS rows (the next call's, when rows are consecutive), as in dotr4_q8_0 */           \
        const char *next = (const char *)(w[0] + ROWS * nb);                                              \
        const int64_t step = ROWS * (int64_t)sizeof(ck_block_q4_1);                                       \
        const __m512i lo8 = _mm512_set_epi32(2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0);             \
        const __m512i hi8 = _mm512_set_epi32(6, 6, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 4, 4, 4, 4);             \
        for (int64_t i = 0; i < nb; i++) {                                                                \
            __m512i xv = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)x[i].qs));           \
            for (int64_t o = 0; o < step + 64; o += 64) _mm_prefetch(next + i * step + o, _MM_HINT_T0);   \
            __m512 xd = _mm512_set1_ps(x[i].d);                                                           \
            __m256 xs = _mm256_set1_ps(x[i].s);                                                           \
            for (int g = 0; g < G; g++) {                                                                 \
                /* [d0, m0, d1, m1, d2, m2, d3, m3] of rows 4g..4g+3 */                                   \
                __m256 dm = _mm256_cvtph_ps(_mm_set_epi32((int)load_u32(&w[4 * g + 3][i].d),              \
                                                          (int)load_u32(&w[4 * g + 2][i].d),              \
                                                          (int)load_u32(&w[4 * g + 1][i].d),              \
                                                          (int)load_u32(&w[4 * g][i].d)));                \
                __m512 dmz = _mm512_castps256_ps512(dm);                                                  \
                __m512 s01 = _mm512_mul_ps(_mm512_permutexvar_ps(lo8, dmz), xd);                          \
                __m512 s23 = _mm512_mul_ps(_mm512_permutexvar_ps(hi8, dmz), xd);                          \
                __m512i p01 = _mm512_dpbusd_epi32(_mm512_setzero_si512(),                                 \
                                                  unpack_nibbles_x2(w[4 * g][i].qs, w[4 * g + 1][i].qs), xv); \
                __m512i p23 = _mm512_dpbusd_epi32(_mm512_setzero_si512(),                                 \
                                                  unpack_nibbles_x2(w[4 * g + 2][i].qs, w[4 * g + 3][i].qs), xv); \
                acc[2 * g] = _mm512_fmadd_ps(s01, _mm512_cvtepi32_ps(p01), acc[2 * g]);                   \
                acc[2 * g + 1] = _mm512_fmadd_ps(s23, _mm512_cvtepi32_ps(p23), acc[2 * g + 1]);           \
                /* odd lanes: fmaf(m, x.s, off) per row; even lanes are unused */                         \
                off[g] = _mm256_fmadd_ps(dm, xs, off[g]);                                                 \
            }                                                                                             \
        }                                                                                                 \
        for (int g = 0; g < G; g++) {                                                                     \
            float o[8];                                                                                   \
            _mm256_storeu_ps(o, off[g]);                                                                  \
            out[4 * g] = hsum_ps(_mm512_castps512_ps256(acc[2 * g])) + o[1];                              \
            out[4 * g + 1] = hsum_ps(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(acc[2 * g]), 1))) + o[3];                       \
            out[4 * g + 2] = hsum_ps(_mm512_castps512_ps256(acc[2 * g + 1])) + o[5];                      \
            out[4 * g + 3] = hsum_ps(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(acc[2 * g + 1]), 1))) + o[7];                   \
        }                                                                                                 \
    }

DEFINE_DOTR_Q4_1(4)
DEFINE_DOTR_Q4_1(8)

/// dotr4_q4_1_avx512 for T (4 or 2) tokens at once (batched decode of several sequences): each block's
/// nibbles and scales are unpacked once and used for the four tokens, whose every float
/// operation is dotr4's (same products, same fmadd chains, same final sums), so each token's
/// four results are bit-identical to a dotr4_q4_1_avx512 call of its own.
static inline __attribute__((always_inline)) CK_AVX512 void dotr4xT_q4_1(int64_t n, const void *const *vw, const void *vx,
                                                                          size_t x_stride, float *out, const int T) {
    const ck_block_q4_1 *w[4];
    for (int r = 0; r < 4; r++) w[r] = vw[r];
    const ck_block_q8_a *x[4];
    for (int t = 0; t < T; t++) x[t] = (const ck_block_q8_a *)((const uint8_t *)vx + (size_t)t * x_stride);
    int64_t nb = n / CK_QK;
    __m512 acc0[4], acc1[4];
    __m256 off[4];
    for (int t = 0; t < T; t++) {
        acc0[t] = _mm512_setzero_ps();
        acc1[t] = _mm512_setzero_ps();
        off[t] = _mm256_setzero_ps();
    }
    const char *next = (const char *)(w[0] + 4 * nb);
    const int64_t step = 4 * (int64_t)sizeof(ck_block_q4_1);
    const __m512i lo8 = _mm512_set_epi32(2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512i hi8 = _mm512_set_epi32(6, 6, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 4, 4, 4, 4);
    for (int64_t i = 0; i < nb; i++) {
        for (int64_t o = 0; o < step + 64; o += 64) _mm_prefetch(next + i * step + o, _MM_HINT_T0);
        __m256 dm = _mm256_cvtph_ps(_mm_set_epi32((int)load_u32(&w[3][i].d), (int)load_u32(&w[2][i].d),
                                                  (int)load_u32(&w[1][i].d), (int)load_u32(&w[0][i].d)));
        __m512 dmz = _mm512_castps256_ps512(dm);
        __m512 d01 = _mm512_permutexvar_ps(lo8, dmz);
        __m512 d23 = _mm512_permutexvar_ps(hi8, dmz);
        __m512i q01 = unpack_nibbles_x2(w[0][i].qs, w[1][i].qs);
        __m512i q23 = unpack_nibbles_x2(w[2][i].qs, w[3][i].qs);
        for (int t = 0; t < T; t++) {
            __m512i xv = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)x[t][i].qs));
            __m512 xd = _mm512_set1_ps(x[t][i].d);
            __m512 s01 = _mm512_mul_ps(d01, xd);
            __m512 s23 = _mm512_mul_ps(d23, xd);
            __m512i p01 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q01, xv);
            __m512i p23 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q23, xv);
            acc0[t] = _mm512_fmadd_ps(s01, _mm512_cvtepi32_ps(p01), acc0[t]);
            acc1[t] = _mm512_fmadd_ps(s23, _mm512_cvtepi32_ps(p23), acc1[t]);
            off[t] = _mm256_fmadd_ps(dm, _mm256_set1_ps(x[t][i].s), off[t]);
        }
    }
    for (int t = 0; t < T; t++) {
        float o[8];
        _mm256_storeu_ps(o, off[t]);
        float *y = out + t * 4;
        y[0] = hsum_ps(_mm512_castps512_ps256(acc0[t])) + o[1];
        y[1] = hsum_ps(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(acc0[t]), 1))) + o[3];
        y[2] = hsum_ps(_mm512_castps512_ps256(acc1[t])) + o[5];
        y[3] = hsum_ps(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(acc1[t]), 1))) + o[7];
    }
}

static CK_AVX512 void dotr4x4_q4_1_avx512(int64_t n, const void *const *vw, const void *vx, size_t x_stride, float *out) {
    dotr4xT_q4_1(n, vw, vx, x_stride, out, 4);
}

static CK_AVX512 void dotr4x2_q4_1_avx512(int64_t n, const void *const *vw, const void *vx, size_t x_stride, float *out) {
    dotr4xT_q4_1(n, vw, vx, x_stride, out, 2);
}

#ifndef CK_DOTR_ROWS
#define CK_DOTR_ROWS 4  // Q4_1 rows per AVX-512 decode call (4 or 8)
#endif

#ifndef CK_DOTR_PREFETCH
#define CK_DOTR_PREFETCH 8
#endif

static inline CK_AVX512 uint16_t load_u16(const void *p) {
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}

/// Four Q8_0 rows for T (1, 2 or 4) tokens at once (the output head of a decode step, batched or
/// not) in dot_q8_0's exact order: in each zmm half one row's |w| . sign(x, w) as dot_q8_0
/// computes it, then fmadd(dw * dx, sum) per block in block order. The weights' magnitudes,
/// signs and scales are taken once for the T tokens, whose every float operation is the same as
/// with T = 1, so each token's results are bit-identical to a call of its own.
static inline __attribute__((always_inline)) CK_AVX512 void dotr4xT_q8_0(int64_t n, const void *const *vw, const void *vx,
                                                                          size_t x_stride, float *out, const int T) {
    const ck_block_q8_0 *w0 = vw[0], *w1 = vw[1], *w2 = vw[2], *w3 = vw[3];
    const ck_block_q8_a *x[4];
    for (int t = 0; t < T; t++) x[t] = (const ck_block_q8_a *)((const uint8_t *)vx + (size_t)t * x_stride);
    int64_t nb = n / CK_QK;
    /* Four interleaved row streams defeat the hardware prefetcher on a large matrix (the output
       head): fetch the next four rows (the next call's, when rows are consecutive) meanwhile. */
    const char *next = (const char *)(w0 + 4 * nb);
    __m512 acc01[4], acc23[4];
    for (int t = 0; t < T; t++) {
        acc01[t] = _mm512_setzero_ps();
        acc23[t] = _mm512_setzero_ps();
    }
    const __m512i lo8 = _mm512_set_epi32(1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512i hi8 = _mm512_set_epi32(3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2);
    for (int64_t i = 0; i < nb; i++) {
        _mm_prefetch(next + i * 4 * (int64_t)sizeof(ck_block_q8_0), _MM_HINT_T0);
        _mm_prefetch(next + i * 4 * (int64_t)sizeof(ck_block_q8_0) + 64, _MM_HINT_T0);
        _mm_prefetch(next + i * 4 * (int64_t)sizeof(ck_block_q8_0) + 128, _MM_HINT_T0);
        __m128 d = _mm_cvtph_ps(_mm_set_epi16(0, 0, 0, 0, (short)load_u16(&w3[i].d), (short)load_u16(&w2[i].d),
                                              (short)load_u16(&w1[i].d), (short)load_u16(&w0[i].d)));
        __m512 dz = _mm512_castps128_ps512(d);
        __m512 d01 = _mm512_permutexvar_ps(lo8, dz);
        __m512 d23 = _mm512_permutexvar_ps(hi8, dz);
        __m512i q01 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)w0[i].qs)),
                                         _mm256_loadu_si256((const __m256i *)w1[i].qs), 1);
        __m512i q23 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)w2[i].qs)),
                                         _mm256_loadu_si256((const __m256i *)w3[i].qs), 1);
        __mmask64 n01 = _mm512_movepi8_mask(q01), n23 = _mm512_movepi8_mask(q23);
        __m512i a01 = _mm512_abs_epi8(q01), a23 = _mm512_abs_epi8(q23);
        for (int t = 0; t < T; t++) {
            __m512i xv = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)x[t][i].qs));
            __m512 xd = _mm512_set1_ps(x[t][i].d);
            __m512 s01 = _mm512_mul_ps(d01, xd);
            __m512 s23 = _mm512_mul_ps(d23, xd);
            __m512i x01 = _mm512_mask_sub_epi8(xv, n01, _mm512_setzero_si512(), xv);
            __m512i x23 = _mm512_mask_sub_epi8(xv, n23, _mm512_setzero_si512(), xv);
            __m512i p01 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), a01, x01);
            __m512i p23 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), a23, x23);
            acc01[t] = _mm512_fmadd_ps(s01, _mm512_cvtepi32_ps(p01), acc01[t]);
            acc23[t] = _mm512_fmadd_ps(s23, _mm512_cvtepi32_ps(p23), acc23[t]);
        }
    }
    for (int t = 0; t < T; t++) {
        float *y = out + t * 4;
        y[0] = hsum_ps(_mm512_castps512_ps256(acc01[t]));
        y[1] = hsum_ps(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(acc01[t]), 1)));
        y[2] = hsum_ps(_mm512_castps512_ps256(acc23[t]));
        y[3] = hsum_ps(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(acc23[t]), 1)));
    }
}

/// Four Q8_0 rows (e.g. the output head), one token.
static CK_AVX512 void dotr4_q8_0_avx512(int64_t n, const void *const *vw, const void *vx, float *out) {
    dotr4xT_q8_0(n, vw, vx, 0, out, 1);
}

static CK_AVX512 void dotr4x4_q8_0_avx512(int64_t n, const void *const *vw, const void *vx, size_t x_stride, float *out) {
    dotr4xT_q8_0(n, vw, vx, x_stride, out, 4);
}

static CK_AVX512 void dotr4x2_q8_0_avx512(int64_t n, const void *const *vw, const void *vx, size_t x_stride, float *out) {
    dotr4xT_q8_0(n, vw, vx, x_stride, out, 2);
}

#define Q5_0_SIGNED _mm256_sub_epi8(_mm256_or_si256(unpack_nibbles(w[i].qs), expand_bits_x10(w[i].qh)), _mm256_set1_epi8(16))
#define Q4_0_SIGNED _mm256_sub_epi8(unpack_nibbles(w[i].qs), _mm256_set1_epi8(8))
DEFINE_X4_SIGNED(CK_AVX2, avx2, dot_us8_avx2, q5_0, ck_block_q5_0, Q5_0_SIGNED)
DEFINE_X4_SIGNED(CK_AVX512, avx512, dot_us8_vnni, q5_0, ck_block_q5_0, Q5_0_SIGNED)
DEFINE_X4_SIGNED(CK_AVX2, avx2, dot_us8_avx2, q4_0, ck_block_q4_0, Q4_0_SIGNED)
DEFINE_X4_SIGNED(CK_AVX512, avx512, dot_us8_vnni, q4_0, ck_block_q4_0, Q4_0_SIGNED)

DEFINE_X4_KERNELS(CK_AVX2, avx2, dot_us8_avx2)
DEFINE_X4_KERNELS(CK_AVX512, avx512, dot_us8_vnni)

// MARK: - K formats (AVX2; the VNNI path reuses them)

static inline void k4_scales(const uint8_t *scales, uint8_t *sc, uint8_t *m) {
    for (int j = 0; j < 8; j++) ck_get_scale_min_k4(j, scales, &sc[j], &m[j]);
}

/// Q4_K in the orders of llama.cpp's interleaved ("repacked") x86 kernels, which sum exactly in
/// integers and add to float accumulators (one for the scaled quants, one for the minimums,
/// subtracted at the end) with fused multiply-adds: once per super-block in its one-token
/// kernel (gemv), once per 64-weight pair of blocks in its four-token kernel (gemm).
static inline CK_AVX2 float dot_q4_K_ordered(int64_t n, const void *vw, const void *vx, int per_pair) {
    const ck_block_q4_K *w = vw;
    const ck_block_q8_K *x = vx;
    int64_t nb = n / CK_QK_K;
    float sum = 0, mins = 0;
    const __m256i m4 = _mm256_set1_epi8(0x0F);
    for (int64_t i = 0; i < nb; i++) {
        uint8_t sc[8], m[8];
        k4_scales(w[i].scales, sc, m);
        const float dw = _cvtsh_ss(w[i].d) * x[i].d, dm = _cvtsh_ss(w[i].dmin) * x[i].d;
        int block_sum = 0, block_min = 0;
        for (int j = 0; j < 4; j++) {
            __m256i q = _mm256_loadu_si256((const __m256i *)(w[i].qs + 32 * j));
            __m256i lo = _mm256_and_si256(q, m4);
            __m256i hi = _mm256_and_si256(_mm256_srli_epi16(q, 4), m4);
            __m256i x0 = _mm256_loadu_si256((const __m256i *)(x[i].qs + 64 * j));
            __m256i x1 = _mm256_loadu_si256((const __m256i *)(x[i].qs + 64 * j + 32));
            __m256i p0 = _mm256_madd_epi16(_mm256_maddubs_epi16(lo, x0), _mm256_set1_epi16(sc[2 * j]));
            __m256i p1 = _mm256_madd_epi16(_mm256_maddubs_epi16(hi, x1), _mm256_set1_epi16(sc[2 * j + 1]));
            int pair_sum = hsum_epi32(_mm256_add_epi32(p0, p1));
            int pair_min = m[2 * j] * (x[i].bsums[4 * j] + x[i].bsums[4 * j + 1]) +
                           m[2 * j + 1] * (x[i].bsums[4 * j + 2] + x[i].bsums[4 * j + 3]);
            if (per_pair) {
                sum = fmaf((float)pair_sum, dw, sum);
                mins = fmaf((float)pair_min, dm, mins);
            } else {
                block_sum += pair_sum;
                block_min += pair_min;
            }
        }
        if (!per_pair) {
            sum = fmaf((float)block_sum, dw, sum);
            mins = fmaf((float)block_min, dm, mins);
        }
    }
    return sum - mins;
}

static CK_AVX2 float dot_q4_K_avx2(int64_t n, const void *vw, const void *vx) { return dot_q4_K_ordered(n, vw, vx, 0); }
static CK_AVX2 float dot_q4_K_pairs_avx2(int64_t n, const void *vw, const void *vx) { return dot_q4_K_ordered(n, vw, vx, 1); }


static CK_AVX2 float dot_q5_K_avx2(int64_t n, const void *vw, const void *vx) {
    const ck_block_q5_K *w = vw;
    const ck_block_q8_K *x = vx;
    int64_t nb = n / CK_QK_K;
    __m256 acc = _mm256_setzero_ps();
    float mins = 0;
    const __m256i m4 = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1);
    for (int64_t i = 0; i < nb; i++) {
        uint8_t sc[8], m[8];
        k4_scales(w[i].scales, sc, m);
        int summ = 0;
        for (int j = 0; j < 8; j++) summ += m[j] * (x[i].bsums[2 * j] + x[i].bsums[2 * j + 1]);
        mins += x[i].d * _cvtsh_ss(w[i].dmin) * (float)summ;
        __m256i hb = _mm256_loadu_si256((const __m256i *)w[i].qh);
        __m256i sumi = _mm256_setzero_si256();
        for (int j = 0; j < 4; j++) {
            __m256i q = _mm256_loadu_si256((const __m256i *)(w[i].qs + 32 * j));
            __m256i h0 = _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hb, 2 * j), one), 4);
            __m256i h1 = _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hb, 2 * j + 1), one), 4);
            __m256i lo = _mm256_or_si256(_mm256_and_si256(q, m4), h0);
            __m256i hi = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(q, 4), m4), h1);
            __m256i x0 = _mm256_loadu_si256((const __m256i *)(x[i].qs + 64 * j));
            __m256i x1 = _mm256_loadu_si256((const __m256i *)(x[i].qs + 64 * j + 32));
            __m256i p0 = _mm256_madd_epi16(_mm256_maddubs_epi16(lo, x0), _mm256_set1_epi16(sc[2 * j]));
            __m256i p1 = _mm256_madd_epi16(_mm256_maddubs_epi16(hi, x1), _mm256_set1_epi16(sc[2 * j + 1]));
            sumi = _mm256_add_epi32(sumi, _mm256_add_epi32(p0, p1));
        }
        acc = _mm256_fmadd_ps(_mm256_set1_ps(x[i].d * _cvtsh_ss(w[i].d)), _mm256_cvtepi32_ps(sumi), acc);
    }
    return hsum_ps(acc) - mins;
}

/// One Q6_K super-block against Q8_K activations, as 8 exact int32 lanes in the layout of
/// ggml_vec_dot_q6_K_q8_K (lane k: bytes 4k..4k+3 of every 32-quant chunk, minus its share of
/// the -32 offsets: 32 * the two 16-quant sums of groups 2k, 2k + 1 times their scales).
static inline CK_AVX2 __m256i q6_K_block_lanes(const ck_block_q6_K *w, const ck_block_q8_K *x) {
    const __m256i m4 = _mm256_set1_epi8(0x0F), m3 = _mm256_set1_epi8(3);
    const uint8_t *ql = w->ql, *qh = w->qh;
    const int8_t *sc = w->scales;
    const int8_t *q8 = x->qs;
    const __m256i offsets = _mm256_slli_epi32(
        _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)x->bsums),
                          _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)w->scales))), 5);
    __m256i sumi = _mm256_setzero_si256();
    for (int c = 0; c < 2; c++, ql += 64, qh += 32, sc += 8, q8 += 128) {
        __m256i h = _mm256_loadu_si256((const __m256i *)qh);
        __m256i l0 = _mm256_loadu_si256((const __m256i *)ql);
        __m256i l1 = _mm256_loadu_si256((const __m256i *)(ql + 32));
        __m256i q[4];
        q[0] = _mm256_or_si256(_mm256_and_si256(l0, m4), _mm256_slli_epi16(_mm256_and_si256(h, m3), 4));
        q[1] = _mm256_or_si256(_mm256_and_si256(l1, m4),
                               _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(h, 2), m3), 4));
        q[2] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l0, 4), m4),
                               _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(h, 4), m3), 4));
        q[3] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l1, 4), m4),
                               _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(h, 6), m3), 4));
        for (int k = 0; k < 4; k++) {
            __m256i xv = _mm256_loadu_si256((const __m256i *)(q8 + 32 * k));
            __m256i s = _mm256_set_m128i(_mm_set1_epi16(sc[2 * k + 1]), _mm_set1_epi16(sc[2 * k]));
            sumi = _mm256_add_epi32(sumi, _mm256_madd_epi16(_mm256_maddubs_epi16(q[k], xv), s));
        }
    }
    return _mm256_sub_epi32(sumi, offsets);
}

/// ggml_vec_dot_q6_K_q8_K's order: each lane fused-multiply-added with dx * dw per block.
static CK_AVX2 float dot_q6_K_avx2(int64_t n, const void *vw, const void *vx) {
    const ck_block_q6_K *w = vw;
    const ck_block_q8_K *x = vx;
    int64_t nb = n / CK_QK_K;
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < nb; i++) {
        __m256i sumi = q6_K_block_lanes(&w[i], &x[i]);
        acc = _mm256_fmadd_ps(_mm256_set1_ps(x[i].d * _cvtsh_ss(w[i].d)), _mm256_cvtepi32_ps(sumi), acc);
    }
    return hsum_ps(acc);
}

/// The order of ggml's tiled K-quant matrix product (batches of 8 or more tokens): the block's
/// exact integer total times dw, then fused-multiply-added with dx onto the running sum.
static CK_AVX2 float dot_q6_K_tiled_avx2(int64_t n, const void *vw, const void *vx) {
    const ck_block_q6_K *w = vw;
    const ck_block_q8_K *x = vx;
    int64_t nb = n / CK_QK_K;
    float sum = 0;
    for (int64_t i = 0; i < nb; i++) {
        float block = (float)hsum_epi32(q6_K_block_lanes(&w[i], &x[i])) * _cvtsh_ss(w[i].d);
        sum = fmaf(block, x[i].d, sum);
    }
    return sum;
}

// MARK: - Float weights (activations stay F32)

static CK_AVX2 float dot_f32_avx2(int64_t n, const void *vw, const void *vx) {
    const float *w = vw, *x = vx;
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i), _mm256_loadu_ps(x + i), a0);
        a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i + 8), _mm256_loadu_ps(x + i + 8), a1);
    }
    float s = hsum_ps(_mm256_add_ps(a0, a1));
    for (; i < n; i++) s += w[i] * x[i];
    return s;
}

static CK_AVX2 float dot_f16_avx2(int64_t n, const void *vw, const void *vx) {
    const ck_half *w = vw;
    const float *x = vx;
    __m256 a0 = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 wf = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(w + i)));
        a0 = _mm256_fmadd_ps(wf, _mm256_loadu_ps(x + i), a0);
    }
    float s = hsum_ps(a0);
    for (; i < n; i++) s += _cvtsh_ss(w[i]) * x[i];
    return s;
}

static CK_AVX2 float dot_bf16_avx2(int64_t n, const void *vw, const void *vx) {
    const ck_bf16 *w = vw;
    const float *x = vx;
    __m256 a0 = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i wi = _mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(w + i))), 16);
        a0 = _mm256_fmadd_ps(_mm256_castsi256_ps(wi), _mm256_loadu_ps(x + i), a0);
    }
    float s = hsum_ps(a0);
    for (; i < n; i++) s += ck_bf16_to_float(w[i]) * x[i];
    return s;
}

// MARK: - Activation quantization (Q8_A), AVX2

static CK_AVX2 void quant_q8a_avx2(const float *x, void *vdst, int64_t n) {
    ck_block_q8_a *y = vdst;
    int64_t nb = n / CK_QK;
    const __m256 sign_mask = _mm256_set1_ps(-0.0f);
    const __m256i perm = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (int64_t i = 0; i < nb; i++, x += CK_QK) {
        __m256 v0 = _mm256_loadu_ps(x), v1 = _mm256_loadu_ps(x + 8);
        __m256 v2 = _mm256_loadu_ps(x + 16), v3 = _mm256_loadu_ps(x + 24);
        __m256 mx = _mm256_max_ps(_mm256_max_ps(_mm256_andnot_ps(sign_mask, v0), _mm256_andnot_ps(sign_mask, v1)),
                                  _mm256_max_ps(_mm256_andnot_ps(sign_mask, v2), _mm256_andnot_ps(sign_mask, v3)));
        __m128 m4 = _mm_max_ps(_mm256_castps256_ps128(mx), _mm256_extractf128_ps(mx, 1));
        m4 = _mm_max_ps(m4, _mm_movehl_ps(m4, m4));
        m4 = _mm_max_ss(m4, _mm_movehdup_ps(m4));
        float amax = _mm_cvtss_f32(m4);
        float d = amax / 127.0f, id = amax != 0 ? 127.0f / amax : 0.0f;
        __m256 mul = _mm256_set1_ps(id);
#define mode (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
        __m256i i0 = _mm256_cvtps_epi32(_mm256_round_ps(_mm256_mul_ps(v0, mul), mode));
        __m256i i1 = _mm256_cvtps_epi32(_mm256_round_ps(_mm256_mul_ps(v1, mul), mode));
        __m256i i2 = _mm256_cvtps_epi32(_mm256_round_ps(_mm256_mul_ps(v2, mul), mode));
        __m256i i3 = _mm256_cvtps_epi32(_mm256_round_ps(_mm256_mul_ps(v3, mul), mode));
#undef mode
        int sum = hsum_epi32(_mm256_add_epi32(_mm256_add_epi32(i0, i1), _mm256_add_epi32(i2, i3)));
        __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(i0, i1), _mm256_packs_epi32(i2, i3));
        p = _mm256_permutevar8x32_epi32(p, perm);
        _mm256_storeu_si256((__m256i *)y[i].qs, p);
        y[i].d = _cvtsh_ss(_cvtss_sh(d, 0));
        y[i].s = _cvtsh_ss(_cvtss_sh(d * (float)sum, 0));
    }
}

// MARK: - Tables

void ck_fill_quants_avx2(ck_kernel_table *t) {
    static const struct { int type; ck_dot_fn dot; ck_dot4_fn dot4; } kernels[] = {
        {CK_TYPE_Q4_0, dot_q4_0_avx2, dot4_q4_0_avx2},
        {CK_TYPE_Q4_1, dot_q4_1_avx2, dot4_q4_1_avx2},
        {CK_TYPE_Q5_0, dot_q5_0_avx2, dot4_q5_0_avx2},
        {CK_TYPE_Q5_1, dot_q5_1_avx2, NULL},
        {CK_TYPE_Q8_0, dot_q8_0_avx2, NULL},
        {CK_TYPE_Q4_K, dot_q4_K_avx2, NULL},
        {CK_TYPE_Q5_K, dot_q5_K_avx2, NULL},
        {CK_TYPE_Q6_K, dot_q6_K_avx2, NULL},
        {CK_TYPE_F32, dot_f32_avx2, NULL},
        {CK_TYPE_F16, dot_f16_avx2, NULL},
        {CK_TYPE_BF16, dot_bf16_avx2, NULL},
    };
    for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
        t->type[kernels[i].type].vec_dot = kernels[i].dot;
        t->type[kernels[i].type].dot4 = kernels[i].dot4;
    }
    for (int type = 0; type < CK_TYPE_COUNT; type++) {
        if (t->type[type].activation_type == CK_TYPE_Q8_0) t->type[type].quantize_activations = quant_q8a_avx2;
    }
    // Decode: two Q4_1 rows per call hide the latency of its single accumulator chain.
    t->type[CK_TYPE_Q4_1].dotr = dotr2_q4_1_avx2;
    t->type[CK_TYPE_Q4_1].dotr_rows = 2;
    // llama.cpp's multi-token orders: repacked Q4_K gemm on groups of four tokens (gemv for the
    // rest), tiled Q6_K product from eight tokens on.
    t->type[CK_TYPE_Q4_K].vec_dot_batched = dot_q4_K_pairs_avx2;
    t->type[CK_TYPE_Q4_K].batched_from = 4;
    t->type[CK_TYPE_Q4_K].batched_multiple = 4;
    t->type[CK_TYPE_Q6_K].vec_dot_batched = dot_q6_K_tiled_avx2;
    t->type[CK_TYPE_Q6_K].batched_from = 8;
    t->type[CK_TYPE_Q6_K].batched_multiple = 1;
}

/// The 32-weight formats with VNNI dot products; K formats and floats keep the AVX2 kernels
/// (as fast here).
void ck_fill_quants_avx512(ck_kernel_table *t) {
    static const struct { int type; ck_dot_fn dot; ck_dot4_fn dot4; } kernels[] = {
        {CK_TYPE_Q4_0, dot_q4_0_avx512, dot4_q4_0_avx512},
        {CK_TYPE_Q4_1, dot_q4_1_avx512, dot4_q4_1_avx512},
        {CK_TYPE_Q5_0, dot_q5_0_avx512, dot4_q5_0_avx512},
        {CK_TYPE_Q5_1, dot_q5_1_avx512, NULL},
        {CK_TYPE_Q8_0, dot_q8_0_avx512, NULL},
    };
    for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
        t->type[kernels[i].type].vec_dot = kernels[i].dot;
        t->type[kernels[i].type].dot4 = kernels[i].dot4;
    }
    // Decode: several rows per call, two per zmm, each in the one-row kernel's order.
    t->type[CK_TYPE_Q4_1].dotr = CK_DOTR_ROWS == 8 ? dotr8_q4_1_avx512 : dotr4_q4_1_avx512;
    t->type[CK_TYPE_Q4_1].dotr_rows = CK_DOTR_ROWS;
    t->type[CK_TYPE_Q4_1].dotr_x4 = CK_DOTR_ROWS == 4 ? dotr4x4_q4_1_avx512 : NULL;
    t->type[CK_TYPE_Q4_1].dotr_x2 = CK_DOTR_ROWS == 4 ? dotr4x2_q4_1_avx512 : NULL;
    t->type[CK_TYPE_Q8_0].dotr = dotr4_q8_0_avx512;
    t->type[CK_TYPE_Q8_0].dotr_x4 = dotr4x4_q8_0_avx512;
    t->type[CK_TYPE_Q8_0].dotr_x2 = dotr4x2_q8_0_avx512;
    t->type[CK_TYPE_Q8_0].dotr_rows = 4;
}

#endif
