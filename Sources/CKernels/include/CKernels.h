#ifndef CKERNELS_H
#define CKERNELS_H

// The numeric kernels of the inference engine: quantized block layouts, dequantization,
// quantized dot products, matrix products, normalization, rotary embeddings, attention and the
// worker pool that runs them. Everything the Swift side calls is declared in this one header.
//
// Every kernel has a portable scalar reference. SIMD variants (AVX2+FMA, AVX-512 VNNI) are
// compiled with function attributes, never global -m flags. They are reached through one
// kernel traits table per ISA path, indexed by type (../traits.h, ggml's type_traits_cpu), and
// one path is chosen at start-up from `ck_detect_cpu_features()` and FM_CPU (see
// `ck_kernels_init`).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - CPU features

/// CPU features the kernels can use, detected once at start-up (CPUID + XGETBV on x86-64).
typedef struct {
    int avx2;
    int fma;
    int f16c;
    int avx512f;
    int avx512bw;
    int avx512vl;
    int avx512vnni;
    int neon;
} ck_cpu_features;

/// Returns the features of the CPU this process runs on (including OS support for the
/// register state, checked through XGETBV).
ck_cpu_features ck_detect_cpu_features(void);

/// The features that CPUID leaf 1 ECX, leaf 7 (sub-leaf 0) EBX / ECX and XCR0 describe: a
/// feature counts only if the CPU has it and the OS saves its registers (OSXSAVE set, XCR0
/// bits 1-2 for YMM, 5-7 for AVX-512 state). `ck_detect_cpu_features` reads the registers and
/// calls this; tests call it with made-up values.
ck_cpu_features ck_cpu_features_from_registers(uint32_t leaf1_ecx, uint32_t leaf7_ebx, uint32_t leaf7_ecx, uint64_t xcr0);

/// Whether CPU features `f` are enough for an ISA path (CK_ISA_*): AVX2 needs AVX2, FMA and
/// F16C; AVX-512 needs those and AVX512F, BW, VL and VNNI.
int ck_features_support_isa(const ck_cpu_features *f, int isa);

// MARK: - Types (ids are ggml's, so GGUF tensor types map one to one)

enum {
    CK_TYPE_F32 = 0,
    CK_TYPE_F16 = 1,
    CK_TYPE_Q4_0 = 2,
    CK_TYPE_Q4_1 = 3,
    CK_TYPE_Q5_0 = 6,
    CK_TYPE_Q5_1 = 7,
    CK_TYPE_Q8_0 = 8,
    CK_TYPE_Q4_K = 12,
    CK_TYPE_Q5_K = 13,
    CK_TYPE_Q6_K = 14,
    CK_TYPE_Q8_K = 15,
    CK_TYPE_BF16 = 30,
    CK_TYPE_COUNT = 31,
};

/// Instruction-set paths, in rank order (a path may run when it is at or below the chosen
/// one). `CK_ISA_BEST` asks for what `ck_kernels_init` chose.
enum { CK_ISA_SCALAR = 0, CK_ISA_AVX2 = 1, CK_ISA_AVX512 = 2, CK_ISA_COUNT = 3, CK_ISA_BEST = 99 };

typedef uint16_t ck_half;   // IEEE 754 binary16 bits
typedef uint16_t ck_bf16;   // bfloat16 bits

#define CK_QK 32     // elements per block of the "32" formats (Q4_0, Q4_1, Q5_0, Q5_1, Q8_0)
#define CK_QK_K 256  // elements per super-block of the K formats
#define CK_K_SCALE_SIZE 12

// MARK: - Block layouts (bit-compatible with ggml's GGUF files)

/// 4-bit, 32 weights: x = d * (q - 8). Low nibbles hold weights 0..15, high nibbles 16..31.
/// 4.5 bits per weight.
typedef struct { ck_half d; uint8_t qs[CK_QK / 2]; } ck_block_q4_0;
_Static_assert(sizeof(ck_block_q4_0) == 18, "wrong q4_0 block size");

