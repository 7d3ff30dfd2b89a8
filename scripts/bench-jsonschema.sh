#!/usr/bin/env bash
# JSON Schema validation speed, fm side by side with Python's `jsonschema` (pip install jsonschema),
# on the JSON-Schema-Test-Suite draft 2020-12 schemas and instances. Release build.
# Usage: scripts/bench-jsonschema.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-20}"
suite="../shared/testdata/json-schema-test-suite"
swift build -c release --product fm >/dev/null
.build/release/fm bench jsonschema --suite "$suite" --rounds "$rounds"
python3 scripts/bench-jsonschema.py "$suite" "$rounds"
