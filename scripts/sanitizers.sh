#!/usr/bin/env bash
# Sanitizer runs (issue #15, RELIABILITY.md), called by scripts/test.sh:
#   1. ThreadSanitizer on the session and engine concurrency tests,
#   2. AddressSanitizer on the CPU kernels' tests (C and Swift both instrumented),
#   3. a 60-second libFuzzer smoke run per fuzz target (scripts/fuzz.sh).
# Each sanitizer builds into its own directory, so the plain debug build is left as it is.
# Prints the wall time of each step. `scripts/sanitizers.sh tsan|asan|fuzz` runs one step;
# FUZZ_SMOKE_SECONDS changes the smoke run's length.
set -euo pipefail
cd "$(dirname "$0")/.."
STEPS=("$@")
[[ ${#STEPS[@]} -gt 0 ]] || STEPS=(tsan asan fuzz)

# Sessions (scripted backends: tasks, cancellation, streams, tool loops), the engine's KV cache
# and worker pool, the forward pass on synthetic models (threads inside one pass), and the decode
# batcher (steps of many threads joined into one pass).
TSAN_FILTER='SessionMechanicsTests|ToolCallingTests|TranscriptAndErrorTests|InferenceContextTests|SyntheticForwardTests|KernelMatmulTests|DecodeBatcherTests'
# Every kernel: layouts, quantization, dot products, matmuls, element-wise ops, dispatch.
ASAN_FILTER='KernelLayoutTests|KernelDotTests|KernelMatmulTests|KernelOpsTests|KernelDispatchTests'

timed() {
    local name=$1; shift
    local start; start=$(date +%s)
    "$@"
    echo "== $name: $(( $(date +%s) - start )) s"
}

for step in "${STEPS[@]}"; do
    case $step in
    tsan)
        # TSAN_OPTIONS: a report fails the run; the scripted-backend tests do not need the model.
        timed "ThreadSanitizer build" swift build --build-tests --sanitize=thread --build-path .build/tsan
        TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
            timed "ThreadSanitizer tests" swift test --skip-build --sanitize=thread --build-path .build/tsan --filter "$TSAN_FILTER"
        ;;
    asan)
        timed "AddressSanitizer build" swift build --build-tests --sanitize=address --build-path .build/asan
        ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 \
            timed "AddressSanitizer tests" swift test --skip-build --sanitize=address --build-path .build/asan --filter "$ASAN_FILTER"
        ;;
    fuzz)
        FUZZ_NICE=0 timed "fuzz smoke runs" scripts/fuzz.sh all "${FUZZ_SMOKE_SECONDS:-60}"
        ;;
    *)
        echo "unknown step '$step' (tsan, asan or fuzz)" >&2
        exit 64
        ;;
    esac
done
