"""Who Should We Eat? (4-10 players): rules spec shared/rules/who-should-we-eat.md."""

from ... import native as _native

_native.activate(__path__, __name__)  # the mypyc build of the rules, views, bots and sampler, if current

from .rules import Eat  # noqa: E402 (after the build is on the search path)

__all__ = ["Eat"]
