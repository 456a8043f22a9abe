"""Rule tests by section (W-C, W-S, W-T, W-E, W-V, W-W, W-X, W-Q) for what the scenarios do not already pin."""

from __future__ import annotations

import random

import pytest

import treachery
from tests import conformance
from treachery import GameConfigError
from treachery.games.eat.cards import CARD_CODES
from treachery.games.eat.rules import _causes, _signed

from .util import A, B, C, D, E, F, answer, auto, dead, has, log, open_trial, pending, player, scenario, texts, vote


def fresh(players: int = 5, seed: int = 1, **options: object) -> treachery.Game:
    return treachery.new_game("eat", players=players, seed=seed, options=dict(options))


# ---- components and setup ------------------------------------------------------------------------------


def test_W_C1_W_C2_W_C3_W_C13_W_C14_the_table_in_a_view() -> None:
    view = fresh(6).view(2)
    assert {"food", "sanity", "build", "raft_target", "leader"} <= set(view)
    assert {"draw_piles", "discard_piles", "quest_selection", "quest_deck_size", "box"} <= set(view)
    entry = view["players"][2]
    assert {"character", "personality", "has_play", "has_keep", "haunt", "quests", "cards_in_hand"} <= set(entry)


def test_W_C6_W_C7_W_C8_W_C9_W_C10_W_C11_the_components() -> None:
    cards = fresh().view(None)["cards"]
    assert len(cards["characters"]) == 12 and all(c["ghost_draws"] == 3 for c in cards["characters"].values())
    assert len(cards["ghost"]) == 20 and len(cards["survivor"]) == 31
    assert len(cards["quests"]) == 15 and len(cards["personalities"]) == 16
    game = fresh()
    assert sum(len(game.piles[d]) for d in range(3)) == 72 and len(game.piles[3]) == 34
    assert all(c["text"].startswith("Play:") and "Keep:" in c["text"] for c in cards["survivor"].values())


def test_W_C15_four_to_ten_players() -> None:
    assert treachery.game_class("eat").min_players == 4 and treachery.game_class("eat").max_players == 10
    for bad in (3, 11):
        with pytest.raises(GameConfigError, match="4 to 10"):
            treachery.new_game("eat", players=bad)


def test_W_C4_W_C5_W_S10_W_V45_W_V46_straws_are_a_fair_seeded_lottery() -> None:
    game = scenario(5, phase="trial", round=3, food=-9)
    counts = [0] * 5
    for _ in range(6000):
        counts[game._straws([A, B, C, D, E], "test")] += 1
    assert all(abs(c / 6000 - 0.2) < 0.025 for c in counts)
    one, two = (scenario(5, phase="trial", round=3, food=-9, seed=7) for _ in range(2))
    assert [one._straws([A, B, C], "x") for _ in range(20)] == [two._straws([A, B, C], "x") for _ in range(20)]


def test_W_S1_W_S8_W_S9_W_S11_random_characters_personalities_and_leader() -> None:
    leaders, firsts = set(), set()
    for seed in range(30):
        game = fresh(5, seed)
        assert len(set(game.character)) == 5 and len(set(game.personality)) == 5
        leaders.add(game.leader)
        firsts.add(game.character[0])
    assert len(leaders) == 5 and len(firsts) > 5


def test_W_S5_W_S7_W_S12_W_S15_decks_shuffled_separately_everyone_a_survivor() -> None:
    one, two = fresh(5, 1), fresh(5, 2)
    assert all(sorted(one.piles[d]) == sorted(two.piles[d]) for d in range(4))
    assert one.piles[0] != two.piles[0]
    assert all(CARD_CODES[c][0] == "F" for c in one.piles[0]) and len(one.piles[3]) == 34
    assert all(p["status"] == "survivor" for p in one.view(None)["players"])
    assert one.view(None)["variants"] == {"follow_the_leader": False, "phone_booth": False, "dwindling_resources": 0}


def test_variant_options_are_validated() -> None:
    for options in ({"phone_booth": "maybe"}, {"dwindling_resources": 9}, {"follow_the_leader": 2.5},
                    {"dwindling_resources": "lots"}):
        with pytest.raises(GameConfigError, match="option"):
            treachery.new_game("eat", players=5, options=options)
    game = treachery.new_game("eat", players=5, options={"phone_booth": "on", "dwindling_resources": "3"})
    assert game.view(None)["variants"] == {"follow_the_leader": False, "phone_booth": True, "dwindling_resources": 3}


