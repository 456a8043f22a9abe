"""This Game Is Killer: Alien on Board (3-10 players): rules spec shared/rules/this-game-is-killer.md."""

from ... import native as _native

_native.activate(__path__, __name__)  # the mypyc build of the rules, views, bots and sampler, if current

from .rules import Killer  # noqa: E402 (after the build is on the search path)

__all__ = ["Killer"]
