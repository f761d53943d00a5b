"""``solve complete SHEET N`` (Clever Cubed): the best completion adds at most N entries, counted
here independently of the encoding and of the certificate check; with N = 0 the answer is the
sheet's own score; with N = 1 it is the best of every one-entry successor the engine lists."""

from __future__ import annotations

import io

import pytest

from oracle import Area, PlayerSheet, Position, Ruleset
from oracle.cli import main
from spec.cubed import certificates, probe, questions, spaces
from spec.cubed.printed import ROUNDS
from spec.cubed.seam import GAME, parse_sheet
from tests.spec.solo import witness_sheet

#: The sheet of issue 25: one turquoise cross; 0 more entries once gave 5 "(proven optimal)",
#: the other four rows of its column crossed for free.
ONE_CROSS = ("y=....../....../...... t=x...../....../....../....../...... b=| br=............ "
             "p= rr=o...... nj=....... xd=....... q=")
#: A sheet mid-game: a few entries in every area.
MIXED = ("y=x...../....../...... t=x.x.../.x..../....../....../...... b=6|8 br=x........... "
         "p=2h rr=o...... nj=....... xd=....... q=")
#: Seconds given to a question: a safety bound never reached here (the answers asserted are
#: proven ones, which do not depend on the machine's speed).
SAFETY = 3600.0


def _sheets() -> dict[str, PlayerSheet]:
    return {"one-cross": parse_sheet(ONE_CROSS), "mixed": parse_sheet(MIXED),
            "solo-best": witness_sheet(), "solo-594": witness_sheet("examples/solo-594.json")}


def added(old: PlayerSheet, new: PlayerSheet) -> int:
    """The entries ``new`` adds to ``old``, counted from the rulebook alone: one per yellow
    or brown cross, one per blue or pink field, and in turquoise one per column with a new
    cross (an entry crosses cells of one column only)."""
    def bits(n: int) -> int:
        return bin(n).count("1")

    columns = sum(1 for c in range(6) if any(new.turquoise & ~old.turquoise & 1 << (r * 6 + c)
                                             for r in range(5)))
    return (bits(new.yellow) - bits(old.yellow) + bits(new.brown) - bits(old.brown)
            + len(new.blue_left) + len(new.blue_right) - len(old.blue_left)
            - len(old.blue_right) + len(new.pink) - len(old.pink) + columns)


def _with_area(sheet: PlayerSheet, area: Area, part: PlayerSheet) -> PlayerSheet:
    """``sheet`` with ``area`` as in the area-only sheet ``part``."""
    if area is Area.BLUE:
        return sheet.but(blue_left=part.blue_left, blue_right=part.blue_right)
    if area is Area.PINK:
        return sheet.but(pink=part.pink, pink_bonus=part.pink_bonus)
    return sheet.but(**{area.label: getattr(part, area.label)})


def one_entry_successors(sheet: PlayerSheet) -> list[PlayerSheet]:
    """Every sheet one entry of the engine makes from ``sheet``: a question mark of each area's
    colour with any number, and in turquoise every set of free cells of one column (from the
    silver platter with five other dice showing the number)."""
    out = []
    for area in Area:
        part = probe.area_only(sheet, area)
        nexts = set(spaces.successors(area, part, Ruleset()))
        if area is Area.TURQUOISE:
            for column in range(1, 7):
                nexts.update(after for after, _ in probe.entries(
                    area, part, Position.PLATTER, column, 5, Ruleset()).values())
        out += [_with_area(sheet, area, n) for n in nexts]
    return out


def _end_total(sheet: PlayerSheet) -> int:
    """The engine's total of ``sheet`` with the tracks its bonuses and the game's round
    bonuses give (what ``complete`` maximises)."""
    return GAME.score(certificates.with_tracks(sheet, ROUNDS[1])).total


@pytest.mark.parametrize("name", ["one-cross", "mixed", "solo-best", "solo-594"])
def test_no_more_entries_leaves_the_sheets_own_score(name: str) -> None:
    sheet = _sheets()[name]
    answer = questions.complete(sheet, 0, SAFETY)
    assert answer.proven and answer.value == _end_total(sheet)
    assert answer.witness is not None and added(sheet, parse_sheet(answer.witness)) == 0
    if name.startswith("solo"):  # a finished game's own tracks: its score as the engine has it
        assert answer.value == GAME.score(sheet).total
    if name == "one-cross":
        assert answer.value == 1


@pytest.mark.parametrize("name", ["one-cross", "mixed", "solo-best", "solo-594"])
def test_one_more_entry_is_the_best_successor_the_engine_lists(name: str) -> None:
    """(solo-594: 6 foxes, the 6th at the re-roll track's end.)"""
    sheet = _sheets()[name]
    best = max(_end_total(s) for s in [sheet, *one_entry_successors(sheet)])
    answer = questions.complete(sheet, 1, SAFETY)
    assert answer.proven and answer.value == best
    assert answer.witness is not None and added(sheet, parse_sheet(answer.witness)) <= 1


@pytest.mark.parametrize("more", [2, 3])
def test_a_few_more_entries_add_at_most_that_many(more: int) -> None:
    sheet = parse_sheet(MIXED)
    answer = questions.complete(sheet, more, SAFETY)
    assert answer.proven and answer.witness is not None
    witness = parse_sheet(answer.witness)
    assert added(sheet, witness) <= more
    assert GAME.score(witness).total == answer.value
    fewer = questions.complete(sheet, more - 1, SAFETY).value
    assert fewer is not None and answer.value is not None and answer.value >= fewer


def test_the_certificate_counts_the_entries_added_by_the_engine() -> None:
    """The engine-side check counts entries on the engine's own entries: the turquoise
    column already used costs one entry more, not nothing; a witness that does not grow from
    the sheet is refused."""
    sheet = parse_sheet(ONE_CROSS)
    column = sheet.but(turquoise=sum(1 << (r * 6) for r in range(5)))
    assert certificates.confirm_added(sheet, column, 1, "test") == 1
    with pytest.raises(certificates.CertificateError, match="needs 1 more entries"):
        certificates.confirm_added(sheet, column, 0, "test")
    with pytest.raises(certificates.CertificateError, match="cannot write turquoise"):
        certificates.confirm_added(column, sheet, 5, "test")
    best = witness_sheet()
    full = best.but(turquoise=(1 << 30) - 1)
    assert certificates.confirm_added(best, full, 5, "test") == added(best, full) == 5


def test_complete_command_with_no_more_entries() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "complete", ONE_CROSS, "0"], out, err) == 0, err.getvalue()
    assert out.getvalue().startswith(
        "best completion with at most 0 more entries: 1 (proven optimal)")


def test_an_encoding_giving_entries_for_free_is_caught_by_the_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the old count (the difference of the fewest entries from a blank sheet, which
    gives more crosses in a turquoise column already used for nothing) the witness needs an
    entry the claim does not have: the engine's check refuses it, exit 3, nothing printed as
    proven."""
    from spec.cubed import sheetvars
    from spec.logic import total

    def difference(old: sheetvars.SheetVars, new: sheetvars.SheetVars) -> object:
        return (total(sheetvars.area_entries(new, a) for a in Area)
                - total(sheetvars.area_entries(old, a) for a in Area))

    monkeypatch.setattr(sheetvars, "added_entries", difference)
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "complete", ONE_CROSS, "0"], out, err) == 3
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1
    assert "needs 1 more entries by the engine" in err.getvalue()
