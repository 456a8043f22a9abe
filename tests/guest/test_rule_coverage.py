"""Every rule ID of The Guest's specification is cited by at least one test (the spec's own promise)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules" / "the-guest.md"
TESTS = Path(__file__).resolve().parent


def _cited() -> str:
    """Test sources with rule IDs in their underscore form (G_V11) normalised to G-V11."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name)
    return re.sub(r"(?<![A-Za-z0-9])G_([A-Z])(\d+)", r"G-\1\2", text)


@pytest.mark.skipif(not SPEC.exists(), reason="the shared rules specification is not beside this checkout")
def test_every_rule_id_is_cited_by_a_test() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    rule_ids = sorted(set(re.findall(r"^(?:- |\| )(G-[A-Z]+\d+) (?:\[|\|)", spec, re.MULTILINE)))
    assert len(rule_ids) > 280
    cited = set(re.findall(r"G-[A-Z]+\d+", _cited()))
    missing = [rule for rule in rule_ids if rule not in cited]
    assert not missing, f"rule IDs no test cites: {missing}"
