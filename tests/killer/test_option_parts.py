"""Killer's decisions are short lists (a slot, a location, a seat, a card): none needs a picker of parts."""

from __future__ import annotations

from tests.option_parts import walk


def test_no_killer_decision_is_a_wall_of_buttons() -> None:
    # walk checks every decision: more than a dozen options would need parts; Killer declares none
    assert list(walk("killer", [3, 6, 10], range(3))) == []
