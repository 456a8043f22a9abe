"""Determinization (issue #6): samples look like the true game to their seat, read nothing hidden, play on to an
end, and cover every hidden arrangement the seat cannot rule out while never producing one it can (M-H*)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import treachery
from treachery.engine import Rng
from treachery.games.menace.cards import (
    AIRLOCK,
    BUTCHER,
    CHARACTER_KEYS,
    CONTAGION,
    COWARD,
    HOARDER,
    SAINT,
)
from treachery.games.menace.rules import CARDS, CREW_AGENDAS, Menace
from treachery.games.menace.sampler import Knowledge, _Draft, determinize

from ..sampler_checks import check_game_sampler, check_sampler, positions
from .kit import game as kit_game


def _deck_types(agenda: int, character: int) -> set[int]:
    counts = [a + b for a, b in zip(CARDS.agenda_cards[agenda], CARDS.character_cards[character], strict=True)]
    return {t for t, k in enumerate(counts) if k}


def _positions(players: int, seeds: range, options: dict[str, Any], stops: int = 3) -> Iterator[Menace]:
    """The shared positions with ``options``, within the first 150 decisions of each game."""
    for game in positions("menace", players, seeds, stops, options, horizon=150):
        assert isinstance(game, Menace)
        yield game


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_sampler_contract_basic_game(players: int) -> None:
    check_game_sampler("menace", players, range(2))


@pytest.mark.parametrize(("players", "options"), [(4, {"random_menace": True}), (5, {"advanced": True}),
                                                   (7, {"advanced": True}), (8, {"advanced": True})])
def test_sampler_contract_advanced_and_random_menace(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    checked = 0
    for position in _positions(players, range(10, 12), options):
        for seat in range(players):
            check_sampler(position, seat, range(2), rng)
            checked += 1
    assert checked


def _after_selection(players: int, seed: int, options: dict[str, Any] | None = None) -> Menace:
    game = treachery.new_game("menace", players=players, seed=seed, options=options or {})
    assert isinstance(game, Menace)
    rng = random.Random(seed)
    while any(d.kind == "character" for d in game.pending()):
        for d in game.pending():
            game.act(d.seat, d.options[rng.randrange(len(d.options))])
    return game


@pytest.mark.parametrize(("players", "options"), [(4, {}), (4, {"random_menace": True}), (6, {}), (8, {})])
def test_M_S12_to_S19_M_H1_M_H3_every_possible_agenda_and_no_impossible_one(players: int,
                                                                           options: dict[str, Any]) -> None:
    game = _after_selection(players, 3, options)
    me = 1
    fixed = {4: [] if options else [CONTAGION], 5: [CONTAGION, BUTCHER], 6: [CONTAGION, BUTCHER, SAINT],
             8: [CONTAGION, BUTCHER, SAINT, COWARD]}[players]
    crew = [a for a in CREW_AGENDAS if a not in fixed and not (players >= 6 and a == SAINT)]
    possible = set(fixed) | set(crew) | ({CONTAGION, BUTCHER} if options else set())
    possible.discard(game.agenda[me])
    seen: dict[int, set[int]] = {s: set() for s in range(players) if s != me}
    for seed in range(300):
        sample = determinize(game, me, seed)
        assert sample.agenda[me] == game.agenda[me]
        assert len(set(sample.agenda)) == players
        assert set(fixed) <= set(sample.agenda), "the setup table's Agendas are always in play (M-H3)"
        assert sum(a in (CONTAGION, BUTCHER) for a in sample.agenda) == (1 if players == 4 else 2)
        for s in seen:
            seen[s].add(sample.agenda[s])
    for s, agendas in seen.items():
        assert agendas == possible, f"seat {s}: sampled {sorted(agendas)}, possible {sorted(possible)}"


def test_M_H7_M_H9_hands_come_from_the_holders_possible_decks() -> None:
    game = _after_selection(5, 4)
    me = 0
    fixed = [CONTAGION, BUTCHER]
    agendas = [a for a in (*fixed, *CREW_AGENDAS) if a != game.agenda[me]]
    seen: dict[int, set[int]] = {s: set() for s in range(1, 5)}
    for seed in range(300):
        sample = determinize(game, me, seed)
        assert sample.hands[me] == game.hands[me]
        for s in seen:
            allowed = _deck_types(sample.agenda[s], game.character[s])
            assert set(sample.hands[s]) <= allowed and len(sample.hands[s]) == 3
            assert sorted(sample.hands[s] + sample.decks[s]) == sorted(sample.deck_list[s])
            seen[s] |= set(sample.hands[s])
    for s, types in seen.items():
        possible = set().union(*(_deck_types(a, game.character[s]) for a in agendas))
        assert types == possible, f"seat {s}: sampled {sorted(types)}, possible {sorted(possible)}"


def test_M_H9_M_H16_M_H18_own_deck_and_the_wound_deck_keep_their_known_contents() -> None:
    for position in _positions(6, range(20, 26), {}, stops=5):
        me = 2
        commandeered = any(e["text"].startswith("P") and " uses Commandeer on P3 " in e["text"]
                           and not e["text"].startswith("P3 ") for e in position.log_for(me))
        for seed in range(5):
            sample = determinize(position, me, seed)
            assert sorted(sample.wound_deck) == sorted(position.wound_deck)
            if not commandeered:  # what the seat drew, placed and threw away is known to it
                assert sorted(sample.decks[me]) == sorted(position.decks[me])


def test_M_E70_M_H11_a_traced_card_fixes_its_players_agenda() -> None:
    """Seat 0 places Airlock Breach in a Trace round: its Character (Cass) holds none, so its Agenda must be
    one that does (The Contagion, The Butcher or The Hoarder at 5 players) in every sample, and each appears."""
    setup = {"leader": 4, "agendas": ["contagion", "butcher", "vengeant", "zealot", "hero"],
             "characters": ["cass", "rotti", "andrew", "martella", "juno"]}
    seed = next(s for s in range(200) if "airlock-breach" in [
        treachery.new_game("menace", players=5, seed=s, setup=setup).view(0)["hand"][i].lower().replace(" ", "-")
        for i in range(3)])
    game = treachery.new_game("menace", players=5, seed=seed, setup=setup)
    assert isinstance(game, Menace)
    assert CARDS.character_cards[CHARACTER_KEYS.index("cass")][AIRLOCK] == 0
    game.act(4, "use trace")
    game.act(0, "play airlock-breach")
    for seat in (1, 2, 3):
        game.act(seat, "draw")
    assert [e for e in game.log_for(None) if e["text"].startswith("Trace:")]
    me = 3
    agendas = Counter(determinize(game, me, seed).agenda[0] for seed in range(300))
    assert set(agendas) == {CONTAGION, BUTCHER, HOARDER}, agendas
    untraced = Counter(determinize(_after_selection(5, 4), me, seed).agenda[0] for seed in range(300))
    assert len(untraced) > 3, "without the Trace the other Agendas are possible too"


def test_a_sample_carries_no_hidden_truth() -> None:
    for position in _positions(5, range(30, 32), {}):
        for seed in range(3):
            sample = determinize(position, 1, seed)
            assert sample.record()["actions"] == [] and sample.seed != position.seed
            assert all(e[0] in (None, 1) for e in sample._log)


def test_bad_seat_or_seed_is_refused_and_changes_nothing() -> None:
    game = _after_selection(5, 1)
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
    """The card history read from a seat's log always admits the true Agendas (a tracking mistake would
    reject them), and what it says is still on top of a scanned deck is."""
    for players in (5, 7):
        for position in _positions(players, range(50, 55), {}, stops=5):
            for seat in range(players):
                know = Knowledge(position, seat)
                for target, top in know.deck_top.items():  # M-E68: what a Scan showed is still on top
                    assert position.decks[target][::-1][:len(top)] == top
                rng = Rng(seat)
                for _ in range(300):
                    draft = _Draft(position, know, rng, strict=True)
                    draft.agenda = list(position.agenda)
                    if draft.replay_history():
                        break
                else:
                    raise AssertionError(f"seat {seat} at round {position.round}: the true Agendas were ruled out")


def test_a_scripted_setup_that_does_not_conserve_cards_still_gives_samples() -> None:
    """Test setups may hand any seat any card (setup.py); the sampler then falls back to draws that only keep
    each seat's view, and the contract still holds."""
    position = kit_game(6, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        decision = position.pending()[rng.randrange(len(position.pending()))]
        position.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    for seat in range(6):
        check_sampler(position, seat, range(2), rng)


def test_M_E68_M_H21_a_scanned_deck_keeps_its_seen_top_for_the_scanner_only() -> None:
    setup = {"leader": 0, "agendas": ["contagion", "butcher", "vengeant", "zealot", "hero"],
             "characters": ["imre", "rotti", "andrew", "martella", "juno"], "start": {"energy": 3}}
    game = treachery.new_game("menace", players=5, seed=1, setup=setup)
    assert isinstance(game, Menace)
    game.act(0, "use scan")
    game.act(0, "target seat 1")
    top = game.decks[1][::-1][:3]
    for seed in range(30):
        assert determinize(game, 0, seed).decks[1][::-1][:3] == top
    game.act(1, "draw")  # the top card leaves the deck; the other two stay on top
    for seed in range(30):
        assert determinize(game, 0, seed).decks[1][::-1][:2] == top[1:]
    others = {tuple(determinize(game, 2, seed).decks[1][::-1][:2]) for seed in range(30)}
    assert len(others) > 1, "a seat that did not scan knows nothing of that deck's order"
