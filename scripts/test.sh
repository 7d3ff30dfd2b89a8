#!/usr/bin/env bash
# The whole test suite, as README.md shows it: fetches the models if needed, builds, checks the
# API samples in ../shared/compat, builds and runs the client package Examples/SeedApp on the
# default model, and runs every test (last, so its summary closes the output).
set -euo pipefail
cd "$(dirname "$0")/.."
# fm models links the system's zlib and libcrypto (README); a fresh machine may lack the headers.
if ! pkg-config --exists zlib libcrypto 2>/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq pkg-config zlib1g-dev libssl-dev
fi
scripts/fetch-models.sh
swift build --build-tests
scripts/check-compat.sh
scripts/check-client-package.sh
swift test --skip-build
