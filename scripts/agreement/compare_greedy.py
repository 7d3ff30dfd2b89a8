#!/usr/bin/env python3
"""Greedy agreement with llama.cpp on the held-out prompts (issue #10).

For each model and each prompt of heldout_prompts.json (held out: never tuned on), runs
llama.cpp (llama-cpp-python, its most exact configuration: F32 KV cache, no flash attention,
the prompt as one batch, then one token at a time) and our engine (`fm complete --greedy
--json`, the same steps) for 32 greedy tokens, and reports where the continuations part and
llama.cpp's own top-2 margin at that token (under 0.02 is a near-tie: summation order alone
may decide it). Our kernel path is whatever FM_CPU selects (scalar, avx2, avx512).

    FM_CPU=avx2 python3 scripts/agreement/compare_greedy.py [--fm .build/debug/fm] [--json out.json]

Use a llama-cpp-python built for the same ISA as our path for a like-for-like peer, e.g. for AVX2:

    CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_AVX512=OFF -DGGML_FMA=ON -DGGML_F16C=ON" \\
        pip install llama-cpp-python==0.3.36

The texts are compared (both engines share the GGUF tokenizer); the token where they part is
llama.cpp's token holding the first differing byte. Exit status 0 whatever the agreement: this
is a report, not a test.
"""
import argparse
import json
import os
import subprocess
import sys

import numpy as np
from llama_cpp import Llama

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
MODELS_DIR = os.environ.get("FM_MODELS_DIR", os.path.expanduser("~/.cache/fm/models"))
MODELS = {
    "smollm2": "SmolLM2-135M-Instruct.Q4_1.gguf",
    "gemma3": "gemma-3-270m-q4_k_m.gguf",
}
NEAR_TIE = 0.02


def llama_greedy(llm, prompt, n):
    """llama.cpp's greedy tokens (stopping after an end-of-generation token), their byte
    pieces, and its top-2 margin at each step."""
    ids = llm.tokenize(prompt.encode(), add_bos=True, special=False)
    llm.reset()
    llm.eval(ids)
    tokens, pieces, gaps = [], [], []
    for _ in range(n):
        logits = np.array(llm.scores[llm.n_tokens - 1], dtype=np.float64)
        order = np.argsort(-logits)[:2]
        token = int(order[0])
        tokens.append(token)
        gaps.append(float(logits[order[0]] - logits[order[1]]))
        if token == llm.token_eos():
            pieces.append(b"")
            break
        pieces.append(llm.detokenize([token], prev_tokens=ids + tokens[:-1]))
        llm.eval([token])
    return tokens, pieces, gaps


def ours(fm, model_path, prompt, n, threads):
    env = dict(os.environ)
    result = subprocess.run([fm, "complete", "--greedy", "--json", "--max-tokens", str(n), "--threads", str(threads),
                             "--model", model_path, prompt], capture_output=True, env=env, check=True)
    return json.loads(result.stdout)["text"].encode()


def parting(pieces, text):
    """Index of llama.cpp's token holding the first byte where `text` differs, else None."""
    theirs = b"".join(pieces)
    common = 0
    limit = min(len(theirs), len(text))
    while common < limit and theirs[common] == text[common]:
        common += 1
    if common == len(theirs) and common == len(text):
        return None
    offset = 0
    for index, piece in enumerate(pieces):
        if offset + len(piece) > common:
            return index
        offset += len(piece)
    return len(pieces) - 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fm", default=os.path.join(ROOT, ".build", "debug", "fm"))
    parser.add_argument("--json", help="also write the report here")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--models", default=",".join(MODELS))
    args = parser.parse_args()
    with open(os.path.join(HERE, "heldout_prompts.json")) as f:
        held_out = json.load(f)
    n = held_out["generated_tokens"]
    path_name = os.environ.get("FM_CPU", "best")
    report = {"ours": f"FM_CPU={path_name}", "llama_cpp": "llama-cpp-python " + __import__("llama_cpp").__version__,
              "near_tie": NEAR_TIE, "models": {}}
    for name in args.models.split(","):
        model_path = os.path.join(MODELS_DIR, MODELS[name])
        llm = Llama(model_path=model_path, n_ctx=512, n_batch=512, n_threads=args.threads, verbose=False,
                    flash_attn=False, type_k=0, type_v=0)
        rows = []
        for prompt in held_out["prompts"]:
            tokens, pieces, gaps = llama_greedy(llm, prompt, n)
            text = ours(args.fm, model_path, prompt, n, args.threads)
            at = parting(pieces, text)
            row = {"prompt": prompt, "identical": at is None}
            if at is not None:
                row.update({"parted_at": at, "margin": round(gaps[at], 4), "near_tie": gaps[at] < NEAR_TIE,
                            "llama_cpp": b"".join(pieces).decode(errors="replace"), "ours": text.decode(errors="replace")})
            rows.append(row)
            status = "identical" if at is None else f"parted at token {at}, llama.cpp margin {gaps[at]:.4f}" + (
                " (near-tie)" if gaps[at] < NEAR_TIE else "")
            print(f"{name} {path_name}: {prompt!r}: {status}", flush=True)
        identical = sum(r["identical"] for r in rows)
        ties = sum(1 for r in rows if not r["identical"] and r["near_tie"])
        report["models"][name] = {"identical": identical, "near_ties": ties, "prompts": len(rows), "rows": rows}
        print(f"{name} {path_name}: {identical} of {len(rows)} identical, {ties} parted at near-ties "
              f"(margin < {NEAR_TIE}), {len(rows) - identical - ties} parted elsewhere", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
