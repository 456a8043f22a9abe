"""The wire protocol: every message a client may send and every frame the server sends, as pydantic models.

docs/protocol.md describes the same messages for people; this module is what the server validates against.
Frames are built per recipient from that seat's view, its own decisions and its own log, never from shared state.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

# The error codes, in the order the act ladder checks them; the others are refusals outside the ladder.
LADDER = ("malformed", "unauthenticated", "not_your_turn", "stale", "illegal")
ERROR_CODES = LADDER + ("game_over", "not_started", "too_large", "rate_limited", "unavailable", "forbidden_channel",
                        "internal")

# WebSocket close codes (4000-4999 are the application's own range).
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_TOO_LARGE = 1009
CLOSE_MALFORMED_HELLO = 4400
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_NO_SUCH_ROOM = 4404
CLOSE_HELLO_TIMEOUT = 4408
CLOSE_KICKED = 4409  # the seat left, was kicked, or the room closed
CLOSE_TOO_MANY = 4429  # rate limit or connection cap
CLOSE_SLOW_CONSUMER = 4430



def refuse_control(value: str) -> str:
    """Text people typed may hold any character they can see, never a control character (NUL included, which
    PostgreSQL cannot store), nor half of a surrogate pair (which cannot be encoded at all): both are refused."""
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise ValueError(f"control and unpaired surrogate characters are not allowed (found U+{ord(char):04X})")
    return value


PlainText = Annotated[str, AfterValidator(refuse_control)]
ClientActionId = Annotated[PlainText, Field(min_length=1, max_length=64)]
Token = Annotated[str, Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_-]+$")]  # URL-safe, as issued


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# ---- client -> server --------------------------------------------------------------------------------


class Hello(_Strict):
    """The first message on a connection: a seat token, or none to watch as a spectator."""

    type: Literal["hello"]
    token: Token | None = None


class Act(_Strict):
    """Answer the decision ``decision`` with the option whose id is ``option``; ``cid`` makes a resend idempotent."""

    type: Literal["act"]
    decision: Annotated[int, Field(ge=0)]
    option: Annotated[int, Field(ge=0)]
    cid: ClientActionId


class Ping(_Strict):
    type: Literal["ping"]


ChannelId = Annotated[PlainText, Field(min_length=1, max_length=32)]
ChatText = Annotated[PlainText, Field(min_length=1, max_length=300)]


class Chat(_Strict):
    """Say ``text`` on ``channel``; refused with ``forbidden_channel`` where the seat may not write now."""

    type: Literal["chat"]
    channel: ChannelId
    text: ChatText


ClaimField = Annotated[str, Field(min_length=1, max_length=32)]
ClaimValue = Annotated[str, Field(max_length=64)] | Annotated[int, Field(ge=-1, le=1000)]
ClaimBody = Annotated[dict[ClaimField, ClaimValue], Field(min_length=1, max_length=8)]


class Claim(_Strict):
    """A structured claim from the game's claim menu (``kind`` and its fields), said on ``table`` in the words the
    game gives it; the game checks it against its menu."""

    type: Literal["claim"]
    claim: ClaimBody


class Ready(_Strict):
    """A seated player says they are (or are no longer) ready to start; lobby only. The host may start anyway."""

    type: Literal["ready"]
    ready: bool


class AutoPass(_Strict):
    """A seated player's choice: pass for me in response windows where passing is all I can do (off at first)."""

    type: Literal["auto_pass"]
    on: bool


ClientMessage = TypeAdapter(Annotated[Hello | Act | Ping | Chat | Claim | Ready | AutoPass,
                                      Field(discriminator="type")])


# ---- server -> client --------------------------------------------------------------------------------


class OptionOut(BaseModel):
    id: int
    text: str
    label: str


class PartOut(BaseModel):
    """One step of a combined option: the step's name, the value chosen and how the table shows it."""

    group: str
    value: str
    label: str


class TargetOut(BaseModel):
    """The board element an option names: ``kind`` seat, card, slot or location, and its name in the view."""

    kind: Literal["seat", "card", "slot", "location"]
    value: str