/// 4-bit with a minimum, 32 weights: x = d * q + m. Nibble order as Q4_0. 5 bits per weight.
typedef struct { ck_half d; ck_half m; uint8_t qs[CK_QK / 2]; } ck_block_q4_1;
_Static_assert(sizeof(ck_block_q4_1) == 20, "wrong q4_1 block size");

/// 5-bit, 32 weights: x = d * (q - 16), q = nibble | (bit i of qh) << 4 for weight i.
/// 5.5 bits per weight.
typedef struct { ck_half d; uint8_t qh[4]; uint8_t qs[CK_QK / 2]; } ck_block_q5_0;
_Static_assert(sizeof(ck_block_q5_0) == 22, "wrong q5_0 block size");

/// 5-bit with a minimum, 32 weights: x = d * q + m. 6 bits per weight.
typedef struct { ck_half d; ck_half m; uint8_t qh[4]; uint8_t qs[CK_QK / 2]; } ck_block_q5_1;
_Static_assert(sizeof(ck_block_q5_1) == 24, "wrong q5_1 block size");

/// 8-bit, 32 weights: x = d * q. 8.5 bits per weight.
typedef struct { ck_half d; int8_t qs[CK_QK]; } ck_block_q8_0;
_Static_assert(sizeof(ck_block_q8_0) == 34, "wrong q8_0 block size");

/// 4-bit K-quant: a super-block of 8 blocks of 32 weights. Each block has a 6-bit scale and a
/// 6-bit minimum packed in `scales`; x = d * sc * q - dmin * m. Weights of block 2k are the low
/// nibbles of qs[32k..32k+31], block 2k+1 the high nibbles. 4.5 bits per weight.
typedef struct {
    ck_half d;
    ck_half dmin;
    uint8_t scales[CK_K_SCALE_SIZE];
    uint8_t qs[CK_QK_K / 2];
} ck_block_q4_K;
_Static_assert(sizeof(ck_block_q4_K) == 2 * sizeof(ck_half) + CK_K_SCALE_SIZE + CK_QK_K / 2, "wrong q4_K block size");

/// 5-bit K-quant: Q4_K plus one high bit per weight in qh (bit 2k / 2k+1 of qh[l] for blocks
/// 2k / 2k+1). 5.5 bits per weight.
typedef struct {
    ck_half d;
    ck_half dmin;
    uint8_t scales[CK_K_SCALE_SIZE];
    uint8_t qh[CK_QK_K / 8];
    uint8_t qs[CK_QK_K / 2];
} ck_block_q5_K;
_Static_assert(sizeof(ck_block_q5_K) == 2 * sizeof(ck_half) + CK_K_SCALE_SIZE + CK_QK_K / 8 + CK_QK_K / 2, "wrong q5_K block size");

/// 6-bit K-quant: 16 blocks of 16 weights, 8-bit signed scales; x = d * sc * (q - 32), with the
/// low 4 bits in ql and the high 2 bits in qh. 6.5625 bits per weight.
typedef struct {
    uint8_t ql[CK_QK_K / 2];
    uint8_t qh[CK_QK_K / 4];
    int8_t scales[CK_QK_K / 16];
    ck_half d;
} ck_block_q6_K;
_Static_assert(sizeof(ck_block_q6_K) == CK_QK_K / 2 + CK_QK_K / 4 + CK_QK_K / 16 + sizeof(ck_half), "wrong q6_K block size");

/// 8-bit K-quant, the activation format for K-quant weights: x = d * q, with the sums of each
/// group of 16 quants precomputed (the K dot products use them for the minimums/offsets).
typedef struct {
    float d;
    int8_t qs[CK_QK_K];
    int16_t bsums[CK_QK_K / 16];
} ck_block_q8_K;
_Static_assert(sizeof(ck_block_q8_K) == sizeof(float) + CK_QK_K + CK_QK_K / 16 * sizeof(int16_t), "wrong q8_K block size");

