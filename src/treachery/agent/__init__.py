"""Interfaces for AI agent programs: a seat's view as text or JSON, and seating a program in a game.

    from treachery.agent import view_text
    print(view_text(game, seat))        # the view, latest events and the numbered options

``treachery.agent.online.play_online`` seats the same kind of program in a room of ``treachery serve``.
"""

from __future__ import annotations

from .runner import AgentReport, ask_program, run_agent_game
from .text import (
    Asked,
    SeatState,
    parse_answer,
    pending_for,
    render_json,
    render_text,
    view_json,
    view_schema,
    view_text,
)

__all__ = ["AgentReport", "Asked", "SeatState", "ask_program", "parse_answer", "pending_for", "render_json",
           "render_text", "run_agent_game", "view_json", "view_schema", "view_text"]
