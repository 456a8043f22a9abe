"""Rule tests by section (components, setup, flow, effects, decisions), each citing the rule IDs it checks."""

from __future__ import annotations

from collections import Counter

import pytest

import treachery
from treachery import GameConfigError
from treachery.games.menace.cards import BDA_KEYS, load_cards
from treachery.games.menace.rules import CARDS, Menace

from .kit import act, decision, game, kinds, log, no_talk, round_of, texts, vote

RM, AR, BR, AB, REP, BS, BRL, CMD = ("raise-morale", "advanced-repair", "basic-repair", "airlock-breach",
                                      "replicate", "backstab", "brawl", "command")


@pytest.mark.rule("M-C2", "M-C3", "M-C4", "M-C5", "M-C6", "M-C7", "M-C8", "M-C9", "M-C10", "M-C11", "M-D40", "M-D41",
                  "M-D42", "M-D43", "M-D44", "M-D45", "M-D46", "M-D47", "M-D48", "M-C28")
def test_M_C1_to_M_C12_card_counts_and_M_D39_to_M_D49_allocation() -> None:
    assert dict(zip(BDA_KEYS, CARDS.bda_counts, strict=True)) == {
        RM: 50, AR: 33, CMD: 14, BR: 68, REP: 24, BS: 24, BRL: 19, "panic": 9, AB: 13, "reactor-leak": 5,
        "explosion": 9}  # M-C2..M-C12
    assert sum(CARDS.bda_counts) == 268  # M-C1
    used = [sum(c[t] for c in (CARDS.emma, *CARDS.agenda_cards, *CARDS.character_cards)) for t in range(11)]
    spares = [a - b for a, b in zip(CARDS.bda_counts, used, strict=True)]
    assert sum(used) == 262 and spares == [5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]  # M-C28, M-D39..M-D49
    assert used == [45, 33, 14, 67, 24, 24, 19, 9, 13, 5, 9]


def test_M_C13_categories_M_H33() -> None:
    assert CARDS.categories == ("Good", "Good", "Good", "Neutral", "Neutral", "Neutral", "Neutral", "Bad", "Bad",
                                "Bad", "Bad")


@pytest.mark.rule("M-C15", "M-D8", "M-D9", "M-D14", "M-D15", "M-D18", "M-V10", "M-D3", "M-D10", "M-D12", "M-Q23")
def test_M_C14_to_M_C16_agendas_M_D7_to_M_D19_M_Q2() -> None:
    """M-C15 M-D8 M-D9 M-D14 M-D15 M-D18: every Agenda sheet's 13 cards and its Exile/Killed Oxygen."""
    assert CARDS.agenda_cards[1][5:10] == (3, 3, 2, 2, 3)  # The Butcher
    assert CARDS.agenda_cards[9][:7] == (0, 3, 0, 4, 1, 2, 2)  # The Hero
    assert len(CARDS.agenda_names) == 10 and all(sum(c) == 13 for c in CARDS.agenda_cards)
    assert Counter(CARDS.agenda_sides) == {"menace": 2, "neutral": 1, "crew": 7}
    coward = CARDS.agenda_cards[2]
    assert (coward[3], coward[5], coward[8], coward[10]) == (6, 3, 2, 2)  # M-Q2
    assert CARDS.exile_oxygen == (2, 2, -2, -3, -3, -3, -3, -3, -3, -3)  # M-V28
    assert CARDS.killed_oxygen == (0, 0, -1, -2, -2, -2, -2, -2, -2, -2)  # M-V10, M-D3, M-D10, M-D12, M-Q23


@pytest.mark.rule("M-C18", "M-D21", "M-D22", "M-D23", "M-Q38")
def test_M_C17_to_M_C19_characters_M_D20_to_M_D36() -> None:
    """M-C18; card lists of M-D21 M-D22 M-D23 checked below; abilities of all sixteen by name."""
    assert CARDS.character_cards[1][5] == 3 and CARDS.character_cards[2][6] == 3 and CARDS.character_cards[3][2] == 2
    assert len(CARDS.character_names) == 16 and all(sum(c) == 7 for c in CARDS.character_cards)
    assert CARDS.character_names[:4] == ("Rotti Vestine", "Andrew Nance", "Martella Isodorus", "Malumil Einum")
    assert CARDS.character_cards[4][10] == 2  # Dax carries the 2 Explosions (M-Q38)
    assert sorted(a for pair in CARDS.character_abilities for a in pair) == list(range(32))  # M-E33


