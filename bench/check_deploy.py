"""Checks docs/deploy.md's nginx config for real (not a test: it needs nginx installed): TLS, HTTP and WebSockets
through nginx to a real ``treachery serve``, with a browser's Origin.

    PYTHONPATH=src .venv/bin/python bench/check_deploy.py

Takes the nginx block from docs/deploy.md, points it at a self-signed certificate and free ports, runs nginx and
the server, creates and joins a room over HTTPS, connects to it over wss:// and waits for its welcome and state.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _api(base: str, path: str, body: dict[str, Any], context: ssl.SSLContext) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10, context=context) as response:
        return json.loads(response.read())


def main() -> None:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    tmp = Path(tempfile.mkdtemp(prefix="treachery-deploy-"))
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")], check=True, capture_output=True)
    config = re.search(r"```nginx\n(.*?)```", (ROOT / "docs/deploy.md").read_text(), re.S)
    assert config is not None, "docs/deploy.md has no nginx block"
    tls, app = _port(), _port()
    site = (config.group(1).replace("listen 443", f"listen 127.0.0.1:{tls}")
            .replace("127.0.0.1:8000", f"127.0.0.1:{app}")  # the guide's upstream: both entries to the one process
            .replace("127.0.0.1:8001", f"127.0.0.1:{app}").replace("127.0.0.1:8002", f"127.0.0.1:{app}")
            .replace("/etc/letsencrypt/live/play.example.org/fullchain.pem", str(tmp / "cert.pem"))
            .replace("/etc/letsencrypt/live/play.example.org/privkey.pem", str(tmp / "key.pem")))
    (tmp / "nginx.conf").write_text(f"daemon off; pid {tmp}/nginx.pid; error_log {tmp}/error.log;\n"
                                    f"events {{}}\nhttp {{ access_log off; client_body_temp_path {tmp};\n"
                                    f"proxy_temp_path {tmp}; {site} }}\n")
    server = subprocess.Popen([sys.executable, "-m", "treachery.cli", "serve", "--port", str(app), "--db",
                               f"sqlite:///{tmp}/t.db"], stderr=subprocess.DEVNULL)
    proxy = subprocess.Popen([nginx, "-c", str(tmp / "nginx.conf"), "-p", str(tmp)])
    context = ssl.create_default_context(cafile=str(tmp / "cert.pem"))
    context.check_hostname = False
    try:
        base = f"https://127.0.0.1:{tls}"
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/readyz", timeout=1, context=context)
                break
            except OSError:
                time.sleep(0.1)
        made = _api(base, "/api/rooms", {"game": "killer", "players": 6}, context)
        token = _api(base, f"/api/rooms/{made['room']}/join", {"name": "through nginx"}, context)["token"]

        async def play() -> list[str]:
            async with websockets.connect(f"wss://127.0.0.1:{tls}/ws/{made['room']}", ssl=context,
                                          origin=websockets.Origin(base)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                return [json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] for _ in range(2)]

        kinds = asyncio.run(play())
        assert kinds[0] == "welcome", kinds
        print(json.dumps({"nginx": subprocess.run([nginx, "-v"], capture_output=True, text=True).stderr.strip(),
                          "https_api": "ok", "wss_frames": kinds}))
    finally:
        proxy.terminate()
        server.terminate()
        proxy.wait(10)
        server.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
