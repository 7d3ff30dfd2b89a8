// One-token dot products through ggml itself (ggml_mul_mat of a ggml_quantize_chunk weight by one F32
// row, so ggml quantizes the activations) against our activation quantization and ck_vec_dot on
// the path FM_CPU selects. Q4_K and Q5_K are expected to differ in the last bits: ours follow the
// order of the repacked kernels llama.cpp runs them with, which a plain ggml_mul_mat does not use.
// Built and run by check_ops_against_ggml.sh.
#include "ggml.h"
#include "ggml-cpu.h"
#include "CKernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
static unsigned long long st = 5;
static float rnd(void) { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return (float)((st >> 40) & 0xFFFFFF) / (1 << 24) * 2 - 1; }
int main(void) {
    int types[] = {GGML_TYPE_Q4_0, GGML_TYPE_Q4_1, GGML_TYPE_Q5_0, GGML_TYPE_Q8_0, GGML_TYPE_Q4_K, GGML_TYPE_Q5_K, GGML_TYPE_Q6_K};
    int bad = 0;
    for (int ti = 0; ti < 7; ti++) {
        int type = types[ti], n = 1536, rows = 64;
        float *wf = malloc(4 * n * rows), *x = malloc(4 * n);
        for (int i = 0; i < n * rows; i++) wf[i] = rnd();
        for (int i = 0; i < n; i++) x[i] = rnd() * 3;
        struct ggml_init_params ip = { 64 * 1024 * 1024, NULL, false };
        struct ggml_context *c = ggml_init(ip);
        struct ggml_tensor *W = ggml_new_tensor_2d(c, type, n, rows);
        ggml_quantize_chunk(type, wf, W->data, 0, rows, n, NULL);
        struct ggml_tensor *X = ggml_new_tensor_2d(c, GGML_TYPE_F32, n, 1); memcpy(X->data, x, 4 * n);
        struct ggml_tensor *Y = ggml_mul_mat(c, W, X);
        struct ggml_cgraph *gf = ggml_new_graph(c);
        ggml_build_forward_expand(gf, Y);
        ggml_graph_compute_with_ctx(c, gf, 1);
        void *xq = malloc(ck_activation_row_bytes(type, n) + 64);
        ck_quantize_activations(type, x, xq, n);
        size_t rb = ck_row_bytes(type, n);
        int d = 0; float worst = 0; float *y = Y->data;
        for (int r = 0; r < rows; r++) {
            float o = ck_vec_dot(type, CK_ISA_BEST, n, (char *)W->data + r * rb, xq);
            if (memcmp(&o, &y[r], 4)) d++;
            worst = fmaxf(worst, fabsf(o - y[r]));
        }
        printf("%s one token: %d of %d rows differ (worst %g)\n", ggml_type_name(type), d, rows, worst);
        bad += d;
        ggml_free(c);
    }
    return bad != 0;
}
