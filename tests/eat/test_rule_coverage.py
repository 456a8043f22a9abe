"""Every rule ID of the Who Should We Eat? specification is cited by at least one test (the spec's own promise)."""

from pathlib import Path

from tests.rule_coverage import check_every_rule_is_cited


def test_every_rule_id_is_cited_by_a_test() -> None:
    check_every_rule_is_cited("who-should-we-eat.md", "W", Path(__file__).parent, at_least=400)
