#include "CKernels.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

static uint64_t ck_xgetbv(void) {
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}
#endif

ck_cpu_features ck_detect_cpu_features(void) {
    ck_cpu_features f = {0};
#if defined(__x86_64__) || defined(_M_X64)
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return f;
    int osxsave = (ecx >> 27) & 1;
    int avx = (ecx >> 28) & 1;
    f.fma = (ecx >> 12) & 1;
    f.f16c = (ecx >> 29) & 1;
    if (!osxsave || !avx) { f.fma = 0; f.f16c = 0; return f; }
    uint64_t xcr0 = ck_xgetbv();
    int ymm_enabled = (xcr0 & 0x6) == 0x6;
    int zmm_enabled = (xcr0 & 0xE6) == 0xE6;
    if (!ymm_enabled) { f.fma = 0; f.f16c = 0; return f; }
    if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
        f.avx2 = (ebx >> 5) & 1;
        if (zmm_enabled) {
            f.avx512f = (ebx >> 16) & 1;
            f.avx512bw = (ebx >> 30) & 1;
            f.avx512vl = (ebx >> 31) & 1;
            f.avx512vnni = (ecx >> 11) & 1;
        }
    }
#elif defined(__aarch64__)
    f.neon = 1;
#endif
    return f;
}
