"""A play asked as parts (G-X5): the card from your hand, then its targets; Pass and ending the Play step beside."""

from __future__ import annotations

from tests.option_parts import step_choices, walk
from treachery.games.guest import catalogue as opt
from treachery.games.guest.cards import BRIBE, EFFECTS


def test_G_X5_G_H24_a_card_first_then_its_targets() -> None:
    seen = bribes = 0
    for game, decision in walk("guest", [5, 8, 12], range(3)):
        assert decision.kind in ("play", "priority")
        seen += 1
        parts = game.option_parts(decision)
        first = step_choices(parts, ())
        hand = {EFFECTS[k] for k in game.hands[decision.seat]}
        cards = {v for g, v in first if g == "Play a card"}
        assert cards <= hand and cards == {EFFECTS[opt.PLAYS[o["id"]][0]] for o in decision.options
                                           if o["id"] in opt.PLAYS}
        assert {v for g, v in first if g == "Without a card"} <= {"pass", "end play"}
        for option in decision.options:
            if option["id"] in opt.PLAYS and opt.PLAYS[option["id"]][0] == BRIBE:
                bribes += 1
                _, voter, target = opt.PLAYS[option["id"]]
                assert [p["label"] for p in parts[option["id"]]] == [game.cards.names[BRIBE], f"P{voter + 1}",
                                                                      f"P{target + 1}"]
    assert seen > 20 and bribes > 0
