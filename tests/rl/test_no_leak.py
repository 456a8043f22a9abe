"""No leak through the research interfaces: a seat's observation vector, its text view (and, when OpenSpiel is
installed, its information-state and observation strings) are identical in two games that differ only in
what that seat may not know (K-H1 a hand, K-H9 the Hunting Row order), while the seat that may know sees it.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo tests need the rl extra: pip install -e '.[rl]'")

import treachery.rl
from treachery.agent import view_json, view_text
from treachery.rl.env import TreacheryEnv

P1, P2, P3, P4 = range(4)
ROW = ["BR", "GA", "ML", "AC", "ER", "CH"]


def _hands_setup(p2_hand: list[str], row: list[str] = ROW) -> dict[str, Any]:
    return {"first": P1, "removed": ["AL", "SB"], "hunting_row": row,
            "hands": {1: {P1: ["ML3", "GA1"], P2: p2_hand, P3: ["GA3", "BR1"], P4: ["CH1", "AC2"]}}}


def _env(setup: dict[str, Any]) -> TreacheryEnv:
    env = treachery.rl.env("killer", players=4).unwrapped
    env.reset(seed=11, options={"setup": setup})
    return env


def seen(env: TreacheryEnv, seat: int) -> tuple[bytes, bytes, str, dict[str, Any]]:
    obs = env.observe(f"player_{seat}")
    return (obs["observation"].tobytes(), obs["action_mask"].tobytes(), view_text(env.game, seat),
            view_json(env.game, seat))


def _step(env: TreacheryEnv, seat: int, text: str) -> None:
    assert env.agent_selection == f"player_{seat}"
    env.step(env.game.parse_option(text)["id"])


def test_K_H1_another_seats_hand_changes_nothing_a_seat_is_given() -> None:
    a, b = _env(_hands_setup(["BR2", "CH2"])), _env(_hands_setup(["ER1", "CH2"]))
    moves = [(P1, "action ML3"), (P1, "seat 1"), (P2, "action CH2"), (P3, "position GA3")]
    for step in range(len(moves) + 1):
        for seat in (P1, P3, P4):
            assert seen(a, seat) == seen(b, seat), f"seat {seat} tells the games apart after {step} moves"
        assert seen(a, P2)[0] != seen(b, P2)[0] and seen(a, P2)[2] != seen(b, P2)[2]  # P2 knows its hand
        if step < len(moves):
            _step(a, *moves[step])
            _step(b, *moves[step])


def test_K_H9_the_hidden_hunting_row_order_changes_nothing_anyone_is_given() -> None:
    a = _env(_hands_setup(["BR2", "CH2"]))
    b = _env(_hands_setup(["BR2", "CH2"], ["GA", "BR", "ML", "AC", "ER", "CH"]))
    assert a.game.hunting_row != b.game.hunting_row  # type: ignore[attr-defined]  # the twins really differ
    for seat in range(4):
        assert seen(a, seat) == seen(b, seat)


def test_openspiel_strings_and_tensors_do_not_leak() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (the rl extra)")
    from treachery import new_game
    from treachery.rl import openspiel

    openspiel.register(["killer"])
    game = pyspiel.load_game("python_treachery_killer(players=4)")
    info = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    obs = game.make_py_observer()

    def strings(p2_hand: list[str], seat: int) -> tuple[str, str, bytes]:
        state = game.new_initial_state()
        state.apply_action(0)
        state.game = new_game("killer", players=4, seed=11, setup=_hands_setup(p2_hand))
        obs.set_from(state, seat)
        return info.string_from(state, seat), obs.string_from(state, seat), obs.tensor.tobytes()

    for seat in (P1, P3, P4):
        assert strings(["BR2", "CH2"], seat) == strings(["ER1", "CH2"], seat)
    assert strings(["BR2", "CH2"], P2)[0] != strings(["ER1", "CH2"], P2)[0]
