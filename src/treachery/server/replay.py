"""Step-by-step replays of finished games, as one seat, as a spectator, or with everything revealed.

The record is replayed once and each step keeps a snapshot of what the viewer may know after that action: its
view, the log entries that action added for it, and the action itself only where it is the viewer's own (another
seat's choice shows in the log when the rules make it public, never through the replay's own fields).
"""

from __future__ import annotations

import json
from typing import Any

from .. import new_game
from ..engine import TIMEOUT, Game

ALL, SPECTATOR = "all", "spectator"


def parse_as(value: str, players: int) -> int | str | None:
    """``all``, ``spectator`` or a seat number of this game; None for anything else."""
    if value in (ALL, SPECTATOR):
        return value
    if value.isascii() and value.isdigit() and int(value) < players:  # isdigit alone takes "²"; int() does not
        return int(value)
    return None


def build(record: dict[str, Any], names: list[str | None], who: int | str) -> dict[str, Any]:
    """The whole replay of a finished game's ``record`` for ``who`` (a seat, ``spectator`` or ``all``)."""
    game = new_game(record["game"], record["players"], record["seed"], record["options"], record["setup"])
    seat = who if isinstance(who, int) else None
    position = 0
    steps: list[dict[str, Any]] = []

    def snapshot(action: dict[str, Any] | None) -> None:
        nonlocal position
        step: dict[str, Any] = {"index": len(steps), "action": action, "view": game.view(seat)}
        if who == ALL:
            step["views"] = [game.view(s) for s in range(game.players)]
            step["log"] = _every_entry(game, position)
            position = len(game._log)
        else:
            step["log"], position = game.log_since(seat, position)
        steps.append(step)

    snapshot(None)
    for entry in record["actions"]:
        actor, option = entry[0], entry[1]
        timed_out = len(entry) > 2 and entry[2] == TIMEOUT
        (decision,) = game.pending_for(actor)
        chosen = decision.default if timed_out else next(o for o in decision.options if o["id"] == option)
        worded = game.option_labels(decision).get(chosen["id"], chosen["label"])  # as the table showed it
        if timed_out:
            game.timeout(actor)
        else:
            game.act(actor, option)
        if who == ALL or who == actor:
            action = {"seat": actor, "text": chosen["text"], "label": worded, "timeout": timed_out}
        else:
            action = {"seat": actor, "text": None, "label": None, "timeout": None}
        snapshot(action)
    return _json_safe({"game": record["game"], "players": record["players"], "names": names,
                       "as": who, "result": game.result(), "steps": steps,
                       "cards": game.card_texts()})  # the card reference: names in the replay show their texts


def _every_entry(game: Game, position: int) -> list[dict[str, Any]]:
    """All revealed: every event since ``position`` with the seat it was shown to (None: everybody)."""
    return [{"round": rnd, "text": text, "rules": list(rules), "seat": audience}
            for audience, rnd, text, rules in game._log[position:]]


def _json_safe(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def gzipped(code: str, record: dict[str, Any], names: list[str | None], who: int | str) -> bytes:
    """The replay as the HTTP answer sends it: compact JSON, gzipped (whole views at every step repeat a lot).
    Runs in the replay builder's own process (``replay_builder``), so a long build never holds up the rooms."""
    import gzip

    from .. import game_class

    built = {"room": code, **build(record, names, who),
             "seat_labels": [game_class(record["game"]).seat_label(i) for i in range(record["players"])]}
    return gzip.compress(json.dumps(built, separators=(",", ":")).encode(), compresslevel=6)
