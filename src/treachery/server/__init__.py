"""The online game server: rooms and seats over HTTP, the game protocol over WebSocket, games kept in a database.

    treachery serve --port 8000 --db sqlite:///treachery.db

``create_app`` builds the FastAPI app; ``serve`` runs it under uvicorn. docs/protocol.md describes the protocol.
"""

from __future__ import annotations

from .app import create_app
from .room import Room, RoomError, Rooms, Settings, Subscriber

__all__ = ["Room", "RoomError", "Rooms", "Settings", "Subscriber", "create_app", "serve"]

DEFAULT_DB = "sqlite:///treachery.db"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB, settings: Settings | None = None) -> None:
    import uvicorn

    uvicorn.run(create_app(db, settings), host=host, port=port, log_level="warning", ws_max_size=1 << 20,
                ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20, timeout_graceful_shutdown=3)