def test_setup_overrides_are_validated() -> None:
    for setup in ({"leader": 9}, {"characters": ["CH01"]}, {"quests": {"deck": ["QU99"]}},
                  {"start": {"phase": "noon"}}, {"decks": {"food": ["S01"]}}, {"start": {"ghosts": [0, 1, 2, 3]}}):
        with pytest.raises(GameConfigError):
            treachery.new_game("eat", players=4, setup=setup)


# ---- flow ---------------------------------------------------------------------------------------------


def test_W_T1_W_T3_a_fallen_player_takes_no_part() -> None:
    game = scenario(5, phase="trial", round=3, food=-15, keep={A: "F03"})
    open_trial(game)
    answer(game, "poll", {A: "attack seat 2"})
    answer(game, "knife_response")
    assert player(game, C)["status"] == "fallen"
    assert all(p["status"] in ("survivor", "fallen", "ghost") for p in game.view(None)["players"])
    open_trial(game)
    assert sorted(pending(game)) == [A, B, D, E]
    answer(game, "poll")
    answer(game, "vote_window")
    assert C not in pending(game) and "vote seat 2" not in texts(game, A)


def test_W_T4_W_V43_round_order() -> None:
    game = fresh(5, 3)
    auto(game, "evening")
    answer(game, "evening")
    lines = log(game)
    marks = [next(i for i, x in enumerate(lines) if x.startswith(k)) for k in ("Round 1: Morning", "Afternoon",
                                                                               "Evening.", "Salvation")]
    assert marks == sorted(marks)


def test_W_T14_W_X1_wild_decks_are_declared_before_any_draw() -> None:
    game = scenario(4, chars={A: "CH07", B: "CH01", C: "CH10", D: "CH08"})
    assert sorted(pending(game)) == [A, B, C, D] and all(h == [] for h in game.hands)
    assert texts(game, A)[0] == "decks 2f 0s 0b" and pending(game)[A].default["text"] == "decks 2f 0s 0b"
    answer(game, "wild_decks", {A: "decks 0f 1s 1b"}, default=None)
    assert has(game, "P1 2 Sanity 1 Build")


def test_W_T19_both_piles_empty_the_draw_is_lost() -> None:
    game = scenario(4, chars={A: "CH06", B: "CH05", C: "CH10", D: "CH07"},
                    pers={A: "P05", B: "P06", C: "P07", D: "P14"}, piles={"food": {"draw": [], "discard": []}})
    answer(game, "wild_decks", default=None)
    assert has(game, "The Food deck and its discards are empty: the draw is lost")


def test_W_T20_W_T21_W_T28_W_X3_W_X4_selection_and_discards() -> None:
    game = scenario(4, chars={A: "CH09", B: "CH06", C: "CH05", D: "CH04"}, pers={A: "P05", B: "P06", C: "P07",
                    D: "P14"}, decks={"food": ["F09", "F01", "F08", "F03"], "sanity": ["S01", "S04", "S01"],
                                      "build": ["B09", "B01", "B01", "B01", "B02", "B03"]})
    assert [d.kind for d in game.pending()] == ["select"] * 4
    hand = [CARD_CODES[c] for c in game.hands[A]]
    assert hand == ["F09", "S01", "B09"]
    assert pending(game)[A].default["text"] == "play b09 keep f09"  # highest printed sum, then first remaining
    options = texts(game, A)
    assert len(options) == 6 and all(t.startswith("play ") and " keep " in t for t in options)
    before = game.view(None)["discard_piles"]
    answer(game, "select", {A: "play s01 keep f09"}, default=None)
    after = game.view(None)["discard_piles"]
    assert after["build"] - before["build"] >= 1 and has(game, "P1 Play+Keep, 1 discarded")


def test_W_X4_ghost_default_plays_first_and_keeps_second() -> None:
    game = scenario(5, round=3, ghosts=[E], decks={"ghost": ["GI09", "GI01", "GI02"]})
    auto(game, "select")
    assert pending(game)[E].default["text"] == "play gi09 keep gi01"


