#!/usr/bin/env bash
# Type-checks every sample in ../shared/compat, unchanged, against our FoundationModels module.
# Usage: scripts/check-compat.sh [build-dir]   (default: the debug build folder of `swift build`)
set -euo pipefail
cd "$(dirname "$0")/.."
compat="${FM_COMPAT_DIR:-../shared/compat}"
bin="${1:-$(swift build --show-bin-path)}"
[ -d "$compat" ] || { echo "no compat samples at $compat" >&2; exit 2; }
plugin="$bin/FoundationModelsMacros-tool"
[ -x "$plugin" ] || { echo "macro plugin not built at $plugin (run swift build first)" >&2; exit 2; }
# FoundationModels links the C kernels; clients outside SwiftPM need their module map to load it.
cmodules=()
for map in "$bin"/CKernels.build/module.modulemap; do
  [ -f "$map" ] && cmodules+=(-Xcc "-fmodule-map-file=$map")
done
status=0
count=0
for sample in "$compat"/*.swift; do
  count=$((count + 1))
  if swiftc -typecheck -swift-version 6 -I "$bin/Modules" "${cmodules[@]}" \
      -load-plugin-executable "$plugin#FoundationModelsMacros" \
      -module-name CompatSample "$sample"; then
    echo "compat ok: $(basename "$sample")"
  else
    echo "compat FAILED: $(basename "$sample")" >&2
    status=1
  fi
done
echo "compat: $count samples checked"
exit $status
