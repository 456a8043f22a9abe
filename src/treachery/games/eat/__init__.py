"""Who Should We Eat? (4-10 players): rules spec shared/rules/who-should-we-eat.md."""

from .rules import Eat

__all__ = ["Eat"]
