// Scalar reference kernels: conversions, dequantization, quantization and dot products.
// These define what every SIMD path must compute (tests compare against them).

#include "CKernels.h"
#include "internal.h"

#include <math.h>
#include <string.h>

// MARK: - Half precision

float ck_half_to_float(ck_half h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16;
    uint32_t exp = (h >> 10) & 0x1F;
    uint32_t mant = h & 0x3FF;
    uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal: normalize
            int e = -1;
            do { e++; mant <<= 1; } while ((mant & 0x400) == 0);
            mant &= 0x3FF;
            bits = sign | ((uint32_t)(127 - 15 - e) << 23) | (mant << 13);
        }
    } else if (exp == 31) {
        bits = sign | 0x7F800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

ck_half ck_float_to_half(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000;
    uint32_t absx = x & 0x7FFFFFFFu;
    if (absx >= 0x7F800000u) {  // inf or nan
        return (ck_half)(sign | 0x7C00 | (absx > 0x7F800000u ? 0x200 : 0));
    }
    if (absx >= 0x477FF000u) return (ck_half)(sign | 0x7C00);  // overflow -> inf
    if (absx < 0x38800000u) {  // subnormal half or zero
        if (absx < 0x33000000u) return (ck_half)sign;
        uint32_t e = absx >> 23;
        uint32_t m = (absx & 0x7FFFFF) | 0x800000;
        uint32_t shift = 126 - e;  // value = m * 2^(e-150) = half_m * 2^-24
        uint32_t half_m = m >> shift;
        uint32_t rem = m & ((1u << shift) - 1);
        uint32_t halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (half_m & 1))) half_m++;
        return (ck_half)(sign | half_m);
    }
    uint32_t e = (absx >> 23) - 127 + 15;
    uint32_t m = absx & 0x7FFFFF;
    uint32_t h = (e << 10) | (m >> 13);
    uint32_t rem = m & 0x1FFF;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) h++;  // round to nearest even
    return (ck_half)(sign | h);
}

