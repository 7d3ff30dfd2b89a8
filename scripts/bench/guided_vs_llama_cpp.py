#!/usr/bin/env python3
"""Guided (schema-constrained) generation, side by side: our `fm generate --schema` against
llama.cpp (llama-cpp-python `create_chat_completion`), plus llama.cpp unconstrained for the same
number of output tokens.

Like for like means the same grammar on both sides, whitespace included, so that a greedy model
walks the same path and both sides print the same text:
- "space": llama-cpp-python's `response_format={"type": "json_object", "schema": S}` (its Python
  port of llama.cpp's converter, `space ::= " "?`) against `fm generate --whitespace space`;
- "flexible": the same GBNF with llama.cpp's own (C++ `common/json-schema-to-grammar.cpp`) rules
  for whitespace, `space ::= | " " | "\n"{1,2} [ \t]{0,20}`, and string characters (no control
  characters), passed as `grammar=`, against `fm generate --whitespace flexible`;
- "compact" (reference, not like for like): `fm generate` as the library generates (no
  whitespace) against llama-cpp-python's `response_format` grammar.
The script prints whether the texts are identical (and, from the warm-up run, whether the token
sequences are: llama.cpp's from `logprobs`, ours from `fm generate --json`), and whether each
output parses and validates against the schema (python `jsonschema` when installed, else
json.loads and key checks).

Same text needs the same logits: `--llama-config exact` (the default) runs llama.cpp with an F32
KV cache and no flash attention, the configuration our engine reproduces; llama.cpp's defaults
(`--llama-config default`: F16 cache, flash attention) move its logits by a few tenths, enough to
flip a greedy near-tie (SmolLM2 on the recipe card: ` Ban` vs ` Maple`, 0.06 apart).

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
from llama_cpp import Llama, llama_grammar

try:
    import jsonschema
except ImportError:  # validation falls back to json.loads and key checks
    jsonschema = None

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


# llama.cpp's own (C++) converter rules where llama-cpp-python's Python port differs on the
# path of these schemas: whitespace and the string character class.
CPP_SPACE_RULE = r'space ::= | " " | "\n"{1,2} [ \t]{0,20}'
CPP_CHAR_RULE = r'char ::= [^"\\\x7F\x00-\x1F] | [\\] (["\\/bfnrt] | "u" [0-9a-fA-F]{4})'


def cpp_style_grammar(schema):
    """llama-cpp-python's GBNF for `schema` with llama.cpp's C++ `space` and `char` rules."""
    lines = llama_grammar.json_schema_to_gbnf(json.dumps(schema)).splitlines()
    out = []
    for line in lines:
        if line.startswith("space ::="):
            line = CPP_SPACE_RULE
        elif line.startswith("char ::="):
            line = CPP_CHAR_RULE
        out.append(line)
    text = "\n".join(out) + "\n"
    if CPP_SPACE_RULE not in text:
        sys.exit("llama-cpp-python's grammar has no space rule to replace")
    return llama_grammar.LlamaGrammar.from_string(text, verbose=False)


def validate(schema, text):
    """'valid', or what is wrong: does not parse, or fails the schema."""
    try:
        value = json.loads(text)
    except ValueError:
        return "DOES NOT PARSE"
    if jsonschema is not None:
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(value))
        return "valid" if not errors else f"INVALID ({errors[0].message})"
    # Without jsonschema: the required keys, recursively.
    def check(sub, v):
        if sub.get("type") == "object":
            if not isinstance(v, dict) or any(k not in v for k in sub.get("required", [])):
                return False
            return all(check(sub["properties"][k], v[k]) for k in v if k in sub.get("properties", {}))
        return True
    return "valid (keys)" if check(schema, value) else "INVALID (keys)"


def run_fm(fm, model, schema_path, prompt, threads, max_tokens, whitespace):
    command = [fm, "generate", "--schema", schema_path, "--model", model, "--greedy", "--threads", str(threads),
               "--max-tokens", str(max_tokens), "--json"] + (["--whitespace", whitespace] if whitespace else []) + [prompt]
    done = subprocess.run(command, capture_output=True, text=True)
    # 65: the value did not complete within --max-tokens (the --json report says complete: false).
    if done.returncode not in (0, 65):
        sys.exit(f"fm generate failed ({done.returncode}): {done.stderr}")
    report = json.loads(done.stdout)
    # Per request, as llama.cpp's wall below: schema compile, prompt tokenization and KV-cache
    # allocation, prefill, decode. The grammar layer's per-model vocabulary tables
    # (vocabulary_seconds) are built once per model, like llama.cpp's at load, and excluded.
    report["setup"] = report["compile_seconds"] + report.get("prompt_seconds", 0)  # older fm: no prompt_seconds
    report.setdefault("cpu_seconds", float("nan"))
    report["wall"] = report["setup"] + report["prefill_seconds"] + report["decode_seconds"]
    return report


def run_llama_constrained(llm, system, prompt, schema, max_tokens, cpp_rules=False, logprobs=False):
    """`response_format` (llama-cpp-python's grammar), or with `cpp_rules` the same GBNF with
    llama.cpp's C++ whitespace and string-character rules (built inside the timed region, as
    `response_format` builds its grammar there too)."""
    llm.reset()  # no prompt-prefix reuse between runs: every run prefills, as fm does
    start = time.perf_counter()
    cpu_start = time.process_time()
    constraint = ({"grammar": cpp_style_grammar(schema)} if cpp_rules
                  else {"response_format": {"type": "json_object", "schema": schema}})
    result = llm.create_chat_completion(
        messages=[{"role": "system", "content": system}, {"role": "user", "content": prompt}],
        **constraint,
        temperature=0.0, top_k=1, top_p=1.0, min_p=0.0, repeat_penalty=1.0, max_tokens=max_tokens, seed=0,
        logprobs=logprobs, top_logprobs=1 if logprobs else None)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    pieces = None
    if logprobs and result["choices"][0].get("logprobs"):
        pieces = [entry["token"] for entry in result["choices"][0]["logprobs"]["content"]]
    return {"wall": wall, "cpu": cpu, "output": result["choices"][0]["message"]["content"], "pieces": pieces,
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


# (label, fm --whitespace, llama.cpp grammar: "python" = response_format, "cpp" = C++ rules)
MODES = [
    ("space", "space", "python"),
    ("flexible", "flexible", "cpp"),
    ("compact (reference)", "compact", "python"),
]


def main():
    parser = argparse.ArgumentParser()
    default_model = os.path.join(os.environ.get("FM_MODELS_DIR", os.path.expanduser("~/.cache/fm/models")),
                                 "SmolLM2-135M-Instruct.Q4_1.gguf")
    parser.add_argument("--model", default=default_model)
    parser.add_argument("--fm", default=".build/release/fm")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-tokens", type=int, default=256)
    parser.add_argument("--modes", default=",".join(m[1] for m in MODES),
                        help="comma-separated subset of space,flexible,compact")
    parser.add_argument("--llama-config", choices=["exact", "default"], default="exact",
                        help="exact: F32 KV cache, no flash attention (our engine's numerics; default); "
                        "default: llama.cpp's defaults (F16 cache, flash attention)")
    parser.add_argument("--show-output", action="store_true")
    parser.add_argument("--baseline", help="another fm binary (say, a build of an earlier commit) to run in turn "
                        "with the others, in the same modes, and print beside them, for before/after tables")
    args = parser.parse_args()
    modes = [m for m in MODES if m[1] in args.modes.split(",")]

    exact = {"flash_attn": False, "type_k": 0, "type_v": 0} if args.llama_config == "exact" else {}
    llm = Llama(model_path=args.model, n_ctx=2048, n_batch=512, n_ubatch=512, n_threads=args.threads,
                n_threads_batch=args.threads, verbose=False, **exact)
    # llama-cpp-python returns the generated tokens only with logprobs, which need logits at every
    # position (a slower prefill): a second, untimed instance runs once per grammar for them.
    checker = Llama(model_path=args.model, n_ctx=2048, n_batch=512, n_ubatch=512, n_threads=args.threads,
                    n_threads_batch=args.threads, verbose=False, logits_all=True, **exact)
    rows = []
    for name, schema, prompt in CASES:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(schema, f)
            schema_path = f.name
        # All sides take turns, run by run, so that the load of a shared machine at any moment
        # weighs on all of them alike (one untimed warm-up each first).
        ours = {m[1]: [] for m in modes}
        baseline = {m[1]: [] for m in modes}
        theirs = {kind: [] for kind in {m[2] for m in modes}}
        free = []
        pieces = {}
        system = prompt_ids = None
        for _ in range(args.runs + 1):
            for _, whitespace, _ in modes:
                ours[whitespace].append(run_fm(args.fm, args.model, schema_path, prompt, args.threads,
                                               args.max_tokens, whitespace))
                if args.baseline:
                    baseline[whitespace].append(run_fm(args.baseline, args.model, schema_path, prompt, args.threads,
                                                       args.max_tokens, None if whitespace == "compact" else whitespace))
            if system is None:
                system = next(iter(ours.values()))[0]["system"]
                rendered = (f"<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{prompt}<|im_end|>\n"
                            "<|im_start|>assistant\n")
                prompt_ids = llm.tokenize(rendered.encode(), add_bos=False, special=True)
            for kind in theirs:
                if not theirs[kind]:
                    pieces[kind] = run_llama_constrained(checker, system, prompt, schema, args.max_tokens,
                                                         cpp_rules=kind == "cpp", logprobs=True)["pieces"]
                theirs[kind].append(run_llama_constrained(llm, system, prompt, schema, args.max_tokens,
                                                          cpp_rules=kind == "cpp"))
            reference = theirs["python" if "python" in theirs else "cpp"][0]
            free.append(run_llama_free(llm, prompt_ids, reference["tokens"]))
        os.unlink(schema_path)
        free = free[1:]
        for label, whitespace, kind in modes:
            our_pieces = [llm.detokenize([t]).decode("utf-8", errors="replace")
                          for t in ours[whitespace][0].get("output_tokens", [])]
            their_pieces = pieces.get(kind)
            same_tokens = None if their_pieces is None or "output_tokens" not in ours[whitespace][0] else our_pieces == their_pieces
            mine, peer = ours[whitespace][1:], theirs[kind][1:]
            if args.show_output:
                print(f"[{name} / {label}] ours: {mine[0]['output']!r}", file=sys.stderr)
                print(f"[{name} / {label}] llama.cpp: {peer[0]['output']!r}", file=sys.stderr)
            rows.append({
                "name": name, "mode": label, "prompt_ours": mine[0]["prompt_tokens"],
                "prompt_llama": peer[0]["prompt_tokens"],
                "ours_wall": median(mine, "wall"), "ours_tokens": mine[0]["tokens"], "ours_forced": mine[0]["forced"],
                "ours_setup": median(mine, "setup"), "ours_prefill": median(mine, "prefill_seconds"),
                "ours_complete": mine[0]["complete"], "ours_cpu": median(mine, "cpu_seconds"),
                "ours_valid": validate(schema, mine[0]["output"]),
                "llama_wall": median(peer, "wall"), "llama_tokens": peer[0]["tokens"], "llama_finish": peer[0]["finish"],
                "llama_cpu": median(peer, "cpu"), "llama_valid": validate(schema, peer[0]["output"]),
                "identical": mine[0]["output"] == peer[0]["output"], "same_tokens": same_tokens,
                "identical_stripped": mine[0]["output"].strip() == peer[0]["output"].strip(),
                "free_wall": median(free, "wall"), "free_tokens": free[0]["tokens"],
                "baseline_wall": median(baseline[whitespace][1:], "wall") if args.baseline else None,
            })

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"guided generation, {os.path.basename(args.model)}, {args.threads} threads, greedy, llama.cpp config "
          f"{args.llama_config}, "
          f"max {args.max_tokens} tokens, median of {args.runs} ({now}, load average "
          f"{os.getloadavg()[0]:.1f} at the end)")
    print("| schema | whitespace (ours / llama.cpp grammar) | prompt tok (ours/llama) | ours wall s | ours tokens (forced) "
          "| ours setup+prefill s | llama.cpp constrained wall s | llama.cpp tokens | same text (tokens) | valid (ours / llama.cpp) "
          "| ours / llama.cpp | CPU s ours / llama.cpp | CPU ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        same = "yes" if r["identical"] else ("yes, but trailing whitespace" if r["identical_stripped"] else "NO")
        same += {True: " (same)", False: " (differ)", None: ""}[r["same_tokens"]]
        peer = {"space": "response_format", "flexible": "C++ space/char rules"}.get(r["mode"], "response_format")
        print(f"| {r['name']} | {r['mode']} / {peer} | {r['prompt_ours']}/{r['prompt_llama']} | {r['ours_wall']:.3f} "
              f"| {r['ours_tokens']} ({r['ours_forced']}){'' if r['ours_complete'] else ' cut'} "
              f"| {r['ours_setup']:.3f}+{r['ours_prefill']:.3f} | {r['llama_wall']:.3f} "
              f"| {r['llama_tokens']} ({r['llama_finish']}) | {same} | {r['ours_valid']} / {r['llama_valid']} "
              f"| {r['ours_wall'] / r['llama_wall']:.2f}x "
              f"| {r['ours_cpu']:.3f} / {r['llama_cpu']:.3f} | {r['ours_cpu'] / r['llama_cpu']:.2f}x |")
    print("llama.cpp unconstrained (same prompt, as many tokens as its response_format run):")
    for r in rows:
        if r["mode"] == modes[0][0]:
            print(f"- {r['name']}: {r['free_wall']:.3f} s for {r['free_tokens']} tokens")
    if args.baseline:
        print(f"baseline {args.baseline}, same runs:")
        for r in rows:
            print(f"- {r['name']} / {r['mode']}: baseline wall {r['baseline_wall']:.3f} s = "
                  f"{r['baseline_wall'] / r['llama_wall']:.2f}x llama.cpp; ours {r['ours_wall']:.3f} s")


if __name__ == "__main__":
    main()
