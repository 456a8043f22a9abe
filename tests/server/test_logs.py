"""TREACHERY_LOG_FORMAT=json: one JSON object a line, for a log collector; anything but json or text is refused."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from treachery.server.logs import configure_logging


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield None
    root.handlers[:] = handlers
    root.setLevel(level)


def test_json_logs_are_one_object_a_line(capsys: pytest.CaptureFixture[str], restore_logging: object) -> None:
    configure_logging("json")
    logging.getLogger("treachery.server.cluster").info("room %s: taken over at epoch %d", "abc", 2)
    entry = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert (entry["level"], entry["logger"], entry["message"]) == (
        "info", "treachery.server.cluster", "room abc: taken over at epoch 2")


def test_an_unknown_log_format_is_refused(restore_logging: object) -> None:
    with pytest.raises(ValueError, match="json or text"):
        configure_logging("xml")
