"""The online game server: rooms and seats over HTTP, the game protocol over WebSocket, games kept in a database.

    treachery serve --port 8000 --db sqlite:///treachery.db

``create_app`` builds the FastAPI app; ``serve`` runs it under uvicorn. docs/protocol.md describes the protocol.
"""

from __future__ import annotations

from .app import create_app
from .room import Room, RoomError, Rooms, Settings, Subscriber, settings_from_env

__all__ = ["Room", "RoomError", "Rooms", "Settings", "Subscriber", "create_app", "serve", "settings_from_env"]

DEFAULT_DB = "sqlite:///treachery.db"
# A frame's views and decisions die young; what survives is the tables and connections, which a full collection walks
# whole. Collecting the young every 50,000 allocations (not 700) promotes far less, and a full collection comes after
# 100 middle ones (not 10): on 500 rooms, a full walk of 0.4 s every 5 s became rare (bench/README.md, server).
GC_THRESHOLDS = (50_000, 20, 100)
# The store's writer thread gives up the GIL at every round trip to PostgreSQL and then waits for the event loop to
# yield it, by default up to 5 ms each time: a write of four round trips queued up to 20 ms behind frame building
# (500 rooms on PostgreSQL: p99 192 ms at 5 ms, 45 ms at 0.5 ms, the same CPU; bench/README.md, server).
GIL_SWITCH_SECONDS = 0.0005


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB, settings: Settings | None = None) -> None:
    """Runs the server; ``TREACHERY_<LIMIT>`` environment variables override the limits (see ``Settings``)."""
    import asyncio
    import gc
    import logging
    import os
    import socket
    import sys

    import uvicorn

    from .logs import configure_logging

    configure_logging(os.environ.get("TREACHERY_LOG_FORMAT", "text"))
    settings = settings_from_env(settings or Settings(), os.environ)
    app = create_app(db, settings)
    # What exists now (modules, the app, the card tables) lives as long as the process: no full garbage collection
    # needs to walk it again, and with thousands of connections every such walk is a pause at every table
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", log_config=None,
                            ws_max_size=1 << 20, ws_per_message_deflate=settings.ws_deflate, ws_ping_interval=20,
                            ws_ping_timeout=20, timeout_graceful_shutdown=3)

    class Draining(uvicorn.Server):
        """On SIGTERM: stop accepting, hand the rooms over (several processes), then uvicorn's own shutdown."""

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            for server in self.servers:
                server.close()
            try:
                await asyncio.wait_for(app.state.drain(), 20)
            except Exception:
                logging.getLogger("treachery.server").exception("draining failed; stopping all the same")
            await super().shutdown(sockets)

    if not settings.send_buffer:
        Draining(config).run()
        return
    # Accepted connections inherit the listening socket's send buffer: what a client that does not read can hold
    # in the kernel before its frames wait in the server's queue (and it is closed as too slow, 4430).
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, settings.send_buffer)
    listener.bind(address)
    Draining(config).run(sockets=[listener])
