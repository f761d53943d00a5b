"""The printed sheet against its own invariants and the rulebook's worked examples."""

from __future__ import annotations

import pytest

from oracle import PlayerSheet, score
from oracle.games.cubed.areas import blue, brown, pink, turquoise, yellow
from oracle.games.cubed.sheet import (
    BLUE_LEFT_BONUS,
    BLUE_RIGHT_BONUS,
    BROWN_GAP_BONUS,
    BROWN_NUMBERS,
    EXTRA_DIE_TRACK_END,
    NUMBER_JOKER_TRACK_END,
    PINK_BONUS,
    PINK_STARS,
    REROLL_TRACK_END,
    ROUND_BONUS,
    TURQUOISE_COLUMN_BONUS,
    TURQUOISE_ROW_BONUS,
    YELLOW_BONUS_I_II,
    YELLOW_BONUS_II_III,
    Bonus,
)


def _all_sources() -> list[Bonus]:
    printed = (
        list(YELLOW_BONUS_I_II) + list(YELLOW_BONUS_II_III) + list(TURQUOISE_ROW_BONUS)
        + list(TURQUOISE_COLUMN_BONUS) + list(BLUE_LEFT_BONUS) + list(BLUE_RIGHT_BONUS)
        + list(BROWN_GAP_BONUS) + list(PINK_BONUS) + list(ROUND_BONUS)
        + [REROLL_TRACK_END, NUMBER_JOKER_TRACK_END, EXTRA_DIE_TRACK_END]
    )
    return [b for b in printed if b is not None]


@pytest.mark.parametrize("action", [Bonus.REROLL, Bonus.NUMBER_JOKER, Bonus.EXTRA_DIE])
def test_each_action_has_seven_sources(action: Bonus) -> None:
    assert _all_sources().count(action) == 7


def test_six_foxes() -> None:
    assert _all_sources().count(Bonus.FOX) == 6


def test_every_brown_number_appears_twice() -> None:
    assert sorted(BROWN_NUMBERS) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


@pytest.mark.rule("SCORE-YELLOW")
def test_yellow_maximum_and_worked_example() -> None:
    assert yellow.score((1 << 18) - 1) == 126
    # Rulebook: 3 crosses in the top row = 12; 2 in the middle and bottom rows = 6 each; 24.
    crossed = yellow.bit(1, 1) | yellow.bit(1, 2) | yellow.bit(1, 3)
    crossed |= yellow.bit(2, 4) | yellow.bit(2, 5) | yellow.bit(3, 1) | yellow.bit(3, 6)
    assert yellow.score(yellow.bit(1, 1) | yellow.bit(1, 2) | yellow.bit(1, 3)) == 12
    assert yellow.score(yellow.bit(2, 4) | yellow.bit(2, 5)) == 6
    assert yellow.score(crossed) == 24


@pytest.mark.rule("SCORE-TURQUOISE")
def test_turquoise_maximum_and_worked_example() -> None:
    assert turquoise.score((1 << 30) - 1) == 105
    top_five = sum(turquoise.bit(1, c) for c in range(1, 6))
    assert turquoise.score(top_five) == 15


@pytest.mark.rule("SCORE-BLUE")
def test_blue_worked_example() -> None:
    # Left reaches distance 3 (9 points), right distance 4 (13 points) with a 10 and an 11.
    assert blue.score(((6, 7, 6), (8, 9, 10, 11))) == 30
    assert blue.score(blue.EMPTY) == 0
    assert blue.score(((2,), ())) == 3 + 4


@pytest.mark.rule("SCORE-BROWN")
def test_brown_maximum_and_table() -> None:
    assert brown.score((1 << 12) - 1) == 90
    assert brown.score(0b101) == 5


@pytest.mark.rule("SCORE-PINK")
def test_pink_maximum() -> None:
    best = tuple(pink.value(1, 6, pink.HALF) if f == 1 else pink.value(f, 6, pink.TIMES)
                 for f in range(1, 13))
    assert pink.score((best, 0)) == 129
    assert PINK_STARS[0] == 0


def test_full_sheet_breakdown_adds_up() -> None:
    sheet = PlayerSheet(yellow=(1 << 18) - 1, brown=(1 << 12) - 1)
    breakdown = score(sheet)
    assert breakdown.area("yellow") == 126 and breakdown.area("brown") == 90
    assert breakdown.total == sum(breakdown.areas) + breakdown.fox_points
