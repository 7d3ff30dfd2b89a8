// Declarations shared between the kernel files; not part of the module's public header.
#ifndef CKERNELS_INTERNAL_H
#define CKERNELS_INTERNAL_H

#include "CKernels.h"
#include "traits.h"

/// The reference dot product (weights and activations dequantized, summed in double).
float ck_vec_dot_scalar(int type, int64_t n, const void *w, const void *xq);
void ck_get_scale_min_k4(int j, const uint8_t *q, uint8_t *d, uint8_t *m);

/// ggml's F16 GELU table (GELU of every F16 value, rounded to F16), built on first use.
const ck_half *ck_gelu_f16_table(void);
void ck_swiglu_scalar(float *gate, const float *up, int64_t n);
void ck_geglu_scalar(float *gate, const float *up, int64_t n);

#endif
