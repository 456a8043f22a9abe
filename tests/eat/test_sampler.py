"""Determinization (issue #6): samples look like the true game to their seat, read nothing hidden, play on to an
end, and cover every hidden arrangement the seat cannot rule out while never producing one it can (W-H*)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import treachery
from treachery.games.eat.cards import GHOST
from treachery.games.eat.rules import Eat
from treachery.games.eat.sampler import Knowledge, determinize

from ..sampler_checks import check_game_sampler, check_sampler, positions


def _positions(players: int, seeds: range, options: dict[str, Any], stops: int = 3) -> Iterator[Eat]:
    """The shared positions with ``options``, within the first 120 decisions of each game."""
    for game in positions("eat", players, seeds, stops, options, horizon=120):
        assert isinstance(game, Eat)
        yield game


def _until(game: Eat, kind: str, rng: random.Random) -> Eat:
    while not any(d.kind == kind for d in game.pending()):
        decision = game.pending()[0]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    return game


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_sampler_contract_default_game(players: int) -> None:
    check_game_sampler("eat", players, range(2))


@pytest.mark.parametrize(("players", "options"), [
    (5, {"follow_the_leader": True}), (7, {"phone_booth": True}), (9, {"dwindling_resources": 3}),
])
def test_sampler_contract_variants(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    checked = 0
    for position in _positions(players, range(5, 7), options):
        for seat in range(players):
            check_sampler(position, seat, range(2), rng)
            checked += 1
    assert checked


def test_W_H9_W_H10_hands_hold_cards_of_the_announced_decks_and_every_unseen_one() -> None:
    game = _until(treachery.new_game("eat", players=5, seed=7), "select", random.Random(0))  # type: ignore[arg-type]
    me = 0
    draws = next(e["text"] for e in game.log_for(me) if e["text"].startswith("Draws: "))
    seen: dict[int, set[int]] = {s: set() for s in range(1, 5)}
    for seed in range(400):
        sample = determinize(game, me, seed)
        assert sample.hands[me] == game.hands[me]
        total = Counter(c for s in range(5) for c in sample.hands[s]) + Counter(
            c for d in range(4) for c in sample.piles[d] + sample.discards[d])
        for deck in range(4):
            assert sum(total[c] for c in set(game.cards.deck_cards(deck))) == len(game.cards.deck_cards(deck))
        for s in seen:
            decks = Counter(game.cards.deck_of(c) for c in sample.hands[s])
            assert decks == Counter(game.cards.deck_of(c) for c in game.hands[s]), draws
            seen[s] |= set(sample.hands[s])
    mine = Counter(game.hands[me])
    for s, cards in seen.items():
        decks = {game.cards.deck_of(c) for c in game.hands[s]}
        possible = {c for d in decks for c in game.cards.deck_cards(d)
                    if game.cards.deck_cards(d).count(c) > mine[c]}
        assert cards == possible, f"P{s + 1}: never sampled {sorted(possible - cards)}"


def test_W_H7_W_H12_a_revealed_play_card_stays_in_its_discard_pile() -> None:
    rng = random.Random(3)
    game = _until(treachery.new_game("eat", players=6, seed=3), "evening", rng)  # type: ignore[arg-type]
    me = 2
    revealed = [e["text"] for e in game.log_for(None) if " reveals " in e["text"]]
    assert revealed
    shown = Counter(c for d in range(3) for c in game.discards[d])
    for seed in range(50):
        sample = determinize(game, me, seed)
        for text in revealed:
            match = re.match(r"P\d+ reveals (.+? \([A-Z]+\d+\))", text)
            assert match
            card = game.card_names.index(match.group(1))
            deck = game.cards.deck_of(card)
            assert card in sample.discards[deck], text
        assert [len(p) for p in sample.discards] == [len(p) for p in game.discards]
    assert sum(shown.values()) >= len(revealed)


def test_W_H4_W_H5_unseen_quests_go_anywhere_among_the_deck_and_the_box() -> None:
    game = _until(treachery.new_game("eat", players=4, seed=2), "select", random.Random(0))  # type: ignore[arg-type]
    unseen = set(game.quest_deck) | set(game.box_hidden)
    boxed: set[int] = set()
    for seed in range(300):
        sample = determinize(game, 1, seed)
        assert sample.selection == game.selection
        assert set(sample.quest_deck) | set(sample.box_hidden) == unseen
        assert len(sample.box_hidden) == len(game.box_hidden)
        boxed |= set(sample.box_hidden)
    assert boxed == unseen


def test_W_H15_W_H23_a_ghost_holds_ghost_cards_only() -> None:
    for position in _positions(6, range(40, 46), {}, stops=4):
        ghosts = [s for s in range(6) if position.status[s] == 2]
        for seed in range(3):
            sample = determinize(position, 0, seed)
            for s in ghosts:
                for card in sample.hands[s] + [c for c in (sample.play[s], sample.keep[s]) if c >= 0]:
                    assert position.cards.deck_of(card) == GHOST


def test_a_sample_carries_no_hidden_truth() -> None:
    for position in _positions(5, range(30, 32), {}):
        for seed in range(3):
            sample = determinize(position, 1, seed)
            assert sample.record()["actions"] == [] and sample.seed != position.seed
            assert all(e[0] in (None, 1) for e in sample._log)


def test_bad_seat_or_seed_is_refused_and_changes_nothing() -> None:
    game = treachery.new_game("eat", players=5, seed=1)
    before = game.view(None)
    for seat in (-1, 5, True, "1"):
        with pytest.raises(ValueError, match="seat must be"):
            game.determinized(seat, 0)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seat must be"):
            game.sampler(seat)  # refused before it reads anything
    with pytest.raises(ValueError, match="seed must be"):
        game.determinized(0, "x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be"):
        game.sampler(0)("x")  # type: ignore[arg-type]
    assert game.view(None) == before


def test_the_truth_is_never_ruled_out() -> None:
    """What the sampler reads from a seat's log agrees with the true game: cards it places in a discard pile
    are there, the decks it allows another player's slot cards to come from hold them, and sightings hold."""
    for players, options in ((5, {}), (8, {"phone_booth": True})):
        for position in _positions(players, range(60, 64), options, stops=5):
            for seat in range(players):
                know = Knowledge(position, seat)
                for deck in range(4):
                    true = Counter(position.discards[deck])
                    if deck == GHOST and position.ghost_card >= 0:
                        true[position.ghost_card] += 1
                    assert not Counter(know.discarded[deck]) - true
                for s, allowed in know.allowed.items():
                    if s == seat or position.status[s] != 0:
                        continue
                    held = position.hands[s] + [c for c in (position.play[s],) if c >= 0] + (
                        [position.keep[s]] if position.keep[s] >= 0 and not position.keep_up[s] else [])
                    decks = Counter(position.cards.deck_of(c) for c in held)
                    assert sum(max(0, decks[d] - allowed.get(d, 0)) for d in range(3)) <= allowed.get(-1, 0)
                assert all(position.keep[s] == c for s, c in know.keep_seen.items())
                assert all(position.play[s] == c for s, c in know.play_seen.items())
                assert know.quest_top == position.quest_deck[::-1][:len(know.quest_top)]
