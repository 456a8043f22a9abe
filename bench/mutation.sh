#!/usr/bin/env bash
# Mutation testing of one game's rules with mutmut: how many behaviour-changing edits of rules.py its own tests
# catch. Long (not part of CI); runs niced in a scratch copy, so the checkout is never touched.
#
#   bench/mutation.sh GAME [SAMPLE [SEED]]     GAME: killer | menace | eat | guest | engine
#
# SAMPLE > 0 tests that many mutants drawn at random (seeded by SEED, default 1) instead of all of them; the
# summary line says which. GAME=engine mutates src/treachery/engine against tests/engine and the Killer tests.
# Results: the last lines printed, and `cd $MUTATION_DIR && mutmut results` / `mutmut show NAME` afterwards.
# Environment: PYTHON (default: the checkout's .venv, else /work/main/.venv), MUTATION_DIR (default
# /tmp/treachery-mutation-GAME), JOBS (parallel mutants, default 1: the machine is shared), SPEC_DIR (the folder
# holding the rules specifications' rules/, default ../shared beside the checkout; required).
set -euo pipefail
game=${1:?usage: bench/mutation.sh GAME [SAMPLE [SEED]]}
sample=${2:-0}
seed=${3:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-}
if [ -z "$python" ]; then
  for candidate in "$root/.venv/bin/python" /work/main/.venv/bin/python; do
    if [ -x "$candidate" ]; then python=$candidate; break; fi
  done
fi
mutmut="$(dirname "$python")/mutmut"
case "$game" in
  killer|menace|eat|guest) mutate="src/treachery/games/$game/rules.py"; tests="tests/$game" ;;
  engine) mutate="src/treachery/engine/*.py"; tests="tests/engine tests/killer" ;;
  *) echo "unknown game $game: killer, menace, eat, guest or engine" >&2; exit 2 ;;
esac
work=${MUTATION_DIR:-/tmp/treachery-mutation-$game}
# The rules specifications: the log-citation audit and the rule-coverage check read them from ../shared/rules
# beside the checkout, and skip silently without them, which would let every mutant of a citation survive.
spec=${SPEC_DIR:-$root/../shared}
if [ ! -d "$spec/rules" ]; then
  echo "no rules specification at $spec/rules (set SPEC_DIR to the folder holding rules/)" >&2
  exit 2
fi
spec=$(cd "$spec" && pwd -P)
rm -rf "$work"
mkdir -p "$work"
cp -r "$root/src" "$root/tests" "$root/pyproject.toml" "$work/"
# mutmut runs the tests from $work/mutants/tests, whose ../.. is $work: the specification goes there.
ln -s "$spec" "$work/shared"
find "$work" -name __pycache__ -prune -exec rm -rf {} +
# mutmut reads [tool.mutmut] from the pyproject.toml of the directory it runs in: only this copy gets one.
{
  echo
  echo "[tool.mutmut]"
  echo 'source_paths = ["src/treachery"]'
  # Each mutant's tests run in a process forked from a server that has only imported and collected them: forked
  # from mutmut's own process instead, they would inherit caches the stats run filled with unmutated results
  # (Killer's first-card table, Menace's option blocks) and let mutants of cached code survive.
  echo 'process_isolation = "forkserver"'
  echo "only_mutate = [\"$mutate\"]"
  printf 'pytest_add_cli_args_test_selection = [%s]\n' "$(printf '"%s", ' $tests | sed 's/, $//')"
  # mutmut limits each mutant's CPU time itself, so pytest-timeout is off; the sampler tests check sampler.py
  # (determinization), not the rules, and under mutmut's call tracing they alone run for many minutes.
  # One Menace test reads Menace.__init__'s bytecode, which mutmut's trampolines replace: it cannot run there.
  echo "pytest_add_cli_args = [\"-p\", \"no:cacheprovider\", \"-p\", \"no:timeout\", \"--ignore-glob=tests/*/test_sampler.py\"," \
       "\"--deselect=tests/menace/test_properties.py::test_M_X2_to_M_X15_random_defaults_come_from_their_own_stream\"]"
} >> "$work/pyproject.toml"
# mutmut learns which tests reach a function from one traced run of them all; a rule table memoized across games
# (Killer's first cards, Eat's selections, Menace's option blocks) is computed by the first test only, so the
# tests that check it would never be run against its mutants. In the scratch copy only, every test starts with
# those module-level caches empty.
cat >> "$work/tests/conftest.py" <<'EOF'


import sys as _sys

import pytest as _pytest


@_pytest.fixture(autouse=True)
def _fresh_rule_caches() -> None:
    """Mutation runs only (added by bench/mutation.sh): empty the rules' module-level memo tables."""
    for name, module in list(_sys.modules.items()):
        if name.startswith("treachery.games.") and name.endswith(".rules"):
            for attribute, value in vars(module).items():
                if attribute.endswith(("_CACHE", "_CACHES")) and isinstance(value, dict):
                    value.clear()
EOF
cd "$work"
# The scratch copy's sources, never the editable install's: mutmut puts mutants/src first on sys.path.
unset PYTHONPATH
names=()
if [ "$sample" -gt 0 ]; then
  # Generate the mutants only (mutmut's own steps), then draw the sample from their names.
  nice -n 10 "$python" - "$sample" "$seed" "$work/sample.txt" > "$work/generate.log" 2>&1 <<'EOF'
import json, random, sys
from pathlib import Path
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
Path("mutants").mkdir(exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(1)
metas = Path("mutants").rglob("*.py.meta")
names = sorted(k for meta in metas for k in json.loads(meta.read_text())["exit_code_by_key"])
chosen = random.Random(int(sys.argv[2])).sample(names, min(int(sys.argv[1]), len(names)))
Path(sys.argv[3]).write_text("".join(name + "\n" for name in chosen))
print(f"{len(names)} mutants, {len(chosen)} drawn")
EOF
  tail -1 "$work/generate.log"
  mapfile -t names < "$work/sample.txt"
fi
start=$(date +%s)
nice -n 10 "$mutmut" run --max-children "${JOBS:-1}" "${names[@]}" > "$work/run.log" 2>&1 || true
nice -n 10 "$mutmut" results --all true > "$work/results.txt" 2>&1 || true
seconds=$(( $(date +%s) - start ))
"$python" - "$game" "$sample" "$seed" "$seconds" "$work/results.txt" "$work/sample.txt" <<'EOF'
import sys
from collections import Counter
game, sample, seed, seconds, results, sample_file = sys.argv[1:]
chosen = set(open(sample_file).read().split()) if int(sample) else None
status = {}
for line in open(results):
    if ":" in line:
        name, _, what = line.strip().rpartition(": ")
        if chosen is None or name in chosen:
            status[name] = what
counts = Counter(status.values())
killed = counts["killed"] + counts["timeout"] + counts["segfault"]
tried = killed + counts["survived"]
untested = counts["no tests"]  # no selected test calls the mutated function: a gap too, so it is scored
scope = f"a seeded sample of {sample} (seed {seed})" if chosen else "all mutants"
print(f"{game}: {scope}: {dict(counts)}")
print(f"{game}: killed {killed} of {tried} mutants that ran ({100 * killed / max(tried, 1):.1f}%); "
      f"with the {untested} no test reaches, {killed} of {tried + untested} "
      f"({100 * killed / max(tried + untested, 1):.1f}%), {seconds} s")
for name, what in sorted(status.items()):
    if what in ("survived", "no tests"):
        print(f"  {what}:", name)
EOF
