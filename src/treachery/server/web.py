"""The browser client: the page, its static files, and the player guides rendered to HTML.

The client is plain HTML, CSS and ES modules shipped inside the package (no build step, nothing fetched from
elsewhere). Every page of the client is the same ``index.html``; the script reads the address to pick the home
page, a room (``/r/{room}``) or a replay (``/replay/{room}``).
"""

from __future__ import annotations

import functools
import html
import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import Scope

from .. import game_class, games
from .room import RoomError

STATIC = Path(__file__).with_name("static")

# The pages run only the package's own scripts and talk only to this server. The room code in the address is the
# invite, so no referrer is sent to other sites; and no other site may frame the table.
PAGE_HEADERS = {
    "cache-control": "no-cache",
    "content-security-policy": ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; "
                                "form-action 'self'"),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}


class RevalidatedStatic(StaticFiles):
    """The client's files with a validator: a browser keeps them and asks again with If-None-Match, so a return
    visit costs a few hundred bytes of 304s. Not a long max-age: the modules import each other by plain names, and
    after an upgrade an old module must never meet a new one."""

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["cache-control"] = "no-cache"
        response.headers["x-content-type-options"] = "nosniff"
        return response


def has_renderer(game: str) -> bool:
    """Whether the client has the game's own pictures (``static/games/<game>.js``): optional, so the page asks for
    them only when they exist and a game without them loads nothing that is not there."""
    return (STATIC / "games" / f"{game}.js").is_file()


@functools.cache
def guide_html(game: str) -> str:
    from markdown_it import MarkdownIt

    # html=False: the guide's text is shown, never run; tables are part of the guides' markdown
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(game_class(game).guide())
    title = html.escape(game_class(game).title)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>How to play {title} — treachery</title><link rel="stylesheet" href="/static/style.css">'
            f'<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
            f'</head><body class="guide"><main class="guide-page"><p><a href="/">← treachery</a></p>'
            f'{body}</main></body></html>')


def mount_web(app: FastAPI) -> None:
    """Adds the client's routes to the server's app (called once from create_app)."""
    index = STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(index, headers=PAGE_HEADERS)

    @app.get("/r/{code}", include_in_schema=False)
    async def room_page(code: str) -> FileResponse:
        return FileResponse(index, headers=PAGE_HEADERS)

    @app.get("/replay/{code}", include_in_schema=False)
    async def replay_page(code: str) -> FileResponse:
        return FileResponse(index, headers=PAGE_HEADERS)

    @app.get("/howto/{game}", include_in_schema=False)
    async def how_to_play(game: str) -> HTMLResponse:
        page = guide_html(game) if game in games() else None
        if page is None:
            raise RoomError("no_such_game", f"there is no guide for {game!r}", 404)
        return HTMLResponse(page, headers=PAGE_HEADERS)

    app.mount("/static", RevalidatedStatic(directory=STATIC), name="static")
