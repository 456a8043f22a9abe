"""This Game Is Killer: Alien on Board (3-10 players): rules spec shared/rules/this-game-is-killer.md."""

from .rules import Killer

__all__ = ["Killer"]
