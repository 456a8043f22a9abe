"""Determinization for Killer (K-H*): samples look the same to their seat, read nothing hidden, and range over
every hidden possibility the seat cannot rule out, and over nothing else."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import treachery
from tests.sampler_checks import check_game_sampler, check_sampler, everything
from treachery.games.killer.cards import card_code
from treachery.games.killer.rules import POSITION_FIRST, Killer
from treachery.games.killer.sampler import replay_places

from .util import P1, P2, P3, P4, P5, new, play

SAMPLES = 300


def _random_steps(game: Killer, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        decision = game.pending()[rng.randrange(len(game.pending()))]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])


@pytest.mark.parametrize("players", [3, 4, 6, 10])
def test_the_determinization_contract_over_player_counts(players: int) -> None:
    check_game_sampler("killer", players, range(4))


@pytest.mark.rule("K-H6", "K-H7", "K-H8")
def test_the_contract_at_many_positions_including_face_down_positions() -> None:
    """K-H6 K-H7 K-H8: every few decisions of random games, and at every face-down Position, for every seat."""
    face_down = 0
    for seed in range(14):
        players = 4 + seed % 6
        setup: dict[str, object] = {"hands": {1: {0: ["ER2", "GA1"]}}}
        if players <= 5:  # keep the Engine Room and the Galley in play, so the fixed hand can be dealt
            setup["removed"] = ["Cargo Hold", "Shuttle Bay"]
        game = treachery.new_game("killer", players=players, seed=seed, setup=setup)
        rng = random.Random(seed)
        step = 0
        while not game.over:
            hidden = any(game.face_down)
            if step % 9 == 4 or (hidden and step % 3 == 0):
                face_down += hidden
                for seat in range(game.players):
                    check_sampler(game, seat, range(1), rng)
            _random_steps(game, rng, 1)
            step += 1
    assert face_down >= 5, "too few face-down positions met: widen the seeds"


def test_K_E59_K_E66_K_E69_the_round_replay_gives_back_every_location_and_sharing_mark() -> None:
    """The play order the sampler replays face-down rounds from reproduces the true Locations and marks."""
    met = 0
    for seed in range(60):
        game = treachery.new_game("killer", players=3 + seed % 8, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            if any(game.face_down) and not game.short:
                copy = game.clone()
                assert isinstance(copy, Killer) and replay_places(copy, set(), set())
                assert (copy.location, copy.shared) == (game.location, game.shared)
                met += 1
            _random_steps(game, rng, 1)
    assert met >= 20


def _dealt_game() -> Killer:
    game = new(5, seed=11)
    return game


def test_K_H1_K_H4_every_unseen_card_lands_in_every_unseen_place_and_nothing_else_moves() -> None:
    game = _dealt_game()
    seat = P3
    own = sorted(game.hands[seat])
    unseen = sorted(set(range(24)) - set(game.out) - set(own))
    in_hands: dict[int, Counter[int]] = {o: Counter() for o in range(5) if o != seat}
    in_deck: Counter[int] = Counter()
    for seed in range(SAMPLES):
        sample = game.determinized(seat, seed)
        assert isinstance(sample, Killer)
        assert sorted(sample.hands[seat]) == own
        assert sorted(sample.out) == sorted(game.out)
        everywhere = sorted(sample.deck + [c for o in in_hands for c in sample.hands[o]])
        assert everywhere == unseen, "the unseen cards must be dealt again exactly once each"
        for o in in_hands:
            assert len(sample.hands[o]) == len(game.hands[o])
            in_hands[o].update(sample.hands[o])
        in_deck.update(sample.deck)
    for o, seen in in_hands.items():
        assert set(seen) == set(unseen), f"seat {o} never got {sorted(set(unseen) - set(seen))}"
    assert set(in_deck) == set(unseen)


def test_K_E6_a_card_kept_after_a_position_played_first_is_never_a_first_card() -> None:
    game = _dealt_game()
    seat = P4
    while True:
        decision = game.pending()[0]
        position_first = [o for o in decision.options if o["text"].startswith("position")]
        if decision.seat != seat and position_first:
            game.act(decision.seat, position_first[0])
            break
        game.act(decision.seat, decision.options[0])
    mover = decision.seat
    assert game.played_first[mover] == POSITION_FIRST and len(game.hands[mover]) == 1
    cards = game.cards.cards
    kept: Counter[int] = Counter()
    for seed in range(SAMPLES):
        kept.update(game.determinized(seat, seed).hands[mover])
    unseen = set(range(24)) - set(game.out) - set(game.hands[seat]) - {game.position[o] for o in range(5)}
    allowed = {c for c in unseen if "first" not in cards[c].keywords}
    assert set(kept) == allowed, "exactly the cards that are not 'first' cards may be the one kept"
    assert any("first" in cards[c].keywords for c in unseen), "the position should have a 'first' card to rule out"


def test_K_H9_K_H11_K_H12_the_hunting_row_keeps_what_the_seat_saw_and_shuffles_the_rest() -> None:
    game = new(5, seed=2, removed=["ML", "AC"], hunting_row=["BR", "GA", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["BR2", "GA3"], P2: ["AL1", "CH3"]}})
    play(game, (P1, "action BR2"), (P1, "slot 2"), (P1, "none"), (P1, "none"))  # P1 looks at slot 2 only
    seat = P1
    slots: dict[int, Counter[int]] = {i: Counter() for i in range(6)}
    seen_by_p1 = []
    for seed in range(SAMPLES):
        sample = game.determinized(seat, seed)
        for i, place in enumerate(sample.hunting_row):
            slots[i][place] += 1
        seen_by_p1.append(game.determinized(P2, seed).hunting_row[1])
    assert set(slots[1]) == {game.hunting_row[1]}, "the slot P1 looked at keeps its Location (K-H11)"
    others = {loc for i, loc in enumerate(game.hunting_row) if i != 1}
    for i in (0, 2, 3, 4, 5):
        assert set(slots[i]) == others
    assert len(set(seen_by_p1)) == 6, "for P2, who did not look, slot 2 may hold any Location (K-H9)"


def _blackout_game(p2_hand: list[str]) -> Killer:
    return new(5, removed=["ML", "AC"], hunting_row=["BR", "GA", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["ER2", "CH1"], P2: p2_hand, P3: ["GA3", "BR3"], P4: ["BR2", "AL1"],
                          P5: ["SB3", "AL2"]}})


def test_K_H6_K_H7_a_face_down_position_and_its_evacuation_are_drawn_again() -> None:
    """Under Blackout P2, P3 and P5 play face-down Positions, then P5's Evacuation Order empties the Galley: for
    P4 each may stand wherever its card could be, in the Airlock exactly when that card is a Galley card; two
    games that differ only in P2's hidden card give P4 the very same samples."""
    moves = [(P1, "action ER2"), (P2, "position GA1"), (P3, "position GA3"), (P4, "position BR2"),
             (P5, "position SB3"), (P5, "action AL2"), (P5, "location ga")]
    a = _blackout_game(["GA1", "CH2"])
    b = _blackout_game(["ER1", "CH2"])
    play(a, *moves)
    play(b, *[(seat, "position ER1" if text == "position GA1" else text) for seat, text in moves])
    assert [a.face_down[s] for s in range(5)] == [False, True, True, True, True]
    cards: Counter[int] = Counter()
    for seed in range(SAMPLES):
        sample = a.determinized(P4, seed)
        assert everything(sample) == everything(b.determinized(P4, seed))
        assert sample.location[P4] == a.location[P4] and sample.position[P4] == a.position[P4]
        for seat in (P2, P3, P5):
            card = sample.position[seat]
            galley = sample.cards.cards[card].location == 1
            assert sample.location[seat] == (3 if galley else card // 3)
        cards[sample.position[P2]] += 1
    unseen = set(range(24)) - set(a.out) - set(a.hands[P4]) - {a.position[P4], a.action[P1], a.action[P5]}
    assert set(cards) == unseen


def test_K_H18_a_frozen_guess_not_yet_shown_is_drawn_among_the_guessable_locations() -> None:
    game = new(4, removed=["AL", "SB"], start={"round": 2, "frozen": [P3], "hunted": ["BR"]},
               hunting_row={2: ["GA", "ML", "AC", "ER", "CH"]},
               hands={2: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P4: ["ER1", "AC2"]}})
    play(game, (P3, "location ga"), (P1, "position GA1"))
    guesses = Counter(game.determinized(P1, seed).guess[P3] for seed in range(SAMPLES))
    assert set(guesses) == set(game.hunting_row)
    assert {game.determinized(P3, seed).guess[P3] for seed in range(20)} == {1}, "P3 knows its own guess"


