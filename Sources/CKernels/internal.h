// Declarations shared between the kernel files; not part of the module's public header.
#ifndef CKERNELS_INTERNAL_H
#define CKERNELS_INTERNAL_H

#include "CKernels.h"

typedef float (*ck_dot_fn)(int64_t n, const void *w, const void *xq);
typedef void (*ck_dot4_fn)(int64_t n, const void *w, const void *x, size_t x_stride, float *out);
typedef void (*ck_quant_act_fn)(const float *x, void *dst, int64_t n);
/// dot(w0, x) and dot(w1, x) in one call, each exactly as the one-row kernel computes it.
typedef void (*ck_dot2_fn)(int64_t n, const void *w0, const void *w1, const void *xq, float *out);
ck_dot2_fn ck_dot2_avx2(int type);
ck_dot2_fn ck_dot2_avx512(int type);
ck_dot2_fn ck_dot2_best(int type);
/// dot(w[r], x) for r < *rows (set by the getter) in one call, each exactly as the one-row kernel.
typedef void (*ck_dotr_fn)(int64_t n, const void *const *w, const void *xq, float *out);
#ifndef CK_DOTR_ROWS
#define CK_DOTR_ROWS 4
#endif
ck_dotr_fn ck_dotr_avx512(int type, int *rows);
ck_dotr_fn ck_dotr_best(int type, int *rows);

float ck_vec_dot_scalar(int type, int64_t n, const void *w, const void *xq);
void ck_quantize_activations_scalar(int weight_type, const float *x, void *dst, int64_t n);
void ck_get_scale_min_k4(int j, const uint8_t *q, uint8_t *d, uint8_t *m);

/// Per-ISA kernel for `type`, or NULL when that ISA has none (x86-64 only).
ck_dot_fn ck_dot_avx2(int type);
ck_dot_fn ck_dot_avx512(int type);
ck_quant_act_fn ck_quant_q8a_avx2(void);
ck_dot4_fn ck_dot4_avx2(int type);
ck_dot4_fn ck_dot4_avx512(int type);
/// The chosen one-row-by-four-tokens kernel for `type`, or NULL.
ck_dot4_fn ck_dot4_best(int type);
/// For types whose llama.cpp kernel sums in another order for multi-token batches: that order
/// (Q4_K: its repacked four-token gemm; Q6_K: its tiled K-quant product), and how many leading
/// tokens of an `n_tokens` batch llama.cpp runs through it.
ck_dot_fn ck_dot_batched_avx2(int type);
ck_dot_fn ck_dot_batched_best(int type);
int64_t ck_batched_token_count(int type, int64_t n_tokens);
/// The chosen kernel for `type`, or NULL (then use ck_vec_dot_scalar).
ck_dot_fn ck_dot_best(int type);

/// One (query token, head) of attention (see ck_attention); NULL where the ISA is missing.
typedef void (*ck_attention_fn)(const ck_attention_args *a, int64_t t, int h);
ck_attention_fn ck_attention_avx2(void);
/// The chosen attention kernel for head dimensions that are a multiple of 8, or NULL.
ck_attention_fn ck_attention_best(void);
/// One query token against keys [k_begin, k_end) for every head, as an unnormalized partial
/// result: acc[h * head_dim ...], then max[h], then sum[h]. Each task streams whole cache rows
/// (all KV heads) of its key range, and splitting the key range lets single-token decode use
/// every thread whatever the head count.
typedef void (*ck_attention_part_fn)(const ck_attention_args *a, int64_t t, int64_t k_begin, int64_t k_end, float *part);
ck_attention_part_fn ck_attention_part_avx2(void);
/// The chosen split attention kernel, or NULL.
ck_attention_part_fn ck_attention_part_best(void);

typedef void (*ck_glu_fn)(float *gate, const float *up, int64_t n);
ck_glu_fn ck_swiglu_avx2(void);
ck_glu_fn ck_geglu_avx2(void);
void ck_swiglu_scalar(float *gate, const float *up, int64_t n);
void ck_geglu_scalar(float *gate, const float *up, int64_t n);
ck_glu_fn ck_swiglu_best(void);
/// ggml's F16 GELU table (GELU of every F16 value, rounded to F16), built on first use.
const ck_half *ck_gelu_f16_table(void);
/// SiLU-gated product with ggml's AVX-512 e^x (ops_avx512.c), or NULL off x86-64.
ck_glu_fn ck_swiglu_avx512(void);
/// Attention in ggml's operation order (ops_avx512.c) when it can handle `a`, else NULL.
ck_attention_fn ck_attention_ggml_avx512(const ck_attention_args *a);
ck_glu_fn ck_geglu_best(void);

#endif
