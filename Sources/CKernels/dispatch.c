// The one dispatch point: type traits and the per-type kernel table, filled once from the CPU's
// features. A path scores zero (is never chosen) when the CPU lacks any feature it needs.

#include "CKernels.h"
#include "internal.h"

#include <pthread.h>
#include <string.h>

static pthread_once_t ck_once = PTHREAD_ONCE_INIT;
static int ck_isa = CK_ISA_SCALAR;
static ck_cpu_features ck_features;
static ck_dot_fn ck_dot_table[3][CK_TYPE_COUNT];
static ck_dot_fn ck_best_dot[CK_TYPE_COUNT];
static ck_dot_fn ck_best_dot_batched[CK_TYPE_COUNT];
static ck_dot2_fn ck_best_dot2[CK_TYPE_COUNT];
static ck_dotr_fn ck_best_dotr[CK_TYPE_COUNT];
static int ck_best_dotr_rows[CK_TYPE_COUNT];
static ck_quant_act_fn ck_best_q8a;
static ck_dot4_fn ck_best_dot4[CK_TYPE_COUNT];
static ck_attention_fn ck_best_attention;
static ck_attention_part_fn ck_best_attention_part;
static ck_glu_fn ck_best_swiglu, ck_best_geglu;
static ck_dot4_fn ck_dot4_table[3][CK_TYPE_COUNT];

static int isa_ok(int isa) {
    switch (isa) {
    case CK_ISA_SCALAR: return 1;
    case CK_ISA_AVX2: return ck_features.avx2 && ck_features.fma && ck_features.f16c;
    case CK_ISA_AVX512:
        return isa_ok(CK_ISA_AVX2) && ck_features.avx512f && ck_features.avx512bw && ck_features.avx512vl &&
               ck_features.avx512vnni;
    default: return 0;
    }
}

static void ck_init_once(void) {
    ck_features = ck_detect_cpu_features();
    memset(ck_dot_table, 0, sizeof(ck_dot_table));
#if defined(__x86_64__)
    for (int t = 0; t < CK_TYPE_COUNT; t++) {
        if (isa_ok(CK_ISA_AVX2)) ck_dot_table[CK_ISA_AVX2][t] = ck_dot_avx2(t);
        if (isa_ok(CK_ISA_AVX512)) ck_dot_table[CK_ISA_AVX512][t] = ck_dot_avx512(t);
        if (isa_ok(CK_ISA_AVX2)) ck_dot4_table[CK_ISA_AVX2][t] = ck_dot4_avx2(t);
        if (isa_ok(CK_ISA_AVX2)) ck_best_dot_batched[t] = ck_dot_batched_avx2(t);
        if (isa_ok(CK_ISA_AVX2)) ck_best_dot2[t] = ck_dot2_avx2(t);
        if (isa_ok(CK_ISA_AVX512) && ck_dot2_avx512(t)) ck_best_dot2[t] = ck_dot2_avx512(t);
        if (isa_ok(CK_ISA_AVX512)) ck_best_dotr[t] = ck_dotr_avx512(t, &ck_best_dotr_rows[t]);
        if (isa_ok(CK_ISA_AVX512)) ck_dot4_table[CK_ISA_AVX512][t] = ck_dot4_avx512(t);
    }
    if (isa_ok(CK_ISA_AVX2)) ck_best_q8a = ck_quant_q8a_avx2();
    if (isa_ok(CK_ISA_AVX2)) ck_best_attention = ck_attention_avx2();
    if (isa_ok(CK_ISA_AVX2)) ck_best_attention_part = ck_attention_part_avx2();
    if (isa_ok(CK_ISA_AVX2)) ck_best_swiglu = ck_swiglu_avx2();
    if (isa_ok(CK_ISA_AVX512)) ck_best_swiglu = ck_swiglu_avx512();
    if (isa_ok(CK_ISA_AVX2)) ck_best_geglu = ck_geglu_avx2();
#endif
    if (!ck_best_swiglu) ck_best_swiglu = ck_swiglu_scalar;
    if (!ck_best_geglu) ck_best_geglu = ck_geglu_scalar;
    ck_isa = isa_ok(CK_ISA_AVX512) ? CK_ISA_AVX512 : (isa_ok(CK_ISA_AVX2) ? CK_ISA_AVX2 : CK_ISA_SCALAR);
    for (int t = 0; t < CK_TYPE_COUNT; t++) {
        for (int isa = ck_isa; isa > CK_ISA_SCALAR; isa--) {
            if (ck_dot_table[isa][t]) { ck_best_dot[t] = ck_dot_table[isa][t]; break; }
        }
        for (int isa = ck_isa; isa > CK_ISA_SCALAR; isa--) {
            if (ck_dot4_table[isa][t]) { ck_best_dot4[t] = ck_dot4_table[isa][t]; break; }
        }
    }
}

void ck_kernels_init(void) { pthread_once(&ck_once, ck_init_once); }

int ck_selected_isa(void) {
    ck_kernels_init();
    return ck_isa;
}

int ck_isa_available(int isa) {
    ck_kernels_init();
    return isa_ok(isa);
}

int ck_type_block_size(int type) {
    switch (type) {
    case CK_TYPE_F32: case CK_TYPE_F16: case CK_TYPE_BF16: return 1;
    case CK_TYPE_Q4_0: case CK_TYPE_Q4_1: case CK_TYPE_Q5_0: case CK_TYPE_Q5_1: case CK_TYPE_Q8_0: return CK_QK;
    case CK_TYPE_Q4_K: case CK_TYPE_Q5_K: case CK_TYPE_Q6_K: case CK_TYPE_Q8_K: return CK_QK_K;
    default: return 0;
    }
}

