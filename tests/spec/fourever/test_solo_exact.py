"""Clever 4Ever's highest solo score, reached (spec/fourever/solo_exact.py): the bundled best
game totals the proven bound, 421; a bound's blue (the lines it fills) is made a real grid with
the fewest crosses; the beam toward the game's sheet plays the bundled record again, byte for
byte.  Node budgets only (beam widths, branch and bound nodes), no clock."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from oracle.engine.sheet import Sheet
from oracle.records.record import parse_record, replay, verify
from spec.fourever import paid_bound, solo_exact, solo_plan, solo_search
from spec.fourever.printed import AREAS, BLUE_SIZE
from spec.fourever.seam import sheet_of

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
BEST = EXAMPLES / "fourever-solo-best.json"
#: The proven bound (``python -m spec.fourever.paid_bound --prove 421``; docs/solving.md).
BOUND = 421


def _final() -> Sheet:
    return solo_search.sheet(replay(parse_record(BEST.read_text("utf-8"), "best")))


def test_the_bundled_best_game_verifies_at_the_bound() -> None:
    text = BEST.read_text(encoding="utf-8")
    verdict = verify(parse_record(text, "best"), "best")
    assert verdict.status == "legal"
    assert [s.total for s in verdict.scores] == json.loads(text)["totals"] == [BOUND]


def test_nothing_above_the_bound_at_the_games_lowest_area() -> None:
    """A part of the proof (``--prove 421`` runs every lowest area): with every area at least
    36, the game's lowest, the best paid-for choice above 420 is 421, and none is above 421."""
    chosen, _ = paid_bound.above(36, BOUND - 1)
    assert chosen is not None and solo_plan.score(chosen) == BOUND
    assert paid_bound.above(36, BOUND)[0] is None


def test_the_grid_of_the_bounds_421_choice_is_the_documented_one() -> None:
    """The choice at lowest area 36 fills rows 1, 2 and 6, columns 2, 5 and 6 and both
    diagonals: six crosses (docs/solving.md)."""
    mask = solo_exact.grid(0b100011, 0b110010, True, True)
    cells = {(r + 1, c + 1) for r in range(BLUE_SIZE) for c in range(BLUE_SIZE)
             if mask is not None and mask >> (r * BLUE_SIZE + c) & 1}
    assert cells == {(1, 2), (1, 6), (2, 2), (2, 5), (6, 5), (6, 6)}


@pytest.mark.parametrize("seed", range(6))
def test_a_grid_fills_exactly_its_lines_with_the_fewest_crosses(seed: int) -> None:
    """For lines a real grid fills (drawn from a seeded grid), :func:`solo_exact.grid` gives a
    grid filling exactly those lines with the fewest crosses the bound counts."""
    rng = random.Random(seed)
    cells = rng.sample(range(BLUE_SIZE * BLUE_SIZE), rng.randint(2, 7))
    lines = solo_exact._lines(cells)
    mask = solo_exact.grid(*lines)
    assert mask is not None
    drawn = [c for c in range(BLUE_SIZE * BLUE_SIZE) if mask >> c & 1]
    assert solo_exact._lines(drawn) == lines
    assert len(drawn) == paid_bound.blue_crosses(BLUE_SIZE, lines[0], lines[1], int(lines[2]),
                                                 int(lines[3])) <= len(cells)


def test_both_diagonals_alone_take_four_crosses() -> None:
    """Both diagonals with two crosses and no row or column with two: four crosses, two on
    each diagonal, no line doubled."""
    mask = solo_exact.grid(0, 0, True, True)
    assert mask is not None and mask.bit_count() == 4
    assert solo_exact._lines([c for c in range(BLUE_SIZE ** 2) if mask >> c & 1]) == (
        0, 0, True, True)


def test_the_target_of_the_games_choice_is_its_sheet() -> None:
    """The bound's option for each area of the bundled game (blue by its lines) makes, with
    blue drawn by :func:`solo_exact.grid`, exactly the game's final areas."""
    end = _final()
    chosen = []
    for label, part in zip(AREAS, end.parts):
        if label == "blue":
            assert isinstance(part, int)
            lines = solo_exact._lines([c for c in range(BLUE_SIZE ** 2) if part >> c & 1])
            option = next(o for o in paid_bound.options("blue") if o.part == lines)
        else:
            option = next(o for o in paid_bound.options(label) if o.part == part)
        chosen.append(option)
    target = solo_exact.target(chosen)
    assert target is not None and target.parts == end.parts


def test_the_beam_toward_the_games_sheet_plays_the_bundled_record_again(tmp_path: Path) -> None:
    """The command's last step (``toward``, 60 games a slot, as :data:`solo_exact.WITNESS_ARGS`
    asks) from the game's own final areas: the same record, byte for byte."""
    end = _final()
    found = solo_exact.toward(sheet_of(end.parts), 60, 200, 1.0)
    assert found is not None and found.total == BOUND
    again = tmp_path / "again.json"
    assert solo_search.write_record(found, str(again)) == BOUND
    assert again.read_bytes() == BEST.read_bytes()


def test_the_command_finds_no_game_above_the_bound(capsys: pytest.CaptureFixture[str]) -> None:
    """Above 421 from lowest area 36 up (the game's own): no choice, so no game; exit 1 with
    one line saying so (a part of the proof, as above)."""
    assert solo_exact.main(["--least", str(BOUND), "--lowest", "36"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"error: no game above {BOUND} found\n"


def test_the_command_keeps_a_file_it_would_write(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text("the user's")
    assert solo_exact.main(["--out", str(mine)]) == 2
    assert mine.read_text() == "the user's"
    assert "exists" in capsys.readouterr().err
