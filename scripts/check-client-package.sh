#!/usr/bin/env bash
# Builds Examples/SeedApp, a client package that depends on this project by path, and runs the
# seed workflows on the default model (all seven, or the ones named: recipe, summary, weather,
# noticeboard, pipeline, availability, order). Exits non-zero when a result breaks what the
# grammar or the workflow guarantees (1), or when the model is unavailable so that the
# workflows could only degrade (2). FM_MODEL=qwen2.5-coder-0.5b runs the Korean steps fully.
set -euo pipefail
cd "$(dirname "$0")/../Examples/SeedApp"
swift build -c release
"$(swift build -c release --show-bin-path)/SeedApp" "$@"
