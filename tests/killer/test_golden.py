"""Golden playthroughs: every step of a few seeded games, written out as text and compared line by line.

A change to rules, options, views or logs shows up here as a readable diff. After a deliberate change,
regenerate with:  TREACHERY_REGOLD=1 .venv/bin/python -m pytest tests/killer/test_golden.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import treachery

GOLDEN = Path(__file__).with_name("golden")
GAMES = [(4, 7), (7, 21)]  # (players, seed)


def playthrough(players: int, seed: int) -> str:
    game = treachery.new_game("killer", players=players, seed=seed)
    rng = random.Random(seed)
    lines = [f"killer, {players} players, seed {seed}"]
    seen = {s: 0 for s in [None, *range(players)]}
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
            lines.append(f"  view P{decision.seat + 1}: " + json.dumps(
                {k: v for k, v in game.view(decision.seat).items() if k not in ("cards", "core")}, sort_keys=True))
        decision = game.pending()[rng.randrange(len(game.pending()))]
        choice = decision.options[rng.randrange(len(decision.options))]
        lines.append(f"> P{decision.seat + 1} chooses {choice['text']}")
        game.act(decision.seat, choice)
    lines += [f"  [all] {e['text']}" for e in game.log_for(None)[seen[None]:]]
    lines.append(f"result: {json.dumps(game.result(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_playthrough(players: int, seed: int) -> None:
    path = GOLDEN / f"killer-{players}p-seed{seed}.txt"
    text = playthrough(players, seed)
    if os.environ.get("TREACHERY_REGOLD"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with TREACHERY_REGOLD=1 to write it"
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, text.splitlines(), strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs:\n  golden: {want}\n  now:    {got}"
    assert len(text.splitlines()) == len(expected), f"{path.name}: the playthrough changed length"
