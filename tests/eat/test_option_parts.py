"""Eat's combined choices asked as parts: the card to Play, then the card to Keep, from your own hand; many free
draws; a crowded discussion."""

from __future__ import annotations

import treachery
from tests.option_parts import MOST, check_decision, picker_steps, step_choices, walk
from tests.player_texts import card_names
from treachery.engine import Decision
from treachery.games.eat import catalogue as opt
from treachery.games.eat.cards import CARD_CODES


def test_W_X3_every_play_keep_choice_is_a_card_to_play_then_one_to_keep_from_your_hand() -> None:
    seen = 0
    for game, decision in walk("eat", [4, 7, 10], range(3)):
        if decision.kind != "select":
            assert decision.kind in ("poll", "wild_decks") and len(decision.options) > MOST
            continue
        seen += 1
        parts = game.option_parts(decision)
        hand = [CARD_CODES[c] for c in game.hands[decision.seat]]
        first = step_choices(parts, ())
        assert {group for group, _ in first} == {"Play"}
        assert len(hand) > 1  # W-T22: a single card goes to either slot: two buttons, no parts
        assert sorted(v for _, v in first) == sorted(set(hand))
        for _, card in first:
            rest = list(hand)
            rest.remove(card)
            keep = step_choices(parts, (("Play", card),))
            assert {group for group, _ in keep} == {"Keep"} and sorted(v for _, v in keep) == sorted(set(rest))
    assert seen > 20


def test_W_X3_the_parts_are_named_by_the_cards_of_the_choice() -> None:
    for game, decision in walk("eat", [5], range(1)):
        if decision.kind == "select":
            parts = game.option_parts(decision)
            for option in decision.options:
                play, keep = parts[option["id"]]
                assert option["label"] == f"Play {play['label']}, keep {keep['label']}"
            return
    raise AssertionError("no Play/Keep choice in a whole game")


def _asked(game: treachery.Game, kind: str, ids: list[int]) -> Decision:
    return Decision(0, kind, tuple(game.catalogue_in_use[i] for i in ids), 1, "", ids[0])


def test_W_X1_many_free_draws_are_how_many_from_food_then_how_the_rest_split() -> None:
    game = treachery.new_game("eat", players=5, seed=1)
    for k in range(1, opt.MAX_WILD + 1):
        decision = _asked(game, "wild_decks", opt.SPLITS_FOR[k])
        if len(decision.options) <= MOST:  # up to three free draws: ten buttons at most, as they were
            assert game.option_parts(decision) == {}
            continue
        assert check_decision(game, decision, card_names(game))
        parts = game.option_parts(decision)
        assert [v for _, v in step_choices(parts, ())] == [str(f) for f in range(k, -1, -1)]
        for option in decision.options:
            food, sanity, build = opt.SPLITS[option["id"] - opt.SPLIT]
            assert len(picker_steps(parts, option["id"])) == (1 if food == k else 2)
            assert option["label"] == f"Free draws from: Food {food}, Sanity {sanity}, Build {build}"
            if food < k:
                assert parts[option["id"]][1]["label"] == f"Sanity {sanity}, Build {build}"


def test_W_V10_W_E50_a_crowded_discussion_is_the_weapon_then_whom() -> None:
    game = treachery.new_game("eat", players=10, seed=1)
    targets = range(1, 10)
    ids = sorted([opt.PASS, opt.CALL_VOTE, *(opt.ATTACK + t for t in targets), *(opt.TUSK + t for t in targets)])
    decision = _asked(game, "poll", ids)
    assert check_decision(game, decision, card_names(game))
    parts = game.option_parts(decision)
    assert step_choices(parts, ()) == [("Attack", "knife"), ("Attack", "tusk"), ("Or", "pass"), ("Or", "call vote")]
    assert [v for _, v in step_choices(parts, (("Attack", "tusk"),))] == [f"P{t + 1}" for t in targets]
    few = _asked(game, "poll", sorted([opt.PASS, *(opt.ATTACK + t for t in targets)]))
    assert game.option_parts(few) == {}  # ten buttons: a flat list, as it was


def test_W_T22_a_single_card_to_play_or_keep_stays_two_buttons() -> None:
    game = treachery.new_game("eat", players=5, seed=1)
    decision = _asked(game, "select", [opt.PLAY_ONLY + 3, opt.KEEP_ONLY + 3])
    assert game.option_parts(decision) == {}


def test_W_X3_a_selection_option_reads_back_as_the_cards_it_was_made_from() -> None:
    """selection_of inverts pair_id for every Survivor pair and every Ghost pair, and reads Play-only and
    Keep-only choices (the Play and Keep cards the rules then place)."""
    from treachery.games.eat import catalogue as opt

    survivors, ghosts = range(opt.N_SURVIVOR), range(opt.N_SURVIVOR, opt.N_SURVIVOR + opt.N_GHOST)
    for kinds in (survivors, ghosts):
        for play in kinds:
            for keep in kinds:
                assert opt.selection_of(opt.pair_id(play, keep)) == (play, keep)
    for card in (*survivors, *ghosts):
        assert opt.selection_of(opt.PLAY_ONLY + card) == (card, -1)
        assert opt.selection_of(opt.KEEP_ONLY + card) == (-1, card)
