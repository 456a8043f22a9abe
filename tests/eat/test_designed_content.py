"""Designed content (W-D*): the card file matches the specification's tables row by row, and its totals.

Each table row of §10 is read from the specification and compared with the engine's card data, so a
changed number on either side fails the row's test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import treachery
from treachery.games.eat.cards import CARD_CODES, GHOST_CODES, N_SURVIVOR, N_TYPES, SURVIVOR_CODES, TRACKS, load_cards
from treachery.games.eat.rules import red_number

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules" / "who-should-we-eat.md"
ROWS = {
    "W-D10": "CH01", "W-D11": "CH02", "W-D12": "CH03", "W-D13": "CH04", "W-D14": "CH05", "W-D15": "CH06",
    "W-D16": "CH07", "W-D17": "CH08", "W-D18": "CH09", "W-D19": "CH10", "W-D20": "CH11", "W-D21": "CH12",
    "W-D23": "F01", "W-D24": "F02", "W-D25": "F03", "W-D26": "F04", "W-D27": "F05", "W-D28": "F06",
    "W-D29": "F07", "W-D30": "F08", "W-D31": "F09", "W-D32": "F10", "W-D33": "S01", "W-D34": "S02",
    "W-D35": "S03", "W-D36": "S04", "W-D37": "S05", "W-D38": "S06", "W-D39": "S07", "W-D40": "S08",
    "W-D41": "S09", "W-D42": "S10", "W-D43": "B01", "W-D44": "B02", "W-D45": "B03", "W-D46": "B04",
    "W-D47": "B05", "W-D48": "B06", "W-D49": "B07", "W-D50": "B08", "W-D51": "B09", "W-D52": "B10",
    "W-D53": "B11", "W-D55": "GI01", "W-D56": "GI02", "W-D57": "GI03", "W-D58": "GI04", "W-D59": "GI05",
    "W-D60": "GI06", "W-D61": "GI07", "W-D62": "GI08", "W-D63": "GI09", "W-D64": "GI10", "W-D65": "GH01",
    "W-D66": "GH02", "W-D67": "GH03", "W-D68": "GH04", "W-D69": "GH05", "W-D70": "GH06", "W-D71": "GH07",
    "W-D72": "GH08", "W-D73": "GH09", "W-D74": "GH10", "W-D76": "QU01", "W-D77": "QU02", "W-D78": "QU03",
    "W-D79": "QU04", "W-D80": "QU05", "W-D81": "QU06", "W-D82": "QU07", "W-D83": "QU08", "W-D84": "QU09",
    "W-D85": "QU10", "W-D86": "QU11", "W-D87": "QU12", "W-D88": "QU13", "W-D89": "QU14", "W-D90": "QU15",
    "W-D91": "P01", "W-D92": "P02", "W-D93": "P03", "W-D94": "P04", "W-D95": "P05", "W-D96": "P06",
    "W-D97": "P07", "W-D98": "P08", "W-D99": "P09", "W-D100": "P10", "W-D101": "P11", "W-D102": "P12",
    "W-D103": "P13", "W-D104": "P14", "W-D105": "P15", "W-D106": "P16",
}
CARDS = load_cards()
needs_spec = pytest.mark.skipif(not SPEC.exists(), reason="the shared rules specification is not beside this checkout")


def spec_row(rule: str) -> list[str]:
    text = SPEC.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith(f"| {rule} |"))
    return [cell.strip() for cell in line.strip("|").split("|")]


def changes(text: str) -> list[list[object]]:
    return [[track.lower(), int(value)] for track, value in re.findall(r"(Food|Sanity|Build) ([+−-]\d+)",
                                                                         text.replace("−", "-"))]


@needs_spec
@pytest.mark.parametrize("rule", sorted(ROWS, key=lambda r: int(r[3:])))
def test_W_D10_to_W_D106_each_card_row_matches_the_specification(rule: str) -> None:
    row = spec_row(rule)
    code = ROWS[rule]
    assert row[2].startswith(code)
    name = row[2][len(code):].strip()
    if code.startswith("CH"):
        char = CARDS.characters[int(code[2:]) - 1]
        assert f"{char.name}, {char.role}" == row[3] and char.meat == int(row[4])
        wanted = {"food": 0, "sanity": 0, "build": 0, "wild": 0}
        for count, kind in re.findall(r"(\d) (Food|Sanity|Build|wild)", row[5]):
            wanted[kind.lower()] = int(count)
        assert dict(zip(("food", "sanity", "build", "wild"), char.draws, strict=True)) == wanted
        assert char.ghost_draws == 3 and row[6] == "3 Ghost cards"
    elif code[0] in "FSB" and len(code) == 3:
        card = CARDS.survivor[CARD_CODES.index(code)]
        assert card.name == name and card.count == int(row[3])
        assert [[TRACKS[t], v] for t, v in card.play] == changes(row[4])
        keep = row[5].lower()
        assert keep.startswith(card.keep.replace("_", " "))
        if card.keep in ("stash", "calm"):
            assert str(card.value) in keep
        if card.will is not None:
            assert [[TRACKS[card.will[0]], card.will[1]]] == changes(row[5])
    elif code.startswith("G"):
        ghost = CARDS.ghost[CARD_CODES.index(code) - N_SURVIVOR]
        assert ghost.name == name and ghost.count == int(row[3])
        assert ("haunt" if ghost.haunt else "instant") == row[4].lower()
    elif code.startswith("QU"):
        quest = CARDS.quests[int(code[2:]) - 1]
        assert quest.name.replace("Seance", "Séance") == name
        assert [[TRACKS[t], v] for t, v in quest.play] == changes(row[3].split(";")[0])
        assert row[4].startswith(quest.permanent)
    else:
        person = CARDS.personalities[int(code[1:]) - 1]
        assert person.name == name and person.text


def test_W_D1_W_D2_W_D3_W_C16_W_Q24_track_ranges_clamp() -> None:
    from .util import scenario

    game = scenario(4, phase="afternoon", round=2, food=19, sanity=14, build=39,
                    quests={"selection": ["QU09", "QU01", "QU02"]})
    game.act(0, "quest qu09")  # Food +3, Sanity +2: both clamp at the top of their tracks
    assert (game.food, game.sanity) == (20, 15)
    low = scenario(4, phase="afternoon", round=2, food=-14, build=1, quests={"selection": ["QU06", "QU01", "QU02"]},
                   sanity=5)
    low.act(0, "quest qu06")
    assert low.food == -15
    termites = scenario(5, phase="afternoon", round=2, ghosts=[4], play={4: "GI03"}, build=1)
    assert termites.build == 0


def test_W_D4_W_D112_red_numbers() -> None:
    assert [red_number(s) for s in range(16)] == [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]


def test_W_D5_W_D110_raft_target_by_player_count() -> None:
    for players, target in ((4, 14), (5, 17), (6, 20), (7, 23), (8, 26), (9, 29), (10, 32)):
        assert treachery.new_game("eat", players=players, seed=1).view(None)["raft_target"] == target


def test_W_D6_W_D7_quest_clock_and_dwindling_resources() -> None:
    for k in range(0, 6):
        game = treachery.new_game("eat", players=5, seed=2, options={"dwindling_resources": k})
        assert game.view(None)["quest_deck_size"] == 9 - k and game.view(None)["box_at_setup"] == 3 + k
    on = treachery.new_game("eat", players=5, options={"dwindling_resources": True})
    assert on.view(None)["quest_deck_size"] == 7


def test_W_D8_W_D113_W_D114_keep_keyword_totals() -> None:
    totals: dict[str, int] = {}
    for card in CARDS.survivor:
        totals[card.keep] = totals.get(card.keep, 0) + card.count
    assert totals == {"knife": 9, "shield": 6, "stash": 11, "last_will": 10, "forage": 11, "ration": 2, "calm": 4,
                      "hide": 6, "loud": 4, "ward": 5, "dodge": 4}
    assert sum(totals.values()) == 72


def test_the_card_type_counts_written_as_numbers_match_the_codes() -> None:
    # (N_SURVIVOR and N_TYPES are written out so the compiled rules read them as constants)
    assert (N_SURVIVOR, N_TYPES) == (len(SURVIVOR_CODES), len(SURVIVOR_CODES) + len(GHOST_CODES)) == (31, 51)
    assert len(CARD_CODES) == N_TYPES


def test_W_D9_W_Q1_every_ghost_side_prints_three_cards() -> None:
    assert all(c.ghost_draws == 3 for c in CARDS.characters)


def test_W_D22_W_D111_W_D117_character_totals() -> None:
    draws = [sum(c.draws[i] for c in CARDS.characters) for i in range(4)]
    assert draws == [10, 10, 10, 6]
    meats = [c.meat for c in CARDS.characters]
    assert min(meats) == 2 and max(meats) == 6 and sum(meats) == 44 and round(sum(meats) / 12, 1) == 3.7
    brick, timmy = CARDS.characters[5], CARDS.characters[7]
    assert brick.meat == 6 and sum(brick.draws) == 2 and timmy.meat == 2 and timmy.draws[3] == 1


def test_W_D54_W_D107_deck_sums_of_printed_gains() -> None:
    sums = [0, 0, 0]
    for card in CARDS.survivor:
        for track, value in card.play:
            if track == card.deck and value > 0:
                sums[track] += value * card.count
    assert sums == [47, 47, 50]
    blanks = sorted(c.code for c in CARDS.survivor for _ in range(c.count) if not c.play)
    assert blanks == ["F09", "F09", "S09"]
    assert round(sum(sums) / 72) == 2


def test_W_D75_W_D115_ghost_deck_totals() -> None:
    assert sum(g.count for g in CARDS.ghost if not g.haunt) == 20
    assert sum(g.count for g in CARDS.ghost if g.haunt) == 14
    sanity_attacks = sum(g.count for g in CARDS.ghost if g.effect in ("whispers", "terrors", "cold_night"))
    assert sanity_attacks == 7


def test_W_D116_quests_are_worth_two_to_five_net() -> None:
    nets = [sum(v for _, v in q.play) for q in CARDS.quests]
    assert min(nets) >= 2 and max(nets) <= 5


def test_W_D118_personalities_seven_economic_nine_social() -> None:
    economic = {"glutton", "ascetic", "forager", "optimist", "handyman", "scavenger", "survivalist"}
    assert sum(p.effect in economic for p in CARDS.personalities) == 7
    assert len(CARDS.personalities) - 7 == 9


def test_W_D108_W_D109_start_food_and_sanity() -> None:
    for players in (4, 10):
        view = treachery.new_game("eat", players=players, seed=4).view(None)
        assert view["food"] == players - 1 and view["sanity"] == 8


def test_W_C12_W_E8_W_E68_a_user_card_file_replaces_names_and_numbers(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "src" / "treachery" / "games" / "eat" / "cards.toml").read_text()
    text = text.replace('name = "Coconuts"', 'name = "Coco"').replace('play = [["food", 2]]\nkeep = "stash"',
                                                                         'play = [["food", 5]]\nkeep = "stash"', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    game = treachery.new_game("eat", players=4, seed=1, options={"card_file": str(path)})
    assert game.view(None)["cards"]["survivor"]["F01"]["name"] == "Coco"
    assert game.view(None)["cards"]["survivor"]["F01"]["play"] == [["food", 5]]
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('effect = "spoil"', 'effect = "nope"'), encoding="utf-8")
    with pytest.raises(treachery.GameConfigError, match="GI01"):
        treachery.new_game("eat", players=4, options={"card_file": str(bad)})
