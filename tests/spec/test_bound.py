"""The solo bound's relaxation is sound: the witness game's final sheet satisfies every part of
it (so no constraint cuts off a real game), and the witness record verifies with its total."""

from __future__ import annotations

from oracle.cubed.engine import apply_unchecked, new_game
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.scoring import score
from oracle.record import load_records, verify
from spec.cubed import bound, sheetvars
from spec.logic import Solver, all_of

#: The total of examples/solo-best.json (README, "The highest solo score").
WITNESS_TOTAL = 474


def _witness_sheet() -> PlayerSheet:
    (name, record), = load_records("examples/solo-best.json")
    assert not isinstance(record, Exception)
    state = new_game(1)
    for step in record.steps:
        state = apply_unchecked(state, step.move)
    assert state.is_terminal
    return state.sheets[0]


def test_witness_total() -> None:
    (name, record), = load_records("examples/solo-best.json")
    assert not isinstance(record, Exception)
    verdict = verify(record, name)
    assert verdict.status == "legal"
    assert score(_witness_sheet()).total == WITNESS_TOTAL


def test_witness_sheet_satisfies_the_relaxation() -> None:
    sheet = _witness_sheet()
    r = bound.relaxation(1)
    solver = Solver()
    solver.add(sheetvars.equals(r.sheet, sheet))
    solver.add(all_of(p for _, p in r.parts))
    assert solver.check(r.total.eq(score(sheet).total)) == "sat"


def test_each_part_admits_the_witness_sheet() -> None:
    """Each part alone admits the witness sheet (names the part if one cut off a real game)."""
    sheet = _witness_sheet()
    r = bound.relaxation(1)
    for name, part in r.parts:
        solver = Solver()
        solver.add(sheetvars.equals(r.sheet, sheet))
        solver.add(part)
        assert solver.check(r.total.ge(0)) == "sat", name
