"""Certification finds every bent rule of an app that bends several at once, in its default
budget, with the rule the oracle names (the app's refusals name no rule id) and only true hints;
with and without the app's legal-move lists (tests/certify/bends.py)."""

from __future__ import annotations

import pytest

from oracle.games import find_game
from properties.certify import certify
from properties.findings import Finding
from tests.certify.bends import CUBED_FIVE, FOUREVER_THREE, cubed_five, fourever_three


def _found(findings: tuple[Finding, ...]) -> set[tuple[str, str, str | None]]:
    return {(f.kind, f.rule, f.option) for f in findings}


def _names_no_rule_id(game_name: str, texts: list[str]) -> bool:
    ids = {r.id for r in find_game(game_name).rules}
    return not any(word.strip(":,.") in ids for text in texts for word in text.split())


@pytest.mark.parametrize("lists", [True, False], ids=["legal", "no-legal"])
def test_five_bent_rules_are_all_found(lists: bool) -> None:
    result = certify(find_game("clever-cubed"), cubed_five(lists))
    assert _found(result.findings) == CUBED_FIVE
    refusals = [f.app for f in result.findings if f.seen == "refused"]
    assert _names_no_rule_id("clever-cubed", refusals)
    assert result.complete


@pytest.mark.parametrize("lists", [True, False], ids=["legal", "no-legal"])
def test_three_bent_rules_of_clever_4ever_are_all_found(lists: bool) -> None:
    result = certify(find_game("clever-4ever"), fourever_three(lists))
    assert _found(result.findings) == FOUREVER_THREE
    refusals = [f.app for f in result.findings if f.seen == "refused"]
    assert _names_no_rule_id("clever-4ever", refusals)
