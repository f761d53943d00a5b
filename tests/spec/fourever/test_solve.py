"""Clever 4Ever's solver questions (spec/fourever/questions.py) and the rulebook's worked
examples as Z3 answers: each example's state, fixed in the encoding, scores exactly the
rulebook's points (and no other value is possible)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from oracle.cli import main
from spec.fourever import certificates, questions, sheetvars
from spec.fourever.seam import BLANK, format_sheet, ruleset, sheet_of, total
from spec.logic import Solver
from tests.spec import SAFETY

#: ``solve``'s time limit on the command line (a bound never reached; see SAFETY).
LIMIT = ["--timeout", str(SAFETY)]

GREY_55 = 0b11111111101110001  # the parts of full columns 1, 7, 10, 13, 14, 15, 16
EXAMPLES: list[tuple[str, Any, int]] = [
    ("yellow", ((1, 2, 3), (2, 2, 3), (6, 5, 4, 6)), 49),
    ("blue", sum(1 << ((r - 1) * 6 + c - 1) for r, c in ((1, 2), (5, 2), (1, 5), (2, 5))), 25),
    ("green", ((4, 3, 5, 3), (6, 5, 5, 4)), 42),
    ("pink", (2, 4, 6, 1, 1, 1, 1, 1), 32),
]


def _grey_55() -> int:
    from spec.fourever.grey import PART_OF
    state = 0
    for c in (1, 7, 10, 13, 14, 15, 16):
        for r in range(4):
            state |= 1 << PART_OF[r][c - 1]
    return state


@pytest.mark.parametrize(("label", "part", "points"),
                         EXAMPLES + [("grey", None, 55)], ids=lambda x: str(x)[:12])
def test_worked_example_is_the_only_score_z3_allows(label: str, part: Any, points: int) -> None:
    part = _grey_55() if part is None else part
    s = sheetvars.fresh("w")
    solver = Solver()
    solver.add(sheetvars.area_equals(s, label, part))
    assert solver.check(sheetvars.area_score(s, label).eq(points)) == "sat"
    assert solver.check(sheetvars.area_score(s, label).ne(points)) == "unsat"


@pytest.mark.parametrize(("label", "most", "best"),
                         [("yellow", 6, 33), ("blue", 6, 39), ("grey", 5, 15), ("green", 6, 36),
                          ("pink", 5, 32)])
def test_area_max_is_proven_and_witnessed(label: str, most: int, best: int) -> None:
    answer = questions.area_max(label, most, SAFETY)
    assert (answer.value, answer.proven) == (best, True)
    assert answer.witness is not None and label[0] in answer.witness


def test_fewest_entries_for_grey_and_green() -> None:
    assert questions.fewest(60, "grey", SAFETY).value == 10
    # Five full fields score at most 3 x 12 + 2 x 24 = 84; six reach 108.
    green = questions.fewest(100, "green", SAFETY)
    assert (green.value, green.proven) == (12, True)


def test_complete_adds_the_best_entries() -> None:
    sheet = sheet_of(((( 1, 2), (3,), ()), 1, 1, ((1,), ()), (2,)))
    answer = questions.complete(sheet, 3, SAFETY)
    assert (answer.value, answer.proven) == (32, True)


def test_fox_floor_zero_changes_a_negative_lowest_area() -> None:
    """Ruling 4E-10: a fox scores a negative lowest area, or 0 under fox_floor_zero; the
    spec's total follows the engine's either way."""
    sheet = sheet_of(((( ), (6, 6), ()), 0, 0, ((), ()), (5, 5, 5, 5, 5, 5, 5, 5)))
    for options in (ruleset(), ruleset(fox_floor_zero="true")):
        s = sheetvars.fresh("f")
        solver = Solver()
        solver.add(sheetvars.equals(s, sheet))
        assert solver.check() == "sat"
        assert solver.model().int(sheetvars.sheet_total(s, options)) == total(sheet, options)
    assert total(sheet, ruleset()) < total(sheet, ruleset(fox_floor_zero="true"))


def test_a_sheet_the_engine_cannot_write_is_refused() -> None:
    """The certificate check writes every witness with the engine's entries: a grey part
    touching nothing crossed cannot be written."""
    with pytest.raises(certificates.CertificateError):
        certificates.realise("grey", 1 << 5)
    assert certificates.realise("pink", (3, 3, 5)) == 2


def test_solve_command_for_clever_4ever() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--game", "clever-4ever", "area-max", "grey", "5", *LIMIT],
                out, err) == 0
    assert "15 (proven optimal)" in out.getvalue()
    assert main(["solve", "--game", "clever-4ever", "area-max", "purple", "5"], out, err) == 2
    assert main(["solve", "--game", "clever-4ever", "--ruleset", "nonsense", "sheet-max", "3"],
                out, err) == 2
    assert main(["solve", "--ruleset", "fox_floor_zero=true", "sheet-max", "3"], out, err) == 2
    blank = format_sheet(BLANK)
    assert main(["solve", "--game", "clever-4ever", "reachable", blank, "--round", "7"],
                out, err) == 2
    assert "rounds 1 to 6" in err.getvalue()
    assert main(["solve", "--game", "clever-4ever", "reachable", blank, "--players", "2"],
                out, err) == 2
    assert "solo games only" in err.getvalue()
    assert format_sheet(BLANK).startswith("y=//")


@pytest.mark.parametrize(("pink", "grey", "broken"), [
    ((3, 5), 1, "PINK-THREE"), ((), 1 << 5, "GREY-ADJACENT"), ((3, 3), 1, None)])
def test_reachable_says_no_with_the_broken_rule_or_undecided(pink: tuple[int, ...], grey: int,
                                                             broken: str | None) -> None:
    """Every beam tried (a node budget: no time limit, so the answer does not depend on the
    machine's speed)."""
    sheet = sheet_of((((), (), ()), 0, grey, ((), ()), pink))
    answer = questions.reachable(sheet, budget=len(questions.REALISE_BEAMS))
    if broken is None:
        assert answer.verdict == "undecided" and answer.record is None
    else:
        assert answer.verdict == "no" and any(broken in n for n in answer.notes)


def test_solving_md_examples_answer_as_written() -> None:
    """docs/solving.md's Clever 4Ever solve lines (the whole-sheet ones aside: they build every
    area table, python -m spec.fourever.bench runs them) print the answer their comment gives
    (the README's are run by tests/test_readme.py)."""
    import re
    import shlex
    from pathlib import Path

    solving = (Path(__file__).resolve().parents[3] / "docs" / "solving.md").read_text(
        encoding="utf-8")
    lines = [line for line in solving.splitlines()
             if line.startswith("clever-oracle solve --game clever-4ever")
             and "sheet-max" not in line and "solo-bound" not in line]
    assert len(lines) >= 5
    for line in lines:
        command, comment = line.split("#", 1)
        out, err = io.StringIO(), io.StringIO()
        assert main([*shlex.split(command)[1:], *LIMIT], out, err) == 0, err.getvalue()
        head = out.getvalue().splitlines()[0]
        if comment.strip().startswith("no"):
            assert head.endswith(": no"), head
        else:
            number = re.match(r"\s*(\d+), proven", comment)
            assert number is not None and f": {number.group(1)} (proven optimal)" in head, head


def test_a_solo_game_makes_at_most_57_entries() -> None:
    """6 rounds x (3 active + 1 passive picks) + 7 extra dice + 26 printed question marks
    (yellow 5, blue 4, grey 5, green 6, pink 4, the re-roll track's end, round 4's black)."""
    assert questions.solo_entries() == 6 * 4 + 7 + (5 + 4 + 5 + 6 + 4 + 1 + 1)