def test_K_H21_another_seats_sealed_answer_is_dropped_and_asked_again() -> None:
    """Two Motion Trackers run: P1 has answered keep/end, P2 not yet. For P2, P1 answers again in a sample."""
    game = new(4, seed=3, removed=["AL", "SB"],
               start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "BR"},
                                              P2: {"card": "CH1", "location": "GA"}}})
    assert sorted(d.seat for d in game.pending()) == [P1, P2]
    play(game, (P1, "end"))
    assert [d.seat for d in game.pending()] == [P2]
    for_p2 = game.determinized(P2, 0)
    assert sorted(d.seat for d in for_p2.pending()) == [P1, P2]
    for_p1 = game.determinized(P1, 0)
    assert [d.seat for d in for_p1.pending()] == [P2], "P1's own sealed answer stays"


def test_K_H27_a_sample_carries_no_seed_record_or_private_line_of_another_seat() -> None:
    game = _dealt_game()
    _random_steps(game, random.Random(4), 6)
    sample = game.determinized(P2, 99)
    assert sample.seed == 99 and sample.record()["actions"] == [] and sample.record()["setup"] is None
    assert sample.log_for(P2) == game.log_for(P2)
    for other in (P1, P3, P4, P5):
        assert sample.log_for(other) == game.log_for(None)
    with pytest.raises(ValueError):
        game.determinized(5, 0)
    hands = [card_code(c) for c in sample.hands[P1]]
    assert len(hands) == len(game.hands[P1])


def test_K_H6_a_secret_meat_cleaver_pick_is_drawn_among_the_legal_ones() -> None:
    """P3 stands face down and picks a Meat Cleaver target in secret: for P4 the pick is nobody or a face-up crew
    member at P3's drawn Location, and both happen."""
    game = new(4, removed=["ML", "SB"], hunting_row=["BR", "GA", "AL", "AC", "ER", "CH"],
               hands={1: {P1: ["GA3", "BR3"], P2: ["ER2", "CH2"], P3: ["GA2", "GA1"], P4: ["BR1", "AC1"]}})
    play(game, (P1, "position GA3"), (P2, "action ER2"), (P3, "position GA2"), (P4, "position BR1"),
         (P4, "action AC1"), (P3, "action GA1"), (P3, "seat 0"))
    picks = Counter[int]()
    for seed in range(SAMPLES):
        sample = game.determinized(P4, seed)
        pick = sample.choice[P3]
        picks[pick] += 1
        if pick >= 0:
            assert not sample.face_down[pick] and sample.location[pick] == sample.location[P3]
    assert -1 in picks and P1 in picks
    assert game.choice[P3] == P1 and {game.determinized(P3, s).choice[P3] for s in range(10)} == {P1}
