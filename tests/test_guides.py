"""The how-to-play guides are written for players: each game's guide.md lives in its own package, has its goal,
a turn or round, the cards and a short example, and carries no developer material (docs/games.md keeps that)."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine.guide import shipped_guide

GAMES = ["eat", "guest", "killer", "menace"]  # the games that ship a guide of their own


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_is_for_players(game: str) -> None:
    text = shipped_guide(treachery.game_class(game))
    assert text is not None, f"{game} ships no guide.md"
    for developer in ("--option", "treachery play", "treachery simulate", "shared/rules", "cards.toml", "-o "):
        assert developer not in text, f"{game}'s guide speaks to developers: {developer!r}"
    headings = [line.lower() for line in text.splitlines() if line.startswith("## ")]
    assert any("goal" in h or "win" in h for h in headings), headings
    assert any("round" in h or "turn" in h for h in headings), headings
    assert any("card" in h for h in headings), headings
    assert "## a short example" in headings
