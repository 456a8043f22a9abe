"""The Menace Among Us (4-8 players): rules spec shared/rules/the-menace-among-us.md."""

from ... import native as _native

_native.activate(__path__, __name__)  # the mypyc build of the rules, views, bots and sampler, if current

from .rules import Menace  # noqa: E402 (after the build is on the search path)

__all__ = ["Menace"]
