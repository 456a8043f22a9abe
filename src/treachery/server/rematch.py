"""Play again: a finished room's host opens a new room with the same game, options, bots and clocks, and the same
people already seated (in the same seats, or shuffled). Every token carries over: each person's seat token holds
their seat in the new room and the host's token is the new room's host token, so nobody joins again and no secret
is sent. Each connection of the finished room is sent a ``rematch`` frame: the new room, and to a seat's own
connections the seat it plays there.

The finished room records its rematch in the store (``rooms.rematch``): a person who comes back to its link later,
after it left memory or the server restarted, is told the same.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from . import store as db
from .room import Room, RoomError, Rooms, Subscriber


@dataclass
class Rematch:
    code: str  # the new room
    seats: dict[int, int] = field(default_factory=dict)  # old seat -> new seat, for each person playing again

    def frame(self, old_seat: int | None) -> str:
        """What a connection of ``old_seat`` (None: a spectator) is sent: where the new game is and, to a person
        who plays in it, their seat there (their token is the one they hold)."""
        if old_seat is None or old_seat not in self.seats:
            return json.dumps({"type": "rematch", "room": self.code})
        return json.dumps({"type": "rematch", "room": self.code, "seat": self.seats[old_seat]})


async def play_again(rooms: Rooms, room: Room, host_token: str, shuffle: bool, creator: str | None) -> Rematch:
    """Opens (once) the rematch of ``room``; asking again returns the same one. Only its host, only once it is over."""
    room.check_host(host_token)
    async with room.lock:
        if room.rematch is not None:
            return room.rematch
        if room.status != "over":
            raise RoomError("not_over", "a new game is offered once this one is over")
        people = [i for i, s in enumerate(room.seats) if s.token_hash is not None and not s.bot and s.name]
        # shuffled: any seat of the table, so the bots' seats change too; else each person keeps their seat
        places = secrets.SystemRandom().sample(range(room.row.players), len(people)) if shuffle else list(people)
        old = room.row
        row = db.RoomRow(code=secrets.token_urlsafe(12), game=old.game, players=old.players, seed=secrets.randbits(62),
                         options=old.options, setup=None, bots=old.bots, host_hash=old.host_hash,
                         status="lobby", decision_seconds=old.decision_seconds,
                         takeover_seconds=old.takeover_seconds, created_at=time.time())
        made = Rematch(code=row.code, seats=dict(zip(people, places, strict=True)))
        seated = [(place, room.seats[person].name or "", room.seats[person].token_hash or "")
                  for person, place in made.seats.items()]
        opening, holding = db.open_rematch(room.code, row, seated), rooms._holding(row.code)

        def write(connection: Any) -> None:  # the new room, the old one's pointer and (several processes) its lease
            opening(connection)
            if holding is not None:
                holding(connection)
        await rooms.store.run(write)
        new = rooms._new_room(row)
        for place, name, digest in seated:
            new.seats[place].name, new.seats[place].token_hash = name, digest
        new.creator = creator
        rooms._place_new(new)
        room.rematch, room.row.rematch = made, made.code
    for sub in [*room.spectators, *(s for seat in room.seats for s in seat.subscribers)]:
        tell(made, sub)
    return made


async def recall(rooms: Rooms, room: Room) -> None:
    """A finished room brought back from the store: its recorded rematch, each person's new seat found by the token
    they carried over (a person who has since left the new room is told only where it is)."""
    if room.row.rematch is None:
        return
    hashes = await rooms.store.run(db.load_seat_hashes(room.row.rematch))
    seats = {old: hashes.index(seat.token_hash) for old, seat in enumerate(room.seats)
             if seat.token_hash is not None and seat.token_hash in hashes}
    room.rematch = Rematch(code=room.row.rematch, seats=seats)


def tell(made: Rematch, sub: Subscriber) -> None:
    sub.send(made.frame(sub.seat))
