#!/usr/bin/env python3
"""Checks that docs/ARCHITECTURE.md states the module graph Package.swift declares.

Reads every target's dependencies from `swift package dump-package` and the two tables of
docs/ARCHITECTURE.md ("Modules" and "Test targets": the first back-quoted name of a row is the
target, its last cell what it depends on, comma-separated, "—" for nothing, parenthesized
remarks ignored). Exits 1 naming each difference: a target one side lacks, or a dependency
only one side has; for a target the document lacks, it prints the row to add.

    scripts/check-module-graph.py            # from anywhere in the repository
    scripts/check-module-graph.py --print    # the graph as Package.swift has it, a row a target
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "ARCHITECTURE.md"
TABLES = ("## Modules", "## Test targets")  # headings, as they begin


def manifest_graph():
    """{target: (type, {dependency, ...})} from the manifest as SwiftPM evaluates it."""
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    graph = {}
    for target in json.loads(dump)["targets"]:
        names = set()
        for dependency in target.get("dependencies", []):
            # {"byName": [name, condition]}, {"target": [name, condition]},
            # {"product": [name, package, moduleAliases, condition]}
            (kind, value), = dependency.items()
            names.add(value[0] if kind != "product" else f"{value[1]}:{value[0]}")
        graph[target["name"]] = (target["type"], names)
    return graph


def document_graph(text):
    """{target: ({dependency, ...}, line number)} from the tables under TABLES' headings."""
    graph = {}
    section = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            section = line if line.startswith(TABLES) else None
            continue
        if section is None or not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        name = re.search(r"`([^`]+)`", cells[0])
        if name is None or set(cells[0]) <= set("-: "):  # the header's separator row
            continue
        stated = re.sub(r"\([^)]*\)", "", cells[-1])
        dependencies = {part.strip().strip("`") for part in stated.split(",")}
        dependencies -= {"", "—", "-"}
        if name.group(1) in graph:
            sys.exit(f"{DOCUMENT.relative_to(ROOT)}:{number}: `{name.group(1)}` has a second row")
        graph[name.group(1)] = (dependencies, number)
    return graph


def row(name, kind, dependencies):
    listed = ", ".join(sorted(dependencies)) or "—"
    return f"| `{name}` | ({kind}: say what it owns) | {listed} |"


def main():
    manifest = manifest_graph()
    if "--print" in sys.argv[1:]:
        for name, (kind, dependencies) in manifest.items():
            print(row(name, kind, dependencies))
        return 0
    document = document_graph(DOCUMENT.read_text(encoding="utf-8"))
    problems = []
    for name, (kind, dependencies) in manifest.items():
        if name not in document:
            table = "Test targets" if kind == "test" else "Modules"
            article = "an" if kind[0] in "aeiou" else "a"
            problems.append(f"`{name}` is {article} {kind} target of Package.swift with no row in "
                            f"{DOCUMENT.relative_to(ROOT)}'s \"{table}\" table; add:\n    {row(name, kind, dependencies)}")
            continue
        stated, number = document[name]
        for missing in sorted(dependencies - stated):
            problems.append(f"{DOCUMENT.relative_to(ROOT)}:{number}: `{name}` depends on {missing} in Package.swift, "
                            f"not in the document")
        for extra in sorted(stated - dependencies):
            problems.append(f"{DOCUMENT.relative_to(ROOT)}:{number}: `{name}` depends on {extra} in the document, "
                            f"not in Package.swift")
    for name, (_, number) in document.items():
        if name not in manifest:
            problems.append(f"{DOCUMENT.relative_to(ROOT)}:{number}: `{name}` is no target of Package.swift")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"module graph: {len(problems)} difference(s) between Package.swift and "
              f"{DOCUMENT.relative_to(ROOT)}", file=sys.stderr)
        return 1
    print(f"module graph: {len(manifest)} targets, Package.swift and {DOCUMENT.relative_to(ROOT)} agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
