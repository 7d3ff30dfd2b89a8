// CPU feature detection: CPUID for what the processor implements, XGETBV for what the OS
// saves and restores. A feature counts only when both agree (ggml's x86 cpu-feats.cpp reads
// CPUID alone and notes "FIXME: this does not check for OS support"): a kernel using YMM or ZMM
// registers the OS does not preserve across context switches would corrupt state silently.

#include "CKernels.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

__attribute__((target("xsave"))) static uint64_t ck_xgetbv(void) {
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}
#endif

ck_cpu_features ck_cpu_features_from_registers(uint32_t leaf1_ecx, uint32_t leaf7_ebx, uint32_t leaf7_ecx, uint64_t xcr0) {
    ck_cpu_features f = {0};
    // CPUID.1:ECX bit 27 OSXSAVE: the OS has enabled XGETBV/XSAVE, so XCR0 is meaningful;
    // bit 28 AVX. Without both, no VEX-encoded instruction may run.
    const int osxsave = (leaf1_ecx >> 27) & 1, avx = (leaf1_ecx >> 28) & 1;
    if (!osxsave || !avx) return f;
    // XCR0 bits 1 (SSE state) and 2 (AVX upper halves): YMM registers are saved.
    if ((xcr0 & 0x6) != 0x6) return f;
    f.fma = (leaf1_ecx >> 12) & 1;
    f.f16c = (leaf1_ecx >> 29) & 1;
    f.avx2 = (leaf7_ebx >> 5) & 1;
    // XCR0 bits 5-7 (opmask, upper halves of ZMM0-15, ZMM16-31): AVX-512 state is saved.
    if ((xcr0 & 0xE0) == 0xE0) {
        f.avx512f = (leaf7_ebx >> 16) & 1;
        f.avx512bw = (leaf7_ebx >> 30) & 1;
        f.avx512vl = (leaf7_ebx >> 31) & 1;
        f.avx512vnni = (leaf7_ecx >> 11) & 1;
    }
    return f;
}

ck_cpu_features ck_detect_cpu_features(void) {
#if defined(__x86_64__) || defined(_M_X64)
    unsigned int eax, ebx, ecx1, edx, ebx7 = 0, ecx7 = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx1, &edx)) return (ck_cpu_features){0};
    if (__get_cpuid_max(0, NULL) >= 7) __cpuid_count(7, 0, eax, ebx7, ecx7, edx);
    const int osxsave = (ecx1 >> 27) & 1;
    return ck_cpu_features_from_registers(ecx1, ebx7, ecx7, osxsave ? ck_xgetbv() : 0);
#elif defined(__aarch64__)
    ck_cpu_features f = {0};
    f.neon = 1;  // Advanced SIMD is mandatory on AArch64
    return f;
#else
    return (ck_cpu_features){0};
#endif
}
