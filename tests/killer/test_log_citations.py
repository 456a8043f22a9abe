"""Every log event and decision cites rules of the specification, and the log's clock never runs backwards."""

from __future__ import annotations

import pytest

from tests.log_citations import check_citations


@pytest.mark.parametrize("players", [4, 7])
def test_every_event_and_decision_cites_known_rules_in_order(players: int) -> None:
    check_citations("killer", players, range(16), "this-game-is-killer.md", "K")
