#!/usr/bin/env bash
# Builds Examples/SeedApp, a client package that depends on this project by path, and runs the
# seeds' examples on the default model (exit non-zero when a decoded value breaks a guide).
set -euo pipefail
cd "$(dirname "$0")/../Examples/SeedApp"
swift build -c release
"$(swift build -c release --show-bin-path)/SeedApp"
