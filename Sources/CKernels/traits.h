// The kernel traits table: everything the matrix products, activations and attention dispatch
// on, one table per ISA path, indexed by weight type (ggml's `type_traits_cpu[GGML_TYPE_COUNT]`
// in ggml-cpu.c, which holds `.vec_dot`, `.vec_dot_type`, `.nrows` per type).
//
// Shape:
//
//     ck_kernel_table  (one per ISA path: scalar, AVX2, AVX-512; NEON joins as one more)
//     ├── type[CK_TYPE_COUNT]   ck_type_traits: layout + dot-product kernels of one weight type
//     └── op                    ck_op_traits: element-wise kernels and attention
//
// How a table is built (dispatch.c, once, at start-up): the scalar table is filled by
// `ck_fill_scalar` (every weight type gets its reference dot product); each higher path starts
// as a copy of the path below it and its fill functions overwrite only the entries they
// implement. So a path inherits what it lacks (AVX-512 runs the AVX2 K-quant kernels, AVX2 runs
// the scalar BF16 ... where it has none), and a caller never checks for NULL `vec_dot`,
// `quantize_activations`, `swiglu`, `geglu`. The optional kernels (`dotr`, `dot4`,
// `vec_dot_batched`, the attention entries) are NULL where the path has none; then the caller
// takes the general path.
//
// Which table runs is chosen once: the best path the CPU (and its OS) supports, or a lower one
// named by FM_CPU (see ck_kernels_init in CKernels.h). `ck_kernels()` returns it.
//
// Adding an ISA path: a CK_ISA_* id, its feature test in dispatch.c (`isa_ok`), fill functions
// in that path's own files (e.g. quants_arm.c: `void ck_fill_quants_neon(ck_kernel_table *)`),
// called from dispatch.c's `ck_build_table`.
#ifndef CKERNELS_TRAITS_H
#define CKERNELS_TRAITS_H

#include "CKernels.h"

/// dot(weights row, activations row) of `n` elements; activations in the type's
/// `activation_type` layout.
typedef float (*ck_dot_fn)(int64_t n, const void *w, const void *xq);
/// out[t] = dot(w, x + t * x_stride) for t < 4: one weight row against four tokens (prefill).
typedef void (*ck_dot4_fn)(int64_t n, const void *w, const void *x, size_t x_stride, float *out);
/// out[r] = dot(w[r], xq) for r < dotr_rows: several weight rows against one token (decode),
/// each bit-identical to the type's `vec_dot`.
typedef void (*ck_dotr_fn)(int64_t n, const void *const *w, const void *xq, float *out);
/// out[t * dotr_rows + r] = dot(w[r], xq + t * x_stride) for t < 4: ck_dotr_fn for four tokens
/// at once, each token's float operations exactly dotr's (the weights are unpacked once for
/// the four), so results are bit-identical to four dotr calls (batched decode, ck_matmul_rowwise).
typedef void (*ck_dotr_x4_fn)(int64_t n, const void *const *w, const void *xq, size_t x_stride, float *out);
/// Quantizes `n` floats into an activation layout.
typedef void (*ck_quant_act_fn)(const float *x, void *dst, int64_t n);
/// gate = act(gate) * up for `n` values.
typedef void (*ck_glu_fn)(float *gate, const float *up, int64_t n);
/// One (query token t, head h) of attention.
typedef void (*ck_attention_fn)(const ck_attention_args *a, int64_t t, int h);
/// One query token against keys [k_begin, k_end) for every head, as an unnormalized partial
/// result: acc[h * head_dim ...], then max[h], then sum[h]. Each task streams whole cache rows
/// (all KV heads) of its key range, and splitting the key range lets single-token decode use
/// every thread whatever the head count.
typedef void (*ck_attention_part_fn)(const ck_attention_args *a, int64_t t, int64_t k_begin, int64_t k_end, float *part);
/// The path's attention in llama.cpp's operation order for `a`, or NULL when it cannot handle `a`.
typedef ck_attention_fn (*ck_attention_select_fn)(const ck_attention_args *a);

