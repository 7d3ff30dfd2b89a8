#!/usr/bin/env bash
# Installs the peers that benchmarks and fixture scripts compare against (never product
# dependencies): llama.cpp via llama-cpp-python (built from source by pip: several minutes on
# 2 cores) and llguidance. Tests do not need them: fixtures are checked in as data.
set -euo pipefail
python3 -c "import llama_cpp" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check "llama-cpp-python==0.3.36"
python3 -c "import llguidance" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check "llguidance==1.9.1"
python3 -c "import gguf" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check gguf  # fixture scripts write variant GGUF files
python3 -c "import llama_cpp, llguidance; print('peers: llama-cpp-python', llama_cpp.__version__, '| llguidance ok')"
