"""The bot kind best: its social moves follow its belief, and every command seats it (the default for empty seats)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

import treachery
from treachery.bots import bot_for, bot_kinds
from treachery.bots.base import ask
from treachery.cli import app
from treachery.engine import Decision, Option
from treachery.games.guest.beliefs import belief as guest_belief
from treachery.games.menace.beliefs import belief as menace_belief
from treachery.search.flat import FlatBot
from treachery.sim import resolve_bot_kind, seat_bots
from treachery.sim.seating import BotPlan, parse_bot_plan

runner = CliRunner()


def _menace_view(players: int = 5) -> dict[str, Any]:
    """Seat 0, Crew, at 5 players: nobody's Agenda seen, the two Menace Agendas in play."""
    return {"seat": 0, "my_agenda": "The Hero", "agendas_in_play": ["The Contagion", "The Butcher"],
            "seen_agendas": {}, "round": 2, "revealed": [], "claims": [],
            "players": [{"seat": s, "alive": True, "exiled": False, "agenda": None} for s in range(players)]}


def _entry(round_no: int, text: str) -> dict[str, Any]:
    return {"round": round_no, "text": text, "rules": []}


def _lone_bad_card(placer: int) -> list[dict[str, Any]]:
    """A round in which only ``placer`` placed a card, EmMA added none, and a Bad card was revealed (M-T25..T33),
    and ``placer`` then claimed a Neutral card (M-H33)."""
    return [_entry(1, "Round 1 begins; P1 is Mission Leader."),  # the log names seat s as P(s+1)
            _entry(1, f"P{placer + 1} places a card face down."),
            _entry(1, "Resolution: 1 card played; EmMA adds 0. Energy may rise to 5."),
            _entry(1, "Revealed: Explosion."),
            _entry(1, f'P{placer + 1} says: "I played a Neutral card."')]


def test_M_T33_a_lone_bad_card_makes_its_placer_the_likeliest_menace() -> None:
    prior = menace_belief(_menace_view(), [])
    held = menace_belief(_menace_view(), _lone_bad_card(3))
    assert prior.chance(3, "menace") == 0.5
    assert held.chance(3, "menace") > 0.95
    assert held.chance(0, "crew") == pytest.approx(1.0)
    assert max(range(1, 5), key=lambda s: held.chance(s, "menace")) == 3


def test_M_V22_ballots_against_a_seat_of_ones_own_side_are_suspect() -> None:
    """Seat 3 is almost surely Menace; seat 1 voting against seat 2 rather than seat 3 counts against seat 1."""
    before = menace_belief(_menace_view(), _lone_bad_card(3))
    log = [*_lone_bad_card(3), _entry(1, "Votes: P2 → P3; P3 → P4; P5 abstains.")]
    held = menace_belief(_menace_view(), log)
    assert before.chance(1, "menace") == pytest.approx(before.chance(4, "menace"))
    assert held.chance(1, "menace") > 0.5 > held.chance(4, "menace")


def _vote_decision(seat: int, players: int) -> Decision:
    options = tuple(Option(i, f"vote seat {t}", f"Vote to Exile P{t + 1}")
                    for i, t in enumerate(s for s in range(players) if s != seat))
    options += (Option(len(options), "abstain", "Abstain"),)
    return Decision(seat, "vote", options, 1, "Vote", len(options) - 1)


def test_M_V22_the_crew_belief_bot_votes_to_exile_the_likeliest_menace_and_the_heuristic_does_not() -> None:
    view, log = _menace_view(), _lone_bad_card(3)
    best = bot_for("menace", "belief", 1)
    assert best.choose(view, _vote_decision(0, 5), log=log)["text"] == "vote seat 3"  # type: ignore[call-arg]
    assert bot_for("menace", "heuristic", 1).choose(view, _vote_decision(0, 5))["text"] == "abstain"


def test_M_H33_a_menace_belief_bot_covers_a_bad_card_with_a_category_the_pool_holds() -> None:
    view = _menace_view() | {"my_agenda": "The Butcher", "hand": [], "oxygen": 6, "energy": 2}
    bot = bot_for("menace", "belief", 2)
    bot.placed[2] = "bad"  # type: ignore[attr-defined]
    view["revealed"] = [{"card": "Explosion", "category": "Bad", "cancelled": False},
                        {"card": "Raise Morale", "category": "Good", "cancelled": False}]
    view["claims"] = []
    talk = tuple(Option(i, text, text) for i, text in enumerate(
        ("no vote", "claim good", "claim neutral", "claim bad", "claim drew")))
    said = bot.choose(view, Decision(0, "discussion", talk, 2, "Talk", 0), log=[])  # type: ignore[call-arg]
    assert said["text"] == "claim good"  # no Neutral card was revealed: only a Good claim fits the pool


def test_G_H5_a_transplant_by_a_player_counts_for_it_being_human() -> None:
    game = treachery.new_game("guest", players=6, seed=3)
    view = game.view(0)
    prior = guest_belief(view, [])
    played = [{"round": 1, "text": "P3 plays Transplant on P4 and P5.", "rules": []}]
    held = guest_belief(view, played)
    assert held.chance(2, "Guests") < prior.chance(2, "Guests")


