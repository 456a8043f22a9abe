"""The heuristic bot (issue deliverable 4) and whole-game properties: legal choices only, sensible play, the
card supply conserved, bad input refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import treachery
from tests import conformance
from treachery import IllegalAction
from treachery.bots import bot_for
from treachery.games.guest.bots import HEURISTIC_BOT, GuestBot
from treachery.games.guest.rules import DOWN, VOTES_BY_COUNT, Guest

from .util import P1, P2, P3, P4, P5, G, H, ballots, play, start


def _bots_play(game: Guest, seed: int) -> None:
    bots = [GuestBot(seed * 16 + s) for s in range(game.players)]
    for _ in range(5000):
        if game.over:
            return
        for decision in game.pending():
            option = bots[decision.seat].choose(game.view(decision.seat), decision)
            assert option["id"] in decision.ids
            game.act(decision.seat, option["id"])
    raise AssertionError("bot game did not end")


def test_heuristic_bot_is_found_by_name() -> None:
    assert HEURISTIC_BOT is GuestBot and isinstance(bot_for("guest", "heuristic", 1), GuestBot)


@pytest.mark.parametrize("players", range(5, 13))
def test_bots_finish_games_at_every_count(players: int) -> None:
    for seed in range(2):
        game = treachery.new_game("guest", players=players, seed=seed)
        assert isinstance(game, Guest)
        _bots_play(game, seed)
        assert game.result() is not None


def test_human_bot_votes_for_a_known_guest_and_guest_bot_spares_one() -> None:
    game = start(5, [H, G, H, G, H], infections={P2: 2}, active=P2, top=["vote"])
    for decision in game.pending():
        game.act(decision.seat, "pass")
    while game.pending()[0].kind == "priority":
        game.act(game.pending()[0].seat, "pass")
    assert game.view(None)["players"][P2]["announced"] == "Guest"
    human, guest = GuestBot(1), GuestBot(2)
    decision = game.pending()[0]
    assert decision.seat == P1 and human.choose(game.view(P1), decision)["text"] == "vote P2"
    ballots(game, (P1, P2), (P2, P1), (P3, P2))
    decision = game.pending()[0]
    assert decision.seat == P4 and guest.choose(game.view(P4), decision)["text"] != "vote P2"


def test_bot_uses_blaster_on_an_infection_and_amputate_on_a_threat() -> None:
    game = start(5, [H, G, H, G, H], infections={P3: 2}, hands={P1: ["blaster"]}, top=["bribe"])
    decision = game.pending()[0]
    assert GuestBot(0).choose(game.view(P1), decision)["text"] == "play blaster P3"
    game = start(5, [H, G, H, G, H], infections={P3: 2}, hands={P2: ["amputate"], P5: ["amputate"]},
                 top=["bribe"])
    play(game, (P1, "end play"), (P1, "pass"))
    assert GuestBot(0).choose(game.view(P2), game.pending()[0])["text"] == "pass"  # a Guest lets it grow
    game.act(P2, "pass")
    game.act(P3, "pass")
    game.act(P4, "pass")
    assert GuestBot(0).choose(game.view(P5), game.pending()[0])["text"] == "play amputate P3"


def test_bot_never_blasts_itself_without_an_infection_and_dodges_with_immunity() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"]}, top=["bribe"])
    assert GuestBot(0).choose(game.view(P1), game.pending()[0])["text"] != "play blaster P1"
    game = start(5, [H, G, H, G, H], hands={P3: ["immunity"]}, top=["vote"])
    ballots(game, (P1, P3), (P2, P3), (P3, P1), (P4, P3), (P5, P3))
    game.act(P1, "pass")
    game.act(P2, "pass")
    assert GuestBot(0).choose(game.view(P3), game.pending()[0])["text"] == "play immunity"


def _cards_in_use(game: Guest) -> int:
    return (sum(len(h) for h in game.hands) + len(game.deck) + len(game.discard) + sum(1 for i in game.infection if i)
            + len(game.stack) + (1 if game.voters else 0) + (1 if game.ls_left >= 0 else 0) + (game.inf_seat >= 0))


@pytest.mark.rule("G-T34")
@settings(max_examples=25, deadline=None)
@given(players=st.integers(5, 12), seed=st.integers(0, 10_000))
def test_card_supply_is_conserved_and_plain(players: int, seed: int) -> None:
    """Every card is always somewhere (hand, deck, discard, marker, stack, the Vote being held, a Life Support
    resolving): G-T34 reshuffles and every effect move cards, never create or lose them."""
    game = treachery.new_game("guest", players=players, seed=seed)
    assert isinstance(game, Guest)
    rng = random.Random(seed)
    for decision in game.pending():
        game.act(decision.seat, rng.choice(decision.options))
    total = 48 + VOTES_BY_COUNT[players]
    while not game.over:
        assert _cards_in_use(game) == total
        assert all(k < DOWN * 2 for k in game.discard)
        decision = game.pending()[0]
        game.act(decision.seat, rng.choice(decision.options))
    assert _cards_in_use(game) <= total


def test_bad_input_in_windows_and_votes_changes_nothing() -> None:
    game = start(5, [H, G, H, G, H], hands={P2: ["suspicion"], P3: ["restriction"]}, top=["vote"])
    for seat, bad in ((P1, "vote P1"), (P2, "vote P3"), (P1, "play suspicion P2"), (P1, "office P2")):
        before = conformance.fingerprint(game)
        with pytest.raises(IllegalAction):
            game.act(seat, bad)
        assert conformance.fingerprint(game) == before
    ballots(game, (P1, P2), (P2, P1), (P3, P1), (P4, P1), (P5, P2))
    before = conformance.fingerprint(game)
    for seat, bad in ((P1, "play restriction 1"), (P2, "pass"), (P1, "eject P1"), (P1, "play suspicion P9")):
        with pytest.raises(IllegalAction):
            game.act(seat, bad)
        assert conformance.fingerprint(game) == before
