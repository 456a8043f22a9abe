"""Shared check: every rule ID of a game's specification is cited by at least one of its tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPECS = Path(__file__).resolve().parents[2] / "shared" / "rules"


def check_every_rule_is_cited(spec_file: str, prefix: str, tests: Path, at_least: int) -> None:
    """Rule IDs are lines ``- X-Y12 [R] ...`` or table rows ``| X-D3 | ...``; tests cite ``X-Y12`` or ``X_Y12``."""
    spec = SPECS / spec_file
    if not spec.exists():
        pytest.skip(f"the shared rules specification {spec_file} is not beside this checkout")
    text = spec.read_text(encoding="utf-8")
    rule_ids = sorted(set(re.findall(rf"^(?:- |\| )({prefix}-[A-Z]+\d+) (?:\[|\|)", text, re.MULTILINE)))
    assert len(rule_ids) >= at_least, f"found only {len(rule_ids)} rule IDs in {spec_file}"
    sources = "\n".join(p.read_text(encoding="utf-8") for p in sorted(tests.glob("test_*.py")))
    sources = re.sub(rf"(?<![A-Za-z0-9]){prefix}_([A-Z]+)(\d+)", rf"{prefix}-\1\2", sources)
    cited = set(re.findall(rf"{prefix}-[A-Z]+\d+", sources))
    missing = [rule for rule in rule_ids if rule not in cited]
    assert not missing, f"rule IDs no test cites: {missing}"
