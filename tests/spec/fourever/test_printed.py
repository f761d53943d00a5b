"""Clever 4Ever's printed sheet as the spec reads it (spec/fourever/printed.py) equals the
engine's, table by table, and the grey parts the spec computes from the shading are the
engine's."""

from __future__ import annotations

import pytest

from spec.fourever import grey, printed
from spec.fourever.engine_view import engine_printed
from spec.fourever.seam import parse_sheet

ENGINE = engine_printed()


@pytest.mark.parametrize("name", sorted(ENGINE))
def test_each_printed_table_equals_the_engines(name: str) -> None:
    ours = getattr(printed, name)
    theirs = ENGINE[name]
    assert (dict(ours) if isinstance(theirs, dict) else ours) == theirs, name


def test_every_table_of_the_spec_is_compared() -> None:
    """No table of the spec's sheet is left out (the shorthand bonus names, the bonus list
    and the die's largest number aside)."""
    tables = {n for n in dir(printed) if n.isupper() and len(n) > 5}
    assert tables - {"BONUSES", "GREY_MOST"} <= set(ENGINE), tables - set(ENGINE)


def test_grey_parts_are_the_engines() -> None:
    """Crossing the spec's part p is crossing character p of the sheet's ``gy=``, and a start
    part touches the left edge: the sheet numbers parts as the spec does."""
    assert len(grey.PARTS) == 17 and grey.STARTS == frozenset({0, 8})
    for p in grey.PARTS:
        text = "".join("x" if q == p else "." for q in grey.PARTS)
        sheet = parse_sheet(f"y=// b=....../....../....../....../....../...... gy={text} gn=/ "
                            "p= rr=....... xd=....... ps=......... q=")
        assert sheet.parts[2] == 1 << p
    assert [len(c) for c in grey.CELLS] == [1, 5, 5, 5, 6, 2, 5, 6, 4, 6, 4, 3, 2, 4, 3, 2, 1]
