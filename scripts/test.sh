#!/usr/bin/env bash
# The whole test suite, as README.md shows it: fetches the models if needed, builds, checks the
# API samples in ../shared/compat, builds and runs the client package Examples/SeedApp on the
# default model, and runs every test (last, so its summary closes the output).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/fetch-models.sh
swift build --build-tests
scripts/check-compat.sh
scripts/check-client-package.sh
scripts/check-third-party-provider.sh
swift test --skip-build