def test_best_is_a_kind_of_every_game_and_the_default_for_empty_seats() -> None:
    for name in ("killer", "menace", "guest", "eat"):
        assert "best" in bot_kinds(name)
        assert resolve_bot_kind(name, None) == "best"
    plan = parse_bot_plan("menace", "crew=best,heuristic", ["crew", "menace"])
    assert plan.kinds(["crew", "menace", "crew"]) == ["best", "heuristic", "best"]


def test_a_batch_seats_best_unless_it_searches_and_best_searches_in_killer_eat_and_the_menace() -> None:
    """Killer's, Eat's and the Menace's best is a flat search (hundreds of milliseconds a choice): a batch told no
    kind seats the game's belief bot there (the Menace), else its heuristic, and best where it plays without
    searching (the Guest); told best, it seats the search."""
    expected = {"killer": "heuristic", "eat": "heuristic", "menace": "belief", "guest": "best"}
    for name, told_nothing in expected.items():
        assert isinstance(bot_for(name, "best", 1), FlatBot) == (told_nothing != "best")
        assert parse_bot_plan(name, None, []) == BotPlan(told_nothing)
        assert parse_bot_plan(name, "best", []) == BotPlan("best")


def test_belief_names_the_belief_bot_where_a_game_has_one() -> None:
    from treachery.games.guest.best import GuestBeliefBot
    from treachery.games.menace.best import MenaceBeliefBot, MenaceLookaheadBot

    assert type(bot_for("menace", "belief", 1)) is MenaceBeliefBot
    assert type(bot_for("menace", "best", 1)) is MenaceLookaheadBot
    assert type(bot_for("guest", "belief", 1)) is type(bot_for("guest", "best", 1)) is GuestBeliefBot
    for name in ("killer", "eat"):
        assert "belief" not in bot_kinds(name)
        with pytest.raises(ValueError, match="no 'belief' bot for"):
            bot_for(name, "belief", 1)


def test_the_commands_seat_best_bots() -> None:
    played = runner.invoke(app, ["simulate", "menace", "--players", "4", "--games", "1", "--workers", "1",
                                 "--bots", "crew=best,heuristic"])
    assert played.exit_code == 0, played.output
    played = runner.invoke(app, ["play", "guest", "--bots-only", "--players", "6", "--seed", "4", "--bots", "best"])
    assert played.exit_code == 0, played.output
    assert "Game over" in played.output


def test_a_belief_bot_asked_through_ask_reads_the_seats_log_and_plays_legal_options() -> None:
    for name, players in (("menace", 6), ("guest", 7)):
        game = treachery.new_game(name, players=players, seed=9)
        bots = [bot_for(name, "belief", s) for s in range(players)]
        while not game.over:
            decision = game.pending()[0]
            option = ask(bots[decision.seat], game, decision.seat, decision)
            assert option in decision.options
            game.act(decision.seat, option)


def test_replay_shows_a_seats_belief_round_by_round(tmp_path: Any) -> None:
    record = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "menace", "--bots-only", "--players", "5", "--seed", "3", "--bots", "belief",
                                 "--record", str(record)])
    assert played.exit_code == 0, played.output
    shown = runner.invoke(app, ["replay", str(record), "--seat", "0", "--beliefs"])
    assert shown.exit_code == 0, shown.output
    assert "What seat 0 believes" in shown.output and "menace 1.00" in shown.output
    refused = runner.invoke(app, ["replay", str(record), "--beliefs"])
    assert refused.exit_code == 2 and "--beliefs needs --seat" in refused.output


def test_eat_best_searches_every_kind_but_the_reveal_or_pass_windows() -> None:
    """A searched kind is held at the table whatever its options (bots.base.answer_hold): Eat's `best` leaves to its
    heuristic only the windows where most seats can but pass, and a new kind of decision is searched unless listed
    here."""
    from treachery.games.eat.best import EatBestBot
    from treachery.games.eat.rules import DECISION_KINDS

    assert DECISION_KINDS - EatBestBot.search_kinds == {"dodge", "evening", "knife_response", "vote_window", "rules"}
    assert EatBestBot.search_kinds <= DECISION_KINDS


@pytest.mark.parametrize(("game_name", "players"), [("menace", 8), ("guest", 12)])
def test_a_belief_bot_holds_every_answer_the_same_whatever_the_decision(game_name: str, players: int) -> None:
    """Reading the table takes longer for some seats and hands than for others (bots.beliefs.BELIEF_HOLD_PER_PLAYER),
    so the table holds each answer of the Menace's and the Guest's belief bots by the same amount: one option or
    many, any kind, any seat."""
    from treachery.bots.base import answer_hold
    from treachery.bots.beliefs import belief_hold

    game = treachery.new_game(game_name, players, 3)
    bots = seat_bots(game_name, "belief", players, 3)
    holds: set[float] = set()
    kinds: set[tuple[str, bool]] = set()
    while not game.over:
        decision = game.pending()[0]
        holds.add(answer_hold(bots[decision.seat], decision, players))
        kinds.add((decision.kind, len(decision.options) > 1))
        game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))
    assert holds == {belief_hold(players)} and belief_hold(players) >= 0.01
    assert {many for _, many in kinds} == {True, False} and len(kinds) >= 4  # one option and many, several kinds
