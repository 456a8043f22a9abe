"""Hidden information (spec section 7, G-H*): twin games that differ only in what a seat may not know.

Each test builds two games that differ in something hidden from some seats (other characters, other hands,
deck order, who is mad) and plays the same moves in both; after every move the blind seats must see exactly
the same view, log and own pending decisions, through turns, response windows and votes, until a public
event legitimately reveals the difference (an ejected player's character, say).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from treachery.games.guest.rules import Guest

from .util import P1, P2, P3, P4, P5, G, H, ballots, logged, play, settle, start

Seen = dict[str, Any]
# No card in it shows a character or moves a hand. The twins' hands hold the Suspicion and Restriction cards
# (2 of each in the game, G-C7), so the deck holds none.
NON_REVEALING_DECK = ["bribe", "immunity", "vote", "amputate", "bribe", "vote", "life_support", "vote", "adrenaline",
                      "bribe", "vote", "amputate", "vote", "bribe", "amputate", "vote", "vote", "vote", "vote"]
# A legal setup deal (G-C7 counts) in which every seat holds a Bribe and something else to discard.
SETUP_DEAL = {P1: ["suspicion", "bribe", "immunity"], P2: ["suspicion", "bribe", "restriction"],
              P3: ["immunity", "bribe", "adrenaline"], P4: ["immunity", "bribe", "amputate"],
              P5: ["restriction", "bribe", "amputate"]}


def seen(game: Guest, seat: int | None) -> Seen:
    """Everything ``seat`` is shown: its view, its log and its own pending decisions."""
    pending = [
        {"id": d.id, "kind": d.kind, "prompt": d.prompt, "options": [o["text"] for o in d.options],
         "default": d.default["text"], "rules": list(d.rules)}
        for d in game.pending() if seat is not None and d.seat == seat
    ]
    return {"view": game.view(seat), "log": game.log_for(seat), "pending": pending,
            "waiting": [d.seat for d in game.pending()]}


def twin_random(a: Guest, b: Guest, blind: list[int | None], seed: int, hidden_seats: list[int],
                steps: int = 400) -> tuple[int, set[str]]:
    """Plays the same random moves in both games. Returns (steps compared, decision kinds met). Stops when the
    public record diverges, which must be a legitimate reveal (an elimination) or the end of the game."""
    rng = random.Random(seed)
    kinds: set[str] = set()
    for step in range(steps):
        if a.over or b.over:
            return step, kinds
        if seen(a, None) != seen(b, None):
            new_a = [e["text"] for e in a.log_for(None)][-8:]
            assert any("shows their character" in t or "Blaster Prototype hits" in t for t in new_a), new_a
            return step, kinds
        for seat in blind:
            assert seen(a, seat) == seen(b, seat), f"seat {seat} can tell the twins apart at step {step}"
        pending_a, pending_b = a.pending(), b.pending()
        assert [d.seat for d in pending_a] == [d.seat for d in pending_b]
        decision = pending_a[0]
        kinds.add(decision.kind)
        options_b = {o["text"] for o in pending_b[0].options}
        if decision.seat in hidden_seats:
            text = decision.default["text"]  # a seat whose hidden part differs acts the same in both
            if text not in options_b:
                text = pending_b[0].default["text"]
        else:
            choices = [o["text"] for o in decision.options if o["text"] in options_b]
            assert len(choices) == len(decision.options), "a blind seat was offered different options"
            text = choices[rng.randrange(len(choices))]
        for game, pending in ((a, pending_a), (b, pending_b)):
            if text in {o["text"] for o in pending[0].options}:
                game.act(decision.seat, text)
            else:  # the timeout-only default (an empty ballot) is reached only by a timeout
                game.timeout(decision.seat)
    return steps, kinds


@pytest.mark.rule("G-H9", "G-H20")
@pytest.mark.parametrize("seed", range(6))
def test_G_H1_G_S5_other_characters_never_leak(seed: int) -> None:
    """G-H1, G-H9, G-H20: P2 and P3 swap characters; P1, P4, P5 and the public cannot tell."""
    hands = {P1: ["suspicion", "amputate"], P2: ["bribe", "restriction"], P3: ["immunity", "adrenaline"],
             P4: ["restriction", "immunity"], P5: ["bribe", "suspicion"]}
    a = start(5, [H, G, H, G, H], hands=hands, infections={P3: 1}, deck=NON_REVEALING_DECK, seed=seed)
    b = start(5, [H, H, G, G, H], hands=hands, infections={P3: 1}, deck=NON_REVEALING_DECK, seed=seed)
    steps, kinds = twin_random(a, b, [None, P1, P4, P5], seed, [])
    assert steps > 20 and "priority" in kinds


@pytest.mark.rule("G-H18", "G-T36")
@pytest.mark.parametrize("seed", range(6))
def test_G_H10_G_H11_other_hands_never_leak(seed: int) -> None:
    """G-H10, G-H11, G-H18, G-T36: P3 holds different cards; everyone else sees the same game, windows and votes
    included (P3 always passes or takes the default, so what it does is the same in both)."""
    deck = [c for c in NON_REVEALING_DECK if c not in ("life_support",)]
    a = start(5, [H, G, H, G, H], hands={P3: ["amputate", "restriction", "bribe"], P1: ["suspicion"]},
              infections={P2: 1}, deck=deck, seed=seed)
    b = start(5, [H, G, H, G, H], hands={P3: ["suspicion", "immunity", "immunity"], P1: ["suspicion"]},
              infections={P2: 1}, deck=deck, seed=seed)
    steps, kinds = twin_random(a, b, [None, P1, P2, P4, P5], seed, [P3])
    assert steps > 20 and {"priority", "ballot"} <= kinds


@pytest.mark.rule("G-E17", "G-E19")
@pytest.mark.parametrize("seed", range(4))
def test_G_H12_who_is_mad_never_leaks(seed: int) -> None:
    """G-H12, G-E17, G-E19: P4 holds Madness in one twin and a Bribe in the other."""
    deck = [c for c in NON_REVEALING_DECK if c != "bribe"]
    a = start(5, [H, G, H, G, H], hands={P4: ["madness"], P2: ["suspicion"]}, deck=deck, seed=seed)
    b = start(5, [H, G, H, G, H], hands={P4: ["bribe"], P2: ["suspicion"]}, deck=deck, seed=seed)
    steps, _ = twin_random(a, b, [None, P1, P2, P3, P5], seed, [P4])
    assert steps > 10


def test_G_H17_deck_order_never_leaks() -> None:
    top = ["bribe", "bribe", "bribe"]
    a = start(5, [H, G, H, G, H], deck=top + ["vote", "suspicion", "amputate"])
    b = start(5, [H, G, H, G, H], deck=top + ["amputate", "vote", "suspicion"])
    for _ in range(2):
        for seat in [None, *range(5)]:
            assert seen(a, seat) == seen(b, seat)
            assert "deck" not in a.view(seat)
        for game in (a, b):
            play(game, (game.active, "end play"))
            settle(game)
    for seat in [None, *range(5)]:
        assert seen(a, seat) == seen(b, seat)


def test_G_H13_G_X2_setup_discards_known_only_to_the_discarder() -> None:
    import treachery

    deal_a = dict(SETUP_DEAL)
    deal_b = dict(deal_a)
    deal_b[P2] = ["suspicion", "bribe", "amputate"]
    a = treachery.new_game("guest", players=5, seed=1, setup={"deal": deal_a, "commander": 0, "deck": ["bribe"]})
    b = treachery.new_game("guest", players=5, seed=1, setup={"deal": deal_b, "commander": 0, "deck": ["bribe"]})
    for game, card in ((a, "restriction"), (b, "amputate")):
        for seat in range(5):
            game.act(seat, f"discard {card}" if seat == P2 else "discard bribe")
    for seat in (None, P1, P3, P4, P5):
        assert seen(a, seat) == seen(b, seat)
    assert a.view(P2)["setup_discard"] == "Restriction"


def test_G_H5_G_H6_G_H21_transplant_result_private() -> None:
    for seed in range(30):
        a = start(5, [H, G, H, H, G], hands={P1: ["transplant"]}, deck=[], discard=[], seed=seed)
        play(a, (P1, "play transplant P2 P4"))
        settle(a)
        if a.character[P2] == 0:
            break
    for seed2 in range(30):
        b = start(5, [H, G, H, H, G], hands={P1: ["transplant"]}, deck=[], discard=[], seed=seed2)
        play(b, (P1, "play transplant P2 P4"))
        settle(b)
        if b.character[P2] == 1:
            break
    # one swapped, one did not: P1 (the player), P3, P5 and the public cannot tell which
    for seat in (None, P3, P5):
        assert seen(a, seat)["log"] == seen(b, seat)["log"]
    assert seen(a, P1)["log"] == seen(b, P1)["log"]
    assert seen(a, P2)["log"] != seen(b, P2)["log"]


def test_G_H2_G_H3_G_H7_G_H14_G_H16_public_facts() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"], P2: ["suspicion"]}, top=["bribe", "vote"])
    play(game, (P1, "play blaster P2"))
    settle(game)
    public = game.view(None)
    assert public["commander"] == P1 and public["players"][P2]["announced"] == "Human"
    assert logged(game, "P1 plays Blaster Prototype on P2.")  # G-H14: targets public
    play(game, (P1, "end play"))
    settle(game)
    ballots(game, (P1, P3), (P2, P3), (P3, P1), (P4, P3), (P5, P3))
    assert game.view(None)["vote"]["ballots"] == [P3, P3, P1, P3, P3]
    settle(game)
    assert game.view(None)["players"][P3]["revealed"] == "Human" and game.view(None)["past_votes"][0]["ejected"] == P3


def test_G_H19_G_H20_G_H22_views_and_logs_are_per_seat_and_plain() -> None:
    game = start(5, [H, G, H, G, H], top=["restriction"])
    view = game.view(P1)
    assert view["timers"]["priority_minimum"] == 3  # the server holds windows open; the engine never times
    assert "seed" not in json.dumps(game.view(None)) and "rng" not in game.view(None)
    assert logged(game, "You draw Restriction.", P1) and not logged(game, "Restriction", P2)
    assert not logged(game, "Restriction", None)


def test_G_H21_eliminated_players_see_only_public_and_their_own() -> None:
    a = start(5, [H, G, H, G, H], hands={P4: ["bribe"]}, eliminated=[P5], top=["bribe"])
    b = start(5, [H, G, H, G, H], hands={P4: ["suspicion"]}, eliminated=[P5], top=["bribe"])
    assert seen(a, P5) == seen(b, P5)


def test_G_H23_G_H24_G_X5_a_play_is_one_complete_option() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["transplant"]}, top=["bribe"])
    options = [o["text"] for o in game.pending()[0].options]
    assert "play transplant P2 P3" in options  # card and targets in one answer: nothing half-chosen to show
    game.act(P1, game.pending()[0].default_id)  # a timeout ends the Play step; nothing is shown of a play
    assert not logged(game, "Transplant")


def test_G_H25_G_X1_G_D28_G_Q28_commander_election_secret() -> None:
    import treachery

    results = []
    for named in (P3, P4):
        game = treachery.new_game("guest", players=5, seed=2, options={"commander_by_vote": True},
                                  setup={"deal": SETUP_DEAL,
                                         "deck": ["bribe"]})
        for seat in range(5):
            game.act(seat, "discard bribe")
        assert {d.kind for d in game.pending()} == {"elect"} and len(game.pending()) == 5
        assert "elect none" == game.pending()[0].default["text"]
        game.act(P1, f"elect P{named + 1}")
        game.act(P2, "elect P3")
        game.act(P3, "elect P3")
        game.act(P4, "elect P4")
        game.act(P5, "elect P3")
        assert game.commander == P3
        results.append(game)
    for seat in (None, P2, P3, P4, P5):
        assert seen(results[0], seat) == seen(results[1], seat)
