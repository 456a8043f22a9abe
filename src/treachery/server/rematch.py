"""Play again: a finished room's host opens a new room with the same game, options, bots and clocks, and the same
people already seated (in the same seats, or shuffled). Each person's new seat token is sent only down their own
connections to the finished room, in a ``rematch`` frame; spectators are told only the new room's code.

A person who is not connected when the host asks is told when they connect again, while the finished room is in
memory (the tokens are kept there only: the store holds token hashes, never tokens).
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field

from . import store as db
from .room import Room, RoomError, Rooms, Subscriber, token_hash


@dataclass
class Rematch:
    code: str  # the new room
    host_token: str
    tokens: dict[int, str] = field(default_factory=dict)  # old seat -> the new room's token for that person
    seats: dict[int, int] = field(default_factory=dict)  # old seat -> new seat

    def frame(self, old_seat: int | None) -> str | None:
        """What a connection of ``old_seat`` (None: a spectator) is sent: its own new seat and token, or only the
        room for a spectator; None for a seat nobody plays again (a bot, or a player who left)."""
        if old_seat is None:
            return json.dumps({"type": "rematch", "room": self.code})
        if old_seat not in self.tokens:
            return None
        return json.dumps({"type": "rematch", "room": self.code, "seat": self.seats[old_seat],
                           "token": self.tokens[old_seat]})


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
        new_host = secrets.token_urlsafe(32)
        row = db.RoomRow(code=secrets.token_urlsafe(12), game=old.game, players=old.players, seed=secrets.randbits(62),
                         options=old.options, setup=None, bots=old.bots, host_hash=token_hash(new_host),
                         status="lobby", decision_seconds=old.decision_seconds,
                         takeover_seconds=old.takeover_seconds, created_at=time.time())
        made = Rematch(code=row.code, host_token=new_host)
        seated: list[tuple[int, str, str]] = []
        for person, place in zip(people, places, strict=True):
            token = secrets.token_urlsafe(32)
            made.tokens[person], made.seats[person] = token, place
            seated.append((place, room.seats[person].name or "", token_hash(token)))
        await rooms.store.run(db.insert_room(row, seated))
        new = Room(row, rooms.store, rooms.settings)
        for place, name, digest in seated:
            new.seats[place].name, new.seats[place].token_hash = name, digest
        new.creator = creator
        rooms.adopt(new)
        room.rematch = made
    for sub in [*room.spectators, *(s for seat in room.seats for s in seat.subscribers)]:
        tell(made, sub)
    return made


def tell(made: Rematch, sub: Subscriber) -> None:
    frame = made.frame(sub.seat)
    if frame is not None:
        sub.send(frame)
