#!/usr/bin/env bash
# Interpreter instructions per Killer decision and per yardstick step, counted by callgrind: a figure that
# does not move with the machine's load. Needs valgrind. Usage: bench/callgrind_killer.sh [path/to/shared/bench]
set -euo pipefail
cd "$(dirname "$0")/.."
yard=${1:-../shared/bench}
python=$(.venv/bin/python -c 'import sys; print(sys.executable)')
count() {  # instructions for: $python -c "$1"
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -c "$1" 2>&1 | awk '/Collected/ {print $4}'
}
killer='
import random, sys, treachery
treachery.new_game("killer", players=3, seed=0)  # loads the game: not part of the count
r = random.Random(1); n = 0
for seed in range(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES):
    g = treachery.new_game("killer", players=3 + seed % 8, seed=seed)
    while not g.over:
        ds = g.pending(); d = ds[0] if len(ds) == 1 else r.choice(ds)
        g.act(d.seat, r.choice(d.options)); n += 1
print(n)'
yardstick="
import random, sys; sys.path.insert(0, '$yard'); import yardstick_game
rng = random.Random(1); n = 0
for _ in range(GAMES):
    g = yardstick_game.new_game(rng)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions())); n += 1
print(n)"
decisions=$("$python" -c "${killer//GAMES/400}")
steps=$("$python" -c "${yardstick//GAMES/300}")
k=$(( $(count "${killer//GAMES/400}") - $(count "${killer//GAMES/0}") ))
y=$(( $(count "${yardstick//GAMES/300}") - $(count "${yardstick//GAMES/0}") ))
echo "killer: $((k / decisions)) instructions per decision ($decisions decisions)"
echo "yardstick: $((y / steps)) instructions per step ($steps steps)"
"$python" -c "print(f'ratio by instructions: {($y / $steps) / ($k / $decisions):.3f}')"