int ck_type_block_bytes(int type) {
    switch (type) {
    case CK_TYPE_F32: return 4;
    case CK_TYPE_F16: case CK_TYPE_BF16: return 2;
    case CK_TYPE_Q4_0: return sizeof(ck_block_q4_0);
    case CK_TYPE_Q4_1: return sizeof(ck_block_q4_1);
    case CK_TYPE_Q5_0: return sizeof(ck_block_q5_0);
    case CK_TYPE_Q5_1: return sizeof(ck_block_q5_1);
    case CK_TYPE_Q8_0: return sizeof(ck_block_q8_0);
    case CK_TYPE_Q4_K: return sizeof(ck_block_q4_K);
    case CK_TYPE_Q5_K: return sizeof(ck_block_q5_K);
    case CK_TYPE_Q6_K: return sizeof(ck_block_q6_K);
    case CK_TYPE_Q8_K: return sizeof(ck_block_q8_K);
    default: return 0;
    }
}

int ck_type_supported(int type) { return ck_type_block_size(type) != 0 && type != CK_TYPE_Q8_K; }

size_t ck_row_bytes(int type, int64_t n) {
    int bs = ck_type_block_size(type);
    if (bs == 0 || n < 0 || n % bs != 0) return 0;
    return (size_t)(n / bs) * (size_t)ck_type_block_bytes(type);
}

int ck_activation_type(int weight_type) {
    switch (weight_type) {
    case CK_TYPE_Q4_K: case CK_TYPE_Q5_K: case CK_TYPE_Q6_K: case CK_TYPE_Q8_K: return CK_TYPE_Q8_K;
    case CK_TYPE_Q4_0: case CK_TYPE_Q4_1: case CK_TYPE_Q5_0: case CK_TYPE_Q5_1: case CK_TYPE_Q8_0: return CK_TYPE_Q8_0;
    default: return CK_TYPE_F32;
    }
}

size_t ck_activation_row_bytes(int weight_type, int64_t n) {
    switch (ck_activation_type(weight_type)) {
    case CK_TYPE_Q8_K: return (size_t)(n / CK_QK_K) * sizeof(ck_block_q8_K);
    case CK_TYPE_Q8_0: return (size_t)(n / CK_QK) * sizeof(ck_block_q8_a);
    default: return (size_t)n * sizeof(float);
    }
}

void ck_quantize_activations(int weight_type, const float *x, void *dst, int64_t n) {
    ck_kernels_init();
    if (ck_activation_type(weight_type) == CK_TYPE_Q8_0 && ck_best_q8a) {
        ck_best_q8a(x, dst, n);
        return;
    }
    ck_quantize_activations_scalar(weight_type, x, dst, n);
}

float ck_vec_dot(int type, int isa, int64_t n, const void *w, const void *xq) {
    ck_kernels_init();
    ck_dot_fn fn = NULL;
    if (isa == CK_ISA_BEST) fn = type >= 0 && type < CK_TYPE_COUNT ? ck_best_dot[type] : NULL;
    else if (isa > CK_ISA_SCALAR && isa <= CK_ISA_AVX512 && type >= 0 && type < CK_TYPE_COUNT) fn = ck_dot_table[isa][type];
    if (fn) return fn(n, w, xq);
    return ck_vec_dot_scalar(type, n, w, xq);
}

ck_dot_fn ck_dot_best(int type) {
    ck_kernels_init();
    return type >= 0 && type < CK_TYPE_COUNT ? ck_best_dot[type] : NULL;
}

ck_dot_fn ck_dot_batched_best(int type) {
    ck_kernels_init();
    return type >= 0 && type < CK_TYPE_COUNT ? ck_best_dot_batched[type] : NULL;
}

ck_dot2_fn ck_dot2_best(int type) {
    ck_kernels_init();
    return type >= 0 && type < CK_TYPE_COUNT ? ck_best_dot2[type] : NULL;
}

ck_dotr_fn ck_dotr_best(int type, int *rows) {
    ck_kernels_init();
    if (type < 0 || type >= CK_TYPE_COUNT || !ck_best_dotr[type]) return NULL;
    *rows = ck_best_dotr_rows[type];
    return ck_best_dotr[type];
}

int64_t ck_batched_token_count(int type, int64_t n_tokens) {
    switch (type) {
    case CK_TYPE_Q4_K: return n_tokens > 3 ? n_tokens - n_tokens % 4 : 0;  // gemm on groups of 4, gemv for the rest
    case CK_TYPE_Q6_K: return n_tokens >= 8 ? n_tokens : 0;                // tiled from 8 tokens on
    default: return 0;
    }
}

ck_dot4_fn ck_dot4_best(int type) {
    ck_kernels_init();
    return type >= 0 && type < CK_TYPE_COUNT ? ck_best_dot4[type] : NULL;
}

int ck_vec_dot4(int type, int isa, int64_t n, const void *w, const void *xq, size_t x_stride, float *out) {
    ck_kernels_init();
    ck_dot4_fn fn = NULL;
    if (type < 0 || type >= CK_TYPE_COUNT) return -1;
    if (isa == CK_ISA_BEST) fn = ck_best_dot4[type];
    else if (isa > CK_ISA_SCALAR && isa <= CK_ISA_AVX512) fn = ck_dot4_table[isa][type];
    if (!fn) return -1;
    fn(n, w, xq, x_stride, out);
    return 0;
}

ck_attention_fn ck_attention_best(void) {
    ck_kernels_init();
    return ck_best_attention;
}

ck_attention_part_fn ck_attention_part_best(void) {
    ck_kernels_init();
    return ck_best_attention_part;
}

ck_glu_fn ck_swiglu_best(void) {
    ck_kernels_init();
    return ck_best_swiglu;
}

ck_glu_fn ck_geglu_best(void) {
    ck_kernels_init();
    return ck_best_geglu;
}
