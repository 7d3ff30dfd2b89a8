#!/usr/bin/env bash
# Prints the CKernels paths (FM_CPU values) this machine can run, lowest first, one a line:
# always `scalar`; `avx2` where the CPU and OS offer AVX2, FMA and F16C; `avx512` where they
# also offer AVX512F/BW/VL/VNNI (the features dispatch.c requires). Linux reads the kernel's
# view of the CPU (/proc/cpuinfo lists only what the OS enabled); elsewhere only `scalar`.
set -euo pipefail
echo scalar
[[ -r /proc/cpuinfo ]] || exit 0
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ "$flags" == *" $f "* ]] || return 1; done; }
has avx2 fma f16c || exit 0
echo avx2
has avx512f avx512bw avx512vl avx512_vnni || exit 0
echo avx512
