"""Nightfall (4-8 players), a minimal hidden-role game kept as a test fixture: secret roles, a sealed night
kill, a sealed day vote. It uses only what docs/engine.md offers a new game."""

from .rules import Nightfall

__all__ = ["Nightfall"]
