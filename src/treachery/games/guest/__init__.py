"""The Guest (5-12 players): rules spec shared/rules/the-guest.md."""

from .rules import Guest

__all__ = ["Guest"]
