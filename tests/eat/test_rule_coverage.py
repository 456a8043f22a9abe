"""Every rule ID of the Who Should We Eat? specification is cited by at least one test (the spec's own promise)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules" / "who-should-we-eat.md"
TESTS = Path(__file__).resolve().parent


def _cited() -> str:
    """Test sources with rule IDs in their underscore form (W_V11) normalised to W-V11."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name)
    return re.sub(r"(?<![A-Za-z0-9])W_([A-Z])(\d+)", r"W-\1\2", text)


def rule_ids() -> list[str]:
    spec = SPEC.read_text(encoding="utf-8")
    return sorted(set(re.findall(r"^(?:- |\| )(W-[A-Z]+\d+) (?:\[|\|)", spec, re.MULTILINE)))


@pytest.mark.skipif(not SPEC.exists(), reason="the shared rules specification is not beside this checkout")
def test_every_rule_id_is_cited_by_a_test() -> None:
    ids = rule_ids()
    assert len(ids) > 400
    cited = set(re.findall(r"W-[A-Z]+\d+", _cited()))
    missing = [rule for rule in ids if rule not in cited]
    assert not missing, f"rule IDs no test cites: {missing}"