/// The activation format for the 32-weight formats (not a file format): x = d * q, and
/// s = d * sum(q), which the formats with a minimum or an offset need. d and s hold values
/// rounded to F16 (as ggml's block_q8_0/q8_1 store them) in float fields, so kernels skip the
/// conversion.
typedef struct { float d; float s; int8_t qs[CK_QK]; } ck_block_q8_a;
_Static_assert(sizeof(ck_block_q8_a) == 40, "wrong q8_a block size");

// MARK: - Set-up and type traits

/// Detects the CPU once, builds the kernel tables and chooses the ISA path: the best the CPU
/// and its OS support, or the lower one the FM_CPU environment variable names (`scalar`,
/// `avx2`, `avx512`), so one machine can run every path it supports. A path the CPU lacks, or
/// an unknown name, is refused: the best available path runs, and the reason is written to
/// stderr once and kept for `ck_isa_note`. Idempotent and thread-safe; every entry point below
/// calls it.
void ck_kernels_init(void);

/// The ISA path in use (CK_ISA_*).
int ck_selected_isa(void);

/// The best ISA path this CPU and its OS support, whatever FM_CPU says.
int ck_cpu_isa(void);

/// Whether this process may run the given ISA path: the CPU supports it and it is at or below
/// the chosen path (with FM_CPU=avx2 on an AVX-512 machine, AVX-512 is not available).
int ck_isa_available(int isa);

/// The ISA path for an FM_CPU value (`request`, NULL or empty when unset) on a CPU with
/// features `f`: the named path if `f` supports it, else the best path `f` supports, with the
/// reason written to `note` (empty when the request was followed). What `ck_kernels_init` does
/// with the real environment and CPU.
int ck_choose_isa(const char *request, const ck_cpu_features *f, char *note, size_t note_size);

/// "scalar", "avx2", "avx512" (as FM_CPU spells them), or "unknown".
const char *ck_isa_name(int isa);

/// Why FM_CPU was not followed (e.g. "FM_CPU=avx512 refused: this CPU or its OS lacks
/// AVX512_VNNI; using avx2"), or NULL when it was followed or is unset.
const char *ck_isa_note(void);

/// Elements per block of a type (1 for F32/F16/BF16), or 0 for a type the kernels lack.
int ck_type_block_size(int type);
/// Bytes per block of a type, or 0 for a type the kernels lack.
int ck_type_block_bytes(int type);
/// Whether rows of this type can be used as matrix weights (dot products exist).
int ck_type_supported(int type);
/// Bytes of one row of `n` elements of `type`; 0 if `n` is not a multiple of the block size.
size_t ck_row_bytes(int type, int64_t n);

/// The activation type a weight type is multiplied with: CK_TYPE_Q8_K for K-quants, the Q8_A
/// layout (reported as CK_TYPE_Q8_0) for the 32 formats, CK_TYPE_F32 for float weights.
int ck_activation_type(int weight_type);
/// Bytes of one activation row of `n` elements, quantized for `weight_type`.
size_t ck_activation_row_bytes(int weight_type, int64_t n);

// MARK: - Byte scans

/// How many of the `n` bytes at `bytes` have a nonzero entry in `in_set` (256 entries). Kept in
/// C so that it runs optimized in debug builds too: a session refuses a hostile 10 MB prompt by
/// this count before tokenizing it.
size_t ck_count_bytes_in_set(const uint8_t *bytes, size_t n, const uint8_t in_set[256]);

// MARK: - Conversions

float ck_half_to_float(ck_half h);
ck_half ck_float_to_half(float f);
float ck_bf16_to_float(ck_bf16 h);

/// Dequantizes `n` elements (a multiple of the block size) of one row.
void ck_dequantize_row(int type, const void *src, float *dst, int64_t n);

/// Quantizes `n` floats into ggml's file formats (Q4_0, Q4_1, Q5_0, Q8_0, Q4_K, Q6_K, Q8_K, F16,
/// F32). Round-to-nearest, no importance matrix: for tests and synthetic models.
/// Returns 0 on success, -1 for a type it cannot produce.
int ck_quantize_row(int type, const float *src, void *dst, int64_t n);

