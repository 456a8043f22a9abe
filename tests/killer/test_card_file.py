"""A user's own card file (K-D1: card data is overridable): names and texts change, rules stay by effect key."""

from __future__ import annotations

from pathlib import Path

import pytest

import treachery
from treachery import GameConfigError
from treachery.games.killer.cards import DEFAULT_FILE


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "my-cards.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_K_D1_a_card_file_renames_cards_in_options_views_and_logs(tmp_path: Path) -> None:
    text = DEFAULT_FILE.read_text(encoding="utf-8").replace('name = "Gas Leak"', 'name = "Kitchen Fire"')
    game = treachery.new_game("killer", players=4, seed=1, options={"card_file": _write(tmp_path, text)},
                              setup={"first": 0, "removed": ["ML", "AC"],
                                     "hands": {1: {0: ["GA2", "BR3"], 1: ["GA3", "CH2"], 2: ["BR2", "AL1"],
                                                   3: ["ER1", "SB1"]}}})
    labels = [o["label"] for o in game.pending()[0].options]
    assert "Action: Kitchen Fire (GA2)" in labels
    game.act(0, "action GA2")
    assert any("Kitchen Fire" in e["text"] for e in game.log_for(None))
    assert game.view(None)["players"][0]["action"]["name"] == "Kitchen Fire"
    default = treachery.new_game("killer", players=4, seed=1)
    assert all("Kitchen Fire" not in o["label"] for o in type(default).catalogue)


@pytest.mark.parametrize("damage", [
    lambda t: t.replace('code = "BR1"', 'code = "BR2"'),  # a code twice, one missing
    lambda t: t.replace('colour = "black"', 'colour = "green"', 1),
    lambda t: t + "\n[[card]]\ncode = \"XX9\"\n",
    lambda t: "not toml [[",
])
def test_a_broken_card_file_is_refused_with_a_clear_error(tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path, damage(DEFAULT_FILE.read_text(encoding="utf-8")))
    with pytest.raises(GameConfigError, match="card file"):
        treachery.new_game("killer", players=4, options={"card_file": path})


def test_a_missing_card_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameConfigError, match="cannot read card file"):
        treachery.new_game("killer", players=4, options={"card_file": str(tmp_path / "nope.toml")})
