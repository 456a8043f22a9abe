"""HTTP's own limits: who the client is, and a cap on a request body read before any of it is parsed."""

from __future__ import annotations

import json

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def client_of(connection: HTTPConnection) -> str:
    """A client is its network address (behind a trusted proxy, uvicorn puts the forwarded one here)."""
    return connection.client.host if connection.client is not None else "unknown"


class BodyLimit:
    """Refuses a request whose body is over ``limit`` bytes with 413 ``too_large``: at once when its
    Content-Length says so, else as soon as the bytes read pass the limit (nothing past it is kept)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        started = refused = False

        async def counted_receive() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:  # answer now; the app is told the client left and its answer is dropped
                    if not started and not refused:
                        refused = True
                        await self._refuse(send)
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counted_receive, watched_send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": "too_large", "message": f"request bodies are limited to {self.limit} bytes"})
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body.encode()})
