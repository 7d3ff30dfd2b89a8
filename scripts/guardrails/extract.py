#!/usr/bin/env python3
"""Extracts the labelled guardrail sets from the Swift test sources to JSONL.

Each output line is {"set": ..., "label": "benign"|"harmful", "category": ..., "text": ...}.
Harmful texts take their category from a tuple's first element (GuardrailEvaluationSet) or
from the nearest preceding section comment (the held-out sets). Batch 4 is deliberately not
read: it is the blind test set.

Usage: scripts/guardrails/extract.py [OUT.jsonl]   (default: stdout)
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "Tests", "FoundationModelsTests")
SETS = ["GuardrailEvaluationSet", "GuardrailHeldOutSet", "GuardrailHeldOutBatch2", "GuardrailHeldOutBatch3"]

# GuardrailEvaluationSet builds its harmful list from named arrays.
TRAINING_HARMFUL = {
    "weapons": "violentWrongdoing",
    "killing": "violentWrongdoing",
    "selfHarmRequests": "selfHarm",
    "minors": "sexualContentInvolvingMinors",
    "hateRequests": "hate",
}

STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def unescape(literal):
    out, i = [], 0
    while i < len(literal):
        c = literal[i]
        if c == "\\" and i + 1 < len(literal):
            n = literal[i + 1]
            if n == "u" and literal[i + 2:i + 3] == "{":
                end = literal.index("}", i)
                out.append(chr(int(literal[i + 3:end], 16)))
                i = end + 1
                continue
            out.append({"n": "\n", "t": "\t", "r": "\r", "0": "\0"}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def category_of_comment(comment):
    c = comment.lower()
    if "minor" in c:
        return "sexualContentInvolvingMinors"
    if "self-harm" in c or "self harm" in c:
        return "selfHarm"
    if "violent" in c:
        return "violentWrongdoing"
    if "hate" in c:
        return "hate"
    return None


def parse(name):
    rows = []
    array, category = None, None
    with open(os.path.join(TESTS, name + ".swift"), encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            m = re.match(r"static let (\w+)", s)
            if m:
                array, category = m.group(1), None
                if "=" in s and s.rstrip().endswith("=") is False and "[" not in s.split("=", 1)[1]:
                    array = None  # an expression combining other arrays
                continue
            if s.startswith("//"):
                found = category_of_comment(s)
                if found:
                    category = found
                continue
            if array is None or not s.startswith(("\"", "(")):
                continue
            literals = [unescape(x) for x in STRING.findall(s)]
            if not literals:
                continue
            if s.startswith("("):
                rows.append(("harmful", literals[0], literals[1]))
            elif name == "GuardrailEvaluationSet":
                if array in TRAINING_HARMFUL:
                    rows.append(("harmful", TRAINING_HARMFUL[array], literals[0]))
                else:
                    rows.append(("benign", None, literals[0]))
            elif array == "harmful":
                if category is None:
                    raise SystemExit(f"{name}: harmful text without a category comment: {literals[0]}")
                rows.append(("harmful", category, literals[0]))
            elif array == "benign":
                rows.append(("benign", None, literals[0]))
    return rows


def load():
    out = []
    for name in SETS:
        for label, category, text in parse(name):
            out.append({"set": name, "label": label, "category": category, "text": text})
    return out


if __name__ == "__main__":
    rows = load()
    target = open(sys.argv[1], "w", encoding="utf-8") if len(sys.argv) > 1 else sys.stdout
    for row in rows:
        target.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts = {}
    for r in rows:
        key = (r["set"], r["label"])
        counts[key] = counts.get(key, 0) + 1
    for key, n in sorted(counts.items()):
        print(*key, n, file=sys.stderr)
