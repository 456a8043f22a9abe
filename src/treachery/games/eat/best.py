"""The Who Should We Eat? bot that looks ahead: the heuristic bot's answer, checked by a flat search over
sampled worlds.

Eat hides hands, the decks, what each player kept and played face down; the sampler deals what the seat cannot
see again. In each sampled world every option (a random subset, with the heuristic's answer, when a choice has
many) is played out with the heuristic bot at every seat, the same bots for every option of a world, and the
heuristic's answer is replaced only by an option that wins clearly more often (``treachery.search.flat``)."""

from __future__ import annotations

from ...search.flat import FlatBot
from .bots import EatBot


class EatBestBot(FlatBot):
    heuristic = EatBot
    reads_core = False  # as its heuristic: views are built without the core (bots.base.ask)
    worlds = 24
    margin = 1.5
    rollouts = 96  # a rollout here is long (whole raft): keeps a decision at 10 players under 1 s
    # Every kind but the windows to reveal a Keep card or pass (W-T29, dodge, responses): at most seats they offer a
    # pass alone, yet a searched kind is held whatever its options (bots.base.answer_hold), a hold per bot at each
    # window; the heuristic answers them at once.
    search_kinds = frozenset({"skip_draw", "wild_decks", "select", "ghost_target", "quest", "map_order", "poll",
                              "phone_booth", "exemption", "vote", "born_leader", "tie_choice"})
    # The longest decision measured (bench/bench_best.py --players N, Python path, a loaded 2-core machine): 119 ms
    # at 4 players, 150 at 6 and 7, 269 at 8, 359 at 10; held at about 1.6 times that.
    hold_seconds = {4: 0.25, 5: 0.25, 6: 0.3, 7: 0.3, 8: 0.5, 9: 0.5, 10: 0.6}


LOOKAHEAD_BOT = EatBestBot  # what `--bots lookahead` seats
BEST_BOT = EatBestBot  # and `best`: above the heuristic on the ladder (docs/bots.md)
