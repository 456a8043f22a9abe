"""Hidden information (W-H*): twin games that differ only in what a seat may not know look identical to it.

Each test builds two games that differ in one hidden fact, plays the same moves in both and checks that
every seat not entitled to the fact gets identical views, logs, pending decisions and waiting lists.
"""

from __future__ import annotations

from typing import Any

import pytest

import treachery
from treachery.games.eat.rules import Eat

from .util import A, B, C, D, E, answer, auto, has, open_trial, scenario


def seen(game: Eat, seat: int | None) -> Any:
    mine = [d.to_dict() for d in game.pending() if d.seat == seat]
    return (game.view(seat), game.log_for(seat), mine)  # the view's waiting_for lists the whole group (W-H27)


def assert_twins(one: Eat, two: Eat, blind: list[int | None]) -> None:
    for seat in blind:
        assert seen(one, seat) == seen(two, seat), f"seat {seat} can tell the twins apart"


def both(games: tuple[Eat, Eat], kind: str, moves: dict[int, str] | None = None, default: str | None = "pass") -> None:
    for game in games:
        answer(game, kind, moves, default)


def test_W_H9_W_H10_hands_are_seen_only_by_their_owner_but_draw_decks_are_public() -> None:
    """Seat B's two food draws differ between the twins; A, C, D and the public cannot tell."""
    chars = {A: "CH06", B: "CH03", C: "CH05", D: "CH04"}  # Brick 1F 1B, Big Lou 2F 1S, Agnes 2S 1B, Mags 1F 2B
    pers = {A: "P05", B: "P06", C: "P07", D: "P14"}
    twins = tuple(scenario(4, chars=chars, pers=pers, decks={"food": ["F01", first, second, "F02"]})
                  for first, second in (("F05", "F06"), ("F08", "F10")))
    one, two = twins  # type: ignore[misc]
    assert one.pending()[0].kind == "select"
    assert_twins(one, two, [None, A, C, D])
    assert seen(one, B) != seen(two, B)
    assert has(one, "P2 2 Food 1 Sanity")  # W-H10: which deck each draw came from is public


@pytest.mark.rule("W-H14")
def test_W_H11_W_H12_play_and_keep_cards_stay_hidden_until_revealed() -> None:
    """B's Play and Keep cards differ; before B's Afternoon turn nobody else can tell (W-H11), then the Play
    card is public (W-H12) while the Keep card still is not (W-H14)."""
    twins = tuple(scenario(5, phase="afternoon", round=3, ghosts=[E], play={B: p, E: "GI09"}, keep={B: k},
                           quests={"selection": ["QU11", "QU10", "QU05"]}, leader=C)
                  for p, k in (("F01", "S02"), ("F05", "S04")))
    one, two = twins  # type: ignore[misc]
    assert_twins(one, two, [None, A, C, D, E])
    assert one.view(B)["players"][B]["play"] != two.view(B)["players"][B]["play"]
    for game in twins:
        auto(game, "dodge")
    assert_twins(one, two, [None, A, C, D, E])
    both(twins, "dodge")
    assert has(one, "P2 reveals Coconuts (F01)") and has(two, "P2 reveals Raw Grubs (F05)")
    assert not has(one, "Harmonica") and not has(two, "Whiskey")


@pytest.mark.rule("W-H20")
def test_W_H22_W_H27_keep_windows_are_offered_to_everyone_whatever_they_hold() -> None:
    """B holds a Knife in one twin and a Coconuts in the other: every poll, window and vote looks the same to the
    others as long as B passes (W-H20: passes are not shown before the window closes)."""
    twins = tuple(scenario(5, phase="trial", round=3, food=-2, keep={B: k}, pers={B: "P05"})
                  for k in ("F03", "F01"))
    one, two = twins  # type: ignore[misc]
    for step in ("rules", "poll", "vote_window"):
        assert_twins(one, two, [None, A, C, D, E])
        both(twins, step, default="open discussion" if step == "rules" else "pass")
    assert_twins(one, two, [None, A, C, D, E])
    assert [d.kind for d in one.pending()] == ["vote"] * 5


