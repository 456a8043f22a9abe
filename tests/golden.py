"""Golden playthroughs, one mechanism for every game: every step of a seeded game written out as text (each new
log line as each seat saw it, each pending decision with its options and the deciding seat's view when it
changed, each choice) and compared line by line with the stored file.

A change to rules, options, views or logs shows up as a readable diff. After a deliberate change, regenerate on
purpose with:  TREACHERY_REGOLD=1 python -m pytest tests/<game>/test_golden.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import treachery

STATIC_VIEW_KEYS = ("cards", "core")  # card texts and the shared view core: repeated in every view


def playthrough(name: str, players: int, seed: int) -> str:
    game = treachery.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)  # the choices; the game's own randomness comes from its seed
    lines = [f"{name}, {players} players, seed {seed}"]
    seen = {s: 0 for s in [None, *range(players)]}
    last_view: dict[int, str] = {}
    while not game.over:
        public = game.log_for(None)[seen[None]:]
        lines += [f"  [all] {event['text']}  {event['rules']}" for event in public]
        seen[None] += len(public)
        for seat in range(players):  # what each seat learnt beyond the public log since its last look
            log = game.log_for(seat)
            shown = list(public)
            for event in log[seen[seat]:]:
                if event in shown:
                    shown.remove(event)
                else:
                    lines.append(f"  [P{seat + 1} only] {event['text']}  {event['rules']}")
            seen[seat] = len(log)
        for decision in game.pending():
            options = ", ".join(o["text"] for o in decision.options)
            lines.append(f"P{decision.seat + 1} {decision.kind} (default {decision.default['text']}): {options}")
            view = json.dumps({k: v for k, v in game.view(decision.seat).items() if k not in STATIC_VIEW_KEYS},
                              sort_keys=True)
            if view != last_view.get(decision.seat):  # an unchanged view is not repeated: the files stay readable
                lines.append(f"  view P{decision.seat + 1}: {view}")
                last_view[decision.seat] = view
        decision = game.pending()[rng.randrange(len(game.pending()))]
        choice = decision.options[rng.randrange(len(decision.options))]
        lines.append(f"> P{decision.seat + 1} chooses {choice['text']}")
        game.act(decision.seat, choice)
    lines += [f"  [all] {e['text']}" for e in game.log_for(None)[seen[None]:]]
    lines.append(f"result: {json.dumps(game.result(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def check_golden(name: str, players: int, seed: int, folder: Path) -> None:
    path = folder / f"{name}-{players}p-seed{seed}.txt"
    text = playthrough(name, players, seed)
    if os.environ.get("TREACHERY_REGOLD"):
        folder.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with TREACHERY_REGOLD=1 to write it"
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, text.splitlines(), strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs:\n  golden: {want}\n  now:    {got}"
    assert len(text.splitlines()) == len(expected), f"{path.name}: the playthrough changed length"
