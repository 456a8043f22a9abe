"""Every rule ID of the Killer specification is cited by at least one test (the spec's own promise)."""

from pathlib import Path

from tests.rule_coverage import check_every_rule_is_cited, cited_rules


def test_every_rule_id_is_cited_by_a_test() -> None:
    check_every_rule_is_cited("this-game-is-killer.md", "K", Path(__file__).parent, at_least=300)


def test_only_names_markers_and_exact_id_data_count_as_citations() -> None:
    source = '''
import pytest
ROWS = [("K-D3", "BR2")]

@pytest.mark.rule("K-T5", "K-T6")
def test_K_T4_something() -> None:
    """K-T7 K-T8: a docstring list is not a citation."""
    assert True  # K-T9: nor is a comment
    assert "K-T10 says so" != "K-T11"

def helper_K_T12() -> None:
    pass
'''
    assert sorted(cited_rules(source, "K")) == ["K-D3", "K-T11", "K-T4", "K-T5", "K-T6"]
