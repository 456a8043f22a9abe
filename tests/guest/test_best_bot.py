"""The Guest's `best` bot playing the Guests: it blasts a player its belief holds a Human at 3 chances in 4 or
more (G-D2), plays Transplant between two other players (G-D5, G-H5), and votes against the likeliest Human;
the heuristic Guest does none of these. It reads only its seat's view and log: a twin the seat cannot tell apart
gets the same answers, and the same seeds give the same game."""

from __future__ import annotations

from typing import Any

import pytest

import treachery
from treachery.bots import bot_for
from treachery.bots.base import ask
from treachery.engine import Decision, Option
from treachery.games.guest.beliefs import belief
from treachery.games.guest.best import SURE_HUMAN, GuestBeliefBot
from treachery.games.guest.bots import GuestBot

from .util import P1, P2, G, H, start

TRANSPLANT_BY_P2 = [{"round": 1, "text": "P2 plays Transplant on P3 and P5.", "rules": []}]


def _answers(bot: Any, game: Any, log: list[dict[str, Any]]) -> str:
    decision = game.pending()[0]
    if isinstance(bot, GuestBeliefBot):
        return bot.choose(game.view(decision.seat), decision, log=log)["text"]
    return bot.choose(game.view(decision.seat), decision)["text"]


@pytest.mark.rule("G-D2")
def test_a_guest_blasts_a_player_it_holds_a_human_at_three_chances_in_four() -> None:
    """6 players, 2 Guests: P1 (a Guest) holds each other player a Human at 4 in 5, over the bar."""
    game = start(6, [G, H, H, G, H, H], hands={P1: ["blaster"]}, top=["bribe"])
    assert belief(game.view(P1), []).chance(P2, "Humans") == pytest.approx(0.8)
    chosen = _answers(GuestBeliefBot(0), game, [])
    assert chosen.startswith("play blaster") and chosen != "play blaster P1"
    assert _answers(GuestBot(0), game, []) == "end play"  # the heuristic Guest blasts only an announced Human


@pytest.mark.rule("G-D2")
def test_a_guest_does_not_blast_below_the_bar_and_does_once_the_table_shows_a_human() -> None:
    """8 players, 3 Guests: 5 in 7 Human for each other player is under the bar; a Transplant played by P2 (a
    Human's card, beliefs.py) lifts P2 over it, and the Guest blasts P2."""
    game = start(8, [G, H, H, G, H, H, G, H], hands={P1: ["blaster"]}, top=["bribe"])
    assert belief(game.view(P1), []).chance(P2, "Humans") < SURE_HUMAN
    assert _answers(GuestBeliefBot(0), game, []) == "end play"
    assert belief(game.view(P1), TRANSPLANT_BY_P2).chance(P2, "Humans") >= SURE_HUMAN
    assert _answers(GuestBeliefBot(0), game, TRANSPLANT_BY_P2) == "play blaster P2"
    assert _answers(GuestBot(0), game, TRANSPLANT_BY_P2) == "end play"


@pytest.mark.rule("G-H5")
def test_a_guest_transplants_two_other_players_and_never_itself() -> None:
    game = start(6, [G, H, H, G, H, H], hands={P1: ["transplant"]}, top=["bribe"])
    chosen = _answers(GuestBeliefBot(0), game, [])
    assert chosen.startswith("play transplant") and "P1" not in chosen.split()[2:]
    assert _answers(GuestBot(0), game, []) == "end play"  # the heuristic Guest never plays Transplant


@pytest.mark.rule("G-V1")
def test_a_guest_votes_against_the_player_it_holds_likeliest_human() -> None:
    """No vote is public yet, so the heuristic Guest's suspicions are level and its ballot falls by chance;
    the best bot's belief singles out P2, who played a Transplant."""
    game = start(6, [G, H, H, G, H, H])
    view = game.view(P1)
    options = tuple(Option(i, f"vote P{t + 1}", f"Vote for P{t + 1}") for i, t in enumerate(range(1, 6)))
    ballot = Decision(P1, "ballot", options, 1, "Vote", 0)
    assert {GuestBeliefBot(seed).choose(view, ballot, log=TRANSPLANT_BY_P2)["text"] for seed in range(8)} == {
        "vote P2"}
    assert len({GuestBot(seed).choose(view, ballot)["text"] for seed in range(8)}) > 1


def _position(players: int, seed: int, steps: int) -> Any:
    game = treachery.new_game("guest", players=players, seed=seed)
    bots = [bot_for("guest", "heuristic", seed * 100 + s) for s in range(players)]
    for _ in range(steps):
        if game.over:
            break
        decision = game.pending()[0]
        game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))
    return game


def test_a_twin_the_seat_cannot_tell_apart_gets_the_same_answers() -> None:
    """G-H1: the sampler's twin deals the other seats' characters and hands again; the view and log of the seat
    are the same, and so is every answer of the best bot (a bot that peeked would tell them apart)."""
    differed = asked = 0
    for seed in range(6):
        game = _position(8, seed, 40 + 7 * seed)
        if game.over:
            continue
        for decision in game.pending():
            seat = decision.seat
            twin = game.determinized(seat, seed + 500)
            differed += twin.roles() != game.roles()
            answers = [ask(GuestBeliefBot(seed), g, seat, g.pending_for(seat)[0])["id"] for g in (game, twin)]
            assert answers[0] == answers[1]
            asked += 1
    assert asked and differed, "no twin differed in a hidden role: the test compared nothing"


def test_the_same_seeds_give_the_same_game() -> None:
    records = []
    for _ in range(2):
        game = treachery.new_game("guest", players=8, seed=21)
        bots = [bot_for("guest", "best", 300 + s) for s in range(8)]
        while not game.over:
            decision = game.pending()[0]
            game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))
        records.append([entry["text"] for entry in game.log_for(None)])
    assert records[0] == records[1]
