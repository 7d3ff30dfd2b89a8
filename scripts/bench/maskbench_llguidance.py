#!/usr/bin/env python3
"""MaskBench with llguidance (PyPI), for comparison with `fm bench maskbench`.

Same data, same SmolLM2 vocabulary (read from the GGUF through llama-cpp-python), same
measurements: per schema, compile-to-first-mask time; per instance token, the time to compute
the allowed-token mask, and whether the token is in it; at the end an EOS token must be allowed.
Instances are serialized with Python's json.dumps (llguidance's JSON grammar accepts its
whitespace), as in issue 4's baseline.

Usage: scripts/bench/maskbench_llguidance.py FILE.jsonl.gz [--json] [--limit N] [--model PATH]
Needs: pip install llguidance llama-cpp-python numpy
"""
import argparse
import gzip
import json
import os
import sys
import time

import llama_cpp
import llguidance
import llguidance.llamacpp
import numpy as np


def load_tokenizer(path):
    llama_cpp.llama_backend_init()
    params = llama_cpp.llama_model_default_params()
    params.vocab_only = True
    model = llama_cpp.llama_model_load_from_file(path.encode(), params)
    if not model:
        sys.exit(f"cannot load {path}")
    vocab = llama_cpp.llama_model_get_vocab(model)
    return llguidance.llamacpp.lltokenizer_from_vocab(vocab), model


def percentile(values, fraction):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int((len(values) - 1) * fraction))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--limit", type=int)
    default_model = os.path.join(os.environ.get("FM_MODELS_DIR") or os.path.expanduser("~/.cache/fm/models"),
                                 "SmolLM2-135M-Instruct.Q4_1.gguf")
    parser.add_argument("--model", default=default_model)
    args = parser.parse_args()

    tokenizer, _model = load_tokenizer(args.model)
    eos = tokenizer.eos_token
    words = (tokenizer.vocab_size + 31) // 32
    mask = np.zeros(words, dtype=np.int32)
    mask_ptr, mask_bytes = mask.ctypes.data, mask.nbytes

    def allowed(token):
        return (int(mask[token >> 5]) >> (token & 31)) & 1 == 1

    total = compiled = passing = invalid_accepted = valid_rejected = 0
    mask_times, compile_times = [], []
    opener = gzip.open if args.file.endswith(".gz") else open
    with opener(args.file, "rt") as lines:
        for index, line in enumerate(lines):
            if args.limit and index >= args.limit:
                break
            entry = json.loads(line)
            total += 1
            started = time.perf_counter_ns()
            grammar = llguidance.LLMatcher.grammar_from_json_schema(entry["schema"])
            matcher = llguidance.LLMatcher(tokenizer, grammar)
            if matcher.is_error():
                continue
            matcher.unsafe_compute_mask_ptr(mask_ptr, mask_bytes)
            compile_times.append((time.perf_counter_ns() - started) / 1000)
            compiled += 1
            all_right = True
            for test in entry["tests"]:
                text = json.dumps(test["data"])
                tokens = tokenizer.tokenize_str(text)
                matcher = llguidance.LLMatcher(tokenizer, grammar)
                accepted = True
                for token in tokens + [eos]:
                    t0 = time.perf_counter_ns()
                    matcher.unsafe_compute_mask_ptr(mask_ptr, mask_bytes)
                    mask_times.append((time.perf_counter_ns() - t0) / 1000)
                    if not allowed(token) or not matcher.consume_token(token):
                        accepted = False
                        break
                if accepted != test["valid"]:
                    all_right = False
                    if test["valid"]:
                        valid_rejected += 1
                    else:
                        invalid_accepted += 1
            if all_right:
                passing += 1

    result = {
        "schemas_total": total,
        "schemas_compiled": compiled,
        "schemas_passing": passing,
        "invalid_accepted": invalid_accepted,
        "valid_rejected": valid_rejected,
        "mask_us_p50": round(percentile(mask_times, 0.5), 2),
        "mask_us_avg": round(sum(mask_times) / max(1, len(mask_times)), 2),
        "mask_us_p99": round(percentile(mask_times, 0.99), 2),
        "compile_us_p50": round(percentile(compile_times, 0.5), 2),
        "compile_us_avg": round(sum(compile_times) / max(1, len(compile_times)), 2),
    }
    if args.json:
        print(json.dumps(result, separators=(",", ":")))
    else:
        for key, value in result.items():
            print(f"{key:<18}{value}")
        print(f"masks timed: {len(mask_times)}")


if __name__ == "__main__":
    main()
