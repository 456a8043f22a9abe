"""The shared check of a game's option parts (``Game.option_parts``, used by each game's own test).

A decision whose options are combinations (a card to Play and one to Keep, a card then its target) declares each
option as ordered parts, and a table asks them one step at a time: step ``k`` offers the distinct ``k``-th parts of
the options that agree with the parts chosen so far, and the choice is made once the chosen parts are all of one
option's parts. ``picker_steps`` is that narrowing, as the web table's picker does it (static/picker.js); the check
walks it to every option of every decision met in random games and asks:

- every option of a decision with parts has parts, each ``{"group", "value", "label"}`` with a player-facing label;
- the parts tell the options apart: no two options have the same parts, none has parts that begin another's;
- the narrowing reaches each option, and no step offers more than ``MOST`` parts of one group;
- no decision of more than ``MOST`` options is left without parts (a flat list of buttons).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import treachery
from tests.player_texts import bare_codes, card_names

MOST = 12  # buttons of one group in one step; options in a decision without parts

Part = tuple[str, str]  # (group, value): what tells parts apart; the label is how the table shows it


def key(parts: list[dict[str, str]]) -> tuple[Part, ...]:
    return tuple((p["group"], p["value"]) for p in parts)


def step_choices(parts: dict[int, list[dict[str, str]]], chosen: tuple[Part, ...]) -> list[Part]:
    """What the picker offers after ``chosen``: the distinct next parts of the options that agree with it, in the
    order of the options."""
    out: list[Part] = []
    for option_parts in parts.values():
        k = key(option_parts)
        if k[:len(chosen)] == chosen and len(k) > len(chosen) and k[len(chosen)] not in out:
            out.append(k[len(chosen)])
    return out


def picked(parts: dict[int, list[dict[str, str]]], chosen: tuple[Part, ...]) -> int | None:
    """The option ``chosen`` completes, if it is all of one option's parts."""
    done = [option for option, option_parts in parts.items() if key(option_parts) == chosen]
    return done[0] if len(done) == 1 else None


def picker_steps(parts: dict[int, list[dict[str, str]]], option: int) -> list[list[Part]]:
    """Walks the picker to ``option`` (choosing its parts one by one); returns what each step offered. Fails if a
    step does not offer the option's next part or the walk ends on another option."""
    target = key(parts[option])
    chosen: tuple[Part, ...] = ()
    offered = []
    while picked(parts, chosen) is None:
        choices = step_choices(parts, chosen)
        offered.append(choices)
        assert len(chosen) < len(target) and target[len(chosen)] in choices, (
            f"the picker cannot reach option {option} after {chosen}: it offers {choices}")
        chosen += (target[len(chosen)],)
    assert picked(parts, chosen) == option, f"the picker ends on {picked(parts, chosen)}, not {option}"
    return offered


_CHECKED: set[str] = set()  # parts already checked (the same choice comes again and again in random games)


def check_decision(game: treachery.Game, decision: Any, names: dict[str, tuple[str, ...]]) -> bool:
    """Checks one decision's parts; True when it has some."""
    parts = game.option_parts(decision)
    if not parts:
        assert len(decision.options) <= MOST, (
            f"{game.name} {decision.kind}: {len(decision.options)} options and no parts: a wall of buttons")
        return False
    seen = repr((game.name, decision.ids, sorted(parts.items())))
    if seen in _CHECKED:
        return True
    _CHECKED.add(seen)
    assert set(parts) == set(decision.ids), f"{game.name} {decision.kind}: parts for other options than offered"
    keys = {}
    for option, option_parts in parts.items():
        assert option_parts, f"{game.name} {decision.kind}: option {option} has no parts"
        for part in option_parts:
            assert set(part) == {"group", "value", "label"} and all(isinstance(v, str) and v for v in part.values())
            assert not bare_codes(part["label"], names, game.players), f"a bare card code in {part['label']!r}"
        keys[option] = key(option_parts)
    assert len(set(keys.values())) == len(keys), f"{game.name} {decision.kind}: two options have the same parts"
    for a, ka in keys.items():
        for b, kb in keys.items():
            assert a == b or kb[:len(ka)] != ka, (
                f"{game.name} {decision.kind}: option {a}'s parts begin option {b}'s: the picker could not tell")
    for option in parts:
        for choices in picker_steps(parts, option):
            per_group = Counter(group for group, _ in choices)
            assert max(per_group.values()) <= MOST, f"{game.name} {decision.kind}: a step offers {per_group}"
    return True


def walk(name: str, players: list[int], seeds: range) -> Iterator[tuple[treachery.Game, Any]]:
    """Every decision of random games of ``name``, checked; yields those with parts with their game."""
    for count in players:
        for seed in seeds:
            game = treachery.new_game(name, players=count, seed=seed)
            names = card_names(game)
            rng = random.Random(seed)
            while not game.over:
                for decision in game.pending():
                    if check_decision(game, decision, names):
                        yield game, decision
                decision = rng.choice(game.pending())
                game.act(decision.seat, rng.choice(decision.options))