/// One weight type on one ISA path.
typedef struct {
    // Layout: the same on every path.
    int block_size;       // elements per block (1 for F32/F16/BF16); 0 = a type the kernels lack
    int block_bytes;      // bytes per block
    int activation_type;  // what rows are multiplied with (ggml's vec_dot_type): CK_TYPE_Q8_K for
                          // K-quants, CK_TYPE_Q8_0 (the ck_block_q8_a layout) for the 32-weight
                          // formats, CK_TYPE_F32 for float weights
    int is_weight;        // rows of this type can be matrix weights (Q8_K is activations only)

    // Kernels.
    ck_quant_act_fn quantize_activations;  // floats -> activation_type (never NULL for weights)
    ck_dot_fn vec_dot;                     // one row x one token (never NULL for weights)
    ck_dotr_fn dotr;                       // dotr_rows rows x one token, or NULL
    int dotr_rows;
    ck_dotr_x4_fn dotr_x4;                 // dotr_rows rows x four tokens in dotr's order, or NULL
    ck_dotr_x4_fn dotr_x2;                 // the same for two tokens (out[t * dotr_rows + r], t < 2), or NULL
    ck_dot4_fn dot4;                       // one row x four tokens, or NULL
    // Where llama.cpp runs multi-token batches through another kernel with its own summation
    // order (Q4_K: its repacked four-token gemm; Q6_K: its tiled product), that order, for the
    // leading ck_batched_tokens() tokens of a batch: all tokens but n % batched_multiple once
    // a batch has batched_from tokens. NULL: batches use vec_dot / dot4.
    ck_dot_fn vec_dot_batched;
    int batched_from;
    int batched_multiple;
} ck_type_traits;

/// Element-wise kernels and attention of one ISA path.
typedef struct {
    ck_glu_fn swiglu;                        // never NULL
    ck_glu_fn geglu;                         // never NULL
    ck_attention_select_fn attention_exact;  // llama.cpp's order, or NULL (then the online softmax below)
    ck_attention_fn attention;               // online softmax per (token, head), head_dim % 8 == 0; or NULL
    ck_attention_part_fn attention_part;     // split-key decode, head_dim % 8 == 0; or NULL
} ck_op_traits;

/// Every kernel of one ISA path.
typedef struct {
    int isa;           // CK_ISA_*
    const char *name;  // as FM_CPU spells it: "scalar", "avx2", "avx512"
    ck_type_traits type[CK_TYPE_COUNT];
    ck_op_traits op;
} ck_kernel_table;

/// The table chosen at start-up (initializes on first use).
const ck_kernel_table *ck_kernels(void);
/// The table of an ISA path this process may run (at or below the chosen one), else NULL.
const ck_kernel_table *ck_kernels_for(int isa);
/// How many leading tokens of an `n_tokens` batch take `t->vec_dot_batched`.
static inline int64_t ck_batched_tokens(const ck_type_traits *t, int64_t n_tokens) {
    if (!t->vec_dot_batched || n_tokens < t->batched_from) return 0;
    return n_tokens - n_tokens % t->batched_multiple;
}

// Fill functions, one per file that holds a path's kernels (each overwrites what it implements).
void ck_fill_quants_scalar(ck_kernel_table *t);  // quants.c: layouts, reference dots, quantizers
void ck_fill_ops_scalar(ck_kernel_table *t);     // ops.c
void ck_fill_quants_avx2(ck_kernel_table *t);    // quants_x86.c
void ck_fill_quants_avx512(ck_kernel_table *t);  // quants_x86.c
void ck_fill_ops_avx2(ck_kernel_table *t);       // ops_x86.c
void ck_fill_ops_avx512(ck_kernel_table *t);     // ops_avx512.c

#endif