def test_W_T33_W_D67_rotting_timber() -> None:
    game = scenario(5, phase="evening", round=3, build=5, haunts={B: "GH03"}, food=9)
    answer(game, "evening")
    assert has(game, "Rotting Timber on P2: Build -1 -> 4")


def test_W_T40_cold_night_and_ill_wind_expire_at_salvation() -> None:
    game = scenario(5, phase="evening", round=3, cold_nights=2, ill_wind="QU01", food=9, sanity=9)
    answer(game, "evening")
    assert game.round == 4 and game.cold_nights == 0 and game.ill_wind == -1


# ---- card effects -------------------------------------------------------------------------------------


def test_W_E1_W_E2_W_E7_survivor_play_cards_apply_without_choices() -> None:
    game = scenario(4, phase="afternoon", round=2, play={A: "F09", B: "S02"}, pers={B: "P06"},
                    quests={"selection": ["QU11", "QU01", "QU02"]}, sanity=5, build=3, food=5)
    answer(game, "quest", default="quest qu11")
    answer(game, "map_order", default="order 1 2 3")
    answer(game, "dodge")
    assert has(game, "Its Play area is blank: no effect")
    assert has(game, "Harmonica: Sanity +3 -> 8")  # Optimist +1
    assert [d.kind for d in game.pending()] == ["evening"] * 4


def test_W_E5_W_E6_W_E59_bonuses_and_butterfingers() -> None:
    game = scenario(4, phase="afternoon", round=2, play={A: "F05", B: "B06"}, pers={A: "P05", B: "P07"},
                    haunts={A: "GH04"}, held={B: ["QU01"]}, quests={"selection": ["QU11", "QU01", "QU02"]}, food=0,
                    sanity=8, build=0)
    answer(game, "quest", default="quest qu11")
    answer(game, "map_order", default="order 1 2 3")
    answer(game, "dodge")
    assert has(game, "Raw Grubs: Food +3 -> 3")  # 3 + 1 Forager - 1 Butterfingers
    assert has(game, "Fishing Net: Build +3 -> 5")  # 1 + Handyman + Calloused Hands; Food +1 unchanged
    assert has(game, "Fishing Net: Food +1 -> 4")


def test_W_E5_a_bonus_is_named_only_where_it_applied() -> None:
    # a Forager (Food bonus) holding Firekeeper (Sanity bonus) plays a Sanity card: only Firekeeper's +1 applies
    game = scenario(4, phase="afternoon", round=2, play={B: "S02"}, pers={B: "P05"}, held={B: ["QU07"]},
                    quests={"selection": ["QU11", "QU01", "QU02"]}, sanity=5, build=3, food=5)
    answer(game, "quest", default="quest qu11")
    answer(game, "map_order", default="order 1 2 3")
    answer(game, "dodge")
    line = next(x for x in log(game) if x.startswith("Harmonica: Sanity"))
    assert line.startswith("Harmonica: Sanity +3 -> 8 (printed +2, +1 ")
    assert "Forager" not in line


def test_W_E11_W_E12_W_E42_windows_for_everyone_and_clumsy_hands() -> None:
    game = scenario(5, phase="trial", round=3, food=-3, keep={A: "F01", B: "F03", C: "F01"}, haunts={C: "GH09"})
    open_trial(game)
    assert sorted(pending(game)) == [A, B, C, D, E]
    assert "reveal keep" in texts(game, A) and "reveal keep" not in texts(game, C)
    assert [t for t in texts(game, B) if t.startswith("attack")]
    assert texts(game, C) == ["pass"] and texts(game, D) == ["pass"]
    answer(game, "poll", {B: "attack seat 2"})
    answer(game, "knife_response")
    assert has(game, "P3 must reveal their Keep card: Coconuts (F01)")  # forced reveals still happen


def test_W_E19_W_E54_W_T16_forage_salvager_monkey_and_scavenger_add_draws() -> None:
    game = scenario(4, round=2, chars={A: "CH06"}, pers={A: "P12"}, held={A: ["QU02", "QU12"]}, keep={A: "B05"})
    assert texts(game, A)[0] == "decks 3f 0s 0b"  # Toolbox, Scavenger and Monkey Friend: three free draws
    auto(game, "select")
    assert has(game, "P1's picked-up Keep card is a Forage card: one extra draw from a deck of their choice")
    assert has(game, "P1 4 Food 2 Build")  # 1F 1B printed + 3 free (Food) + Salvager's Build
    assert len(game.hands[A]) == 7


