#!/usr/bin/env python3
"""Reads the labelled guardrail training sets (JSON Lines fixtures shared with the Swift tests).

The sets are Tests/FoundationModelsTests/Fixtures/Guardrails/training-*.jsonl, one object a
line: {"label": "benign"|"harmful", "category": ..., "section": ..., "text": ...}. The
blind-*.jsonl sets beside them are deliberately not read: they are the blind test sets.

load() returns rows {"set": ..., "label": ..., "category": ..., "text": ...}.

Usage: scripts/guardrails/extract.py [OUT.jsonl]   (default: stdout)
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "FoundationModelsTests", "Fixtures", "Guardrails")
SETS = ["training-evaluation", "training-batch1", "training-batch2", "training-batch3"]
CATEGORIES = {"violentWrongdoing", "selfHarm", "sexualContentInvolvingMinors", "hate"}


def parse(name):
    rows = []
    path = os.path.join(FIXTURES, name + ".jsonl")
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            row = json.loads(line)
            label, category = row.get("label"), row.get("category")
            if not ((label == "benign" and category is None) or (label == "harmful" and category in CATEGORIES)):
                raise SystemExit(f"{path}:{number}: label {label!r} with category {category!r}")
            rows.append((label, category, row["text"]))
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
