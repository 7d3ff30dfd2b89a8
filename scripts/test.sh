#!/usr/bin/env bash
# The whole test suite, as README.md shows it: fetches the models if needed, builds, checks the
# API samples in ../shared/compat, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/fetch-models.sh
swift build --build-tests
scripts/check-compat.sh
swift test --skip-build
scripts/check-client-package.sh
