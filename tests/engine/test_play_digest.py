"""Fixed-seed bot games play exactly as the stored digests say (tests/play_digest.py): records, results, logs,
final views and guided searches. A speed change that alters play in any game, at any table size, fails here."""

from __future__ import annotations

import json

import pytest

from tests.play_digest import STORED, digests, shipped_games


@pytest.mark.parametrize("name", shipped_games())
def test_fixed_seed_bot_games_match_the_stored_digests(name: str) -> None:
    stored = json.loads(STORED.read_text())
    assert digests(name) == stored[name], (
        f"{name}: fixed-seed bot games no longer play as before (see tests/play_digest.py to write the digests "
        "again after a deliberate change of rules, texts or views)")
