"""Every game these tests start tells its players true rule citations (``tests.log_citations.check_log``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.log_citations import audit_every_game


@pytest.fixture(autouse=True)
def _every_log_cites_known_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from audit_every_game(monkeypatch, "killer", "this-game-is-killer.md", "K")
