#!/usr/bin/env python3
"""The llama.cpp side of `fm bench engine --compare` (llama-cpp-python): same model file, same threads,
same prompt token ids, greedy decode; prints one JSON object.

    python3 scripts/bench_llama_cpp.py --model M.gguf --threads 2 --prompt-ids ids.json --gen-tokens 128 --runs 3
"""
import argparse
import json
import statistics
import sys
import time

import numpy as np
from llama_cpp import Llama


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--prompt-ids", required=True, help="JSON file with the prompt token ids")
    parser.add_argument("--gen-tokens", type=int, required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with open(args.prompt_ids) as f:
        ids = json.load(f)
    n_ctx = len(ids) + args.gen_tokens + 8
    # n_batch >= n_ctx: llama-cpp-python keeps n_batch rows of scores when logits_all is off.
    llm = Llama(model_path=args.model, n_ctx=n_ctx, n_batch=n_ctx, n_ubatch=512,
                n_threads=args.threads, n_threads_batch=args.threads, verbose=False)
    prefill, decode = [], []
    for _ in range(args.runs + 1):  # the first run warms up (page cache, allocations)
        llm.reset()
        start = time.perf_counter()
        llm.eval(ids)
        token = int(np.argmax(llm.scores[llm.n_tokens - 1]))
        prefill.append(len(ids) / (time.perf_counter() - start))
        start = time.perf_counter()
        for _ in range(args.gen_tokens):
            llm.eval([token])
            token = int(np.argmax(llm.scores[llm.n_tokens - 1]))
        decode.append(args.gen_tokens / (time.perf_counter() - start))
    json.dump({
        "prefill_tokens_per_second": statistics.median(prefill[1:]),
        "decode_tokens_per_second": statistics.median(decode[1:]),
    }, sys.stdout)
    print()


if __name__ == "__main__":
    main()