def test_W_H8_W_Q19_which_discard_pile_a_step_d_discard_entered_is_hidden() -> None:
    """B throws away a Food card and C a Sanity card in one twin, the other way round in the other: the pile
    sizes only change together after step d and the log gives only counts."""
    chars = {A: "CH06", B: "CH09", C: "CH12", D: "CH04"}
    pers = {A: "P05", B: "P06", C: "P07", D: "P14"}
    one = scenario(4, chars=chars, pers=pers, decks={"food": ["F01", "F02", "F02", "F03"],
                                                          "sanity": ["S01", "S02", "S02"], "build": ["B01", "B02"]})
    two = scenario(4, chars=chars, pers=pers, decks={"food": ["F01", "F02", "F02", "F03"],
                                                          "sanity": ["S01", "S02", "S02"], "build": ["B01", "B02"]})
    # B (Reginald: 1F 1S 1B) plays Build, keeps one of Food/Sanity and discards the other; C (Lind 1F 2S) alike.
    b_hand, c_hand = one.hands[B], one.hands[C]
    assert b_hand == two.hands[B] and c_hand == two.hands[C]
    from treachery.games.eat.cards import CARD_CODES as CODES

    bf, bs, bb = b_hand
    cf, cs1, _cs2 = c_hand
    moves_one = {B: f"play {CODES[bb]} keep {CODES[bs]}".lower(), C: f"play {CODES[cs1]} keep {CODES[cf]}".lower()}
    moves_two = {B: f"play {CODES[bb]} keep {CODES[bf]}".lower(), C: f"play {CODES[cs1]} keep {CODES[_cs2]}".lower()}
    answer(one, "select", moves_one, default=None)
    answer(two, "select", moves_two, default=None)
    # one: B discards Food, C discards Sanity; two: B discards Sanity, C discards Food
    assert one.view(None)["discard_piles"] == two.view(None)["discard_piles"]
    assert_twins(one, two, [None, A, D])
    assert bf != bs


def test_W_H13_a_card_removed_unrevealed_stays_hidden_but_its_pile_is_public() -> None:
    twins = tuple(scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: "GI06"}, keep={B: k}, leader=A)
                  for k in ("F01", "F05"))
    one, two = twins  # type: ignore[misc]
    both(twins, "ghost_target", default="seat 1")
    assert has(one, "Snatch: P2's Keep card goes unseen to the Food discard pile")
    assert_twins(one, two, [None, A, C, D, E])


def test_W_H16_W_E35_spectral_sight_shows_the_keep_card_to_the_ghost_only() -> None:
    twins = tuple(scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: "GI05"}, keep={B: k}, leader=A)
                  for k in ("F01", "F05"))
    one, two = twins  # type: ignore[misc]
    both(twins, "ghost_target", default="seat 1")
    assert has(one, "Spectral Sight: P2's Keep card is Coconuts (F01)", E)
    assert not has(one, "Coconuts", A)
    assert_twins(one, two, [None, A, C, D])
    assert seen(one, E) != seen(two, E)


def test_W_H17_W_T23_the_medium_alone_sees_the_ghost_play_cards() -> None:
    twins = tuple(scenario(5, phase="afternoon", round=3, ghosts=[E], play={E: p}, held={C: ["QU15"]}, leader=A)
                  for p in ("GI09", "GI01"))
    one, two = twins  # type: ignore[misc]
    lines = [e["text"] for e in one.log_for(C)]
    seen_at = next(i for i, x in enumerate(lines) if x.startswith("Medium: you see the Ghosts' Play cards: P5: Cold"))
    assert seen_at < next(i for i, x in enumerate(lines) if x.startswith("P5's Ghost plays"))
    for seat in (None, A, B, D, E):
        assert not has(one, "Medium", seat) and not has(two, "Medium", seat)


def test_W_H6_W_E51_map_the_island_is_seen_by_the_leader_only() -> None:
    twins = tuple(scenario(4, phase="afternoon", round=2, quests={"selection": ["QU11", "QU01", "QU02"],
                                                                  "deck": deck})
                  for deck in (["QU03", "QU04", "QU05", "QU06"], ["QU05", "QU03", "QU04", "QU06"]))
    one, two = twins  # type: ignore[misc]
    both(twins, "quest", default="quest qu11")
    assert one.pending()[0].kind == "map_order"
    assert_twins(one, two, [None, B, C, D])
    assert seen(one, A) != seen(two, A)
    both(twins, "map_order", default=None)
    assert_twins(one, two, [None, B, C, D])


def test_W_H15_W_Q20_a_ghost_keep_card_is_never_shown() -> None:
    twins = tuple(scenario(5, round=3, ghosts=[E], keep={E: k}) for k in ("GI01", "GH06"))
    one, two = twins  # type: ignore[misc]
    assert one.hands[E][0] == 31 and two.hands[E][0] == 46  # W-T11: it starts the Ghost's hand
    assert_twins(one, two, [None, A, B, C, D])


