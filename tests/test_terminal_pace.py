"""In the terminal, a searching bot's answer comes no sooner than its hold, so how long the bots take between two
of the person's prompts tells nothing of what they hold (bots.base.answer_hold)."""

from __future__ import annotations

import time

from rich.console import Console

import treachery
from treachery.bots.base import answer_hold
from treachery.sim import seat_bots
from treachery.terminal import Quit, play_in_terminal


def test_the_bots_between_two_prompts_take_no_less_than_their_holds() -> None:
    game = treachery.new_game("killer", players=4, seed=4)
    bots = seat_bots("killer", "best", 4, 4)
    console = Console(width=140, record=True, color_system=None)
    marks = [(time.monotonic(), 0)]  # the start, each prompt, the end: when, and how many answers were in by then

    def read(_prompt: str) -> str:
        marks.append((time.monotonic(), len(game.record()["actions"])))
        if len(marks) == 3:
            raise Quit
        return ""

    try:
        play_in_terminal(console, game, 0, bots, read=read)
    except Quit:
        pass
    actions = game.record()["actions"]
    marks.append((time.monotonic(), len(actions)))
    replayed = treachery.new_game("killer", players=4, seed=4)
    held: list[float] = []  # the hold of each answer, in order (none for the person's)
    for seat, option, *_ in actions:
        decision = next(d for d in replayed.pending() if d.seat == seat)
        held.append(answer_hold(bots[seat], decision, 4) if seat != 0 else 0.0)
        replayed.act(seat, option)
    spans = [(later - earlier, sum(held[start:end]))
             for (earlier, start), (later, end) in zip(marks, marks[1:], strict=False)]
    assert sum(hold for _, hold in spans) >= 1.0  # first cards were searched and held
    assert all(took >= hold - 0.005 for took, hold in spans), spans