def test_M_C20_M_C21_wounds_M_D37_M_D38_M_Q39() -> None:
    assert len(CARDS.wound_names) == 17 and CARDS.wound_names[0] == "Flesh Wound"  # 16 + the blank marker
    assert sum(1 for t in CARDS.wound_texts[:16] if t == "No further effect.") == 3


def test_M_C26_M_C27_M_S10_M_S22_M_S35_deck_sizes() -> None:
    assert sum(CARDS.emma) == 20
    g = treachery.new_game("menace", players=6, seed=2, setup={"characters": [
        "rotti", "andrew", "martella", "malumil", "dax", "sela"]})
    for s in range(6):
        assert len(g.deck_list[s]) == 20 and len(g.hands[s]) + len(g.decks[s]) == 20  # M-S36


def test_M_C22_to_M_C25_M_C23_M_D1_M_E5_tracks_clamp() -> None:
    g = game(4, characters={0: "dax"}, start={"oxygen": 15, "energy": 3})
    act(g, (0, "use reroute"))
    assert g.oxygen == 15 and g.energy == 2  # increases past 15 are lost


def test_M_S1_player_range_and_M_X1_M_S3_options() -> None:
    for bad in (3, 9):
        with pytest.raises(GameConfigError):
            treachery.new_game("menace", players=bad)
    with pytest.raises(GameConfigError, match="advanced"):
        treachery.new_game("menace", players=4, options={"advanced": "yes"})
    with pytest.raises(GameConfigError, match="allowed: advanced, random_menace"):
        treachery.new_game("menace", players=4, options={"mode": 1})
    assert treachery.new_game("menace", players=4, options={"advanced": True}).view(None)["mode"] == "advanced"


@pytest.mark.rule("M-S13", "M-S20", "M-Q22")
@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_M_S12_to_M_S21_M_S19_agenda_table(players: int) -> None:
    seen_saint = False
    for seed in range(40):
        g = treachery.new_game("menace", players=players, seed=seed)
        names = Counter(CARDS.agenda_names[a] for a in g.agenda)
        menace = names["The Contagion"] + names["The Butcher"]
        assert menace == (1 if players == 4 else 2)
        if players == 4:
            assert names["The Contagion"] == 1  # M-S13, M-S14 default
        assert names["The Coward"] == (1 if players >= 7 else 0)  # M-S20
        if players >= 6:
            assert names["The Saint"] == 1
        seen_saint |= players < 6 and names["The Saint"] == 1  # M-Q22
        assert len(names) == players
    if players < 6:
        assert seen_saint


def test_M_S14_random_menace_option_M_H3() -> None:
    kinds_seen = {CARDS.agenda_names[[a for a in treachery.new_game("menace", players=4, seed=s, options={
        "random_menace": True}).agenda if a < 2][0]] for s in range(30)}
    assert kinds_seen == {"The Contagion", "The Butcher"}
    assert treachery.new_game("menace", players=4, seed=1, options={"random_menace": True}).view(None)[
        "agendas_in_play"] == []
    assert treachery.new_game("menace", players=7, seed=1).view(None)["agendas_in_play"] == [
        "The Contagion", "The Butcher", "The Saint", "The Coward"]


def test_M_S7_M_S8_leader_is_seeded_and_overridable_M_S2_M_S4_M_S11() -> None:
    leaders = {treachery.new_game("menace", players=5, seed=s).leader for s in range(30)}
    assert len(leaders) > 1
    assert treachery.new_game("menace", players=5, seed=1, setup={"leader": 3}).leader == 3


def test_M_S26_M_S27_M_S28_M_S33_M_S34_selection_for_five_M_X2() -> None:
    g = treachery.new_game("menace", players=5, seed=9, setup={"leader": 2})
    assert sorted(s for s, k in kinds(g)) == [0, 1, 2, 3, 4] and all(len(texts(g, s)) == 3 for s in range(5))
    d = decision(g, 0)
    assert d.default["id"] in d.ids  # M-X2: a random one of the options
    for dd in list(g.pending()):
        g.act(dd.seat, dd.options[1])
    assert kinds(g)[0][1] == "turn" and all(c >= 0 for c in g.character)


def test_M_S37_initial_state() -> None:
    g = game(7)
    assert g.round == 1 and not any(g.wounds) and all(g.alive) and not any(g.exiled)
    assert not g.carry and not any(g.used) and g.view(None)["coward_side"] == "crew"