@pytest.mark.rule("W-H26")
def test_W_H4_W_H5_box_and_pile_orders_stay_hidden_until_the_end() -> None:
    game = treachery.new_game("eat", players=5, seed=3)
    view = game.view(0)
    assert view["box_at_setup"] == 3 and "box_at_setup_cards" not in view
    assert set(view["draw_piles"]) == {"food", "sanity", "build", "ghost"}
    assert all(isinstance(v, int) for v in view["draw_piles"].values())
    import random

    from tests import conformance
    conformance.random_playout(game, random.Random(3))
    end = game.view(1)  # W-H26: after the end, everything may be shown
    assert len(end["box_at_setup_cards"]) == 3 and "quest_deck" in end


def test_W_H18_straws_announce_only_the_loser() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, straws=[C])
    open_trial(game)
    answer(game, "poll")
    answer(game, "vote_window")
    answer(game, "vote", {A: "vote seat 1", B: "vote seat 2", C: "vote seat 1", D: "vote seat 2", E: "vote seat 3"})
    line = next(x for x in (e["text"] for e in game.log_for(None)) if x.startswith("Straws"))
    assert line.endswith("P3 draws the short straw.")
    assert "seed" not in str(game.view(None)) and "rng" not in str(game.view(None))


def test_W_H19_W_H20_votes_and_window_answers_stay_sealed_until_all_are_in() -> None:
    game = scenario(5, phase="trial", round=3, food=-9, keep={B: "S02"})
    open_trial(game)
    answer(game, "poll")
    before = seen(game, A)
    game.act(B, "reveal keep")
    assert seen(game, A) == before
    for seat in (A, C, D, E):
        game.act(seat, "pass")
    assert has(game, "P2 reveals Harmonica (S02) (Loud)")
    before = seen(game, C)
    game.act(A, "vote seat 3")
    assert seen(game, C) == before
    assert not has(game, "Votes:")


def test_W_H1_W_H2_W_H3_W_H28_public_table_facts_are_in_every_view() -> None:
    game = scenario(6, round=4, phase="afternoon", ghosts=[F := 5], haunts={B: "GH06"}, held={C: ["QU10"]},
                    paranoid_used=[D], pers={D: "P10"}, cold_nights=1, ill_wind="QU01",
                    quests={"selection": ["QU01", "QU02", "QU03"]})
    assert F == 5
    for seat in (None, A, 5):
        view = game.view(seat)
        players = view["players"]
        assert players[B]["haunt"] == "GH06" and players[C]["quests"] == ["QU10"]
        assert players[D]["personality"] == "P10" and players[D]["paranoid_used"]
        assert players[5]["status"] == "ghost" and players[5]["name"].endswith("'s Ghost")
        assert players[A]["meat"] is not None and view["leader"] == A
        assert (view["food"], view["sanity"], view["build"]) == (game.food, game.sanity, game.build)
        assert view["raft_target"] == game.target and view["ill_wind"] == "QU01" and view["cold_nights"] == 1
        assert view["quest_selection"] == ["QU01", "QU02", "QU03"]


def test_W_H21_W_H23_W_H24_the_public_log_never_names_a_hidden_card() -> None:
    import random

    from treachery.games.eat.cards import load_cards

    names = [c.name for c in load_cards().survivor] + [g.name for g in load_cards().ghost]
    for seed in range(6):
        game = treachery.new_game("eat", players=6, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            for entry in game.log_for(None):
                text = entry["text"]
                if "You " in text or text.startswith("You"):
                    raise AssertionError(f"private text in the public log: {text}")
            decision = game.pending()[0]
            game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        private = [e for e in game._log if e[0] is not None]
        assert private and all(e[0] in range(6) for e in private)
    assert names


def test_W_H25_forage_extra_draws_are_public() -> None:
    game = scenario(4, round=2, keep={B: "F02"}, chars={B: "CH06"})
    auto(game, "select")
    assert has(game, "P2's picked-up Keep card is a Forage card: one extra draw from the Food deck")


def test_W_H7_discard_contents_never_reach_a_view() -> None:
    game = treachery.new_game("eat", players=5, seed=2)
    auto(game, "dodge")
    view = game.view(0)
    assert all(isinstance(v, int) for v in view["discard_piles"].values())
    assert "discards" not in view
