#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target (Fuzz/) under a directory, default .build/fuzz/seeds.

Seeds come from ../shared/testdata (MaskBench schemas and instances, the JSON-Schema-Test-Suite),
the repository's fixtures, and a few hand-written hostile inputs. Nothing here is committed as
data: the script regenerates the same corpus from those sources.

    scripts/fuzz-corpus.py [output-directory]
"""
import gzip
import hashlib
import json
import os
import struct
import zlib
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTDATA = os.path.join(ROOT, "..", "shared", "testdata")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "fuzz", "seeds")
MAX_SEED = 4096  # bytes; libFuzzer's default -max_len for these targets


def write(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_SEED:
        return
    directory = os.path.join(OUT, target)
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def maskbench():
    path = os.path.join(TESTDATA, "maskbench", "maskbench.jsonl.gz")
    if not os.path.exists(path):
        return []
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            rows.append(json.loads(line))
    # The smallest schemas first: quick to run, and the fuzzer grows them.
    rows.sort(key=lambda row: len(json.dumps(row["schema"])))
    return rows


def suite_cases():
    directory = os.path.join(TESTDATA, "json-schema-test-suite", "tests", "draft2020-12")
    if not os.path.isdir(directory):
        return []
    cases = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                cases.extend(json.load(f))
    return cases


def patterns(value, found):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "pattern" and isinstance(item, str):
                found.add(item)
            elif key == "patternProperties" and isinstance(item, dict):
                found.update(item.keys())
            patterns(item, found)
    elif isinstance(value, list):
        for item in value:
            patterns(item, found)


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def gguf(kvs, tensors, version=3, alignment=32):
    """A GGUF image: kvs is [(key, type, payload bytes)], tensors [(name, dims, type, data)]."""
    def string(s):
        b = s.encode()
        return struct.pack("<Q", len(b)) + b
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs))
    for key, kind, payload in kvs:
        out += string(key) + struct.pack("<I", kind) + payload
    offset = 0
    for name, dims, kind, data in tensors:
        out += string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", kind, offset)
        offset += (len(data) + alignment - 1) // alignment * alignment
    out += b"\0" * (-len(out) % alignment)
    for _, _, _, data in tensors:
        out += data + b"\0" * (-len(data) % alignment)
    return out


def gguf_seeds():
    f32 = struct.pack("<8f", *range(8))
    string = lambda s: struct.pack("<Q", len(s.encode())) + s.encode()
    yield gguf([], [])
    yield gguf([("general.architecture", 8, string("llama")), ("general.alignment", 4, struct.pack("<I", 64))],
               [("token_embd.weight", [8], 0, f32)], alignment=64)
    yield gguf([("a", 9, struct.pack("<IQ", 5, 3) + struct.pack("<3i", 1, -2, 3)),
                ("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 2) + string("a") + string("b")),
                ("f", 6, struct.pack("<f", 1.5)), ("b", 7, b"\1"), ("u64", 10, struct.pack("<Q", 7))],
               [("x", [4, 2], 0, f32), ("y", [32], 8, b"\0" * 34)])
    yield gguf([("v2", 4, struct.pack("<I", 1))], [("t", [8], 0, f32)], version=2)
    # The hostile headers of the tests: absurd counts and lengths.
    yield b"GGUF" + struct.pack("<IQQ", 3, 1 << 62, 0)
    yield b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", 1 << 60)
    for model in ("SmolLM2-135M-Instruct.Q4_1.gguf", "gemma-3-270m-q4_k_m.gguf"):
        path = os.path.expanduser(os.path.join("~/.cache/fm/models", model))
        if os.path.exists(path):
            with open(path, "rb") as f:
                yield f.read(MAX_SEED)  # a real header, cut short


TRANSCRIPT = compact({"entries": [
    {"instructions": {"_0": {"id": "i1", "segments": [{"text": {"_0": {"id": "t0", "content": "Be brief."}}}], "toolDefinitions": []}}},
    {"prompt": {"_0": {"id": "p1", "segments": [{"text": {"_0": {"id": "t1", "content": "A recipe?"}}}], "options": {"temperature": 0.5},
                       "responseFormat": {"name": "Recipe", "schema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"], "x-order": ["title"], "additionalProperties": False}}}}},
    {"toolCalls": {"_0": {"id": "c1", "calls": [{"id": "call-1", "toolName": "lookup", "arguments": "{\"item\":\"tea\"}"}]}}},
    {"toolOutput": {"_0": {"id": "call-1", "toolName": "lookup", "segments": [{"text": {"_0": {"id": "t2", "content": "Tea: 3"}}}]}}},
    {"response": {"_0": {"id": "s1", "assetIDs": ["asset-1"], "segments": [{"structure": {"_0": {"id": "t3", "source": "Recipe", "content": "{\"title\":\"Tea\"}"}}}]}}},
]})

ENVELOPE = {"source": "foundation-models", "sessionId": "lm_01", "schemaVersion": 3, "generable": "OrderDraft",
            "complete": True, "content": {"itemId": "sku_42", "quantity": 1, "fulfillment": "pickup"},
            "intent": "PlaceOrderIntent", "parameters": {"itemId": "sku_42", "quantity": 1, "fulfillment": "pickup"}}

HOSTILE_TEXT = ["", "a", "hello world", "😀" * 64, "\u00e9t\u00e9 ma\u00efs", "  \t\n\n  x", "<|im_start|>user\nhi<|im_end|>",
                "<|endoftext|><bos><start_of_turn>", "<|im_start", "1234567890 3.14159", "\u200b\u200d\ufeff", "日本語のテキスト"]


def main():
    rows = maskbench()
    cases = suite_cases()
    found = set()
    for row in rows:
        patterns(row["schema"], found)
    for row in rows[:400]:
        write("FuzzSchemaCompile", compact(row["schema"]))
        for test in row.get("tests", [])[:2]:
            write("FuzzJSON", json.dumps(test["data"], indent=1, ensure_ascii=False))
            write("FuzzValidator", compact(row["schema"]).encode() + b"\0" + compact(test["data"]).encode())
    for case in cases:
        patterns(case["schema"], found)
        write("FuzzSchemaCompile", compact(case["schema"]))
        for test in case["tests"][:3]:
            write("FuzzValidator", compact(case["schema"]).encode() + b"\0" + compact(test["data"]).encode())
            write("FuzzJSON", compact(test["data"]))
    for pattern in sorted(found):
        write("FuzzRegex", pattern.encode() + b"\0" + b"abc123")
    for pattern in ["^[a-z]+$", "(a|b)*c{2,5}", "\\d{3}-\\d{4}", "[^\\s]+@\\w+\\.com", "(?:x(y)z)?", "\\u00e9+", "a{0,10000}", "(" * 300 + "a" + ")" * 300]:
        write("FuzzRegex", pattern)
    for text in ['{"a":[1,2.5e3,-0,true,null,"\\u00e9\\ud83d\\ude00"]}', "[" * 600 + "]" * 600, '"unterminated', "{\"a\":1,\"a\":2}", "1e400", "-"]:
        write("FuzzJSON", text)
    for text in HOSTILE_TEXT:
        write("FuzzTokenizer", text)
    for row in rows[:60]:
        if row.get("description"):
            write("FuzzTokenizer", row["description"])
    for name in sorted(os.listdir(os.path.join(ROOT, "Tests", "LocalInferenceTests", "Fixtures"))):
        with open(os.path.join(ROOT, "Tests", "LocalInferenceTests", "Fixtures", name), "rb") as f:
            write("FuzzTokenizer", f.read(1024))
    for image in gguf_seeds():
        write("FuzzGGUF", image)
    line = compact(ENVELOPE)
    incomplete = dict(ENVELOPE, complete=False, parameters={})
    sealed = line[:-1] + ',"crc32":"%08x"}' % zlib.crc32(line.encode())  # as EnvelopeJournal.append writes
    write("FuzzEnvelope", sealed + "\n" + sealed + "\n")
    write("FuzzEnvelope", line + "\n")
    write("FuzzEnvelope", line + "\n" + compact(incomplete) + "\n" + line[:40])
    write("FuzzEnvelope", "\n\n" + json.dumps(ENVELOPE, indent=2))
    write("FuzzTranscript", TRANSCRIPT)
    write("FuzzTranscript", '{"entries":[]}')
    for target in sorted(os.listdir(OUT)):
        print(f"{target}: {len(os.listdir(os.path.join(OUT, target)))} seeds")


main()
