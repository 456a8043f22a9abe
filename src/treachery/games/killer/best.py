"""The Killer bot that looks ahead: the heuristic bot's answer, checked by a flat search over sampled deals.

Killer hides hands, face-down Positions and the Hunting Row (K-H1..K-H19); the sampler deals what the seat
cannot see again. In each of a few dozen sampled worlds every option is played out with the heuristic bot at
every seat, the same bots for every option of a world, and the heuristic's answer is replaced only by an option
that survives clearly more often (``treachery.search.flat``).

Only the round's first card is searched (K-T1, K-T7: which of the two cards dealt is played first, and so
the Position and Action pair; the second card follows from it): the other decisions (targets, scans, guesses)
are the heuristic's, which measured better than searching them too (docs/bots.md, Ladder). Larger tables get
fewer rollouts than a rollout's length alone would ask (``scale_power`` 2), which keeps a decision at 10 players
well under 1 s."""

from __future__ import annotations

from ...search.flat import FlatBot
from .bots import KillerBot


class KillerBestBot(FlatBot):
    heuristic = KillerBot
    reads_core = False  # as its heuristic: views are built without the core (bots.base.ask)
    worlds = 48  # with the first card alone searched, twice the worlds fit the time and measured better
    rollouts = 480
    margin = 1.5
    search_kinds = frozenset({"first_card"})
    scale_power = 2.0
    # The longest first card measured (bench/bench_best.py --players N, Python path, a loaded 2-core machine):
    # 330 ms at 4 players, 364 at 5, 405 at 6, 431 at 7, 475 at 8; held at about 1.6 times that.
    hold_seconds = {3: 0.55, 4: 0.55, 5: 0.6, 6: 0.7, 7: 0.7, 8: 0.8, 9: 0.8, 10: 0.8}


LOOKAHEAD_BOT = KillerBestBot  # what `--bots lookahead` seats
BEST_BOT = KillerBestBot  # and `best`: above the heuristic on the ladder (docs/bots.md)