def test_W_E27_W_E31_W_E32_W_E33_W_E41_ghost_cards() -> None:
    game = scenario(5, phase="afternoon", round=3, ghosts=[D, E], play={D: "GI01", E: "GI06"}, food=5)
    assert has(game, "Spoil the Stores: Food -2 -> 3")
    assert has(game, "Snatch (GI06) has no legal target: it is discarded without effect")
    assert game.discards[3] == [31, 36]
    haunts = scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: "GH01"}, pers={A: "P14"})
    assert "seat 0" not in texts(haunts, E)


def test_W_E36_snatch_discards_the_keep_card_unrevealed() -> None:
    game = scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: "GI06"}, keep={B: "S02"})
    answer(game, "ghost_target", default="seat 1")
    assert game.keep[B] == -1 and 11 in game.discards[1] and not has(game, "Harmonica")


def test_W_E48_W_Q22_a_dead_players_quests_and_haunt_leave_with_him() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, held={B: ["QU10"]}, haunts={B: "GH06"}, keep={A: "F03"})
    open_trial(game)
    answer(game, "poll", {A: "attack seat 1"})
    answer(game, "knife_response")
    assert "QU10" in game.box and game.held[B] == [] and game.haunt[B] == -1 and 46 in game.discards[3]


def test_W_E49_the_resolved_quest_leaves_and_is_refilled_next_morning() -> None:
    game = scenario(4, phase="afternoon", round=2, quests={"selection": ["QU10", "QU01", "QU02"],
                                                           "deck": ["QU05", "QU06"]}, food=9, sanity=9)
    answer(game, "quest", default="quest qu10")
    assert game.view(None)["quest_selection"] == ["QU01", "QU02"]
    auto(game, "select")
    assert game.view(None)["quest_selection"] == ["QU01", "QU02", "QU05"]


def test_W_E50_boar_tusk_attacks_once_and_goes_to_the_box() -> None:
    game = scenario(5, phase="trial", round=3, food=-15, held={A: ["QU08"]})
    open_trial(game)
    assert "tusk seat 1" in texts(game, A)
    answer(game, "poll", {A: "tusk seat 1"})
    answer(game, "knife_response")
    assert dead(game, B) and "QU08" in game.box and game.held[A] == []
    open_trial(game)
    assert not [t for t in texts(game, A) if t.startswith("tusk")]


def test_W_E52_sunstroke_cannot_vote_but_can_be_voted_for() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, held={B: ["QU14"]})
    open_trial(game)
    answer(game, "poll")
    answer(game, "vote_window")
    assert B not in pending(game) and "vote seat 1" in texts(game, A)


def test_W_E53_W_T23_medium_sees_ghost_cards_at_the_start_of_the_afternoon() -> None:
    game = scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: "GI09"}, held={C: ["QU15"]})
    assert has(game, "Medium: you see the Ghosts' Play cards: P5: Cold Night (GI09)", C)


def test_W_E61_W_V36_wallflower_sits_out_tie_straws() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, pers={E: "P09"})
    open_trial(game)
    vote(game, {A: C, B: D, C: D, D: C, E: B})
    line = next(x for x in log(game) if x.startswith("Straws"))
    assert "P5" not in line.split(":")[0]


def test_W_V3_W_V4_W_V5_W_V6_W_V7_W_V8_W_X11_the_leader_opens_the_trial() -> None:
    game = scenario(5, phase="trial", round=3, food=-3, leader=C)
    assert [(d.seat, d.kind) for d in game.pending()] == [(C, "rules")] and texts(game, C) == ["open discussion"]
    assert has(game, "only the Leader may speak")
    open_trial(game)
    assert has(game, "P3 bangs the Conch: the discussion is open")


def test_W_V10_W_X12_W_V26_a_call_made_with_an_attack_takes_effect_after_it() -> None:
    game = scenario(5, phase="trial", round=3, food=-15, keep={B: "F03", D: "B04"})
    open_trial(game)
    assert "call vote" in texts(game, A) and "call vote" not in texts(game, B)
    answer(game, "poll", {A: "call vote", B: "attack seat 3"})
    answer(game, "knife_response")
    assert game.shielded[D]
    assert [d.kind for d in game.pending()] == ["vote_window"] * 5


