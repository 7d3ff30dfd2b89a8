#!/usr/bin/env bash
# The official `openai` Python client against `fm serve` on the default model (issue 13):
# starts the server on a free port of 127.0.0.1 with an API key, waits for /health, runs
# scripts/test-serve-openai.py, stops the server with SIGTERM (which must exit 0 after
# draining). Installs `openai` and `jsonschema` from PyPI when missing. Non-zero on failure.
# Usage: scripts/test-serve-openai.sh [path/to/fm]   (default: .build/debug/fm, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
fm="${1:-}"
if [[ -z "$fm" ]]; then swift build --product fm >/dev/null; fm=.build/debug/fm; fi
if ! python3 -c "import openai, jsonschema" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check openai jsonschema \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages openai jsonschema
fi
log=$(mktemp)
key="test-key-$RANDOM$RANDOM"
"$fm" serve --port 0 --api-key "$key" --parallel 2 >"$log" 2>&1 &
server=$!
stop() { kill -TERM "$server" 2>/dev/null || true; }
trap stop EXIT
url=""
for _ in $(seq 1 600); do
  url=$(sed -n 's/^listening on //p' "$log")
  [[ -n "$url" ]] && grep -q '^ready$' "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; echo "fm serve exited early" >&2; exit 1; }
  sleep 0.2
done
grep -q '^ready$' "$log" || { cat "$log"; echo "fm serve did not become ready" >&2; exit 1; }
[[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/health")" == 200 ]] || { echo "/health is not 200" >&2; exit 1; }
status=0
python3 scripts/test-serve-openai.py "$url/v1" "$key" || status=$?
trap - EXIT
kill -TERM "$server"
wait "$server" || { echo "fm serve did not exit 0 on SIGTERM" >&2; status=1; }
exit $status
