// The one dispatch point: builds the kernel traits table of every ISA path this process may run
// (see traits.h) and chooses one, once. A path scores zero (is never chosen) when the CPU or
// its OS lacks any feature it needs; FM_CPU may name a lower path.

#include "CKernels.h"
#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static pthread_once_t ck_once = PTHREAD_ONCE_INIT;
static ck_cpu_features ck_features;
static int ck_cpu_best = CK_ISA_SCALAR;  // best path of the hardware
static int ck_isa = CK_ISA_SCALAR;       // the path in use
static char ck_note[256];                // why FM_CPU was not followed ("" if it was, or unset)
static ck_kernel_table ck_tables[CK_ISA_COUNT];

static const char *const ck_names[CK_ISA_COUNT] = {"scalar", "avx2", "avx512"};

int ck_features_support_isa(const ck_cpu_features *f, int isa) {
    switch (isa) {
    case CK_ISA_SCALAR: return 1;
    case CK_ISA_AVX2: return f->avx2 && f->fma && f->f16c;
    case CK_ISA_AVX512:
        return ck_features_support_isa(f, CK_ISA_AVX2) && f->avx512f && f->avx512bw && f->avx512vl && f->avx512vnni;
    default: return 0;
    }
}

/// What `f` lacks for `isa`, as a comma-separated list (empty when nothing).
static void ck_missing_features(const ck_cpu_features *f, int isa, char *out, size_t size) {
    const int have[] = {f->avx2, f->fma, f->f16c, f->avx512f, f->avx512bw, f->avx512vl, f->avx512vnni};
    const char *const names[] = {"AVX2", "FMA", "F16C", "AVX512F", "AVX512BW", "AVX512VL", "AVX512_VNNI"};
    const int count = isa >= CK_ISA_AVX512 ? 7 : (isa >= CK_ISA_AVX2 ? 3 : 0);
    out[0] = 0;
    for (int i = 0; i < count; i++) {
        if (have[i]) continue;
        if (out[0]) strncat(out, ", ", size - strlen(out) - 1);
        strncat(out, names[i], size - strlen(out) - 1);
    }
}

/// The table of `isa`: a copy of the path below it, overwritten by the path's own fill functions.
static void ck_build_table(int isa) {
    ck_kernel_table *t = &ck_tables[isa];
    if (isa == CK_ISA_SCALAR) {
        memset(t, 0, sizeof(*t));
        ck_fill_quants_scalar(t);
        ck_fill_ops_scalar(t);
    } else {
        *t = ck_tables[isa - 1];
#if defined(__x86_64__)
        if (isa == CK_ISA_AVX2) {
            ck_fill_quants_avx2(t);
            ck_fill_ops_avx2(t);
        } else if (isa == CK_ISA_AVX512) {
            ck_fill_quants_avx512(t);
            ck_fill_ops_avx512(t);
        }
#endif
    }
    t->isa = isa;
    t->name = ck_names[isa];
}

static int ck_isa_from_name(const char *name) {
    for (int isa = 0; isa < CK_ISA_COUNT; isa++) {
        if (strcasecmp(name, ck_names[isa]) == 0) return isa;
    }
    return -1;
}

int ck_choose_isa(const char *request, const ck_cpu_features *f, char *note, size_t note_size) {
    int best = CK_ISA_SCALAR;
    for (int isa = CK_ISA_SCALAR; isa < CK_ISA_COUNT; isa++) {
        if (ck_features_support_isa(f, isa)) best = isa;
    }
    if (note_size > 0) note[0] = 0;
    if (!request || !request[0]) return best;
    int wanted = ck_isa_from_name(request);
    if (wanted < 0) {
        snprintf(note, note_size, "FM_CPU=%s is not one of scalar, avx2, avx512; using %s", request, ck_names[best]);
        return best;
    }
    if (!ck_features_support_isa(f, wanted)) {
        char missing[128];
        ck_missing_features(f, wanted, missing, sizeof(missing));
        snprintf(note, note_size, "FM_CPU=%s refused: this CPU or its OS lacks %s; using %s", request,
                 missing[0] ? missing : "it", ck_names[best]);
        return best;
    }
    return wanted;
}

