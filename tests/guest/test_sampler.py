"""Determinization for The Guest (G-H*): samples look the same to their seat, read nothing hidden, and range over
every hidden possibility the seat cannot rule out, and over nothing else."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import treachery
from tests.sampler_checks import check_game_sampler, check_sampler, everything
from treachery.games.guest.cards import INFECTION, VOTE
from treachery.games.guest.rules import DOWN, GUEST, HUMAN, Guest

from .util import P1, P2, P3, P4, P5, G, H, play, settle, start

SAMPLES = 300


@pytest.mark.parametrize("players", [5, 8])
def test_the_determinization_contract_over_player_counts(players: int) -> None:
    check_game_sampler("guest", players, range(2), samples=2)


def test_the_contract_at_many_positions() -> None:
    checked = 0
    for seed in range(6):
        game = treachery.new_game("guest", players=5 + seed, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.over:
            if step % 61 == 2:
                seat = step % game.players
                check_sampler(game, seat, range(1), rng)
                checked += 1
            decision = game.pending()[rng.randrange(len(game.pending()))]
            game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
            step += 1
    assert checked >= 12


def _after_setup(players: int = 7, seed: int = 4) -> Guest:
    game = treachery.new_game("guest", players=players, seed=seed)
    for decision in game.pending():
        game.act(decision.seat, decision.options[0])
    assert game.pending()[0].kind != "setup_discard"
    assert isinstance(game, Guest)
    return game


def test_G_H1_G_H4_every_other_seat_may_be_either_and_the_guest_count_holds() -> None:
    game = _after_setup()
    seat = P3
    guests = Counter[int]()
    for seed in range(SAMPLES):
        sample = game.determinized(seat, seed)
        assert sample.character[seat] == game.character[seat]
        assert sample.character.count(GUEST) == game.guests_at_start, "no event has changed any character yet"
        guests.update(s for s in range(game.players) if sample.character[s] == GUEST)
    for other in range(game.players):
        if other != seat:
            assert 0 < guests[other] < SAMPLES, f"seat {other} should be a Guest in some samples, not in all"


def test_G_H5_G_H6_a_transplant_look_binds_the_pair_and_the_targets_learn_only_their_own() -> None:
    game = start(5, [H, G, H, H, G], hands={P1: ["transplant"]}, deck=[], discard=[], seed=1)
    play(game, (P1, "play transplant P2 P4"))
    settle(game)
    pairs, rest = Counter[tuple[int, int]](), Counter[tuple[int, int]]()
    for seed in range(SAMPLES):
        sample = game.determinized(P1, seed)
        pairs[(sample.character[P2], sample.character[P4])] += 1
        rest[(sample.character[P3], sample.character[P5])] += 1
    assert set(pairs) == {(GUEST, HUMAN), (HUMAN, GUEST)}, "P1 saw one Guest and one Human go into the mix"
    assert set(rest) == {(GUEST, HUMAN), (HUMAN, GUEST)}, "so exactly one more Guest is among P3 and P5"
    outcomes = set()
    for table_seed in range(12):  # both outcomes of the mix, for P2 (a Guest going in)
        game = start(5, [H, G, H, H, G], hands={P1: ["transplant"]}, deck=[], discard=[], seed=table_seed)
        play(game, (P1, "play transplant P2 P4"))
        settle(game)
        now = game.character[P2]
        outcomes.add(now)
        target = {game.determinized(P2, seed).character[P4] for seed in range(60)}
        # handed back a Human, P2 knows the cards were swapped and P4 now holds its Guest; handed back a Guest,
        # P2 cannot tell a swap with another Guest from no swap
        assert target == ({GUEST} if now == HUMAN else {GUEST, HUMAN})
        assert {game.determinized(P2, seed).character[P2] for seed in range(20)} == {now}
    assert outcomes == {GUEST, HUMAN}


def test_G_H9_a_full_activation_hides_what_the_player_was_before() -> None:
    """P2's Infection reaches position 3: P2 is a Guest now, but whether it was one before is hidden, so for P1
    the other three hold one or two Guests."""
    game = start(5, [H, H, G, H, G], infections={P2: 2}, active=P2, commander=P2, deck=["bribe"] * 3, discard=[])
    settle(game)
    assert game.character[P2] == GUEST and game.announced[P2] == GUEST
    counts = Counter[int]()
    for seed in range(SAMPLES):
        sample = game.determinized(P1, seed)
        assert sample.character[P2] == GUEST and sample.character[P1] == HUMAN
        counts[sum(sample.character[s] == GUEST for s in (P3, P4, P5))] += 1
    assert set(counts) == {1, 2}


def test_G_H7_a_blaster_that_makes_a_human_shows_a_guest_before() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"]}, deck=["bribe", "bribe"], discard=[], seed=2)
    play(game, (P1, "play blaster P2"))
    settle(game)
    counts = Counter[int]()
    for seed in range(SAMPLES):
        sample = game.determinized(P1, seed)
        assert sample.character[P2] == HUMAN
        counts[sum(sample.character[s] == GUEST for s in (P3, P4, P5))] += 1
    assert set(counts) == {1}, "two Guests at the start, P2 was one of them: one Guest among the rest"


def test_G_H10_G_H13_G_H17_unseen_cards_are_dealt_again_with_every_size_kept() -> None:
    game = _after_setup()
    seat = P2
    mine = game.discard[seat]
    unseen_hand_kinds = {k for o in range(game.players) if o != seat for k in game.hands[o]} | {
        k for k in game.deck if k not in (VOTE, INFECTION)}
    held = {o: Counter[int]() for o in range(game.players) if o != seat}
    setup_infections = 0
    for seed in range(SAMPLES):
        sample = game.determinized(seat, seed)
        assert sample.hands[seat] == game.hands[seat] and sample.discard[seat] == mine
        assert len(sample.deck) == len(game.deck) and sorted(sample.deck + [k for o in held for k in sample.hands[o]]
                                                             + [k % DOWN for i, k in enumerate(sample.discard)
                                                                if i != seat]) \
            == sorted(game.deck + [k for o in held for k in game.hands[o]]
                      + [k % DOWN for i, k in enumerate(game.discard) if i != seat])
        for o in held:
            assert len(sample.hands[o]) == len(game.hands[o])
            assert VOTE not in sample.hands[o] and INFECTION not in sample.hands[o]
            held[o].update(sample.hands[o])
        assert all(k % DOWN != VOTE for k in sample.discard)
        setup_infections += sum(k == INFECTION + DOWN for k in sample.discard)
    for o, kinds in held.items():
        assert set(kinds) == unseen_hand_kinds, f"seat {o} never got {unseen_hand_kinds - set(kinds)}"
    assert setup_infections, "an unseen Infection may lie among the others' setup discards"


def test_G_S9_another_seats_sealed_setup_discard_is_dropped_and_asked_again() -> None:
    game = treachery.new_game("guest", players=5, seed=9)
    first = game.pending()[0]
    game.act(first.seat, first.options[0])
    other = (first.seat + 1) % 5
    sample = game.determinized(other, 3)
    assert {d.seat for d in sample.pending()} == set(range(5))
    assert everything(sample) == everything(game.determinized(other, 3))
    mine = game.determinized(first.seat, 3)
    assert first.seat not in {d.seat for d in mine.pending()}, "the seat's own sealed answer stays"


def test_G_H20_a_sample_carries_no_seed_record_or_private_line_of_another_seat() -> None:
    game = _after_setup(5, 2)
    sample = game.determinized(P4, 77)
    assert sample.seed == 77 and sample.record()["actions"] == [] and sample.record()["setup"] is None
    assert sample.log_for(P4) == game.log_for(P4)
    for other in (P1, P2, P3, P5):
        assert sample.log_for(other) == game.log_for(None)
    with pytest.raises(ValueError):
        game.determinized(-1, 0)
