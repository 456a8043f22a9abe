"""The Menace Among Us (4-8 players): rules spec shared/rules/the-menace-among-us.md."""

from .rules import Menace

__all__ = ["Menace"]
