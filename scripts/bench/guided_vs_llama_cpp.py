#!/usr/bin/env python3
"""Guided (schema-constrained) generation, side by side: our `fm generate --schema` against
llama.cpp (llama-cpp-python `create_chat_completion(response_format={"type": "json_object",
"schema": ...})`), plus llama.cpp unconstrained for the same number of output tokens.

Same model file, same system and user text (the system text is the one `fm generate` builds,
read from its --json output), same chat template (ChatML for SmolLM2), same threads, greedy,
same max tokens. Wall time covers schema compilation, prompt tokenization, prompt prefill and
decoding; model loading is excluded on both sides (fm reports its own phases; llama.cpp loads
once), and so are the per-model tables built from the vocabulary (fm's `vocabulary_seconds`:
the library builds them once per model, as llama.cpp builds its vocabulary tables at load). Each
side gets one untimed warm-up run, then the median of --runs runs is printed.

    swift build -c release --product fm
    python3 scripts/bench/guided_vs_llama_cpp.py [--model M.gguf] [--threads 2] [--runs 3] [--max-tokens 256]
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from llama_cpp import Llama

RECIPE = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "difficulty": {"type": "integer", "minimum": 1, "maximum": 5},
        "ingredients": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 6},
        "steps": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 4},
    },
    "required": ["title", "difficulty", "ingredients", "steps"],
    "additionalProperties": False,
}

NESTED = {
    "type": "object",
    "properties": {
        "company": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "founded": {"type": "integer", "minimum": 1800, "maximum": 2030},
                "headquarters": {
                    "type": "object",
                    "properties": {
                        "city": {"type": "string"},
                        "country": {"type": "string"},
                        "zip": {"type": "string", "pattern": "^[0-9]{5}$"},
                    },
                    "required": ["city", "country", "zip"],
                    "additionalProperties": False,
                },
            },
            "required": ["name", "founded", "headquarters"],
            "additionalProperties": False,
        },
        "employees": {"type": "integer", "minimum": 1, "maximum": 100000},
        "public": {"type": "boolean"},
    },
    "required": ["company", "employees", "public"],
    "additionalProperties": False,
}

CASES = [
    ("recipe card", RECIPE, "Write a recipe card for pancakes."),
    ("3-level nested", NESTED, "Describe a small bakery company in Paris."),
]


def run_fm(fm, model, schema_path, prompt, threads, max_tokens):
    command = [fm, "generate", "--schema", schema_path, "--model", model, "--greedy", "--threads", str(threads),
               "--max-tokens", str(max_tokens), "--json", prompt]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"fm generate failed ({done.returncode}): {done.stderr}")
    report = json.loads(done.stdout)
    # Per request, as llama.cpp's wall below: schema compile, prompt tokenization and KV-cache
    # allocation, prefill, decode. The grammar layer's per-model vocabulary tables
    # (vocabulary_seconds) are built once per model, like llama.cpp's at load, and excluded.
    report["setup"] = report["compile_seconds"] + report.get("prompt_seconds", 0)  # older fm: no prompt_seconds
    report.setdefault("cpu_seconds", float("nan"))
    report["wall"] = report["setup"] + report["prefill_seconds"] + report["decode_seconds"]
    return report


def run_llama_constrained(llm, system, prompt, schema, max_tokens):
    llm.reset()  # no prompt-prefix reuse between runs: every run prefills, as fm does
    start = time.perf_counter()
    cpu_start = time.process_time()
    result = llm.create_chat_completion(
        messages=[{"role": "system", "content": system}, {"role": "user", "content": prompt}],
        response_format={"type": "json_object", "schema": schema},
        temperature=0.0, top_k=1, top_p=1.0, min_p=0.0, repeat_penalty=1.0, max_tokens=max_tokens, seed=0)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {"wall": wall, "cpu": cpu, "output": result["choices"][0]["message"]["content"],
            "tokens": result["usage"]["completion_tokens"], "prompt_tokens": result["usage"]["prompt_tokens"],
            "finish": result["choices"][0]["finish_reason"]}


def run_llama_free(llm, prompt_ids, tokens):
    """Greedy, unconstrained, exactly `tokens` output tokens (end-of-text not honoured)."""
    llm.reset()
    start = time.perf_counter()
    cpu_start = time.process_time()
    llm.eval(prompt_ids)
    token = int(np.argmax(llm.scores[llm.n_tokens - 1]))
    for _ in range(tokens - 1):
        llm.eval([token])
        token = int(np.argmax(llm.scores[llm.n_tokens - 1]))
    return {"wall": time.perf_counter() - start, "cpu": time.process_time() - cpu_start, "tokens": tokens}


def median(runs, key):
    return statistics.median(run[key] for run in runs)


def main():
    parser = argparse.ArgumentParser()
    default_model = os.path.join(os.environ.get("FM_MODELS_DIR", os.path.expanduser("~/.cache/fm/models")),
                                 "SmolLM2-135M-Instruct.Q4_1.gguf")
    parser.add_argument("--model", default=default_model)
    parser.add_argument("--fm", default=".build/release/fm")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-tokens", type=int, default=256)
    parser.add_argument("--show-output", action="store_true")
    parser.add_argument("--baseline", help="another fm binary (say, a build of an earlier commit) to run in turn "
                        "with the others and print beside them, for before/after tables from one run")
    args = parser.parse_args()

    llm = Llama(model_path=args.model, n_ctx=2048, n_batch=512, n_ubatch=512, n_threads=args.threads,
                n_threads_batch=args.threads, verbose=False)
    rows = []
    for name, schema, prompt in CASES:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(schema, f)
            schema_path = f.name
        # The three sides take turns, run by run, so that the load of a shared machine at any
        # moment weighs on all of them alike (one untimed warm-up each first).
        ours, theirs, free, baseline = [], [], [], []
        system = prompt_ids = None
        for _ in range(args.runs + 1):
            ours.append(run_fm(args.fm, args.model, schema_path, prompt, args.threads, args.max_tokens))
            if args.baseline:
                baseline.append(run_fm(args.baseline, args.model, schema_path, prompt, args.threads, args.max_tokens))
            if system is None:
                system = ours[0]["system"]
                rendered = (f"<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{prompt}<|im_end|>\n"
                            "<|im_start|>assistant\n")
                prompt_ids = llm.tokenize(rendered.encode(), add_bos=False, special=True)
            theirs.append(run_llama_constrained(llm, system, prompt, schema, args.max_tokens))
            free.append(run_llama_free(llm, prompt_ids, theirs[0]["tokens"]))
        os.unlink(schema_path)
        ours, theirs, free, baseline = ours[1:], theirs[1:], free[1:], baseline[1:]
        free_tokens = free[0]["tokens"]
        for label, report in (("ours", ours[0]), ("llama.cpp", theirs[0])):
            try:
                json.loads(report["output"])
                parses = "parses"
            except ValueError:
                parses = "DOES NOT PARSE"
            if args.show_output:
                print(f"[{name}] {label} ({parses}): {report['output']}", file=sys.stderr)
            elif parses != "parses":
                print(f"[{name}] {label} output does not parse: {report['output']!r}", file=sys.stderr)
        rows.append({
            "name": name, "prompt_ours": ours[0]["prompt_tokens"], "prompt_llama": theirs[0]["prompt_tokens"],
            "ours_wall": median(ours, "wall"), "ours_tokens": ours[0]["tokens"], "ours_forced": ours[0]["forced"],
            "ours_compile": median(ours, "setup"), "ours_prefill": median(ours, "prefill_seconds"),
            "ours_complete": ours[0]["complete"], "ours_cpu": median(ours, "cpu_seconds"),
            "llama_cpu": median(theirs, "cpu"), "free_cpu": median(free, "cpu"),
            "llama_wall": median(theirs, "wall"), "llama_tokens": theirs[0]["tokens"],
            "llama_finish": theirs[0]["finish"],
            "free_wall": median(free, "wall"), "free_tokens": free_tokens,
            "baseline_wall": median(baseline, "wall") if baseline else None,
        })

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"guided generation, {os.path.basename(args.model)}, {args.threads} threads, greedy, "
          f"max {args.max_tokens} tokens, median of {args.runs} ({now}, load average "
          f"{os.getloadavg()[0]:.1f} at the end)")
    print("| schema | prompt tok (ours/llama) | ours wall s | ours tokens (forced) | ours setup+prefill s "
          "| llama.cpp constrained wall s | llama.cpp tokens | llama.cpp unconstrained wall s (same tokens) "
          "| ours / llama.cpp constrained | CPU s ours / llama.cpp constrained / unconstrained | CPU ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['name']} | {r['prompt_ours']}/{r['prompt_llama']} | {r['ours_wall']:.3f} "
              f"| {r['ours_tokens']} ({r['ours_forced']}){'' if r['ours_complete'] else ' cut'} "
              f"| {r['ours_compile']:.3f}+{r['ours_prefill']:.3f} | {r['llama_wall']:.3f} "
              f"| {r['llama_tokens']} ({r['llama_finish']}) | {r['free_wall']:.3f} ({r['free_tokens']}) "
              f"| {r['ours_wall'] / r['llama_wall']:.2f}x "
              f"| {r['ours_cpu']:.3f} / {r['llama_cpu']:.3f} / {r['free_cpu']:.3f} | {r['ours_cpu'] / r['llama_cpu']:.2f}x |")
    if args.baseline:
        print(f"baseline {args.baseline}, same runs:")
        for r in rows:
            print(f"- {r['name']}: baseline wall {r['baseline_wall']:.3f} s = "
                  f"{r['baseline_wall'] / r['llama_wall']:.2f}x llama.cpp constrained; ours {r['ours_wall']:.3f} s")


if __name__ == "__main__":
    main()
