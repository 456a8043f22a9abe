"""Every rule ID of the Menace specification is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules" / "the-menace-among-us.md"
TESTS = Path(__file__).resolve().parent


def _cited() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name)
    text = re.sub(r"(?<![A-Za-z0-9])M_([A-Z])(\d+)", r"M-\1\2", text)
    return set(re.findall(r"M-[A-Z]+\d+", text))


@pytest.mark.skipif(not SPEC.exists(), reason="the shared rules specification is not beside this checkout")
def test_every_rule_id_is_cited_by_a_test() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    rule_ids = sorted(set(re.findall(r"^- (M-[A-Z]+\d+) \[", spec, re.MULTILINE)))
    assert len(rule_ids) == 476
    cited = _cited()
    missing = [rule for rule in rule_ids if rule not in cited]
    assert not missing, f"rule IDs no test cites: {missing}"