def test_W_V27_W_V29_W_V30_W_X17_W_X18_the_vote() -> None:
    game = scenario(5, chars={A: "CH01", B: "CH06", C: "CH03", D: "CH09", E: "CH08"}, phase="trial", round=3,
                    food=-9)
    open_trial(game)
    answer(game, "poll")
    answer(game, "vote_window")
    assert texts(game, A) == [f"vote seat {s}" for s in range(5)]  # himself included (W-Q12)
    assert pending(game)[A].default["text"] == "vote seat 1"  # Brick, meat 6
    assert pending(game)[B].default["text"] == "vote seat 2"  # Big Lou 5, first clockwise from B before Reginald


def test_W_V58_an_unresolved_play_card_of_the_dead_is_discarded_unrevealed() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, play={B: "S02"}, keep={A: "F03"})
    open_trial(game)
    answer(game, "poll", {A: "attack seat 1"})
    answer(game, "knife_response")
    assert 11 in game.discards[1] and not has(game, "Harmonica")


def test_W_V60_W_W7_deaths_resolve_one_at_a_time() -> None:
    game = scenario(6, phase="trial", round=3, food=-15, sanity=15)
    for victim in (B, C):
        open_trial(game)
        vote(game, {s: victim for s in game.survivors()})
    lines = log(game)
    first = max(i for i, x in enumerate(lines) if "drops to" in x and "18" in x)
    assert first < next(i for i, x in enumerate(lines) if "vote falls on P3" in x)


# ---- end ----------------------------------------------------------------------------------------------


def test_W_W5_nobody_left_alive_means_the_ghosts_win() -> None:
    game = scenario(4, phase="trial", round=5, ghosts=[D], food=-15, sanity=15)
    for seat in (A, B, C):
        game._kill(seat, "vote", "test", ())
    result = game.result()
    assert result is not None and result["reason"] == "no survivors" and result["winners"] == [D]


def test_W_W17_W_W18_results_record_sides_and_reason() -> None:
    reasons = set()
    for seed in range(25):
        game = fresh(6, seed)
        conformance.random_playout(game, random.Random(seed))
        result = game.result()
        assert result is not None
        reasons.add(result["reason"])
        sides = result["sides"]
        if result["reason"] == "raft":
            assert result["winners"] == [s for s in sides if sides[s] == "survivor"]
        else:
            assert result["winners"] == [s for s in sides if sides[s] == "ghost"]
    assert reasons <= {"sanity", "quests", "trial with 2 survivors", "raft", "no survivors"}


# ---- decisions and defaults -------------------------------------------------------------------------


def test_W_X5_W_X6_W_X7_W_X8_ghost_and_quest_defaults() -> None:
    game = scenario(6, phase="afternoon", round=3, ghosts=[C], play={C: "GI04", A: "F01", B: "F01", E: "F01"},
                    quests={"selection": ["QU11", "QU02", "QU01"], "deck": ["QU05", "QU06", "QU07"]})
    assert pending(game)[C].default["text"] == "seat 4"  # first legal Survivor clockwise after the Ghost
    answer(game, "ghost_target", default="seat 0")
    assert pending(game)[A].default["text"] == "quest qu11"
    answer(game, "quest", default="quest qu11")
    assert pending(game)[A].default["text"] == "order 1 2 3" and len(texts(game, A)) == 6
    answer(game, "map_order", default="order 3 2 1")
    assert game.quest_deck[-3:] == [4, 5, 6][::-1][::-1]


def test_W_X9_W_X10_W_X15_W_X13_W_X21_keep_windows_default_to_pass() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, keep={A: "F03", B: "F03", C: "S02"})
    open_trial(game)
    assert all(d.default["text"] == "pass" for d in game.pending())
    answer(game, "poll", {A: "attack seat 3"})
    assert all(d.default["text"] == "pass" for d in game.pending())
    assert "attack seat 0" in texts(game, B)
    answer(game, "knife_response")
    open_trial(game)
    answer(game, "poll")
    assert all(d.default["text"] == "pass" for d in game.pending()) and "reveal keep" in texts(game, C)
    evening = scenario(5, phase="evening", round=3, food=9)
    assert all(d.default["text"] == "pass" for d in evening.pending())
    dodge = scenario(4, phase="afternoon", round=3, food=9)
    answer(dodge, "quest", default=None)
    if dodge.pending() and dodge.pending()[0].kind == "map_order":
        answer(dodge, "map_order", default=None)
    assert all(d.default["text"] == "pass" for d in dodge.pending())


