"""Every log event and decision cites rules of the specification, and the log's clock never runs backwards."""

from __future__ import annotations

import pytest

from tests.log_citations import check_citations


@pytest.mark.parametrize("players", [4, 6])
def test_every_event_and_decision_cites_known_rules_in_order(players: int) -> None:
    check_citations("menace", players, range(4), "the-menace-among-us.md", "M")
