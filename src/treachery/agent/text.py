"""A seat's view and pending decision as plain text (numbered options) or as JSON, and parsing the answer.

Everything shown comes from ``game.view(seat)``, ``game.log_for(seat)`` and that seat's own pending
decision: exactly what a person in the seat is shown, nothing more. The same text is rendered from a game
server's state frames (:class:`SeatState`), so an agent reads the same thing locally and online.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..engine import Decision, Game

LOG_LINES = 30
ANSWER_HELP = ("Answer with one line: the option number (1-{n}), or 'id N' for option id N, or the option's "
               "text (e.g. '{example}'). Lines starting with '#' are your private reasoning: they are logged "
               "for you alone and never shown to anyone else.")


def pending_for(game: Game, seat: int | None) -> Decision | None:
    """The decision pending for ``seat`` now (None if it has none, or already answered a sealed one)."""
    if seat is None:
        return None
    for decision in game.pending():
        if decision.seat == seat:
            return decision
    return None


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _inline(value: Any) -> str | None:
    """A one-line form for scalars, lists of scalars and flat mappings; None if it needs more lines."""
    if not isinstance(value, (dict, list, tuple)):
        return _scalar(value)
    if isinstance(value, (list, tuple)):
        if all(not isinstance(v, (dict, list, tuple)) for v in value):
            return ", ".join(_scalar(v) for v in value) if value else "none"
        return None
    parts = []
    for key, item in value.items():
        shown = _inline(item) if not isinstance(item, dict) else None
        if shown is None:
            return None
        parts.append(f"{key}={shown}" if not isinstance(item, (list, tuple)) else f"{key}=[{shown}]")
    return "; ".join(parts) if parts else "none"


def _lines(value: Any, indent: str, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            shown = _inline(item)
            if shown is not None:
                out.append(f"{indent}{key}: {shown}")
            else:
                out.append(f"{indent}{key}:")
                _lines(item, indent + "  ", out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            shown = _inline(item)
            if shown is not None:
                out.append(f"{indent}- {shown}")
            else:
                out.append(f"{indent}-")
                _lines(item, indent + "  ", out)
    else:
        out.append(f"{indent}{_scalar(value)}")


@dataclass(frozen=True)
class Asked:
    """A decision as an agent is asked it: from the engine (:meth:`of`) or from a server's state frame
    (:meth:`from_frame`); the text, the JSON document and answer parsing read only these fields."""

    id: int
    kind: str
    prompt: str
    default_id: int
    options: tuple[dict[str, Any], ...]  # each with "id", "text", "label"

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(o["id"] for o in self.options)

    @classmethod
    def of(cls, decision: Decision) -> Asked:
        return cls(decision.id, decision.kind, decision.prompt, decision.default_id, tuple(decision.options))

    @classmethod
    def from_frame(cls, decision: dict[str, Any]) -> Asked:
        options = tuple({"id": o["id"], "text": o["text"], "label": o["label"]} for o in decision["options"])
        return cls(decision["id"], decision["kind"], decision["prompt"], decision["default"], options)


@dataclass(frozen=True)
class SeatState:
    """Everything one seat is given at one moment: its view, its whole log, its own decision, the end."""

    name: str
    title: str
    players: int
    seat: int | None
    view: dict[str, Any]
    log: list[dict[str, Any]]
    decision: Asked | None
    over: bool
    result: dict[str, Any] | None
    waiting_for: list[int]
    role_card: dict[str, Any] | None = None  # who you are, how you win, what you can do (player words)

    @classmethod
    def of(cls, game: Game, seat: int | None) -> SeatState:
        decision = pending_for(game, seat)
        view = game.view(seat)  # who is still to answer comes from the view, as the game's rules show it
        return cls(game.name, game.title or game.name, game.players, seat, view, game.log_for(seat),
                   Asked.of(decision) if decision is not None else None, game.over,
                   game.result() if game.over else None, list(view.get("waiting_for", [])),
                   game.role_card(seat) if seat is not None else None)


def render_text(state: SeatState, log_lines: int = LOG_LINES) -> str:
    """The plain text of :func:`view_text` from a :class:`SeatState` (a local game or a server's frames)."""
    who = f"seat {state.seat} (P{state.seat + 1})" if state.seat is not None else "spectator"
    out = [f"{state.title} ({state.name}), {state.players} players. You are {who}."]
    card = state.role_card
    if card:
        out.append("")
        out.append(f"== Who you are: {card['title']}" + (f" ({card['side']})" if card.get("side") else "") + " ==")
        if card.get("fate"):
            fate = card["fate"]
            out.append(" ".join(x for x in (fate["title"] + ".", fate.get("why") or "", fate.get("still") or "") if x))
        for key, title in (("character", "Character"), ("who", ""), ("goal", "How you win"),
                           ("personal_goal", "Your personal goal")):
            if card.get(key):
                out.append(f"{title}: {card[key]}" if title else str(card[key]))
        for key, title in (("abilities", "Your abilities"), ("choices", "Characters to choose from")):
            out.extend([f"{title}:"] + [f"- {a['name']}: {a['text']}" for a in card[key]] if card.get(key) else [])
        out.extend(["What you can do:"] + [f"- {line}" for line in card["can"]] if card.get("can") else [])
    out.append("")
    out.append("== What you see ==")
    _lines(state.view, "", out)
    events = state.log
    if log_lines and events:
        shown = events[-log_lines:]
        out.append("")
        out.append(f"== Latest events ({len(shown)} of {len(events)}) ==")
        out.extend(f"[round {e['round']}] {e['text']}" for e in shown)
    out.append("")
    decision = state.decision
    if state.over:
        out.append("== The game is over ==")
        result = state.result or {}
        if result.get("summary"):
            out.append(str(result["summary"]))
        out.append(f"winners: {_inline(result.get('winners', []))}; reason: {result.get('reason', '?')}")
        for seat, role in sorted((result.get("roles") or {}).items(), key=lambda item: int(item[0])):
            out.append(f"P{int(seat) + 1}: {role}; side {result['sides'][seat]}")
    elif decision is None:
        out.append(f"== Nothing for you to decide now (waiting for seat(s) {_inline(state.waiting_for)}) ==")
    else:
        out.append(f"== Your decision ({decision.kind}, decision {decision.id}) ==")
        out.append(decision.prompt)
        for number, option in enumerate(decision.options, 1):
            mark = "  (default)" if option["id"] == decision.default_id else ""
            out.append(f"{number}. {option['label']}  [id {option['id']}: {option['text']}]{mark}")
        out.append(ANSWER_HELP.format(n=len(decision.options), example=decision.options[0]["text"]))
    return "\n".join(out) + "\n"


def render_json(state: SeatState, log_lines: int = LOG_LINES) -> dict[str, Any]:
    """The JSON document of :func:`view_json` from a :class:`SeatState`."""
    decision = state.decision
    document: dict[str, Any] = {
        "game": state.name,
        "title": state.title,
        "players": state.players,
        "seat": state.seat,
        "view": state.view,
        "log": state.log[-log_lines:] if log_lines else [],
        "over": state.over,
        "result": state.result,
        "decision": None,
    }
    if decision is not None:
        document["decision"] = {
            "id": decision.id,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "default": decision.default_id,
            "options": [{"number": n, "id": o["id"], "text": o["text"], "label": o["label"]}
                        for n, o in enumerate(decision.options, 1)],
        }
    return document


def view_text(game: Game, seat: int | None, log_lines: int = LOG_LINES) -> str:
    """Plain text: the seat's view, its latest log lines, and its pending decision with numbered options."""
    return render_text(SeatState.of(game, seat), log_lines)


def view_json(game: Game, seat: int | None, log_lines: int = LOG_LINES) -> dict[str, Any]:
    """The same as :func:`view_text`, as a JSON-ready document that :func:`view_schema` describes."""
    return render_json(SeatState.of(game, seat), log_lines)


def view_schema() -> dict[str, Any]:
    """JSON Schema (2020-12) of :func:`view_json`'s document. ``view`` is the game's own view: an object."""
    option = {
        "type": "object",
        "required": ["number", "id", "text", "label"],
        "properties": {
            "number": {"type": "integer", "minimum": 1, "description": "what to answer: the option's number"},
            "id": {"type": "integer", "minimum": 0, "description": "stable id in the game's action catalogue"},
            "text": {"type": "string", "description": "short text form, also accepted as an answer"},
            "label": {"type": "string", "description": "what people read"},
        },
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "treachery seat view",
        "type": "object",
        "required": ["game", "title", "players", "seat", "view", "log", "over", "result", "decision"],
        "properties": {
            "game": {"type": "string"},
            "title": {"type": "string"},
            "players": {"type": "integer", "minimum": 1},
            "seat": {"type": ["integer", "null"], "minimum": 0},
            "view": {"type": "object", "description": "everything this seat may know (the game's view)"},
            "log": {"type": "array", "items": {
                "type": "object", "required": ["round", "text", "rules"],
                "properties": {"round": {"type": "integer"}, "text": {"type": "string"},
                               "rules": {"type": "array", "items": {"type": "string"}}}}},
            "over": {"type": "boolean"},
            "result": {"type": ["object", "null"]},
            "decision": {"oneOf": [{"type": "null"}, {
                "type": "object",
                "required": ["id", "kind", "prompt", "default", "options"],
                "properties": {
                    "id": {"type": "integer"},
                    "kind": {"type": "string"},
                    "prompt": {"type": "string"},
                    "default": {"type": "integer", "description": "the option id taken on timeout"},
                    "options": {"type": "array", "minItems": 1, "items": option},
                },
                "additionalProperties": False,
            }]},
        },
        "additionalProperties": False,
    }


_ID = re.compile(r"^id\s*[:= ]?\s*(\d+)$", re.IGNORECASE)


def parse_answer(output: str, decision: Decision | Asked) -> tuple[int | None, list[str], str | None]:
    """An agent's output -> (chosen option id or None, its private reasoning lines, what was wrong or None).

    Lines starting with ``#`` are reasoning. The first other non-empty line is the answer: an option
    number (1-based), ``id N``, or an option's text (case-insensitive). Anything else is a bad answer.
    """
    reasoning: list[str] = []
    answer: str | None = None
    for raw in output.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            reasoning.append(line[1:].strip())
        elif line and answer is None:
            answer = line
    if answer is None:
        return None, reasoning, "no answer given"
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(decision.options):
            return decision.options[number - 1]["id"], reasoning, None
        return None, reasoning, f"option number {number} is not between 1 and {len(decision.options)}"
    matched = _ID.match(answer)
    if matched:
        option_id = int(matched.group(1))
        if option_id in decision.ids:
            return option_id, reasoning, None
        return None, reasoning, f"id {option_id} is not one of this decision's option ids {list(decision.ids)}"
    wanted = " ".join(answer.lower().split())
    for option in decision.options:
        if wanted in (option["text"].lower(), option["label"].lower()):
            return option["id"], reasoning, None
    return None, reasoning, f"{answer[:80]!r} is neither an option number, 'id N', nor an option's text"
