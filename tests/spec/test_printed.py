"""The spec's own printed sheet (spec/cubed/printed.py, written from the printed sheet) equals the
engine's, table by table, so a misread number cannot hide in both; and the bit layout the spec
reads sheets with is the one the sheet notation shows."""

from __future__ import annotations

import pytest

from oracle import PlayerSheet
from spec.cubed import patterns, printed
from spec.cubed.engine_view import engine_printed
from spec.cubed.seam import format_sheet

ENGINE = engine_printed()


@pytest.mark.parametrize("name", sorted(ENGINE))
def test_each_printed_table_equals_the_engines(name: str) -> None:
    ours = getattr(printed, name)
    theirs = ENGINE[name]
    if isinstance(theirs, dict):
        assert dict(ours) == theirs, name
    else:
        assert ours == theirs, name


def test_every_table_of_the_spec_is_compared() -> None:
    """No table of the spec's sheet is left out of the comparison above (the shorthand bonus
    names and the derived ``OWN_QUESTION`` aside)."""
    tables = {n for n in dir(printed) if n.isupper() and len(n) > 5 and n != "OWN_QUESTION"}
    assert tables <= set(ENGINE), tables - set(ENGINE)


def _notation(sheet: PlayerSheet, key: str) -> str:
    return next(p for p in format_sheet(sheet).split() if p.startswith(key + "="))


def test_bit_layout_matches_the_notation() -> None:
    """Yellow row r, number n is character n of row r in ``y=``; turquoise likewise; brown
    field f character f of ``br=``."""
    for r in range(1, printed.YELLOW_ROWS + 1):
        for n in range(1, printed.YELLOW_COLUMNS + 1):
            rows = _notation(PlayerSheet(yellow=patterns.yellow_bit(r, n)), "y")[2:].split("/")
            assert rows[r - 1][n - 1] == "x" and "".join(rows).count("x") == 1
    for r in range(1, printed.TURQUOISE_ROWS + 1):
        for c in range(1, printed.TURQUOISE_COLUMNS + 1):
            rows = _notation(PlayerSheet(turquoise=patterns.turquoise_bit(r, c)), "t")[2:]
            assert rows.split("/")[r - 1][c - 1] == "x" and rows.count("x") == 1
    for f in range(1, printed.BROWN_FIELD_COUNT + 1):
        cells = _notation(PlayerSheet(brown=patterns.brown_bit(f)), "br")[3:]
        assert cells[f - 1] == "x" and cells.count("x") == 1