def test_W_X14_W_X16_W_X19_W_X20_leader_variant_choices_and_defaults() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, keep={A: "F03", C: "B03"}, options={"phone_booth": True})
    open_trial(game)
    answer(game, "poll", {A: "attack seat 2"})
    answer(game, "knife_response")
    assert texts(game, A) == ["all survivors", "only knives"] and pending(game)[A].default["text"] == "only knives"
    tie = scenario(5, phase="trial", round=3, food=-9, options={"follow_the_leader": True})
    open_trial(tie)
    vote(tie, {A: C, B: D, C: D, D: C, E: B})
    assert texts(tie, A) == ["all survivors", "only tied"] and pending(tie)[A].default["text"] == "all survivors"
    born = scenario(5, phase="trial", round=3, food=-9, pers={A: "P11"}, leader=A)
    open_trial(born)
    vote(born, {A: A, B: E, C: A, D: E, E: B})
    assert pending(born)[A].default["text"] == "seat 4"  # first tied clockwise after the Leader's seat


def test_W_X22_W_X23_straws_need_no_decision_and_there_is_no_clock() -> None:
    game = scenario(5, phase="trial", round=3, food=-9)
    open_trial(game)
    vote(game, {A: C, B: D, C: D, D: C, E: B})
    assert has(game, "draws the short straw")
    for decision in game.pending():
        fields = {"id", "seat", "kind", "prompt", "options", "default", "timeout_only", "rules"}
        assert set(decision.to_dict()) == fields  # no deadline: the clock is the table's (W-X23)


# ---- ambiguities ----------------------------------------------------------------------------------------


def test_W_Q11_W_Q29_W_Q31_the_leader_draws_and_the_fallen_never_do() -> None:
    game = scenario(6, phase="trial", round=3, food=-15, sanity=15, keep={B: "F03"})
    open_trial(game)
    answer(game, "poll", {B: "attack seat 2"})
    answer(game, "knife_response")
    open_trial(game)
    vote(game, {A: D, B: E, D: E, E: D, F: A})
    line = next(x for x in log(game) if x.startswith("Straws (tie-break)"))
    assert "P1" in line and "P3" not in line.split(":")[0]


def test_W_Q13_W_Q18_the_death_event_completes_then_the_trial_ends() -> None:
    game = scenario(5, phase="trial", round=3, food=-1, sanity=9, target=17, chars={B: "CH06"})
    open_trial(game)
    vote(game, {A: B, B: A, C: B, D: B, E: B})
    assert (game.food, game.sanity, game.target) == (5, 6, 15)


def test_W_Q23_sanity_overshoot_sets_zero_and_ghosts_win() -> None:
    game = scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: "GI02"}, sanity=1)
    assert game.sanity == 0 and game.over and game.result()["winners"] == [E]  # type: ignore[index]


def test_every_kind_of_decision_asked_is_a_declared_kind_with_its_answer() -> None:
    """``DECISION_KINDS`` lists what ``Eat._resolve`` answers: random games with every variant on ask only those
    kinds, and an answer to any other kind is refused outright instead of being dropped."""
    from treachery.games.eat.rules import DECISION_KINDS

    seen: set[str] = set()
    variants = {"follow_the_leader": True, "phone_booth": True, "dwindling_resources": 2}
    for seed in range(40):
        rng = random.Random(seed)
        game = treachery.new_game("eat", players=4 + seed % 7, seed=seed, options=variants if seed % 2 else {})
        while not game.over:
            for decision in game.pending():
                seen.add(decision.kind)
                game.act_fast(decision.seat, rng.choice(decision.ids))
    assert seen <= DECISION_KINDS and len(seen) >= 12, sorted(seen)
    game = treachery.new_game("eat", players=5, seed=1)
    asked = game.pending()[0]
    game._pending = [type(asked)(asked.seat, "no such kind", asked.options, asked.id, asked.prompt, asked.default_id)]
    with pytest.raises(AssertionError, match="no such kind"):
        game._resolve({asked.seat: asked.ids[0]})


