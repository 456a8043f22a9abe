"""The table option "balanced": the measured fix for a number the rulebook prints (docs/balance.md, the Guest).

The Character deck holds 2 Guests at 5-7 players, 3 at 8-10 and 4 at 11-12 (G-S3, printed), and 12 to 9 Votes
enter the deck (G-S12, printed); both stay the default. With the best bots the Humans then win 65-79% at 6, 7 and
9-12 players, the counts with the most Humans per Guest. This option deals one Guest more at 9, 10, 11 and 12
players, and puts fewer Votes in at 6, 7 and 10 players (at 6 and 7 a third Guest overshoots: with the best bots
the Guests won 59% at 6 and the Humans 38% at 7).
"""

from __future__ import annotations

BALANCED_GUESTS = {5: 2, 6: 2, 7: 2, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5}  # G-S3 under "balanced", per player count
BALANCED_VOTES = {6: 7, 7: 6, 10: 8}  # G-S12 under "balanced" at these counts; the printed number at the others
