"""Golden playthroughs of Eat (tests/golden.py): regenerate on purpose with TREACHERY_REGOLD=1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import check_golden

GAMES = [(4, 7), (7, 21)]  # (players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_playthrough(players: int, seed: int) -> None:
    check_golden("eat", players, seed, Path(__file__).with_name("golden"))
