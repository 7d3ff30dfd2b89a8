#!/usr/bin/env python3
"""The peer for `fm bench jsonschema`: the same suite data through Python's `jsonschema`."""
import json, os, sys, time
import importlib.metadata
import jsonschema
from referencing import Registry, Resource

suite, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
remotes = os.path.join(suite, "remotes")

def retrieve(uri):
    prefix = "http://localhost:1234/"
    if not uri.startswith(prefix):
        raise LookupError(uri)
    with open(os.path.join(remotes, uri[len(prefix):])) as f:
        return Resource.from_contents(json.load(f))

registry = Registry(retrieve=retrieve)
directory = os.path.join(suite, "tests", "draft2020-12")
groups = []
for name in sorted(os.listdir(directory)):
    if name.endswith(".json"):
        with open(os.path.join(directory, name)) as f:
            for group in json.load(f):
                groups.append((group["schema"], [t["data"] for t in group["tests"]]))

start = time.perf_counter()
validators = []
for schema, instances in groups:
    try:
        validators.append((jsonschema.Draft202012Validator(schema, registry=registry), instances))
    except Exception:
        pass
prepare = time.perf_counter() - start

start = time.perf_counter()
count = valid = 0
for _ in range(rounds):
    for validator, instances in validators:
        for instance in instances:
            try:
                ok = validator.is_valid(instance)
            except Exception:
                ok = False
            valid += ok
            count += 1
validate = time.perf_counter() - start
print("python-jsonschema %s: %d schemas, %.1f µs/schema prepared; %d instances x %d, %.2f µs/instance (%d valid)" % (
    importlib.metadata.version("jsonschema"), len(validators), prepare / max(1, len(validators)) * 1e6, count // rounds, rounds,
    validate / max(1, count) * 1e6, valid // rounds))
