// Attention (KQ, soft_max_ext, KQV, as llama.cpp builds it without flash attention) and SwiGLU
// through ggml itself, against the AVX2 path's attention_ggml_avx2 and swiglu_ggml_avx2: bit for
// bit when ggml is built for AVX2 without AVX-512. Built and run by check_ops_against_ggml.sh.
#include "ggml.h"
#include "ggml-cpu.h"
#include "CKernels.h"
/* Built with ops_x86.c included by check_ops_against_ggml.sh (its kernels are static). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
void attention_ggml_avx2_pub(const ck_attention_args *a, int64_t t, int h);
void swiglu_pub(float *g, const float *u, int64_t n);
static unsigned long long st = 3;
static float rnd(void) { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return (float)((st >> 40) & 0xFFFFFF) / (1 << 24) * 2 - 1; }
static int run(int nh, int nkv, int hd, int pos0, int nt) {
    int ctxn = pos0 + nt, n_kv = (ctxn + 31) / 32 * 32;
    float *q = malloc(4 * nt * nh * hd), *k = calloc(n_kv * nkv * hd, 4), *v = calloc(n_kv * nkv * hd, 4);
    for (int i = 0; i < nt * nh * hd; i++) q[i] = rnd();
    for (int i = 0; i < ctxn * nkv * hd; i++) { k[i] = rnd(); v[i] = rnd(); }
    float scale = 0.125f;
    struct ggml_init_params ip = { 256 * 1024 * 1024, NULL, false };
    struct ggml_context *c = ggml_init(ip);
    struct ggml_tensor *Q = ggml_new_tensor_3d(c, GGML_TYPE_F32, hd, nh, nt); memcpy(Q->data, q, 4 * nt * nh * hd);
    struct ggml_tensor *K = ggml_new_tensor_3d(c, GGML_TYPE_F32, hd, nkv, n_kv); memcpy(K->data, k, 4 * n_kv * nkv * hd);
    struct ggml_tensor *VT = ggml_new_tensor_3d(c, GGML_TYPE_F32, n_kv, hd, nkv);
    float *vt = VT->data;
    for (int p = 0; p < n_kv; p++) for (int j = 0; j < nkv * hd; j++) vt[j * n_kv + p] = v[p * nkv * hd + j];
    struct ggml_tensor *M = ggml_new_tensor_2d(c, GGML_TYPE_F32, n_kv, nt);
    float *m = M->data;
    for (int t = 0; t < nt; t++) for (int p = 0; p < n_kv; p++) m[t * n_kv + p] = p <= pos0 + t ? 0.0f : -INFINITY;
    struct ggml_tensor *qp = ggml_permute(c, Q, 0, 2, 1, 3);
    struct ggml_tensor *kp = ggml_permute(c, K, 0, 2, 1, 3);
    struct ggml_tensor *kq = ggml_mul_mat(c, kp, qp);
    kq = ggml_soft_max_ext(c, kq, M, scale, 0.0f);
    struct ggml_tensor *kqv = ggml_mul_mat(c, VT, kq);
    struct ggml_tensor *o = ggml_cont(c, ggml_permute(c, kqv, 0, 2, 1, 3));
    struct ggml_cgraph *gf = ggml_new_graph(c);
    ggml_build_forward_expand(gf, o);
    ggml_graph_compute_with_ctx(c, gf, 2);
    float *ours = calloc(nt * nh * hd, 4);
    ck_attention_args a = {q, k, v, ours, nh, nkv, hd, pos0, nt, 0, scale, 0, 0};
    for (int t = 0; t < nt; t++) for (int h = 0; h < nh; h++) attention_ggml_avx2_pub(&a, t, h);
    int diff = 0; float worst = 0;
    float *g = o->data;
    for (int i = 0; i < nt * nh * hd; i++) { if (memcmp(&g[i], &ours[i], 4)) diff++; worst = fmaxf(worst, fabsf(g[i] - ours[i])); }
    printf("attention nh %d nkv %d hd %d pos0 %d tokens %d: %d of %d differ (worst %g)\n", nh, nkv, hd, pos0, nt, diff, nt * nh * hd, worst);
    ggml_free(c);
    return diff;
}
int main(void) {
    int bad = 0;
    bad += run(9, 3, 64, 40, 1); bad += run(9, 3, 64, 40, 7); bad += run(9, 3, 64, 300, 1); bad += run(4, 1, 256, 100, 1); bad += run(4, 1, 256, 100, 12); bad += run(9, 3, 64, 0, 33);
    // swiglu
    int n = 1536;
    struct ggml_init_params ip = { 64 * 1024 * 1024, NULL, false };
    struct ggml_context *c = ggml_init(ip);
    struct ggml_tensor *G = ggml_new_tensor_1d(c, GGML_TYPE_F32, n), *U = ggml_new_tensor_1d(c, GGML_TYPE_F32, n);
    float *gd = G->data, *ud = U->data;
    for (int i = 0; i < n; i++) { gd[i] = rnd() * 20; ud[i] = rnd(); }
    struct ggml_tensor *S = ggml_swiglu_split(c, G, U);
    struct ggml_cgraph *gf = ggml_new_graph(c);
    ggml_build_forward_expand(gf, S);
    ggml_graph_compute_with_ctx(c, gf, 1);
    float *mine = malloc(4 * n); memcpy(mine, gd, 4 * n);
    swiglu_pub(mine, ud, n);
    int d = 0; float *sd = S->data; for (int i = 0; i < n; i++) if (memcmp(&sd[i], &mine[i], 4)) d++;
    printf("swiglu: %d of %d differ\n", d, n);
    return bad + d;
}
