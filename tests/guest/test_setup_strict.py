"""Setup keys for the random picks of Transplant and Misplace: they apply exactly, or name the key."""

from __future__ import annotations

import pytest

from treachery.engine import GameConfigError, SetupOverrideError
from treachery.games.guest.setup import GUEST, HUMAN

from .util import P1, P2, P3, P4, G, H, play, settle, start


@pytest.mark.rule("G-E34", "G-E37")
@pytest.mark.parametrize("swap", [True, False])
def test_G_E34_a_scripted_transplant_swaps_or_keeps(swap: bool) -> None:
    game = start(5, [H, G, H, H, G], hands={P1: ["transplant", "transplant"]}, deck=[], discard=[],
                 transplants=[swap])
    play(game, (P1, "play transplant P1 P2"))
    settle(game)
    assert game.character[:2] == ([GUEST, HUMAN] if swap else [HUMAN, GUEST])
    assert game.transplants_done == 1


@pytest.mark.rule("G-E27", "G-E28", "G-E29")
def test_G_E28_a_scripted_misplace_takes_and_deals_the_named_cards() -> None:
    hands = {P1: ["misplace", "blaster", "bribe"], P3: ["bribe", "suspicion"], P4: ["suspicion"]}
    take = {P1: "blaster", P3: "bribe", P4: "suspicion"}
    deal = {P1: "suspicion", P3: "blaster", P4: "bribe"}
    game = start(5, [H, G, H, G, H], hands=hands, deck=[], discard=[], misplaces=[{"take": take, "deal": deal}])
    play(game, (P1, "play misplace"))
    settle(game)
    names = {seat: sorted(game.view(seat)["hand"]) for seat in (P1, P3, P4)}
    assert names == {P1: ["Bribe", "Suspicion"], P3: ["Blaster Prototype", "Suspicion"], P4: ["Bribe"]}


def test_a_misplace_script_that_does_not_fit_names_the_key() -> None:
    hands = {P1: ["misplace", "blaster"], P3: ["bribe"]}
    misplaces = [{"take": {P1: "blaster", P2: "bribe"}, "deal": {P1: "bribe", P2: "blaster"}}]  # P2 holds nothing
    game = start(5, [H, G, H, G, H], hands=hands, deck=[], discard=[], misplaces=misplaces)
    with pytest.raises(SetupOverrideError, match=r"setup misplaces entry 1: the givers are \['P1', 'P3'\]"):
        play(game, (P1, "play misplace"))
        settle(game)
    with pytest.raises(GameConfigError, match="must hand the taken cards back"):
        start(5, [H, G, H, G, H], misplaces=[{"take": {P1: "blaster"}, "deal": {P1: "bribe"}}])
    with pytest.raises(GameConfigError, match="'transplants' must be a list of true"):
        start(5, [H, G, H, G, H], transplants=[1])