def test_M_T2_M_T3_M_T23_turn_order_from_the_leader_skips_the_dead() -> None:
    g = game(5, leader=3, start={"dead": [4]})
    order = []
    while kinds(g) and kinds(g)[0][1] == "turn":
        order.append(kinds(g)[0][0])
        g.act(order[-1], "draw")
        while kinds(g) and kinds(g)[0][1] == "limit":
            g.act(kinds(g)[0][0], kinds(g) and decision(g, kinds(g)[0][0]).default)
    assert order == [3, 0, 1, 2]


def test_M_T6_M_T8_M_T12_M_X3_turn_options_and_default() -> None:
    g = game(4, characters={0: "dax"}, decks={0: []})
    d = decision(g, 0)
    assert "draw" not in texts(g, 0) and d.default["text"].startswith("play ")
    g = game(4, characters={0: "dax"})
    assert decision(g, 0).default["text"] == "draw"


@pytest.mark.rule("M-T7")
def test_M_T9_drawing_past_an_empty_deck_M_E75() -> None:
    g = game(4, characters={0: "bettina"}, decks={0: [RM]})
    act(g, (0, "use requisition"))
    assert len(g.hands[0]) == 4 and g.decks[0] == []


def test_M_T14_M_E48_an_ability_once_per_round_M_T13_M_E33() -> None:
    g = game(4, characters={0: "andrew", 1: "bettina"})
    act(g, (0, "use delegate"), (0, "target seat 1"), (1, "use requisition"))
    act(g, (1, f"discard {BR}")) if kinds(g) == [(1, "limit")] else None
    act(g, (1, "draw")) if kinds(g)[0] == (1, "turn") else None
    assert g.used[22]  # Requisition spent through Delegate


def test_M_T15_M_V30_exiled_have_no_above_deck_actions() -> None:
    g = game(4, characters={0: "dax"}, start={"exiled": [0]})
    assert not any(t.startswith("use ") for t in texts(g, 0))


def test_M_T17_costs_must_be_payable_M_E34() -> None:
    g = game(4, characters={0: "dax"}, start={"oxygen": 1, "energy": 0})
    assert "use overclock" not in texts(g, 0) and "use reroute" not in texts(g, 0)


def test_M_T19_M_X5_hand_limit_on_draw_M_T20() -> None:
    g = game(4, hands={0: [RM, RM, RM, BR]})
    act(g, (0, "draw"))
    assert kinds(g) == [(0, "limit")] and decision(g, 0).default["text"].startswith("discard ")
    act(g, (0, f"discard {RM}"))
    assert len(g.hands[0]) == 4 and "You throw away Raise Morale (hand limit)." in log(g, 0)
    assert "You throw away Raise Morale (hand limit)." not in log(g, 1)  # M-H16


@pytest.mark.rule("M-E64")
def test_M_T22_no_legal_action_passes() -> None:
    g = game(4, characters={1: "kestrel", 0: "dax"}, hands={1: []}, decks={1: [BR]})
    g2 = game(4, leader=0, characters={0: "kestrel"}, start={"oxygen": 5})
    act(g2, (0, "use lockdown"), (0, "target seat 1"))
    assert not any(t.startswith("play") for t in texts(g2, 1))  # M-E64
    assert g.alive[1]


def test_M_T24_to_M_T36_resolution_then_discard_M_H12_M_H15() -> None:
    """M-H15."""
    g = game(4, hands={0: [RM, BR, BR]}, order=[RM, BR])
    round_of(g, {0: f"play {RM}"})
    assert kinds(g)[0][1] == "discussion"
    assert g.discard_count == 2 and g.emma_discard == [3]  # Basic Repair from EmMA
    assert [c["card"] for c in g.view(1)["revealed"]] == ["Raise Morale", "Basic Repair"]


def test_M_T30_M_Q30_emma_reshuffle() -> None:
    g = game(4, emma=[BR])
    round_of(g, {})
    no_talk(g)
    assert g.emma == [] and len(g.emma_discard) == 1
    round_of(g, {})
    assert any("rebuilt" in t for t in log(g))


@pytest.mark.rule("M-T38", "M-T39", "M-Q27")
def test_M_T40_M_T42_M_T43_no_vote_then_token_passes() -> None:
    g = game(4, leader=3, start={"exiled": [0]}, emma=[REP] * 20)
    round_of(g, {})
    no_talk(g)
    assert "No vote this round." in log(g) and g.leader == 0  # may go to an Exiled player (M-Q27)


@pytest.mark.rule("M-Q37")
def test_M_T45_M_W10_M_D5_round_limit() -> None:
    g = game(4, emma=[REP] * 20, start={"round": 25})
    round_of(g, {})
    no_talk(g)
    assert g.over and g.result()["winners"] == [0]


