"""Every rule ID of The Guest's specification is cited by at least one test (the spec's own promise)."""

from pathlib import Path

from tests.rule_coverage import check_every_rule_is_cited


def test_every_rule_id_is_cited_by_a_test() -> None:
    check_every_rule_is_cited("the-guest.md", "G", Path(__file__).parent, at_least=280)