def _plain_selection(cards: object, hand: tuple[int, ...]) -> tuple[list[int], int]:
    """W-X3/W-X4 by their definition: every ordered pair of two of the hand's cards (a one-card hand plays it or
    keeps it); the timeout plays the card with the highest Play total, the first of equal ones, and keeps the first
    other card (a Ghost hand: plays its first card and keeps its second)."""
    from treachery.games.eat import catalogue as opt
    from treachery.games.eat.cards import N_SURVIVOR

    if len(hand) == 1:
        return [opt.PLAY_ONLY + hand[0], opt.KEEP_ONLY + hand[0]], opt.PLAY_ONLY + hand[0]
    ids = sorted({opt.PAIR_TABLE[a][b] for i, a in enumerate(hand) for j, b in enumerate(hand) if i != j})
    if hand[0] >= N_SURVIVOR:
        return ids, opt.pair_id(hand[0], hand[1])
    totals = [sum(v for _, v in cards.survivor[c].play) for c in hand]  # type: ignore[attr-defined]
    best = totals.index(max(totals))
    return ids, opt.pair_id(hand[best], hand[1] if best == 0 else hand[0])


def test_W_X3_W_X4_selection_options_match_their_definition() -> None:
    """The selection's options are listed from the hand's distinct cards in order, not built as a set and sorted;
    for hands of every size, with repeated cards, of Survivor and of Ghost cards, in any order, they are the
    definition's, and so is the timeout's choice."""
    from treachery.games.eat.cards import N_SURVIVOR, N_TYPES
    from treachery.games.eat.rules import _selection_options

    cards = fresh().cards
    rng = random.Random(7)
    for _ in range(3000):
        size = rng.randint(1, 7)
        low, high = (0, N_SURVIVOR - 1) if rng.random() < 0.7 else (N_SURVIVOR, N_TYPES - 1)
        hand = tuple(rng.randint(low, low + 3) if rng.random() < 0.3 else rng.randint(low, high) for _ in range(size))
        assert _selection_options(cards, hand) == _plain_selection(cards, hand), hand
        assert _selection_options(cards, hand[::-1]) == _plain_selection(cards, hand[::-1]), hand


@pytest.mark.rule("W-E5", "W-T30", "W-T31")
def test_track_changes_and_their_causes_are_signed_as_a_format_spec_signs_them() -> None:
    assert [_signed(n) for n in range(-12, 13)] == [f"{n:+d}" for n in range(-12, 13)]
    assert _causes(("2 every Evening", 2), ("Cold Night", 1), ("Terrors", 0), ("Calm", -2)) == \
        "2 every Evening, +1 Cold Night, -2 Calm"
    assert _causes(("4 Survivors", 4), ("Glutton", 0), ("Ration", 0)) == ""


def test_W_D1_W_D2_W_D3_a_track_move_is_worded_as_before_from_the_kept_texts() -> None:
    """_change words "Why: Food +3 -> 8 (cause)." from texts kept by track, change and value: every track, changes
    beyond the kept range, negative Food and a cause read exactly as the plain wording, the value clamped."""
    from treachery.games.eat.rules import FOOD, SANITY, TRACK_RANGE

    base = treachery.new_game("eat", players=5, seed=2)
    titles = ("Food", "Sanity", "Build")
    rng = random.Random(3)
    for _ in range(3000):
        game = base.clone()
        track = rng.randrange(3)
        low, high = TRACK_RANGE[track]
        start = rng.randint(low, high)
        delta = rng.choice((rng.randint(-6, 6), rng.randint(-80, 80)))
        cause = rng.choice(("", "+1 Forager"))
        if track == FOOD:
            game.food = start
        elif track == SANITY:
            game.sanity = start
        else:
            game.build = start
        logged = len(game._log)
        game._change(track, delta, ("W-T32",), "Evening", cause)
        value = min(high, max(low, start + delta))
        said = f" ({cause})" if cause else ""
        assert game._log[logged][2] == f"Evening: {titles[track]} {_signed(delta)} -> {value}{said}."
