#!/usr/bin/env bash
# Loopback load test of `fm serve` (release build, default model): 1, 4 and 16 concurrent
# streaming clients, each sending REQUESTS chat requests of MAX_TOKENS tokens; prints total
# completion tokens/s, p50/p99 time to first token, and anything dropped (exit 1 if so).
# The server runs with --parallel 16 and a 1,024-token context (16 KV caches fit in memory).
# Usage: scripts/bench-serve.sh [REQUESTS] [MAX_TOKENS]   (defaults: 2, 64)
set -euo pipefail
cd "$(dirname "$0")/.."
requests="${1:-2}"
max_tokens="${2:-64}"
swift build -c release --product fm >/dev/null
log=$(mktemp)
.build/release/fm serve --port 0 --parallel 16 --queue 64 --context 1024 >"$log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do grep -q '^ready$' "$log" && break; sleep 0.2; done
url=$(sed -n 's/^listening on //p' "$log")
echo "fm serve at $url; load: $(uptime | sed 's/.*load average/load average/'); $(nproc) CPUs"
status=0
for clients in 1 4 16; do
  python3 scripts/bench-serve.py "$url" "$clients" "$requests" "$max_tokens" || status=1
done
exit $status
