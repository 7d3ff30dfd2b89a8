// Declarations shared between the kernel files; not part of the module's public header.
#ifndef CKERNELS_INTERNAL_H
#define CKERNELS_INTERNAL_H

#include "CKernels.h"

typedef float (*ck_dot_fn)(int64_t n, const void *w, const void *xq);
typedef void (*ck_quant_act_fn)(const float *x, void *dst, int64_t n);

float ck_vec_dot_scalar(int type, int64_t n, const void *w, const void *xq);
void ck_quantize_activations_scalar(int weight_type, const float *x, void *dst, int64_t n);
void ck_get_scale_min_k4(int j, const uint8_t *q, uint8_t *d, uint8_t *m);

/// Per-ISA kernel for `type`, or NULL when that ISA has none (x86-64 only).
ck_dot_fn ck_dot_avx2(int type);
ck_dot_fn ck_dot_avx512(int type);
ck_quant_act_fn ck_quant_q8a_avx2(void);
/// The chosen kernel for `type`, or NULL (then use ck_vec_dot_scalar).
ck_dot_fn ck_dot_best(int type);

#endif