/// Quantizes activations for multiplication with `weight_type` rows (see
/// `ck_activation_type`). `n` must be a multiple of the weight's block size.
void ck_quantize_activations(int weight_type, const float *x, void *dst, int64_t n);

// MARK: - Dot products

/// dot(weights row, activations row) for `n` elements, with activations already in
/// `ck_activation_type(type)` layout. `isa` picks a path (CK_ISA_*); a path the CPU lacks or
/// that has no kernel for `type` falls back to the scalar reference.
float ck_vec_dot(int type, int isa, int64_t n, const void *w, const void *xq);

/// Four dot products of one weight row with activation rows xq, xq + x_stride, ... (the
/// batched-prefill kernel). Returns -1 when `isa` has no such kernel for `type` (out untouched).
int ck_vec_dot4(int type, int isa, int64_t n, const void *w, const void *xq, size_t x_stride, float *out);

// MARK: - Worker pool

typedef struct ck_pool ck_pool;

/// A task body, run by the caller (`ith` 0) and by whichever of the other `nth - 1` workers
/// join before the caller finishes its share. Not every participant runs: a task must claim its
/// work dynamically (e.g. an atomic counter), never by a static split on `ith`.
typedef void (*ck_task_fn)(void *ctx, int ith, int nth);

/// Starts `n_threads - 1` persistent workers (the caller is the n-th). They spin briefly after
/// each task, then sleep on a condition variable. Returns NULL if threads cannot be created.
ck_pool *ck_pool_create(int n_threads);
void ck_pool_destroy(ck_pool *pool);
int ck_pool_size(const ck_pool *pool);
/// Runs `fn` on the caller and on the workers that join, and returns when every participant
/// that started has finished. Not reentrant: one caller at a time (the pool is owned by one
/// model and serialized by it).
void ck_pool_run(ck_pool *pool, ck_task_fn fn, void *ctx);

// MARK: - Matrix products

/// One weight matrix times a batch of quantized activations:
/// y[t * ldy + r] = dot(row r of w, activation row t), for r < rows, t < n_tokens.
typedef struct {
    int type;                // weight type
    const void *w;           // rows x cols, row-major, each row ck_row_bytes(type, cols)
    int64_t rows;
    int64_t cols;
    const int32_t *row_ids;  // optional: compute only these rows (y index = position in row_ids)
    const void *xq;          // n_tokens activation rows, ck_activation_row_bytes(type, cols) each
    const float *bias;       // optional, `rows` values added to every output
    float *y;
    int64_t ldy;             // stride between tokens in y
} ck_matmul_job;

/// Runs several independent matrix products in one pool dispatch (e.g. Q, K and V, or gate and
/// up, which share their input), rows split dynamically across participants.
void ck_matmul(ck_pool *pool, const ck_matmul_job *jobs, int n_jobs, int64_t n_tokens);
/// ck_matmul with every token computed exactly as a one-token ck_matmul computes it (the
/// one-token kernels, never the multi-token ones whose sums are ordered differently), so each
/// output row is bit-identical to running its token alone. For decode steps of several
/// sequences batched together: each weight block is still read once for all tokens.
void ck_matmul_rowwise(ck_pool *pool, const ck_matmul_job *jobs, int n_jobs, int64_t n_tokens);

/// Quantizes `n_tokens` rows of `cols` floats (stride `ldx`) for `weight_type`, in parallel.
void ck_quantize_batch(ck_pool *pool, int weight_type, const float *x, int64_t ldx, int64_t cols,
                       int64_t n_tokens, void *dst);

// MARK: - Element-wise and normalization

