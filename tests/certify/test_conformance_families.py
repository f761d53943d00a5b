"""Conformance positions isolate their rule family (issue 27): each is reached, and counted,
with moves and dice no other family's rules decide (properties/perft.py, ``isolates``), every
family has a position in each game, and an app that bends one family's rule fails that family's
positions and passes the others (tests/certify/family_bends.py)."""

from __future__ import annotations

import pytest

from oracle.games import find_game
from properties.perft import POSITIONS, Position, check_positions, default_counts, isolates
from tests.certify.family_bends import FAMILY_BENDS, bent

GAMES = ("clever-cubed", "clever-4ever")
#: The families each game must have a position of.
FAMILIES = {
    "clever-cubed": {"start", "random", "solo", "solo-fallback", "extra", "lastround",
                     "question", "blue-question", "queued", "action", "fallback", "end"},
    "clever-4ever": {"start", "random", "solo", "extra", "lastround", "question", "queued",
                     "action", "fallback", "end"},
}


@pytest.mark.parametrize("name", GAMES)
def test_every_family_has_an_isolated_position(name: str) -> None:
    game = find_game(name)
    positions = [Position(*p) for p in POSITIONS[name]]
    assert {p.family for p in positions} == FAMILIES[name]
    for position in positions:
        assert isolates(game, position), position.name
        assert position.players >= 2 or position.family.startswith("solo"), position.name


def _families(name: str, failed: list[str]) -> set[str]:
    by_name = {Position(*p).name: Position(*p).family for p in POSITIONS[name]}
    return {by_name[n] for n in failed}


@pytest.mark.parametrize("name, bend", [(g, b) for g in GAMES for b in FAMILY_BENDS[g]])
def test_a_bent_rule_fails_the_positions_of_its_family_only(name: str, bend: str) -> None:
    game = find_game(name)
    _, must, may = FAMILY_BENDS[name][bend]
    report = check_positions(game, bent(game, bend), str(default_counts(name)))
    failed = _families(name, [str(p["name"]) for p in report if not p["ok"]])
    assert must <= failed <= must | may, (bend, failed)
