#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ (see RELIABILITY.md), one at a time, each for a set time.
#
#   scripts/fuzz.sh                 # every target, 60 s each (the CI smoke run)
#   scripts/fuzz.sh FuzzRegex 600   # one target, ten minutes
#   FUZZ_JOBS=1 FUZZ_NICE=10 FUZZ_SEED=1 ...  # defaults; FUZZ_ARGS adds libFuzzer flags
#   FUZZ_PREBUILT=path/to/release ...         # run targets built before (same commit), no build
#
# Builds the targets in release mode with ASan and libFuzzer's coverage on every Swift module of
# the package (so coverage guides the fuzzer through our parsers, and ASan checks them), into
# .build/fuzz. Seeds come from scripts/fuzz-corpus.py; the corpus each run grows is kept in
# .build/fuzz/corpus/<target>, crashes in .build/fuzz/crashes/. A line per target goes to
# .build/fuzz/summary.tsv: target, seconds, CPU seconds, executions, corpus size, crashed. Exits non-zero if a
# target crashed, leaked or timed out: the artifact is named in the output; reproduce it with
# `.build/fuzz/build/release/<target> <artifact>`, then add a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGETS=(FuzzGGUF FuzzTokenizer FuzzJSON FuzzRegex FuzzSchemaCompile FuzzValidator FuzzEnvelope FuzzTranscript)
if [[ $# -ge 1 && $1 != all ]]; then TARGETS=("$1"); fi
SECONDS_EACH=${2:-60}
WORK=$ROOT/.build/fuzz
BUILD=$WORK/build

build() {
    # The coverage -sanitize=fuzzer would add, on every module; only the fuzz targets link
    # libFuzzer itself (Fuzz/Package.swift), as the macro plugin has a main of its own.
    # FM_FUZZ_PRODUCTS=1: the root manifest then also offers the internal modules the
    # harnesses link (LocalInference, StructuredDecoding, ...) as products.
    FM_FUZZ_PRODUCTS=1 nice -n "${FUZZ_NICE:-10}" swift build --package-path Fuzz --build-path "$BUILD" -c release \
        -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table "$@"
}

BINARIES=$BUILD/release
if [[ -n ${FUZZ_PREBUILT:-} ]]; then
    # A build of the same commit made elsewhere (another worktree): the build takes over ten
    # minutes on a loaded machine, and its binaries do not depend on where they run.
    BINARIES=$FUZZ_PREBUILT
    echo "== using the targets in $BINARIES"
else
    echo "== building fuzz targets"
    start=$(date +%s)
    if [[ ${#TARGETS[@]} -eq 1 ]]; then build --product "${TARGETS[0]}"; else build; fi
    echo "== built in $(( $(date +%s) - start )) s"
fi
[[ -d $WORK/seeds ]] || python3 scripts/fuzz-corpus.py "$WORK/seeds" >/dev/null
mkdir -p "$WORK/crashes"
printf 'target\tseconds\tcpu_seconds\texecutions\tcorpus\tcrashed\n' > "$WORK/summary.tsv.new"
failed=0
for target in "${TARGETS[@]}"; do
    corpus=$WORK/corpus/$target
    mkdir -p "$corpus" "$WORK/seeds/$target"
    log=$WORK/$target.log
    echo "== $target for $SECONDS_EACH s"
    status=0
    # -rss_limit_mb: memory is a finding too; -timeout: a single input over 30 s (on a loaded
    # machine, with ASan) is a hang.
    # detect_leaks=0: LeakSanitizer's exit-time report lists the runtime's and Foundation's
    # process-lifetime objects (a few hundred bytes, the same for every input), not leaks per
    # input; growth per input is caught by -rss_limit_mb.
    # -seed: fixed by default (FUZZ_SEED, 1), so that the smoke run walks the same inputs on
    # every machine and whatever it finds reproduces; FUZZ_SEED=0 lets libFuzzer pick one.
    # SWIFT_BACKTRACE=enable=no: Swift's crash handler reads memory ASan poisons; libFuzzer's
    # own report (and the `Fatal error:` line) is what is wanted.
    cpu=$( { TIMEFORMAT='%3U %3S'; time ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no nice -n "${FUZZ_NICE:-10}" "$BINARIES/$target" \
        -max_total_time="$SECONDS_EACH" -seed="${FUZZ_SEED:-1}" -max_len=4096 -rss_limit_mb=2048 -timeout=30 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="$WORK/crashes/$target-" ${FUZZ_ARGS:-} \
        "$corpus" "$WORK/seeds/$target" > "$log" 2>&1; } 2>&1 ) || status=$?
    cpu=$(awk '{ printf "%.0f", $1 + $2 }' <<< "${cpu:-0 0}")
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    size=$(find "$corpus" -type f | wc -l)
    crashed=$([[ $status -eq 0 ]] && echo 0 || echo 1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$SECONDS_EACH" "$cpu" "${executions:-?}" "$size" "$crashed" >> "$WORK/summary.tsv.new"
    tail -n 4 "$log"
    if [[ $status -ne 0 ]]; then
        failed=1
        echo "!! $target failed (status $status); log: $log"
        grep -E '^(==[0-9]+==ERROR|Fatal error|SUMMARY|artifact_prefix|Test unit written)' "$log" | head -n 8 || true
    fi
done
mv "$WORK/summary.tsv.new" "$WORK/summary.tsv"
column -t -s $'\t' "$WORK/summary.tsv" 2>/dev/null || cat "$WORK/summary.tsv"
exit $failed
