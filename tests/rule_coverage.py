"""Shared check: every rule ID of a game's specification is exercised by at least one of its tests.

A rule counts as covered only where a test declares that it exercises it: in the test's name
(``test_M_D16_a_living_hoarder_...``), in a ``@pytest.mark.rule("M-D16", ...)`` marker on the test (or on its
module, ``pytestmark``), or as test data, a string that is exactly the ID (``("K-D10", "ML3", ...)`` rows of a
parametrized table, an expected ``rules`` list of a log event). IDs in docstrings, comments or prose are
explanation, not citation, and do not count.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

SPECS = Path(__file__).resolve().parents[2] / "shared" / "rules"


def _marker_ids(node: ast.expr) -> Iterator[str]:
    """The string arguments of ``pytest.mark.rule(...)`` (also inside a list of marks)."""
    if isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            yield from _marker_ids(item)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield arg.value


def cited_rules(source: str, prefix: str) -> dict[str, list[str]]:
    """Rule ID -> the tests that cite it by name or marker, in one test module's source."""
    tree = ast.parse(source)
    module_ids: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in statement.targets):
            module_ids += _marker_ids(statement.value)
    name_id = re.compile(rf"(?<![A-Za-z0-9]){prefix}_([A-Z]+)(\d+)(?![0-9])")
    cited: dict[str, list[str]] = {}
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    whole_id = re.compile(rf"{prefix}-[A-Z]+\d+")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                and whole_id.fullmatch(node.value)):
            cited.setdefault(node.value, []).append("test data")
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
            ids = [f"{prefix}-{kind}{number}" for kind, number in name_id.findall(node.name)]
            for decorator in node.decorator_list:
                ids += _marker_ids(decorator)
            for rule in ids + module_ids:
                cited.setdefault(rule, []).append(node.name)
    return cited


def check_every_rule_is_cited(spec_file: str, prefix: str, tests: Path, at_least: int) -> None:
    """Rule IDs are lines ``- X-Y12 [R] ...`` or table rows ``| X-D3 | ...``; see the module doc for a citation."""
    spec = SPECS / spec_file
    if not spec.exists():
        pytest.skip(f"the shared rules specification {spec_file} is not beside this checkout")
    text = spec.read_text(encoding="utf-8")
    rule_ids = sorted(set(re.findall(rf"^(?:- |\| )({prefix}-[A-Z]+\d+) (?:\[|\|)", text, re.MULTILINE)))
    assert len(rule_ids) >= at_least, f"found only {len(rule_ids)} rule IDs in {spec_file}"
    cited: set[str] = set()
    for path in sorted(tests.glob("test_*.py")):
        cited |= set(cited_rules(path.read_text(encoding="utf-8"), prefix))
    unknown = sorted(cited - set(rule_ids))
    assert not unknown, f"tests cite rule IDs the specification does not have: {unknown}"
    missing = [rule for rule in rule_ids if rule not in cited]
    assert not missing, f"rule IDs no test exercises (by name or @pytest.mark.rule): {missing}"
