"""The public-view core every game's view carries under ``view["core"]`` (docs/engine.md, "The view core").

It is what the shared layers read, so they never need a game's own vocabulary or keys:

    {"time": {"round": 3, "label": "Round 3 of 20 · reveal"},        # the round or turn as players name it
     "seats": [{"seat": 0, "in": True, "state": "In play",            # each seat: still in the game or out,
                "badges": ["Leader", "2 cards in hand"]}],  # and its public badges, player-facing
     "private": [{"label": "Your hand", "value": ["Lantern (C3)"], "keys": ["hand"]}]}  # only this seat's

``private`` is None in the spectator view and lists what only the viewing seat knows; ``keys`` names the view's
own top-level keys that hold the same thing (if any), so a generic client shows them here and not as table facts.
A game builds its core from the view it has just built for that seat (``Game._core``), so the core can say
nothing the view does not.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def seat_core(seat: int, in_game: bool, state: str, badges: Iterable[str | None] = ()) -> dict[str, Any]:
    """One seat of the core: ``in_game`` False once the seat is out for good (dead, ejected, fallen)."""
    return {"seat": seat, "in": in_game, "state": state, "badges": [b for b in badges if b]}


def private_fact(label: str, value: Any, keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """One thing only the viewing seat knows: the label people read, a JSON value (text, number or list of
    texts), and the top-level keys of the game's own view that hold it."""
    return {"label": label, "value": value, "keys": list(keys)}


def view_core(round_no: int, label: str, seats: list[dict[str, Any]],
              private: list[dict[str, Any]] | None) -> dict[str, Any]:
    return {"time": {"round": round_no, "label": label}, "seats": seats, "private": private}


def final_facts(game: Any) -> tuple[int, int]:
    """(rounds played, seats out) from the public view's core: the round or turn it ended in, and the seats no
    longer in the game (the simulator's statistics and the transcripts' last line)."""
    known = game._round_and_out()  # the same facts without a whole view, where the game can say them
    if known is not None:
        return known
    core = game.view(None)["core"]
    return int(core["time"]["round"]), sum(1 for seat in core["seats"] if not seat["in"])


def check_core(core: Any, players: int, seat: int | None) -> None:
    """Raises AssertionError naming what is wrong with a view's core (the shared engine tests run it on every
    view of every game)."""
    assert isinstance(core, dict) and set(core) == {"time", "seats", "private"}, f"core keys: {core!r}"
    time = core["time"]
    assert isinstance(time, dict) and isinstance(time.get("round"), int) and isinstance(time.get("label"), str)
    assert time["label"], "the core's time needs a label people read"
    seats = core["seats"]
    assert isinstance(seats, list) and [s.get("seat") for s in seats] == list(range(players)), "one entry a seat"
    for entry in seats:
        assert set(entry) == {"seat", "in", "state", "badges"}, entry
        assert isinstance(entry["in"], bool) and isinstance(entry["state"], str) and entry["state"]
        assert isinstance(entry["badges"], list) and all(isinstance(b, str) and b for b in entry["badges"])
    private = core["private"]
    if seat is None:
        assert private is None, "a spectator has no private block"
        return
    assert isinstance(private, list), "a seat's core has a private block (a list, maybe empty)"
    for fact in private:
        assert set(fact) == {"label", "value", "keys"} and isinstance(fact["label"], str) and fact["label"], fact
        assert all(isinstance(k, str) for k in fact["keys"]), fact
