"""Setup overrides apply exactly or stop with an error naming the key; the Accusation Phase can be set up."""

from __future__ import annotations

import pytest

from treachery.engine import GameConfigError, SetupOverrideError

from .kit import game, kinds, no_talk, round_of, texts, vote

RM, BR, BS = "raise-morale", "basic-repair", "backstab"


@pytest.mark.rule("M-T31", "M-T32")
def test_M_T32_a_reveal_order_that_does_not_fit_the_pool_names_the_key() -> None:
    g = game(4, order=[RM, RM, BS])  # every hand plays or draws; the pool holds no Backstab
    with pytest.raises(SetupOverrideError, match=r"setup reveal_order for round 1 must hold exactly"):
        round_of(g, {0: f"play {RM}", 1: f"play {RM}"})
    g = game(4, order={2: [BR, BR]})  # a later round's order is checked only when that round comes
    round_of(g, {0: f"play {BR}", 1: f"play {BR}"})
    assert [r["card"] for r in g.view(None)["revealed"]] == ["Basic Repair", "Basic Repair"]


@pytest.mark.rule("M-T38", "M-H33", "M-V16")
def test_M_T38_a_game_can_start_at_the_discussion_with_the_rounds_revealed_cards() -> None:
    g = game(5, start={"phase": "accusation", "revealed": [BS, RM], "oxygen": 6})
    assert kinds(g) == [(s, "discussion") for s in range(5)]
    assert [(r["card"], r["cancelled"]) for r in g.view(None)["revealed"]] == [("Backstab", False),
                                                                                ("Raise Morale", False)]
    said = [t for t in texts(g, 1) if t.startswith("claim seat 0 played")]
    assert said == [f"claim seat 0 played {RM}", f"claim seat 0 played {BS}"]  # only what was revealed
    no_talk(g, call=0)
    vote(g, {s: "vote seat 4" for s in range(4)})
    assert g.exiled[4] and g.oxygen == 3 and kinds(g) == [(4, "exile_act")]  # the Exile goes on as usual


def test_the_accusation_start_keys_are_checked() -> None:
    with pytest.raises(GameConfigError, match="phases are turns, accusation"):
        game(5, start={"phase": "resolution"})
    with pytest.raises(GameConfigError, match="only with"):
        game(5, start={"revealed": [BS]})
    with pytest.raises(GameConfigError, match="unknown card"):
        game(5, start={"phase": "accusation", "revealed": ["joker"]})
