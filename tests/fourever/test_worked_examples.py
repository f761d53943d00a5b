"""The rulebook's five worked examples (yellow 49, blue 25, grey 55, green 42, pink 32), with the
sheet's reconstructions of the cell contents."""

from __future__ import annotations

import pytest

from oracle.games.fourever.areas import blue, green, grey, pink, yellow
from oracle.games.fourever.sheet import GREY_PART_OF


@pytest.mark.rule("SCORE-YELLOW")
def test_yellow_49() -> None:
    # Bottom sum 21 - middle sum 7 + full columns 1-3 (10 + 10 + 15).
    state = ((1, 2, 3), (2, 2, 3), (6, 5, 4, 6))
    assert yellow.score(state) == 49
    assert yellow.score(((1, 2), (2, 2, 3), (6, 5, 4, 6))) == 49 - 15


@pytest.mark.rule("SCORE-BLUE")
def test_blue_25() -> None:
    # Columns 2 and 5 with 2 crosses (8 + 11) + the anti-diagonal with 2 crosses (6).
    cells = [(1, 2), (5, 2), (1, 5), (2, 5)]
    state = sum(1 << blue.cell(r, c) for r, c in cells)
    assert blue.score(state) == 25
    assert blue.score(state & ~(1 << blue.cell(2, 5))) == 8


@pytest.mark.rule("SCORE-GREY")
def test_grey_55() -> None:
    # 1 + 6 + 8 + 9 + 10 + 10 + 11.  The sheet's reconstruction names full columns 1, 6, 10,
    # 12, 14, 15, 16, which whole parts cannot give: column 13 is all one part (6) that also
    # holds column 14's top cell, so a full column 14 makes column 13 full.  The same points
    # come from columns 1, 7, 10, 13, 14, 15, 16 (columns 6/7 score 6, 12/13 score 9).
    assert all(GREY_PART_OF[r][12] == GREY_PART_OF[0][13] for r in range(4))
    columns = (1, 7, 10, 13, 14, 15, 16)
    state = 0
    for c in columns:
        for r in range(4):
            state |= 1 << GREY_PART_OF[r][c - 1]
    full = [c + 1 for c in range(16) if all(state >> GREY_PART_OF[r][c] & 1 for r in range(4))]
    assert full == list(columns)
    assert grey.score(state) == 55


@pytest.mark.rule("SCORE-GREEN")
def test_green_42() -> None:
    # 4+6 = 10, 3+5 = 8, 5+5 = 10, (3+4) x 2 = 14; a half-filled field scores nothing.
    assert green.score(((4, 3, 5, 3), (6, 5, 5, 4))) == 42
    assert green.score(((4, 3, 5, 3, 6), (6, 5, 5, 4))) == 42


@pytest.mark.rule("SCORE-PINK")
def test_pink_32() -> None:
    # 8 fields written (23) + circled 2, 4 and 6 (+2 +4 +3).
    assert pink.score((2, 4, 6, 1, 1, 1, 1, 1)) == 32
    assert pink.score((3, 3)) == 4  # a 3 and its extra 3: field 2's points, nothing circled
