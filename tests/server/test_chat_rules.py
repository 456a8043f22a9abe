"""Each game's table-talk rules (``Game.chat_channels``), in process: who may read and write which channel."""

from __future__ import annotations

from typing import Any

import pytest

import treachery
from treachery.games.menace.chat import claim_text


def _rw(game: treachery.Game, seat: int | None) -> dict[str, tuple[bool, bool]]:
    return {c["id"]: (c["read"], c["write"]) for c in game.chat_channels(seat)}


def test_killer_everyone_at_one_table_spectators_apart() -> None:
    """K-H3: free table talk; spectators read it and talk among themselves."""
    game = treachery.new_game("killer", 4, 1)
    assert _rw(game, 0) == {"table": (True, True), "spectators": (False, False)}
    assert _rw(game, None) == {"table": (True, False), "spectators": (True, True)}


def test_menace_the_dead_and_exiled_still_talk_at_the_table() -> None:
    """M-H29: killed players stay at the table and chat under the same rules."""
    game = treachery.new_game("menace", 5, 1, {}, {"start": {"round": 2, "dead": [1], "exiled": [2]}})
    assert not game.alive[1]
    for seat in range(5):
        assert _rw(game, seat)["table"] == (True, True)


def test_guest_living_and_eliminated_apart_until_the_end() -> None:
    """G-T32, G-Q32, G-H21: the graveyard is for the eliminated and spectators; the living read it at the end."""
    game = treachery.new_game("guest", 5, 3, {}, {"start": {"eliminated": [2], "hands": {0: ["blaster"]}}})
    assert _rw(game, 0) == {"table": (True, True), "graveyard": (False, False)}
    assert _rw(game, 2) == {"table": (True, False), "graveyard": (True, True)}
    assert _rw(game, None) == {"table": (True, False), "graveyard": (True, True)}
    while not game.over:  # played to its end: every seat reads both; only the living may not write in the graveyard
        decision = game.pending()[0]
        game.act(decision.seat, decision.default["id"] if decision.default in decision.options
                 else decision.options[0]["id"])
    living = next(s for s in range(5) if game.alive[s])
    assert _rw(game, living) == {"table": (True, True), "graveyard": (True, False)}
    assert _rw(game, 2) == {"table": (True, True), "graveyard": (True, True)}


def test_eat_only_the_leader_writes_in_the_rules_stage() -> None:
    """W-V6, W-V7, W-Q11, W-H21."""
    game = treachery.new_game("eat", 5, 3, {}, {"leader": 1, "start": {"round": 2, "phase": "trial", "food": -1}})
    assert [s for s in range(5) if _rw(game, s)["table"][1]] == [1]
    assert all(_rw(game, s)["table"][0] for s in range(5))
    (rules,) = game.pending()
    game.act(rules.seat, rules.options[0]["id"])
    assert all(_rw(game, s)["table"] == (True, True) for s in range(5))
    assert _rw(game, None)["table"] == (True, False)


@pytest.mark.parametrize(("claim", "text"), [
    ({"kind": "drew", "category": "good"}, "I drew a Good card."),
    ({"kind": "played", "category": "bad"}, "I played a Bad card."),
    ({"kind": "accuse", "seat": 3, "card": "reactor-leak"}, "S3 played Reactor Leak."),
    ({"kind": "suspect", "seat": 0}, "I suspect S0."),
])
def test_menace_claim_texts(claim: dict[str, Any], text: str) -> None:
    """M-H33, M-H38: the menu's words, the card's name from the game's own card set."""
    game = treachery.new_game("menace", 4, 1)
    assert claim_text(game, 1, claim, lambda s: f"S{s}") == text


@pytest.mark.parametrize("claim", [
    {"kind": "accuse", "seat": 1, "card": "explosion"},  # M-H33, M-H34: never one's own card by name
    {"kind": "suspect", "seat": 1},
    {"kind": "accuse", "seat": 2, "card": "Explosion"},  # keys, not names
    {"kind": "suspect", "seat": 4},
    {"kind": "suspect", "seat": True},
    {"kind": "drew", "category": "Good"},
    {"kind": "wink"},
])
def test_menace_claims_outside_the_menu_are_refused(claim: dict[str, Any]) -> None:
    game = treachery.new_game("menace", 4, 1)
    with pytest.raises(ValueError):
        claim_text(game, 1, claim, str)
