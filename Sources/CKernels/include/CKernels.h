#ifndef CKERNELS_H
#define CKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// CPU features the kernels can use, detected once at start-up (CPUID + XGETBV on x86-64).
typedef struct {
    int avx2;
    int fma;
    int f16c;
    int avx512f;
    int avx512bw;
    int avx512vnni;
    int neon;
} ck_cpu_features;

/// Returns the features of the CPU this process runs on (including OS support for the
/// register state, checked through XGETBV).
ck_cpu_features ck_detect_cpu_features(void);

#endif
