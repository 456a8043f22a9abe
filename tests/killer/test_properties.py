"""Property tests over random seeds and every player count (K-T1, K-W1..K-W13, K-Q19)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import treachery
from tests.conformance import random_playout
from treachery.games.killer.rules import DEAL

ENDINGS = {"alien destroyed", "flamethrower", "last on board", "tragic defeat", "round cap"}


@pytest.mark.rule("K-W9", "K-Q19", "K-W2", "K-W4", "K-W7", "K-W10")
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), players=st.integers(min_value=3, max_value=10),
       chooser=st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_always_ends_consistently(seed: int, players: int, chooser: int) -> None:
    """K-W9/K-Q19: at most 20 rounds; every ending names winners the rules allow (K-W2, K-W4..K-W7, K-W10)."""
    game = treachery.new_game("killer", players=players, seed=seed)
    steps = random_playout(game, random.Random(chooser))
    assert steps <= 20 * 10 * 8
    result = game.result()
    assert result is not None
    view = game.view(None)
    assert view["round"] <= 20
    assert result["reason"] in ENDINGS
    alive = {p["seat"] for p in view["players"] if p["alive"]}
    frozen = {p["seat"] for p in view["players"] if p["frozen"] and p["alive"]}
    assert not frozen, "K-E47: nobody is left Frozen at the end"
    assert set(result["winners"]) <= alive, "K-W10: dead crew never win"
    if result["reason"] == "last on board":
        assert len(result["winners"]) == 1  # K-W6
    if result["reason"] in ("tragic defeat", "round cap"):
        assert result["winners"] == []  # K-W7, K-W9
    if result["reason"] in ("alien destroyed", "flamethrower"):
        assert set(result["winners"]) == alive  # K-W2, K-W3: every surviving crew member wins
    json.dumps(view)
    for seat in range(players):
        json.dumps(game.view(seat))
        json.dumps(game.log_for(seat))


@pytest.mark.rule("K-C4", "K-T41", "K-T42")
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), players=st.integers(min_value=3, max_value=10))
def test_cards_are_conserved(seed: int, players: int) -> None:
    """K-C4, K-T41, K-T42: every Crew card is in exactly one place at every decision."""
    game = treachery.new_game("killer", players=players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        places = (list(game.deck) + game.out + [c for h in game.hands for c in h]
                  + [c for c in game.position if c >= 0] + [c for c in game.action if c >= 0]
                  + [c for c in game.discard if c >= 0] + game.set_aside
                  + [c for s, c in enumerate(game.ongoing) if c >= 0 and game.action[s] != c])
        assert sorted(places) == list(range(24))
        decision = game.pending()[0]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])


def test_clone_copies_every_list_play_can_change() -> None:
    """clone() copies each mutable list of the state; only lists fixed at setup may be shared, and the card set's
    first-card answers and dealt-pair texts (derived from the cards alone, shared by every game of that card set)."""
    fixed_at_setup = {"removed_at_setup", "status", "_pending",  # _pending is only ever replaced, never changed
                      "first_card_cache", "dealt_text_cache"}
    game = treachery.new_game("killer", players=6, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        decision = game.pending()[0]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    copy = game.clone()
    for name, value in game.__getstate__().items():
        if isinstance(value, list) and name not in fixed_at_setup:
            assert getattr(copy, name) is not value, f"clone shares the list {name!r}"
            if value and isinstance(value[0], list):
                assert all(a is not b for a, b in zip(getattr(copy, name), value, strict=True)), name


def test_K_T7_K_H1_the_deal_is_told_as_before_from_the_kept_texts() -> None:
    """The Deal's texts are worded once and kept (by seats in dealing order, by pair of cards): each round's log still
    names exactly the seats dealt to, publicly, and each seat's own two cards, to that seat alone."""
    from treachery.games.killer.rules import _each

    rng = random.Random(8)
    checked = 0
    for players in range(3, 11):
        for seed in range(4):
            game = treachery.new_game("killer", players=players, seed=seed)
            while not game.over and game.round <= 3:
                if game.step > DEAL and not game.short:  # this round's deal is logged, the hands not yet played
                    rnd = game.round
                    events = [e for e in game._log if e[1] == rnd]
                    seats = [s for s in game.clockwise_from(game.first) if game._on_board(s)]
                    said = [e for e in events if e[2].startswith("Two Crew cards dealt")]
                    assert said == [(None, rnd, f"Two Crew cards dealt to {_each(seats)}.", ("K-T7", "K-T8"))]
                    names = game.card_names
                    for seat in seats:
                        hand = game.hands[seat]
                        told = [e for e in events if e[0] == seat and e[2].startswith("You are dealt")]
                        assert told == [(seat, rnd, f"You are dealt {names[hand[0]]} and {names[hand[1]]}.",
                                         ("K-T7", "K-H1"))]
                    checked += 1
                    while not game.over and game.round == rnd:  # on to the next round
                        decision = game.pending()[0]
                        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
                    continue
                decision = game.pending()[0]
                game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    assert checked > 60