/// y = x / sqrt(mean(x^2) + eps) * w (w may be NULL), for `n_rows` rows of `n` (in place OK).
void ck_rmsnorm(const float *x, const float *w, float *y, int64_t n, int64_t n_rows, float eps);
/// In place softmax of `n` values.
void ck_softmax(float *x, int64_t n);
/// gate = silu(gate) * up (SwiGLU), `n` values.
void ck_swiglu(float *gate, const float *up, int64_t n);
/// gate = gelu_tanh(gate) * up (GeGLU), `n` values, with GELU read from ggml's F16 table (the
/// F16-rounded input indexes F16-rounded values; 0 at or below -10, identity at or above 10) so
/// results match llama.cpp's.
void ck_geglu(float *gate, const float *up, int64_t n);
/// The scalar versions of ck_swiglu / ck_geglu (tests compare the SIMD ones against them).
void ck_swiglu_reference(float *gate, const float *up, int64_t n);
void ck_geglu_reference(float *gate, const float *up, int64_t n);
float ck_silu(float x);
float ck_gelu(float x);
/// y += x, `n` values.
void ck_add(float *y, const float *x, int64_t n);
/// x *= s.
void ck_scale(float *x, float s, int64_t n);
/// x = cap * tanh(x / cap).
void ck_softcap(float *x, float cap, int64_t n);

// MARK: - Rotary position embedding

/// Fills cs[(t * n_dims/2 + i) * 2 + {0,1}] = {cos, sin}(pos_t * base^(-2i/n_dims) * freq_scale)
/// for positions pos0 ..< pos0 + n_tokens, computed in float as ggml does (the angle by repeated
/// multiplication with powf(base, -2/n_dims), then cosf/sinf).
void ck_rope_table(float *cs, int64_t pos0, int64_t n_tokens, int n_dims, float base, float freq_scale);
/// Rotates the first n_dims of every head of every token. `neox` rotates (i, i + n_dims/2)
/// pairs (GPT-NeoX, Gemma, Qwen); otherwise adjacent (2i, 2i+1) pairs (LLaMA).
void ck_rope_apply(float *x, int64_t n_tokens, int64_t ldx, int n_heads, int head_dim, int n_dims,
                   const float *cs, int neox);

// MARK: - Attention

/// Causal multi-head attention with grouped KV heads over a cache.
typedef struct {
    const float *q;        // [n_tokens][n_head * head_dim]
    const float *k;        // cache [n_ctx][n_kv_head * head_dim]; positions 0 ..< pos0 + n_tokens filled
    const float *v;        // same layout as k
    float *out;            // [n_tokens][n_head * head_dim]
    int n_head;
    int n_kv_head;
    int head_dim;
    int64_t pos0;          // position of the first query token
    int64_t n_tokens;
    int64_t window;        // sliding window (key visible if qpos - kpos < window); 0 = none
    float scale;           // multiplies q.k
    float softcap;         // 0 = none
    int use_reference;     // 1 = run the scalar reference (tests)
} ck_attention_args;

/// On AVX-512 CPUs (head_dim % 16 == 0, <= 256, no soft-capping, < 8192 positions) this runs
/// ggml's non-flash graph in its exact order (see ops_avx512.c), whose result depends on whether
/// the batch has one token or more, as llama.cpp's does; elsewhere an online softmax.
void ck_attention(ck_pool *pool, const ck_attention_args *args);
/// ck_attention of `count` independent sequences (each its own cache and positions) in one pool
/// dispatch, each computed exactly as its own ck_attention call computes it (batched decode).
/// Sequences ck_attention would split by key ranges run as their own calls.
void ck_attention_batch(ck_pool *pool, const ck_attention_args *args, int count);

// MARK: - ggml's 8-lane orders, in scalar C (ops_ggml8_reference.c)

/// e^x as ggml_v_expf's AVX2 form computes one lane of it.
float ck_expf_ggml8_reference(float x);
/// ggml_vec_swiglu_f32 as an AVX2 build computes it (8-lane part, then the scalar tail).
void ck_swiglu_ggml8_reference(float *gate, const float *up, int64_t n);
/// One (query token t, head h) of attention in ggml's AVX2 order (KQ, softmax, KQV), as the
/// AVX2 path's exact attention computes it; head_dim % 8 == 0, <= 256, at most 8192 keys, no
/// soft-capping (else it writes nothing).
void ck_attention_ggml8_reference(const ck_attention_args *a, int64_t t, int h);

#ifdef __cplusplus
}
#endif

#endif
