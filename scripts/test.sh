#!/usr/bin/env bash
# The whole test suite, as README.md shows it: fetches the models if needed, builds, checks the
# API samples in ../shared/compat, builds and runs the client package Examples/SeedApp on the
# default model, runs the engine's suites once more on every lower kernel path this CPU can
# run (FM_CPU; scripts/cpu-paths.sh), and runs every test on the best path (last, so its
# summary closes the output).
set -euo pipefail
cd "$(dirname "$0")/.."
# The suites whose results depend on the kernel path, run again on each lower path: the kernels
# against their references, the engine on synthetic models, and the model-driven sampler test
# that once failed on AVX2 only; on the paths with llama.cpp fixtures of their own (avx2,
# avx512) also the real models' forward pass against them. (The scalar path is slow in debug
# builds, so the rest of the model tests run on the best path only.)
ENGINE_SUITES='Kernel|SyntheticForwardTests|EveryPositionLogitsTests|InferenceContextTests|TurnSamplerBoundaryTests'

# fm models links the system's zlib and libcrypto, fm serve libmicrohttpd (README); a fresh
# machine may lack the headers.
if ! pkg-config --exists zlib libcrypto libmicrohttpd 2>/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq pkg-config zlib1g-dev libssl-dev libmicrohttpd-dev
fi
# The module graph docs/ARCHITECTURE.md states is Package.swift's (seconds; before anything slow).
scripts/check-module-graph.py
scripts/fetch-models.sh
# RemoteLanguageModelsTests start llama-cpp-python's server (llama_cpp.server) on the default
# model; its [server] extras are FastAPI, uvicorn and friends.
if ! python3 -c 'import llama_cpp.server.app' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check 'llama-cpp-python[server]' \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages 'llama-cpp-python[server]'
fi
swift build --build-tests
# The Qwen suites (its tool-call format, Korean) run when this model is installed, else skip.
"$(swift build --show-bin-path)/fm" models pull qwen2.5-coder-0.5b
scripts/check-compat.sh
scripts/check-client-package.sh
scripts/check-third-party-provider.sh
echo "== fm serve with the official openai client =="
scripts/test-serve-openai.sh .build/debug/fm
paths=($(scripts/cpu-paths.sh))
best=${paths[${#paths[@]}-1]}
echo "kernel paths this CPU runs: ${paths[*]}; the engine suites run on each, everything on $best"
for path in "${paths[@]}"; do
    [[ "$path" == "$best" ]] && continue
    suites=$ENGINE_SUITES
    [[ "$path" == scalar ]] || suites="$suites|ModelForwardTests"
    echo "== engine suites on FM_CPU=$path =="
    FM_CPU=$path swift test --skip-build --filter "$suites"
done
echo "== every test on FM_CPU=$best =="
FM_CPU=$best swift test --skip-build
