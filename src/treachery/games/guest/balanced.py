"""The table option "balanced": the measured fix for a number the rulebook prints (docs/balance.md, the Guest).

The Character deck holds 2 Guests at 5-7 players, 3 at 8-10 and 4 at 11-12 (G-S3, printed), and that stays the
default. With the best bots the Humans then win 65-79% at 6, 7 and 9-12 players, the counts with the most Humans
per Guest; this option deals one Guest more there.
"""

from __future__ import annotations

BALANCED_GUESTS = {5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5}  # G-S3 under "balanced", per player count
