"""The Killer bot that looks ahead: the heuristic bot's answer, checked by a flat search over sampled deals.

Killer hides hands, face-down Positions and the Hunting Row (K-H1..K-H19); the sampler deals what the seat
cannot see again. In each of a few dozen sampled worlds every option is played out with the heuristic bot at
every seat, the same bots for every option of a world, and the heuristic's answer is replaced only by an option
that survives clearly more often (``treachery.search.flat``)."""

from __future__ import annotations

from ...search.flat import FlatBot
from .bots import KillerBot


class KillerBestBot(FlatBot):
    heuristic = KillerBot
    reads_core = False  # as its heuristic: views are built without the core (bots.base.ask)
    worlds = 24
    margin = 1.5


LOOKAHEAD_BOT = KillerBestBot  # what `--bots lookahead` seats (not yet `best`: see docs/bots.md, Flat search)
