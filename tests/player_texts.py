"""The shared check that every text a player reads is in player words (used by each game's own test).

A player reads every seat's log, the prompts and option labels of their decisions and the end summary. None of
them may show a bare card code (a code is allowed only in brackets right after its card's name, "Galley 1 (GA1)"),
a 0-based seat ("seat 0", "P0": seats read P1… counting from 1), or a "(s)" plural.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import treachery

_PLURAL = re.compile(r"\w\(s\)")
_ZERO_BASED = re.compile(r"\b[Ss]eats? \d|\bP0\b")


def player_texts(game: treachery.Game, rng: random.Random) -> Iterator[str]:
    """Plays ``game`` to its end with random answers, yielding every text a player reads on the way."""
    seen_logs: list[int] = [0] * (game.players + 1)
    while True:
        for seat in range(game.players):
            for decision in game.pending_for(seat):
                yield decision.prompt
                yield from (str(option["label"]) for option in decision.options)
        for index, seat in enumerate([*range(game.players), None]):
            log = game.log_for(seat)
            yield from (entry["text"] for entry in log[seen_logs[index]:])
            seen_logs[index] = len(log)
        if game.over:
            break
        decision = rng.choice(game.pending())
        game.act(decision.seat, rng.choice(decision.options))
    result = game.result() or {}
    yield str(result.get("summary", ""))
    yield from (str(role) for role in result.get("roles", {}).values())


def bare_codes(text: str, names: dict[str, tuple[str, ...]], players: int = 0) -> list[str]:
    """The card codes in ``text`` that do not stand in brackets right after one of their card's names (a seat label,
    "P10", is not Eat's Personality P10)."""
    found = []
    for match in re.finditer(r"\b[A-Z]{1,2}\d{1,2}\b", text):
        code = match.group(0)
        if code not in names or code[0] == "P" and code[1:].isdigit() and int(code[1:]) <= players:
            continue
        before = text[:match.start()]
        if not any(before.endswith(f"{name} (") for name in names[code]):
            found.append(code)
    return found


def card_names(game: treachery.Game) -> dict[str, tuple[str, ...]]:
    """Each card code of the game's card reference, with the names it may follow (a Killer card's Position too)."""
    return {entry["code"]: tuple(entry[key] for key in ("name", "position") if entry.get(key))
            for entry in game.card_texts() if entry.get("code")}


def check_player_texts(name: str, players: list[int], seeds: range) -> None:
    for count in players:
        for seed in seeds:
            game = treachery.new_game(name, players=count, seed=seed)
            names = card_names(game)
            rng = random.Random(seed)
            texts = set(player_texts(game, rng))
            assert game.result() and game.result().get("summary"), "the end says why the game ended"
            for text in texts:
                assert not _PLURAL.search(text), f"{name} {count}p seed {seed}: a '(s)' plural in {text!r}"
                assert not _ZERO_BASED.search(text), f"{name} {count}p seed {seed}: a 0-based seat in {text!r}"
                assert not bare_codes(text, names, count), f"{name} {count}p seed {seed}: a bare card code in {text!r}"
