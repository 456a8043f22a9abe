"""The server's logs: plain lines by default, or one JSON object a line (``TREACHERY_LOG_FORMAT=json``) for a log
collector. Nothing secret is logged: room codes and process ids, never tokens, cards or choices."""

from __future__ import annotations

import json
import logging
import sys
import time


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {"at": round(record.created, 3), "time": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                         time.gmtime(record.created)),
                 "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry)


def configure_logging(kind: str) -> None:
    """``json`` or ``text``; anything else is refused with a clear message."""
    if kind not in ("json", "text"):
        raise ValueError(f"TREACHERY_LOG_FORMAT must be json or text, got {kind!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if kind == "json" else
                         logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("treachery").setLevel(logging.INFO)  # lease moves and draining: a few lines, worth having
