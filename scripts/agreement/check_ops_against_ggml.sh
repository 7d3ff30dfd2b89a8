#!/usr/bin/env bash
# Checks the AVX2 path's attention and SwiGLU against ggml's own (issue #10): builds
# ggml_ops_check.c against a ggml build and our C kernels, and runs it. GGML_SRC is a ggml
# source tree (e.g. llama-cpp-python's vendor/llama.cpp/ggml), GGML_LIB the folder holding its
# libggml*.so, built for AVX2 without AVX-512 (CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX2=ON
# -DGGML_AVX512=OFF -DGGML_FMA=ON -DGGML_F16C=ON"). Prints, per shape and per weight type, how many outputs differ.
#
#     GGML_SRC=.../vendor/llama.cpp/ggml GGML_LIB=.../build/bin scripts/agreement/check_ops_against_ggml.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${GGML_SRC:?set GGML_SRC to a ggml source tree}" "${GGML_LIB:?set GGML_LIB to the folder of libggml*.so}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
K=Sources/CKernels
printf '#include "%s/ops_x86.c"\nvoid attention_ggml_avx2_pub(const ck_attention_args *a, int64_t t, int h) { attention_ggml_avx2(a, t, h); }\nvoid swiglu_pub(float *g, const float *u, int64_t n) { swiglu_ggml_avx2(g, u, n); }\n' "$PWD/$K" > "$out/pub.c"
for f in ops ops_ggml8_reference pool dispatch cpu_features quants quants_x86 ops_avx512; do
    gcc -O2 -I$K/include -I$K -c $K/$f.c -o "$out/$f.o"
done
gcc -O2 -I$K/include -I$K -c "$out/pub.c" -o "$out/pub.o"
gcc -O2 -I"$GGML_SRC/include" -I$K/include -c scripts/agreement/ggml_ops_check.c -o "$out/check.o"
gcc -O2 -I"$GGML_SRC/include" -I$K/include -c scripts/agreement/ggml_dots_check.c -o "$out/dots.x"
gcc "$out"/*.o -L"$GGML_LIB" -lggml -lggml-base -lggml-cpu -Wl,-rpath,"$GGML_LIB" -lm -lpthread -o "$out/check"
rm "$out/check.o"
gcc "$out"/*.o "$out/dots.x" -L"$GGML_LIB" -lggml -lggml-base -lggml-cpu -Wl,-rpath,"$GGML_LIB" -lm -lpthread -o "$out/dots"
"$out/check"
FM_CPU=avx2 "$out/dots" || true