float ck_bf16_to_float(ck_bf16 h) {
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

// MARK: - Dequantization

static inline void ck_scale_min_k4(int j, const uint8_t *q, uint8_t *d, uint8_t *m) {
    if (j < 4) {
        *d = q[j] & 63;
        *m = q[j + 4] & 63;
    } else {
        *d = (q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4);
        *m = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
    }
}

void ck_get_scale_min_k4(int j, const uint8_t *q, uint8_t *d, uint8_t *m) { ck_scale_min_k4(j, q, d, m); }

static void dq_q4_0(const ck_block_q4_0 *b, float *y) {
    float d = ck_half_to_float(b->d);
    for (int j = 0; j < 16; j++) {
        y[j] = ((b->qs[j] & 0xF) - 8) * d;
        y[j + 16] = ((b->qs[j] >> 4) - 8) * d;
    }
}

static void dq_q4_1(const ck_block_q4_1 *b, float *y) {
    float d = ck_half_to_float(b->d), m = ck_half_to_float(b->m);
    for (int j = 0; j < 16; j++) {
        y[j] = (b->qs[j] & 0xF) * d + m;
        y[j + 16] = (b->qs[j] >> 4) * d + m;
    }
}

static void dq_q5_0(const ck_block_q5_0 *b, float *y) {
    float d = ck_half_to_float(b->d);
    uint32_t qh;
    memcpy(&qh, b->qh, 4);
    for (int j = 0; j < 16; j++) {
        int h0 = ((qh >> j) & 1) << 4, h1 = ((qh >> (j + 16)) & 1) << 4;
        y[j] = (((b->qs[j] & 0xF) | h0) - 16) * d;
        y[j + 16] = (((b->qs[j] >> 4) | h1) - 16) * d;
    }
}

static void dq_q5_1(const ck_block_q5_1 *b, float *y) {
    float d = ck_half_to_float(b->d), m = ck_half_to_float(b->m);
    uint32_t qh;
    memcpy(&qh, b->qh, 4);
    for (int j = 0; j < 16; j++) {
        int h0 = ((qh >> j) & 1) << 4, h1 = ((qh >> (j + 16)) & 1) << 4;
        y[j] = ((b->qs[j] & 0xF) | h0) * d + m;
        y[j + 16] = ((b->qs[j] >> 4) | h1) * d + m;
    }
}

static void dq_q8_0(const ck_block_q8_0 *b, float *y) {
    float d = ck_half_to_float(b->d);
    for (int j = 0; j < 32; j++) y[j] = b->qs[j] * d;
}

static void dq_q4_K(const ck_block_q4_K *b, float *y) {
    float d = ck_half_to_float(b->d), dmin = ck_half_to_float(b->dmin);
    const uint8_t *q = b->qs;
    for (int j = 0, is = 0; j < CK_QK_K; j += 64, is += 2, q += 32) {
        uint8_t sc, m;
        ck_scale_min_k4(is, b->scales, &sc, &m);
        float d1 = d * sc, m1 = dmin * m;
        ck_scale_min_k4(is + 1, b->scales, &sc, &m);
        float d2 = d * sc, m2 = dmin * m;
        for (int l = 0; l < 32; l++) *y++ = d1 * (q[l] & 0xF) - m1;
        for (int l = 0; l < 32; l++) *y++ = d2 * (q[l] >> 4) - m2;
    }
}

static void dq_q5_K(const ck_block_q5_K *b, float *y) {
    float d = ck_half_to_float(b->d), dmin = ck_half_to_float(b->dmin);
    const uint8_t *ql = b->qs, *qh = b->qh;
    uint8_t u1 = 1, u2 = 2;
    for (int j = 0, is = 0; j < CK_QK_K; j += 64, is += 2, ql += 32, u1 <<= 2, u2 <<= 2) {
        uint8_t sc, m;
        ck_scale_min_k4(is, b->scales, &sc, &m);
        float d1 = d * sc, m1 = dmin * m;
        ck_scale_min_k4(is + 1, b->scales, &sc, &m);
        float d2 = d * sc, m2 = dmin * m;
        for (int l = 0; l < 32; l++) *y++ = d1 * ((ql[l] & 0xF) + ((qh[l] & u1) ? 16 : 0)) - m1;
        for (int l = 0; l < 32; l++) *y++ = d2 * ((ql[l] >> 4) + ((qh[l] & u2) ? 16 : 0)) - m2;
    }
}

static void dq_q6_K(const ck_block_q6_K *b, float *y) {
    float d = ck_half_to_float(b->d);
    const uint8_t *ql = b->ql, *qh = b->qh;
    const int8_t *sc = b->scales;
    for (int n = 0; n < CK_QK_K; n += 128, y += 128, ql += 64, qh += 32, sc += 8) {
        for (int l = 0; l < 32; l++) {
            int is = l / 16;
            int q1 = ((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
            int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
            int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
            int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
            y[l] = d * sc[is] * q1;
            y[l + 32] = d * sc[is + 2] * q2;
            y[l + 64] = d * sc[is + 4] * q3;
            y[l + 96] = d * sc[is + 6] * q4;
        }
    }
}

static void dq_q8_K(const ck_block_q8_K *b, float *y) {
    for (int j = 0; j < CK_QK_K; j++) y[j] = b->d * b->qs[j];
}

void ck_dequantize_row(int type, const void *src, float *dst, int64_t n) {
    const uint8_t *p = (const uint8_t *)src;
    int bs = ck_type_block_size(type), bb = ck_type_block_bytes(type);
    if (bs == 0) return;
    int64_t nb = n / bs;
    switch (type) {
    case CK_TYPE_F32: memcpy(dst, src, (size_t)n * 4); return;
    case CK_TYPE_F16:
        for (int64_t i = 0; i < n; i++) dst[i] = ck_half_to_float(((const ck_half *)src)[i]);
        return;
    case CK_TYPE_BF16:
        for (int64_t i = 0; i < n; i++) dst[i] = ck_bf16_to_float(((const ck_bf16 *)src)[i]);
        return;
    default: break;
    }
    for (int64_t i = 0; i < nb; i++, p += bb, dst += bs) {
        switch (type) {
        case CK_TYPE_Q4_0: dq_q4_0((const ck_block_q4_0 *)p, dst); break;
        case CK_TYPE_Q4_1: dq_q4_1((const ck_block_q4_1 *)p, dst); break;
        case CK_TYPE_Q5_0: dq_q5_0((const ck_block_q5_0 *)p, dst); break;
        case CK_TYPE_Q5_1: dq_q5_1((const ck_block_q5_1 *)p, dst); break;
        case CK_TYPE_Q8_0: dq_q8_0((const ck_block_q8_0 *)p, dst); break;
        case CK_TYPE_Q4_K: dq_q4_K((const ck_block_q4_K *)p, dst); break;
        case CK_TYPE_Q5_K: dq_q5_K((const ck_block_q5_K *)p, dst); break;
        case CK_TYPE_Q6_K: dq_q6_K((const ck_block_q6_K *)p, dst); break;
        case CK_TYPE_Q8_K: dq_q8_K((const ck_block_q8_K *)p, dst); break;
        default: return;
        }
    }
}

// MARK: - Quantization

static inline int ck_nearest_int(float f) { return (int)lrintf(f); }

static void q_q8_a(const float *x, ck_block_q8_a *y, int64_t nb) {
    for (int64_t i = 0; i < nb; i++, x += CK_QK) {
        float amax = 0;
        for (int j = 0; j < CK_QK; j++) amax = fmaxf(amax, fabsf(x[j]));
        float d = amax / 127.0f, id = d != 0 ? 1.0f / d : 0.0f;
        int sum = 0;
        for (int j = 0; j < CK_QK; j++) {
            int q = (int)roundf(x[j] * id);
            y[i].qs[j] = (int8_t)q;
            sum += q;
        }
        // Scales round through F16 as in ggml's block_q8_0/q8_1, so products match llama.cpp.
        y[i].d = ck_half_to_float(ck_float_to_half(d));
        y[i].s = ck_half_to_float(ck_float_to_half(d * (float)sum));
    }
}

static void q_q8_K(const float *x, ck_block_q8_K *y, int64_t nb) {
    for (int64_t i = 0; i < nb; i++, x += CK_QK_K) {
        float max = 0, amax = 0;
        for (int j = 0; j < CK_QK_K; j++) {
            float ax = fabsf(x[j]);
            if (ax > amax) { amax = ax; max = x[j]; }
        }
        if (amax == 0) {
            memset(&y[i], 0, sizeof(y[i]));
            continue;
        }
        float iscale = -127.0f / max;
        for (int j = 0; j < CK_QK_K; j++) {
            int v = ck_nearest_int(iscale * x[j]);
            y[i].qs[j] = (int8_t)(v > 127 ? 127 : (v < -128 ? -128 : v));
        }
        for (int j = 0; j < CK_QK_K / 16; j++) {
            int sum = 0;
            for (int l = 0; l < 16; l++) sum += y[i].qs[j * 16 + l];
            y[i].bsums[j] = (int16_t)sum;
        }
        y[i].d = 1.0f / iscale;
    }
}

static void quant_q8_a_scalar(const float *x, void *dst, int64_t n) { q_q8_a(x, (ck_block_q8_a *)dst, n / CK_QK); }
static void quant_q8_K_scalar(const float *x, void *dst, int64_t n) { q_q8_K(x, (ck_block_q8_K *)dst, n / CK_QK_K); }
static void quant_f32(const float *x, void *dst, int64_t n) { memcpy(dst, x, (size_t)n * sizeof(float)); }

/// Scale/min search for the K formats: plain min/max (no importance weighting), 6-bit codes.
static void k_block_scale_min(const float *x, int n, int nmax, float *scale, float *min) {
    float lo = x[0], hi = x[0];
    for (int i = 1; i < n; i++) { lo = fminf(lo, x[i]); hi = fmaxf(hi, x[i]); }
    if (lo > 0) lo = 0;
    *min = -lo;
    *scale = (hi - lo) / nmax;
}

int ck_quantize_row(int type, const float *x, void *dst, int64_t n) {
    int bs = ck_type_block_size(type);
    if (bs == 0 || n % bs != 0) return -1;
    int64_t nb = n / bs;
    switch (type) {
    case CK_TYPE_F32: memcpy(dst, x, (size_t)n * 4); return 0;
    case CK_TYPE_F16:
        for (int64_t i = 0; i < n; i++) ((ck_half *)dst)[i] = ck_float_to_half(x[i]);
        return 0;
    case CK_TYPE_Q8_0: {
        ck_block_q8_0 *y = dst;
        for (int64_t i = 0; i < nb; i++, x += 32) {
            float amax = 0;
            for (int j = 0; j < 32; j++) amax = fmaxf(amax, fabsf(x[j]));
            float d = amax / 127.0f, id = d ? 1.0f / d : 0.0f;
            y[i].d = ck_float_to_half(d);
            for (int j = 0; j < 32; j++) y[i].qs[j] = (int8_t)roundf(x[j] * id);
        }
        return 0;
    }
    case CK_TYPE_Q4_0: {
        ck_block_q4_0 *y = dst;
        for (int64_t i = 0; i < nb; i++, x += 32) {
            float amax = 0, max = 0;
            for (int j = 0; j < 32; j++) if (fabsf(x[j]) > amax) { amax = fabsf(x[j]); max = x[j]; }
            float d = max / -8.0f, id = d ? 1.0f / d : 0.0f;
            y[i].d = ck_float_to_half(d);
            for (int j = 0; j < 16; j++) {
                int a = (int)(x[j] * id + 8.5f), b = (int)(x[j + 16] * id + 8.5f);
                a = a > 15 ? 15 : a; b = b > 15 ? 15 : b;
                y[i].qs[j] = (uint8_t)(a | (b << 4));
            }
        }
        return 0;
    }
    case CK_TYPE_Q4_1: {
        ck_block_q4_1 *y = dst;
        for (int64_t i = 0; i < nb; i++, x += 32) {
            float lo = x[0], hi = x[0];
            for (int j = 1; j < 32; j++) { lo = fminf(lo, x[j]); hi = fmaxf(hi, x[j]); }
            float d = (hi - lo) / 15.0f, id = d ? 1.0f / d : 0.0f;
            y[i].d = ck_float_to_half(d);
            y[i].m = ck_float_to_half(lo);
            for (int j = 0; j < 16; j++) {
                int a = (int)((x[j] - lo) * id + 0.5f), b = (int)((x[j + 16] - lo) * id + 0.5f);
                a = a > 15 ? 15 : a; b = b > 15 ? 15 : b;
                y[i].qs[j] = (uint8_t)(a | (b << 4));
            }
        }
        return 0;
    }
    case CK_TYPE_Q5_0: {
        ck_block_q5_0 *y = dst;
        for (int64_t i = 0; i < nb; i++, x += 32) {
            float amax = 0, max = 0;
            for (int j = 0; j < 32; j++) if (fabsf(x[j]) > amax) { amax = fabsf(x[j]); max = x[j]; }
            float d = max / -16.0f, id = d ? 1.0f / d : 0.0f;
            y[i].d = ck_float_to_half(d);
            uint32_t qh = 0;
            for (int j = 0; j < 16; j++) {
                int a = (int)(x[j] * id + 16.5f), b = (int)(x[j + 16] * id + 16.5f);
                a = a > 31 ? 31 : a; b = b > 31 ? 31 : b;
                y[i].qs[j] = (uint8_t)((a & 0xF) | ((b & 0xF) << 4));
                qh |= (uint32_t)((a >> 4) & 1) << j;
                qh |= (uint32_t)((b >> 4) & 1) << (j + 16);
            }
            memcpy(y[i].qh, &qh, 4);
        }
        return 0;
    }
    case CK_TYPE_Q8_K:
        q_q8_K(x, dst, nb);
        return 0;
    case CK_TYPE_Q4_K: {
        ck_block_q4_K *y = dst;
        for (int64_t i = 0; i < nb; i++, x += CK_QK_K) {
            float scales[8], mins[8], max_scale = 0, max_min = 0;
            for (int j = 0; j < 8; j++) {
                k_block_scale_min(x + 32 * j, 32, 15, &scales[j], &mins[j]);
                max_scale = fmaxf(max_scale, scales[j]);
                max_min = fmaxf(max_min, mins[j]);
            }
            float inv_scale = max_scale > 0 ? 63.0f / max_scale : 0, inv_min = max_min > 0 ? 63.0f / max_min : 0;
            uint8_t ls[8], lm[8];
            for (int j = 0; j < 8; j++) {
                int a = ck_nearest_int(inv_scale * scales[j]), b = ck_nearest_int(inv_min * mins[j]);
                ls[j] = (uint8_t)(a > 63 ? 63 : a);
                lm[j] = (uint8_t)(b > 63 ? 63 : b);
                if (j < 4) {
                    y[i].scales[j] = ls[j];
                    y[i].scales[j + 4] = lm[j];
                } else {
                    y[i].scales[j + 4] = (uint8_t)((ls[j] & 0xF) | ((lm[j] & 0xF) << 4));
                    y[i].scales[j - 4] |= (uint8_t)((ls[j] >> 4) << 6);
                    y[i].scales[j] |= (uint8_t)((lm[j] >> 4) << 6);
                }
            }
            float d = max_scale / 63.0f, dmin = max_min / 63.0f;
            y[i].d = ck_float_to_half(d);
            y[i].dmin = ck_float_to_half(dmin);
            d = ck_half_to_float(y[i].d);
            dmin = ck_half_to_float(y[i].dmin);
            uint8_t L[CK_QK_K];
            for (int j = 0; j < 8; j++) {
                uint8_t sc, m;
                ck_scale_min_k4(j, y[i].scales, &sc, &m);
                float dd = d * sc, dm = dmin * m;
                for (int l = 0; l < 32; l++) {
                    int v = dd ? ck_nearest_int((x[32 * j + l] + dm) / dd) : 0;
                    L[32 * j + l] = (uint8_t)(v < 0 ? 0 : (v > 15 ? 15 : v));
                }
            }
            for (int j = 0; j < CK_QK_K; j += 64)
                for (int l = 0; l < 32; l++) y[i].qs[j / 2 + l] = (uint8_t)(L[j + l] | (L[j + l + 32] << 4));
        }
        return 0;
    }
    case CK_TYPE_Q6_K: {
        ck_block_q6_K *y = dst;
        for (int64_t i = 0; i < nb; i++, x += CK_QK_K) {
            float scales[16], max_abs_scale = 0, max_scale = 0;
            for (int j = 0; j < 16; j++) {
                float amax = 0, mx = 0;
                for (int l = 0; l < 16; l++) if (fabsf(x[16 * j + l]) > amax) { amax = fabsf(x[16 * j + l]); mx = x[16 * j + l]; }
                scales[j] = mx / -32.0f;
                if (fabsf(scales[j]) > max_abs_scale) { max_abs_scale = fabsf(scales[j]); max_scale = scales[j]; }
            }
            float iscale = max_scale != 0 ? -128.0f / max_scale : 0;
            y[i].d = ck_float_to_half(iscale ? 1.0f / iscale : 0);
            float d = ck_half_to_float(y[i].d);
            uint8_t L[CK_QK_K];
            for (int j = 0; j < 16; j++) {
                int s = ck_nearest_int(iscale * scales[j]);
                s = s > 127 ? 127 : (s < -128 ? -128 : s);
                y[i].scales[j] = (int8_t)s;
                float dd = d * s;
                for (int l = 0; l < 16; l++) {
                    int v = dd ? ck_nearest_int(x[16 * j + l] / dd) : 0;
                    v = v < -32 ? -32 : (v > 31 ? 31 : v);
                    L[16 * j + l] = (uint8_t)(v + 32);
                }
            }
            uint8_t *ql = y[i].ql, *qh = y[i].qh;
            for (int j = 0; j < CK_QK_K; j += 128, ql += 64, qh += 32) {
                for (int l = 0; l < 32; l++) {
                    uint8_t q1 = L[j + l] & 0xF, q2 = L[j + l + 32] & 0xF;
                    uint8_t q3 = L[j + l + 64] & 0xF, q4 = L[j + l + 96] & 0xF;
                    ql[l] = (uint8_t)(q1 | (q3 << 4));
                    ql[l + 32] = (uint8_t)(q2 | (q4 << 4));
                    qh[l] = (uint8_t)((L[j + l] >> 4) | ((L[j + l + 32] >> 4) << 2) | ((L[j + l + 64] >> 4) << 4) |
                                      ((L[j + l + 96] >> 4) << 6));
                }
            }
        }
        return 0;
    }
    default: return -1;
    }
}

// MARK: - Reference dot products

/// The reference: weights dequantized to float, activations dequantized to float, summed in
/// double. Every SIMD path computes the same value up to float rounding.
float ck_vec_dot_scalar(int type, int64_t n, const void *w, const void *xq) {
    enum { CHUNK = CK_QK_K };
    float wf[CHUNK], xf[CHUNK];
    int bs = ck_type_block_size(type), bb = ck_type_block_bytes(type);
    int at = ck_activation_type(type);
    double sum = 0;
    if (at == CK_TYPE_F32) {
        const float *x = xq;
        for (int64_t i = 0; i < n; i += CHUNK) {
            int64_t m = n - i < CHUNK ? n - i : CHUNK;
            ck_dequantize_row(type, (const uint8_t *)w + (size_t)i * bb, wf, m);
            for (int64_t j = 0; j < m; j++) sum += (double)wf[j] * x[i + j];
        }
        return (float)sum;
    }
    int64_t nb = n / bs;
    const uint8_t *wp = w, *xp = xq;
    size_t xb = at == CK_TYPE_Q8_K ? sizeof(ck_block_q8_K) : sizeof(ck_block_q8_a);
    for (int64_t i = 0; i < nb; i++, wp += bb, xp += xb) {
        ck_dequantize_row(type, wp, wf, bs);
        if (at == CK_TYPE_Q8_K) {
            dq_q8_K((const ck_block_q8_K *)xp, xf);
            for (int j = 0; j < bs; j++) sum += (double)wf[j] * xf[j];
        } else {
            // Weights are scale * q + c with a per-block constant c (the minimum m). As in ggml,
            // the c term uses the activations' stored (F16-rounded) sum s. (Q4_0 and Q5_0 have no
            // such term: ggml multiplies their signed q - 8 and q - 16 directly, and so do our
            // kernels.)
            const ck_block_q8_a *b = (const ck_block_q8_a *)xp;
            for (int j = 0; j < CK_QK; j++) xf[j] = b->d * b->qs[j];
            float c = 0;
            switch (type) {
            case CK_TYPE_Q4_1: c = ck_half_to_float(((const ck_block_q4_1 *)wp)->m); break;
            case CK_TYPE_Q5_1: c = ck_half_to_float(((const ck_block_q5_1 *)wp)->m); break;
            default: break;
            }
            for (int j = 0; j < bs; j++) sum += (double)(wf[j] - c) * xf[j];
            sum += (double)c * b->s;
        }
    }
    return (float)sum;
}

// MARK: - The scalar path's table

#define CK_REFERENCE_DOT(TYPE)                                                          \
    static float dot_reference_##TYPE(int64_t n, const void *w, const void *xq) {       \
        return ck_vec_dot_scalar(CK_TYPE_##TYPE, n, w, xq);                             \
    }
CK_REFERENCE_DOT(F32)
CK_REFERENCE_DOT(F16)
CK_REFERENCE_DOT(BF16)
CK_REFERENCE_DOT(Q4_0)
CK_REFERENCE_DOT(Q4_1)
CK_REFERENCE_DOT(Q5_0)
CK_REFERENCE_DOT(Q5_1)
CK_REFERENCE_DOT(Q8_0)
CK_REFERENCE_DOT(Q4_K)
CK_REFERENCE_DOT(Q5_K)
CK_REFERENCE_DOT(Q6_K)

/// Layouts of every type the kernels know and the reference kernels of the weight types; the
/// other paths start from a copy of this.
void ck_fill_quants_scalar(ck_kernel_table *t) {
    static const struct {
        int type, block_size, block_bytes, activation_type;
        ck_dot_fn dot;
    } types[] = {
        {CK_TYPE_F32, 1, 4, CK_TYPE_F32, dot_reference_F32},
        {CK_TYPE_F16, 1, 2, CK_TYPE_F32, dot_reference_F16},
        {CK_TYPE_BF16, 1, 2, CK_TYPE_F32, dot_reference_BF16},
        {CK_TYPE_Q4_0, CK_QK, sizeof(ck_block_q4_0), CK_TYPE_Q8_0, dot_reference_Q4_0},
        {CK_TYPE_Q4_1, CK_QK, sizeof(ck_block_q4_1), CK_TYPE_Q8_0, dot_reference_Q4_1},
        {CK_TYPE_Q5_0, CK_QK, sizeof(ck_block_q5_0), CK_TYPE_Q8_0, dot_reference_Q5_0},
        {CK_TYPE_Q5_1, CK_QK, sizeof(ck_block_q5_1), CK_TYPE_Q8_0, dot_reference_Q5_1},
        {CK_TYPE_Q8_0, CK_QK, sizeof(ck_block_q8_0), CK_TYPE_Q8_0, dot_reference_Q8_0},
        {CK_TYPE_Q4_K, CK_QK_K, sizeof(ck_block_q4_K), CK_TYPE_Q8_K, dot_reference_Q4_K},
        {CK_TYPE_Q5_K, CK_QK_K, sizeof(ck_block_q5_K), CK_TYPE_Q8_K, dot_reference_Q5_K},
        {CK_TYPE_Q6_K, CK_QK_K, sizeof(ck_block_q6_K), CK_TYPE_Q8_K, dot_reference_Q6_K},
        {CK_TYPE_Q8_K, CK_QK_K, sizeof(ck_block_q8_K), CK_TYPE_Q8_K, NULL},  // activations only
    };
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        ck_type_traits *tt = &t->type[types[i].type];
        tt->block_size = types[i].block_size;
        tt->block_bytes = types[i].block_bytes;
        tt->activation_type = types[i].activation_type;
        tt->is_weight = types[i].dot != NULL;
        tt->vec_dot = types[i].dot;
        tt->quantize_activations = types[i].activation_type == CK_TYPE_Q8_K   ? quant_q8_K_scalar
                                   : types[i].activation_type == CK_TYPE_Q8_0 ? quant_q8_a_scalar
                                                                              : quant_f32;
    }
}
