"""The deployment guide's nginx block, run for real: docs/deploy.md's config (self-signed certificate, free ports)
in front of two ``treachery serve --redis`` processes on one PostgreSQL, and a whole game played through it over
HTTPS and ``wss://`` with a browser's Origin. The guide's nginx hashes on the room code and the processes run with
``--proxy-routes-rooms``: every call and connection of a room reaches the one process serving it (none is forwarded),
and the rooms spread over both processes. Needs nginx (``scripts/test`` installs Debian's where it may), PostgreSQL
and Redis."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, free_port, pg_available, policy, scratch_pg
from .test_cluster_redis import LEASE, REDIS, _metric, _redis_available

websockets = pytest.importorskip("websockets")

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)

pytestmark = [
    pytest.mark.skipif(NGINX is None or shutil.which("openssl") is None, reason="no nginx or openssl here"),
    pytest.mark.skipif(not (pg_available() and _redis_available()), reason="no PostgreSQL or Redis on 127.0.0.1"),
]


def guide_block() -> str:
    found = re.search(r"```nginx\n(.*?)```", (ROOT / "docs/deploy.md").read_text(), re.S)
    assert found is not None, "docs/deploy.md has no nginx block"
    return found.group(1)


def site(block: str, tls_port: int, upstreams: list[int], cert: Path, key: Path) -> str:
    """The guide's block as written, but for this machine: its ports, its processes, its certificate."""
    assert "listen 443" in block and "127.0.0.1:8001" in block and "127.0.0.1:8002" in block, block
    return (block.replace("listen 443", f"listen 127.0.0.1:{tls_port}")
            .replace("127.0.0.1:8001", f"127.0.0.1:{upstreams[0]}")
            .replace("127.0.0.1:8002", f"127.0.0.1:{upstreams[1]}")
            .replace("/etc/letsencrypt/live/play.example.org/fullchain.pem", str(cert))
            .replace("/etc/letsencrypt/live/play.example.org/privkey.pem", str(key)))


class Nginx:
    def __init__(self, tmp: Path, upstreams: list[int]) -> None:
        self.tmp, self.port = tmp, free_port()
        cert, key = tmp / "cert.pem", tmp / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        "/CN=localhost", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
        (tmp / "nginx.conf").write_text(
            f"daemon off; pid {tmp}/nginx.pid; error_log {tmp}/error.log;\nevents {{}}\n"
            f"http {{ log_format upstream '$upstream_addr $uri'; access_log {tmp}/access.log upstream;\n"
            f"client_body_temp_path {tmp}; proxy_temp_path {tmp};\n"
            f"{site(guide_block(), self.port, upstreams, cert, key)} }}\n")
        self.tls = ssl.create_default_context(cafile=str(cert))
        self.tls.check_hostname = False
        self.base = f"https://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([str(NGINX), "-c", str(tmp / "nginx.conf"), "-p", str(tmp)],
                                     stderr=subprocess.PIPE)

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(self.base + path, method=method, headers={"content-type": "application/json"},
                                         data=json.dumps(body).encode() if body is not None else None)
        with urllib.request.urlopen(request, timeout=10, context=self.tls) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
        if self.proc.stderr is not None:
            self.proc.stderr.close()


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Nginx, list[Server]]]:
    with scratch_pg() as url:
        servers = [Server(url, extra=("--redis", REDIS, "--proxy-routes-rooms"), env=LEASE) for _ in range(2)]
        for s in servers:
            try:
                s.start()
            except Exception:
                for t in servers:
                    t.stop()
                raise
        proxy = Nginx(tmp_path, [s.port for s in servers])
        try:
            for _ in range(100):
                try:
                    proxy.call("GET", "/readyz")
                    break
                except OSError:
                    assert proxy.proc.poll() is None, proxy.proc.stderr.read().decode() if proxy.proc.stderr else ""
                    time.sleep(0.1)
            yield proxy, servers
        finally:
            proxy.stop()
            for s in servers:
                s.stop()


async def play_through(proxy: Nginx, code: str, token: str, seat: int) -> dict[str, Any]:
    """One seat's whole game over wss:// through the proxy, as a browser on the proxy's origin connects."""
    async with websockets.connect(f"wss://127.0.0.1:{proxy.port}/ws/{code}", ssl=proxy.tls,
                                  origin=websockets.Origin(proxy.base), max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert welcome["type"] == "welcome" and welcome["seat"] == seat, welcome
        answered: set[int] = set()
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert frame["type"] != "error", frame
            if frame["type"] != "state":
                continue
            if frame["over"]:
                return frame  # type: ignore[no-any-return]
            for decision in frame["decisions"]:
                if decision["id"] not in answered:
                    answered.add(decision["id"])
                    await ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                              "option": policy(seat, decision), "cid": f"{seat}-{decision['id']}"}))


def _served(proxy: Nginx, rooms: set[str]) -> dict[str, set[str]]:
    """Room -> the processes its calls and connections reached, from nginx's access log. nginx writes a request's
    line after its response has gone out, so on a busy machine the last lines may come a moment after the client
    has its answer: the log is read again until every room is in it (or ten seconds have passed)."""
    deadline = time.monotonic() + 10
    while True:
        served: dict[str, set[str]] = {}
        for line in (proxy.tmp / "access.log").read_text().splitlines():
            upstream, uri = line.split()
            found = re.match(r"/(?:api/rooms|ws)/([^/]+)", uri)
            if found:
                served.setdefault(found.group(1), set()).add(upstream)
        if rooms <= set(served) or time.monotonic() > deadline:
            return served
        time.sleep(0.1)


def test_a_whole_game_through_the_guides_nginx_over_two_processes(proxied: tuple[Nginx, list[Server]]) -> None:
    proxy, servers = proxied
    made = proxy.call("POST", "/api/rooms", {"game": "killer", "players": 4})
    joined = [proxy.call("POST", f"/api/rooms/{made['room']}/join", {"name": f"through nginx {i}"}) for i in range(2)]
    assert [j["seat"] for j in joined] == [0, 1]
    proxy.call("POST", f"/api/rooms/{made['room']}/start", {"host_token": made["host_token"]})

    async def both() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(play_through(proxy, made["room"], j["token"], j["seat"]) for j in joined)))

    ends = asyncio.run(asyncio.wait_for(both(), 120))
    assert all(end["over"] for end in ends) and ends[0]["result"] == ends[1]["result"], ends
    more = [proxy.call("POST", "/api/rooms", {"game": "eat", "players": 4})["room"] for _ in range(15)]
    for code in more:
        proxy.call("GET", f"/api/rooms/{code}")  # served (claimed) by the process the hash sends it to
    served = _served(proxy, {made["room"], *more})
    assert set(served) == {made["room"], *more}
    assert all(len(processes) == 1 for processes in served.values()), served  # a room: one process
    # 16 rooms over two processes: all on one would happen about once in 30,000 runs
    assert set().union(*served.values()) == {f"127.0.0.1:{s.port}" for s in servers}, served
    for s in servers:  # so nothing was forwarded: each room was served where its calls arrived
        assert _metric(s, "treachery_forwarded_total") == 0
