"""The board as input (``Game.option_targets``, engine/targets.py): what a decision's options point at on the board,
so a click on a seat, a Hunting Row slot or a location answers. Checked on every decision of random games of every
game: each target is an option the decision offers and names the element that option names (its label says so);
no element is named twice; every named element is one the deciding seat's view shows."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import treachery
from treachery.engine import targets as engine_targets

GAMES = treachery.games()
# what each game points at (the kinds its decisions declare): Killer's targets (K-E34), its locations (K-T12,
# K-X11) and Hunting Row slots (K-E29, K-E71, K-T27); the others' players; the Menace's cards in hand to place
# face down on your turn (M-T6), throw away, show (M-E41) or hand over
KINDS = {"killer": {"seat", "slot", "location"}, "menace": {"seat", "card"}, "eat": {"seat"}, "guest": {"seat"}}


def _names_the_seat(label: str, seat: int) -> bool:
    return re.search(rf"\bP{seat + 1}\b", label) is not None


def _check(game: treachery.Game, decision: Any) -> set[str]:
    targets = game.option_targets(decision)
    labels = {o["id"]: o["label"] for o in decision.options}
    assert set(targets) <= set(decision.ids), f"{game.name} {decision.kind}: a target of an option not offered"
    named = [(t["kind"], t["value"]) for t in targets.values()]
    assert len(set(named)) == len(named), f"{game.name} {decision.kind}: one element answers two options"
    view = game.view(decision.seat)
    for option, target in targets.items():
        assert set(target) == {"kind", "value"} and isinstance(target["value"], str)
        kind, value = target["kind"], target["value"]
        label = labels[option]
        if kind == "seat":
            assert 0 <= int(value) < game.players and _names_the_seat(label, int(value)), (kind, value, label)
        elif kind == "slot":
            assert value in {str(s["slot"]) for s in view["hunting_row"]}, (value, view["hunting_row"])
            assert label.endswith(f"slot {value}"), label
        elif kind == "location":
            assert value == label and value in {c["location"] for c in view["cards"] if c.get("location")}, label
        elif kind == "card":  # a card of the deciding seat's hand, by its name there
            hand = next(f["value"] for f in view["core"]["private"] if "hand" in f["keys"])
            assert value in hand and value in label, (value, hand, label)
        else:
            raise AssertionError(f"{game.name}: an unknown kind {kind!r}")
    return {t["kind"] for t in targets.values()}


@pytest.mark.parametrize("name", GAMES)
def test_every_target_is_an_offered_option_naming_that_element(name: str) -> None:
    cls = treachery.game_class(name)
    seen: set[str] = set()
    for players in (cls.min_players, cls.max_players):
        for seed in range(4):
            game = treachery.new_game(name, players=players, seed=seed)
            rng = random.Random(seed)
            while not game.over:
                for decision in game.pending():
                    seen |= _check(game, decision)
                decision = rng.choice(game.pending())
                game.act(decision.seat, rng.choice(decision.options)["id"])
    assert seen == KINDS.get(name, seen), f"{name} declared targets of kinds {seen}"


def test_the_engine_keeps_only_offered_options_and_unambiguous_elements(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's declaration is filtered: an option not offered, an unknown kind, or one element named by two
    options (a click could not tell which) is left to the buttons."""
    game = treachery.new_game("killer", players=5, seed=1)
    rng = random.Random(1)
    while len((decision := game.pending()[0]).ids) < 4:
        game.act(decision.seat, rng.choice(decision.options)["id"])
    first, second, third = decision.ids[:3]
    declared = {first: {"kind": "seat", "value": "1"}, second: {"kind": "seat", "value": "1"},
                third: {"kind": "slot", "value": "2"}, 999_999: {"kind": "seat", "value": "3"},
                decision.ids[-1]: {"kind": "hand", "value": "x"}}
    module = engine_targets._module("treachery.games.killer")
    assert module is not None
    monkeypatch.setattr(module, "option_targets", lambda game, decision: declared)
    assert game.option_targets(decision) == {third: {"kind": "slot", "value": "2"}}


def test_a_game_without_a_targets_module_declares_none() -> None:
    class Bare:  # a game class whose package holds no targets.py
        __module__ = "treachery.bots.base"

    assert engine_targets.option_targets(Bare(), treachery.new_game("eat", players=4, seed=0).pending()[0]) == {}
