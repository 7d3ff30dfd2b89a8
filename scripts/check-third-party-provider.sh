#!/usr/bin/env bash
# Builds Examples/ThirdPartyProvider, a provider package written against Apple's documented
# LanguageModel protocol (Swift 6, NonisolatedNonsendingByDefault, InternalImportsByDefault),
# and runs its client, which exits non-zero when LanguageModelSession does not behave as
# documented with that model. Needs no model file.
set -euo pipefail
cd "$(dirname "$0")/../Examples/ThirdPartyProvider"
swift build
"$(swift build --show-bin-path)/ThirdPartyProviderCheck"