class DecisionOut(BaseModel):
    """One of the recipient's own pending decisions (never another seat's)."""

    id: int
    kind: str
    prompt: str
    options: list[OptionOut]
    default: int
    deadline: float | None = None  # Unix time at which the default is taken, when the room has a time limit
    auto: float | None = None  # Unix time at which the room answers this one-option decision for the seat
    # where the options are combinations (a card to Play and one to Keep, a card then its target): each option id's
    # ordered parts, for a picker that asks one part at a time; the answer is still one option id
    parts: dict[int, list[PartOut]] | None = None
    # what on the board answers which option (a seat, a card in hand, a Hunting Row slot, a location): a click on
    # that element is the option; absent when no option names one
    targets: dict[int, TargetOut] | None = None


class SeatOut(BaseModel):
    seat: int
    name: str | None
    bot: bool  # a bot plays this seat (an empty seat at start, a leaver, or a stand-in for an absent player)
    connected: bool
    ready: bool = False  # said ready in the lobby


class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    room: str
    game: str
    players: int
    seat: int | None  # None: a spectator


class Lobby(BaseModel):
    type: Literal["lobby"] = "lobby"
    room: str
    game: str
    players: int
    options: dict[str, Any]
    seats: list[SeatOut]
    channels: list[ChannelOut]


class State(BaseModel):
    """What one seat may know now: its view, its own pending decisions and the new lines of its log.

    ``view`` is the whole view when ``view_reset`` (a connection's first state), else only the top-level keys that
    changed since this connection's previous state, with ``view_removed`` naming keys that are gone."""

    type: Literal["state"] = "state"
    room: str
    seat: int | None
    view: dict[str, Any]
    view_reset: bool
    view_removed: list[str]
    decisions: list[DecisionOut]
    log_from: int  # index of the first entry of ``log`` in this seat's whole log
    log: list[dict[str, Any]]
    seats: list[SeatOut]
    over: bool
    result: dict[str, Any] | None = None
    channels: list[ChannelOut]
    now: float  # the server's Unix time when it sent this frame: deadlines are on its clock, not the client's


class ChannelOut(BaseModel):
    """A table-talk channel as the recipient may use it now."""

    id: str
    label: str
    read: bool
    write: bool


class ChatOut(BaseModel):
    """One message on a channel, sent only to connections that may read that channel."""

    type: Literal["chat"] = "chat"
    channel: str
    seat: int | None  # None: a spectator
    name: str
    text: str
    at: float  # Unix time
    n: int  # the room's message number, rising
    claim: dict[str, Any] | None = None  # the structured claim, when the message is one


class Ack(BaseModel):
    type: Literal["ack"] = "ack"
    cid: str
    decision: int
    duplicate: bool = False  # True: this cid was already applied; nothing was applied again


class Error(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str
    cid: str | None = None


class Pong(BaseModel):
    type: Literal["pong"] = "pong"


class Closing(BaseModel):
    type: Literal["closing"] = "closing"
    reason: str


# ---- HTTP bodies ---------------------------------------------------------------------------------------


class CreateRoom(_Strict):
    game: str
    players: Annotated[int, Field(ge=1, le=64)]
    options: dict[str, Any] = Field(default_factory=dict)
    bots: Literal["random", "heuristic", "best"] | None = None  # who plays the seats nobody took [default: best]
    decision_seconds: Annotated[float, Field(gt=0, le=3600)] | Literal["rules"] | None = None
    takeover_seconds: Annotated[float, Field(ge=0, le=3600)] | None = None  # hand an absent seat to a bot after this
    seed: int | None = None  # only with a server started with --dev: a known seed reveals every hidden card
    setup: dict[str, Any] | None = None  # only with --dev


NAME_LENGTH = 40  # characters of a display name, after normalising (see names.py)


class Join(_Strict):
    name: Annotated[PlainText, Field(min_length=1, max_length=NAME_LENGTH)]
    token: Token | None = None  # a seat token already held for this room: joining again returns the same seat


class SeatAuth(_Strict):
    token: Token


class Kick(_Strict):
    host_token: Token
    seat: Annotated[int, Field(ge=0)]


class HostAuth(_Strict):
    host_token: Token


class PlayAgain(_Strict):
    """A finished room's host opens a new room with the same people: in their seats, or shuffled."""

    host_token: Token
    shuffle: bool = False


class RematchOut(BaseModel):
    """Sent to each connection of a finished room when its host opens a new one: the new room, and to a seat that
    plays again its seat there (the token it holds carries over: no secret is sent)."""

    type: Literal["rematch"] = "rematch"
    room: str
    seat: int | None = None
