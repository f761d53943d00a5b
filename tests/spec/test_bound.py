"""The solo bound's relaxation is sound: the witness game's final sheet satisfies every part of
it (so no constraint cuts off a real game), and the witness record verifies with its total."""

from __future__ import annotations

import random

from oracle import GameState, PlayerSheet, apply_unchecked, new_game, score
from spec.cubed.seam import format_sheet
from oracle.engine.game import Game, Move, State
from oracle.records.play import greedy_policy, play_game, random_policy
from oracle.records.record import load_records, verify
from spec.cubed import bound, sheetvars
from spec.logic import Solver, all_of, int_var
from tests.spec.solo import witness_sheet

#: The total of examples/solo-best.json (README, "The highest solo score").
WITNESS_TOTAL = 641


def test_witness_total() -> None:
    (name, record), = load_records("examples/solo-best.json")
    assert not isinstance(record, Exception)
    verdict = verify(record, name)
    assert verdict.status == "legal"
    assert score(witness_sheet()).total == WITNESS_TOTAL


def test_witness_sheet_satisfies_the_relaxation() -> None:
    sheet = witness_sheet()
    r = bound.relaxation(1)
    solver = Solver()
    solver.add(sheetvars.equals(r.sheet, sheet))
    solver.add(all_of(p for _, p in r.parts))
    assert solver.check(r.total.eq(score(sheet).total)) == "sat"


def test_each_part_admits_thewitness_sheet() -> None:
    """Each part alone admits the witness sheet (names the part if one cut off a real game)."""
    sheet = witness_sheet()
    r = bound.relaxation(1)
    for name, part in r.parts:
        solver = Solver()
        solver.add(sheetvars.equals(r.sheet, sheet))
        solver.add(part)
        assert solver.check(r.total.ge(0)) == "sat", name


def _mixed_policy(game: Game, state: State, moves: tuple[Move, ...],
                  rng: random.Random) -> Move:
    """Greedy three times in four, else any legal move: stronger than random, more varied
    than greedy (more bonuses, extra dice and question marks to check the relaxation on)."""
    if rng.random() < 0.75:
        return greedy_policy(game, state, moves, rng)
    return random_policy(game, state, moves, rng)


def _real_solo_sheets() -> list[tuple[str, PlayerSheet]]:
    """Final sheets of real solo games: seeded random, greedy and mixed games, and the solo
    example records."""
    out: list[tuple[str, PlayerSheet]] = []
    for name, policy in (("random", random_policy), ("greedy", greedy_policy),
                         ("mixed", _mixed_policy)):
        for seed in range(SEEDS):
            _, state = play_game(1, seed, policy)
            assert isinstance(state, GameState)
            out.append((f"{name} seed {seed}", state.sheets[0]))
    for path in ("examples/solo-best.json", "examples/solo-legal.json"):
        for name, record in load_records(path):
            assert not isinstance(record, Exception)
            state = new_game(1)
            for step in record.steps:
                state = apply_unchecked(state, step.move)
            assert state.is_terminal
            out.append((f"{path} {name}", state.sheets[0]))
    return out


#: Seeded games per policy in the soundness test.
SEEDS = 12


def test_real_games_satisfy_the_relaxation() -> None:
    """Every real game's final sheet satisfies the whole relaxation with its real total (a
    part that cut off a real game would make this unsat), in each fox case of the proof."""
    r = bound.relaxation(1)
    solver = Solver()
    solver.add(all_of(p for _, p in r.parts))
    sheets = _real_solo_sheets()
    assert len({format_sheet(s) for _, s in sheets}) > 2 * SEEDS
    for name, sheet in sheets:
        real = score(sheet)
        solver.push()
        solver.add(sheetvars.equals(r.sheet, sheet))
        assert solver.check(r.total.eq(real.total), r.foxes.eq(real.foxes)) == "sat", name
        solver.pop()


def test_turquoise_columns_count_each_column() -> None:
    """Two passive picks (3 crosses each) can make 6 crosses, but not 4 in column 1 and 2 in
    column 4: each entry crosses one column only.  TURQUOISE-CROSSES alone admits the sheet,
    TURQUOISE-COLUMNS does not."""
    cells = [(1, 1), (2, 1), (3, 1), (4, 1), (1, 4), (2, 4)]
    sheet = PlayerSheet().but(turquoise=sum(1 << ((r - 1) * 6 + c - 1) for r, c in cells))
    r = bound.relaxation(1)
    parts = dict(r.parts)
    only_passive = all_of([int_var("passive.turquoise").eq(2), int_var("extra.turquoise").eq(0),
                           int_var("black.turquoise").eq(0)]
                          + [int_var(f"active{k}.turquoise").eq(0) for k in bound.FIELDS])
    for names, expected in ((("TURQUOISE-CROSSES", "TURQUOISE-EXTRA"), "sat"),
                            (("TURQUOISE-CROSSES", "TURQUOISE-EXTRA", "TURQUOISE-COLUMNS"),
                             "unsat")):
        solver = Solver()
        solver.add(sheetvars.equals(r.sheet, sheet) & only_passive)
        solver.add(all_of(parts[n] for n in names))
        assert solver.check() == expected, names
