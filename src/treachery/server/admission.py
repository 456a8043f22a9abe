"""Who may come in: per-client rates (the ``limits`` library) and counts of what each client holds open.

A client is its network address. Rates are moving windows kept in a ``limits`` storage (``async+memory://`` by
default; the same URI scheme takes Redis, so several server processes can share one budget). Counts of open
connections and open lobbies change on every connect and close, so they are kept as counters, each read and
updated in O(1), never by walking the rooms.

Seated players are always admitted: a seat token proves a place at a table, so no cap on spectators, no client's
connection rate and no server-wide count stands between a player and their seat (only a small cap per seat, so
one token cannot open thousands of connections).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from .room import Settings


@dataclass(frozen=True)
class Refusal:
    """Why a client was refused: an error code, a message for people, and how long to wait (seconds) if known."""

    code: str
    message: str
    retry_after: int | None = None


class Admission:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        storage = storage_from_string(settings.limits_storage)
        self.limiter = MovingWindowRateLimiter(storage)
        self.rates: dict[str, RateLimitItem] = {
            "connect": parse(settings.connect_rate),
            "create": parse(settings.create_rate),
            "join": parse(settings.join_rate),
            "info": parse(settings.info_rate),
            "replay": parse(settings.replay_rate),
        }
        self.pending: Counter[str] = Counter()  # connections that have not said hello yet, per client
        self.watching: Counter[str] = Counter()  # spectator connections, per client
        self.pending_total = 0
        self.watching_total = 0
        self.lobbies: dict[str, set[str]] = {}  # client -> the codes of its rooms still in their lobby

    async def rate(self, what: str, client: str) -> Refusal | None:
        """Counts one ``what`` (connect, create, join, info, replay) for ``client``; a Refusal once over its rate."""
        item = self.rates[what]
        if await self.limiter.hit(item, what, client):
            return None
        stats = await self.limiter.get_window_stats(item, what, client)
        return Refusal("rate_limited", f"too many requests of this kind: at most {item}",
                       max(1, int(stats.reset_time - _now())))

    # ---- connections ------------------------------------------------------------------------------

    def open_pending(self, client: str) -> Refusal | None:
        """A new connection before its hello: bounded per client and in all, since nothing is known of it yet."""
        if self.pending[client] >= self.settings.max_client_pending or self.pending_total >= self.settings.max_pending:
            return Refusal("rate_limited", "too many connections waiting to say hello")
        self.pending[client] += 1
        self.pending_total += 1
        return None

    def close_pending(self, client: str) -> None:
        self.pending[client] -= 1
        if not self.pending[client]:
            del self.pending[client]
        self.pending_total -= 1

    def open_spectator(self, client: str, in_room: int) -> Refusal | None:
        """A spectator after hello: a cap per room, per client and in all (``in_room``: the room's spectators)."""
        s = self.settings
        if in_room >= s.max_room_spectators:
            return Refusal("rate_limited", f"this room has its {s.max_room_spectators} spectators")
        if self.watching[client] >= s.max_client_connections:
            return Refusal("rate_limited", f"at most {s.max_client_connections} spectator connections per client")
        if self.watching_total >= s.max_connections:
            return Refusal("rate_limited", "the server has all the spectators it can take")
        self.watching[client] += 1
        self.watching_total += 1
        return None

    def close_spectator(self, client: str) -> None:
        self.watching[client] -= 1
        if not self.watching[client]:
            del self.watching[client]
        self.watching_total -= 1

    # ---- lobbies ----------------------------------------------------------------------------------

    def may_open_lobby(self, client: str) -> Refusal | None:
        mine = self.lobbies.get(client, set())
        if len(mine) >= self.settings.max_client_lobbies:
            return Refusal("too_many_rooms", f"at most {self.settings.max_client_lobbies} rooms waiting to start per "
                                             "client: start or leave one first")
        return None

    def lobby_opened(self, client: str, code: str) -> None:
        self.lobbies.setdefault(client, set()).add(code)

    def lobby_closed(self, code: str, client: str | None) -> None:
        """The lobby started, or expired."""
        if client is None or client not in self.lobbies:
            return
        self.lobbies[client].discard(code)
        if not self.lobbies[client]:
            del self.lobbies[client]


def _now() -> float:
    import time

    return time.time()