def test_M_V17_M_E107_M_E84_who_may_call() -> None:
    g = game(4, emma=[REP] * 20, start={"wounds": {1: ["shell-shock"]}, "exiled": [2]})
    round_of(g, {})
    assert "call vote" in texts(g, 0) and "call vote" not in texts(g, 1) and "call vote" not in texts(g, 2)
    g = game(4, characters={0: "cass"}, emma=[REP] * 20)
    round_of(g, {0: "use de-escalate"})
    assert all("call vote" not in texts(g, s) for s in range(4))


def test_M_H38_structured_claims_are_logged_publicly_M_H33() -> None:
    g = game(4, emma=[REP] * 20)
    round_of(g, {})
    act(g, (0, "claim good"), (1, "suspect seat 0"), (2, "claim seat 1 played replicate"), (3, "no vote"))
    public = log(g, None)
    assert 'P1 says: "I played a Good card."' in public
    assert 'P3 says: "P2 played Replicate."' in public


def test_M_V15_M_Q36_exiled_then_killed_pays_both() -> None:
    g = game(5, agendas={2: "vengeant"}, emma=[REP] * 20, start={"exiled": [2], "oxygen": 9,
                                                                  "wounds": {2: ["flesh-wound", "black-eye"]}})
    round_of(g, {})
    no_talk(g)
    assert not g.alive[2] and g.oxygen == 7


def test_M_E89_cleaver() -> None:
    g = game(5, emma=[REP] * 20, start={"oxygen": 9})
    round_of(g, {})
    no_talk(g, call=0)
    vote(g, {0: "vote seat 1", 2: "vote seat 1", 3: "vote seat 1"})
    assert g.oxygen == 11 and kinds(g) == [(1, "exile_act")]
    act(g, (1, "target seat 4"))
    assert len(g.wounds[4]) == 1


def test_M_E105_concussion_plays_at_random() -> None:
    g = game(4, start={"wounds": {0: ["concussion"]}})
    assert texts(g, 0) == ["draw", "play a random card", "use overclock"]


def test_M_E108_blurred_vision_M_E109_sedated() -> None:
    g = game(4, characters={0: "dax"}, start={"wounds": {0: ["sedated"]}})
    assert not any(t.startswith("use") for t in texts(g, 0))


def test_M_E110_unconscious_skips_the_next_turn_M_T5() -> None:
    g = game(4, characters={0: "malumil"}, wounds=["unconscious"], start={"energy": 4})
    act(g, (0, "use laser-pistol"), (0, "target seat 1"))
    assert kinds(g) == [(2, "turn")]


def test_M_E111_M_E114_M_E115_wounds_on_receipt() -> None:
    for wound, check in (("shock", lambda g: len(g.hands[1]) == 2), ("ruptured-suit", lambda g: g.oxygen == 7),
                         ("electrical-burns", lambda g: g.energy == 3)):
        g = game(4, characters={0: "malumil"}, wounds=[wound], start={"energy": 6, "oxygen": 8})
        act(g, (0, "use laser-pistol"), (0, "target seat 1"))
        assert check(g), wound


def test_M_W2_M_W3_every_crew_killed() -> None:
    g = game(4, emma=[REP] * 20, start={"oxygen": 12, "dead": [2, 3], "wounds": {1: ["flesh-wound", "shock"]}})
    round_of(g, {})
    no_talk(g)
    assert g.over and g.result()["winners"] == [0]


def test_M_W11_M_W12_M_W13_M_W19_result_sides() -> None:
    g = game(7, emma=[REP] * 20, start={"energy": 10})
    round_of(g, {})
    no_talk(g)
    r = g.result()
    assert r["sides"][0] == "menace" and r["sides"][2] == "coward" and r["sides"][3] == "crew"
    assert r["winners"] == [2, 3, 4, 5, 6]
    assert {e["seat"] for e in g.view(None)["result"]["goals"]} == set(range(7))


def test_M_X14_M_X15_M_X16_M_X17_M_X18_defaults() -> None:
    g = game(5, emma=[REP] * 20)
    round_of(g, {})
    assert all(d.default["text"] == "no vote" for d in g.pending())
    no_talk(g, call=0)
    assert all(d.default["text"] == "abstain" for d in g.pending())


def test_card_file_loads_and_is_validated_M_D_content_as_data() -> None:
    cards = load_cards()
    assert cards == CARDS
    with pytest.raises(GameConfigError):
        load_cards("/nonexistent.toml")
    assert issubclass(Menace, treachery.Game)
