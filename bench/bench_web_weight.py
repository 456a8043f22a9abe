"""What the web client costs on the wire: the first load of the home page, and the WebSocket bytes one seat receives
in a whole game of each game, with and without permessage-deflate.

    PYTHONPATH=src python bench/bench_web_weight.py            # starts its own server (SQLite in a temporary folder)
    PYTHONPATH=src python bench/bench_web_weight.py --base http://127.0.0.1:8000   # or measures a running one (--dev)

First load: chromium (Playwright, /usr/bin/chromium) opens the home page with an empty cache; the bytes are the sum
of CDP ``Network.loadingFinished.encodedDataLength`` (headers and bodies as sent), then again for a second visit.
WebSocket: one seat played by a fixed policy, the others by the server's bots, counting the bytes the client's
socket reads after the handshake (the frames as sent), once with compression offered and once without.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.conftest import Server, policy  # noqa: E402

GAMES = {"killer": 5, "eat": 5, "menace": 5, "guest": 5}


def first_load(base: str) -> tuple[int, int, int]:
    """(bytes on a first visit, requests, bytes on a second visit) of the home page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        page = browser.new_context().new_page()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        wire: list[float] = []
        cdp.on("Network.loadingFinished", lambda event: wire.append(event["encodedDataLength"]))
        page.goto(base + "/")
        page.wait_for_selector("#create")
        page.wait_for_load_state("networkidle")
        first, requests = int(sum(wire)), len(wire)
        wire.clear()
        page.reload()
        page.wait_for_selector("#create")
        page.wait_for_load_state("networkidle")
        again = int(sum(wire))
        browser.close()
    return first, requests, again


async def seat_bytes(srv: Server, game: str, players: int, seed: int, compression: str | None) -> tuple[int, int]:
    """(bytes read from the socket, frames) by seat 0 over a whole game."""
    import websockets

    _, made = srv.api("POST", "/api/rooms", {"game": game, "players": players, "seed": seed})
    _, joined = srv.api("POST", f"/api/rooms/{made['room']}/join", {"name": "bench"})
    ws = await websockets.connect(srv.ws(made["room"]), compression=compression, max_size=1 << 22)
    read = [0]
    original = ws.protocol.receive_data

    def counting(data: bytes) -> None:
        read[0] += len(data)
        original(data)

    ws.protocol.receive_data = counting  # type: ignore[method-assign]
    await ws.send(json.dumps({"type": "hello", "token": joined["token"]}))
    srv.api("POST", f"/api/rooms/{made['room']}/start", {"host_token": made["host_token"]})
    frames, answered = 0, set()
    async for raw in ws:
        frames += 1
        frame = json.loads(raw)
        if frame["type"] != "state":
            continue
        if frame["over"]:
            break
        for decision in frame["decisions"]:
            if decision["id"] not in answered:
                answered.add(decision["id"])
                await ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                          "option": policy(0, decision), "cid": str(decision["id"])}))
    await ws.close()
    return read[0], frames


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", help="a running server started with --dev (default: start one)")
    parser.add_argument("--games", type=int, default=5, help="games per game kind")
    args = parser.parse_args()
    srv: Server | None = None
    with tempfile.TemporaryDirectory() as folder:
        if args.base is None:
            srv = Server(f"sqlite:///{folder}/bench.db").start()
            base = srv.http
        else:
            base = args.base.rstrip("/")
            srv = Server("unused", port=int(base.rsplit(":", 1)[1]))
        try:
            first, requests, again = first_load(base)
            print(f"first load of the home page: {first} bytes in {requests} requests; second visit {again} bytes")
            print(f"{'game':8} {'plain KB/seat':>14} {'deflate KB/seat':>16} {'ratio':>6}   (median of {args.games})")
            for game, players in GAMES.items():
                plain = [asyncio.run(seat_bytes(srv, game, players, seed, None))[0] for seed in range(args.games)]
                packed = [asyncio.run(seat_bytes(srv, game, players, seed, "deflate"))[0] for seed in range(args.games)]
                p, d = statistics.median(plain) / 1000, statistics.median(packed) / 1000
                print(f"{game:8} {p:14.1f} {d:16.1f} {p / d:6.1f}")
        finally:
            if args.base is None and srv is not None:
                srv.stop()


if __name__ == "__main__":
    main()
