#!/usr/bin/env python3
"""Where compiled code still asks CPython's generic machinery, from a ``perf record`` of the compiled build.

A mypyc-compiled function runs as C until it does something it cannot type: a call into interpreted code, an
attribute read of an interpreted object (a card record, a set-up plan), a dictionary lookup, a comparison or sort of
untyped values, a walk over something it cannot see as a list or range. Each sample of a profile is charged to the
nearest compiled function on its stack and to the outermost such generic operation beneath it, so the table names
the line of rules to look at and what it costs there, as a share of all samples:

    .venv/bin/treachery compile
    perf record -e cpu-clock -F 4000 --call-graph=dwarf,16384 -o act.data \\
        .venv/bin/python -c "from treachery.sim import bench; bench._run(3, bench._act, 'menace', 5)"
    python3 bench/perf_generic.py act.data --top 25

(``cpu-clock``: the machine's hardware counters are not exposed; the software clock samples as well.)
"""

from __future__ import annotations

import argparse
import collections
import subprocess

# CPython entry points a compiled function reaches only for an operation it could not do natively.
GENERIC = ("PyObject_GetAttr", "PyObject_Vectorcall", "_PyObject_MakeTpCall", "PyObject_Call", "PyObject_RichCompare",
           "_Py_dict_lookup", "PyObject_Hash", "CPySequence_Sort", "PyUnicode_Contains", "PyNumber_",
           "PySequence_Contains", "PyObject_GetItem", "PySet_", "PyObject_VectorcallMethod", "PyObject_GetIter",
           "PyIter_Next", "list_contains", "PySequence_")
COMPILED = ("CPyDef_", "CPyPy_")


def charges(script: str) -> tuple[collections.Counter[tuple[str, str]], int]:
    """(compiled function, generic operation) -> samples, and the number of samples, from ``perf script`` text."""
    found: collections.Counter[tuple[str, str]] = collections.Counter()
    total = 0
    for block in script.split("\n\n"):
        frames = [line.split(None, 1)[1] for line in block.strip().splitlines() if len(line.split(None, 1)) > 1]
        if not frames:
            continue
        total += 1
        caller = next((i for i, name in enumerate(frames) if name.startswith(COMPILED)), None)
        if not caller:
            continue
        operation = None
        for name in frames[:caller]:  # leaf first: the last match is the outermost
            operation = next((g for g in GENERIC if name.startswith(g)), operation)
        if operation:
            found[(frames[caller].removeprefix("CPyDef_"), operation)] += 1
    return found, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", help="a perf.data file recorded with --call-graph")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    script = subprocess.run(["perf", "script", "-i", args.data, "-F", "ip,sym"], capture_output=True, text=True,
                            check=True).stdout
    found, total = charges(script)
    for (function, operation), samples in found.most_common(args.top):
        print(f"{100 * samples / total:5.2f}%  {function:60s} {operation}")


if __name__ == "__main__":
    main()