static void ck_init_once(void) {
    ck_features = ck_detect_cpu_features();
    ck_cpu_best = ck_choose_isa(NULL, &ck_features, ck_note, sizeof(ck_note));
    ck_isa = ck_choose_isa(getenv("FM_CPU"), &ck_features, ck_note, sizeof(ck_note));
    if (ck_note[0]) fprintf(stderr, "CKernels: %s\n", ck_note);
    for (int isa = CK_ISA_SCALAR; isa <= ck_isa; isa++) ck_build_table(isa);
}

void ck_kernels_init(void) { pthread_once(&ck_once, ck_init_once); }

int ck_selected_isa(void) {
    ck_kernels_init();
    return ck_isa;
}

int ck_cpu_isa(void) {
    ck_kernels_init();
    return ck_cpu_best;
}

int ck_isa_available(int isa) {
    ck_kernels_init();
    return isa >= CK_ISA_SCALAR && isa <= ck_isa;
}

const char *ck_isa_name(int isa) { return isa >= 0 && isa < CK_ISA_COUNT ? ck_names[isa] : "unknown"; }

const char *ck_isa_note(void) {
    ck_kernels_init();
    return ck_note[0] ? ck_note : NULL;
}

const ck_kernel_table *ck_kernels(void) {
    ck_kernels_init();
    return &ck_tables[ck_isa];
}

const ck_kernel_table *ck_kernels_for(int isa) {
    ck_kernels_init();
    if (isa == CK_ISA_BEST) isa = ck_isa;
    return isa >= CK_ISA_SCALAR && isa <= ck_isa ? &ck_tables[isa] : NULL;
}

/// The scalar table's entry for `type`, or NULL for a type out of range: layouts are the same
/// on every path.
static const ck_type_traits *ck_layout(int type) {
    return type >= 0 && type < CK_TYPE_COUNT ? &ck_kernels_for(CK_ISA_SCALAR)->type[type] : NULL;
}

int ck_type_block_size(int type) {
    const ck_type_traits *t = ck_layout(type);
    return t ? t->block_size : 0;
}

int ck_type_block_bytes(int type) {
    const ck_type_traits *t = ck_layout(type);
    return t ? t->block_bytes : 0;
}

int ck_type_supported(int type) {
    const ck_type_traits *t = ck_layout(type);
    return t && t->block_size != 0 && t->is_weight;
}

size_t ck_row_bytes(int type, int64_t n) {
    int bs = ck_type_block_size(type);
    if (bs == 0 || n < 0 || n % bs != 0) return 0;
    return (size_t)(n / bs) * (size_t)ck_type_block_bytes(type);
}

int ck_activation_type(int weight_type) {
    const ck_type_traits *t = ck_layout(weight_type);
    return t && t->block_size ? t->activation_type : CK_TYPE_F32;
}

size_t ck_activation_row_bytes(int weight_type, int64_t n) {
    switch (ck_activation_type(weight_type)) {
    case CK_TYPE_Q8_K: return (size_t)(n / CK_QK_K) * sizeof(ck_block_q8_K);
    case CK_TYPE_Q8_0: return (size_t)(n / CK_QK) * sizeof(ck_block_q8_a);
    default: return (size_t)n * sizeof(float);
    }
}

void ck_quantize_activations(int weight_type, const float *x, void *dst, int64_t n) {
    const ck_type_traits *t = weight_type >= 0 && weight_type < CK_TYPE_COUNT ? &ck_kernels()->type[weight_type] : NULL;
    if (t && t->quantize_activations) t->quantize_activations(x, dst, n);
    else memcpy(dst, x, (size_t)n * sizeof(float));
}

float ck_vec_dot(int type, int isa, int64_t n, const void *w, const void *xq) {
    const ck_kernel_table *table = ck_kernels_for(isa);
    if (!table) table = ck_kernels_for(CK_ISA_SCALAR);
    if (type < 0 || type >= CK_TYPE_COUNT || !table->type[type].vec_dot) return ck_vec_dot_scalar(type, n, w, xq);
    return table->type[type].vec_dot(n, w, xq);
}

int ck_vec_dot4(int type, int isa, int64_t n, const void *w, const void *xq, size_t x_stride, float *out) {
    const ck_kernel_table *table = ck_kernels_for(isa);
    if (!table || type < 0 || type >= CK_TYPE_COUNT || !table->type[type].dot4) return -1;
    table->type[type].dot4(n, w, xq, x_stride, out);
    return 0;
}
