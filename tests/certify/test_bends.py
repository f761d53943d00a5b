"""Certification finds every bent rule of an app that bends several at once, in its default
budget, with the rule the oracle names (the app's refusals name no rule id) and only true hints;
with and without the app's legal-move lists (tests/certify/bends.py).  A real engine's five
departures are five findings, one per cause, and nothing else, whatever the seed."""

from __future__ import annotations

import pytest

from oracle.games import find_game
from properties.certify import certify
from properties.findings import Finding
from tests.certify.bends import (
    CUBED_FIVE,
    CUBED_REAL,
    FOUREVER_THREE,
    cubed_five,
    cubed_real,
    fourever_three,
)


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


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_real_engines_five_departures_are_five_findings(seed: int) -> None:
    """Issue 27: the blue question mark's other reading (not declared), first in first out,
    the fallback blocked by a platter die usable only with the number joker, no fallback in a
    solo game, no extra dice after the last turn: each one finding, once, with its rule and
    the hint where an option exists — no false finding from following that hint, no symptom of
    one (a state that differs after a blue question mark, an extra die refused at the end) a
    finding of its own."""
    result = certify(find_game("clever-cubed"), cubed_real(), seed=seed)
    causes = [(f.rule, f.situation, f.option) for f in result.findings]
    assert sorted(causes, key=str) == sorted(CUBED_REAL, key=str)
    refusals = [f.app for f in result.findings if f.seen == "refused"]
    assert _names_no_rule_id("clever-cubed", refusals)


def _hinted(findings: tuple[Finding, ...], plays: dict[str, str],
            ) -> set[tuple[str, str, str | None]]:
    """The findings as (kind, rule, the hint's own option): a hint may name two options when
    the disputed step needs both, each one the app really plays (``plays``)."""
    out = set()
    for f in findings:
        named = dict(pair.split("=") for pair in (f.option or "").split())
        assert all(plays.get(k) == v for k, v in named.items()), f.option
        own = f.option.split()[0] if f.option else None
        out.add((f.kind, f.rule, own))
    return out


@pytest.mark.parametrize("lists", [True, False], ids=["legal", "no-legal"])
def test_three_bent_rules_of_clever_4ever_are_all_found(lists: bool) -> None:
    result = certify(find_game("clever-4ever"), fourever_three(lists))
    plays = {k: v for bend in fourever_three().bends for k, v in bend.options.items()}
    assert _hinted(result.findings, plays) == FOUREVER_THREE
    refusals = [f.app for f in result.findings if f.seen == "refused"]
    assert _names_no_rule_id("clever-4ever", refusals)
