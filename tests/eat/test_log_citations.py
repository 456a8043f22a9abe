"""Every log event and decision cites rules of the specification, and the log's clock never runs backwards."""

from __future__ import annotations

import pytest

from tests.log_citations import check_citations


@pytest.mark.parametrize("players", [4, 7])
def test_every_event_and_decision_cites_known_rules_in_order(players: int) -> None:
    check_citations("eat", players, range(4), "who-should-we-eat.md", "W")


def test_the_variants_cite_known_rules_too() -> None:
    options = {"follow_the_leader": True, "phone_booth": True, "dwindling_resources": 1}
    check_citations("eat", 6, range(4), "who-should-we-eat.md", "W", options)
