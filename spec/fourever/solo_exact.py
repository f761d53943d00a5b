"""The highest Clever 4Ever solo score, reached: a game whose total is the proven bound.

:mod:`spec.fourever.paid_bound` proves that no solo game totals more than the best *paid-for*
choice of one option per area (every entry a pick, an extra die or a question mark of its own
area's colour), 421, and :func:`~spec.fourever.paid_bound.above` finds that choice.  Its blue is
what the grid fills (the rows and columns with two crosses, each diagonal with two), not a
grid: :func:`grid` draws the first grid, in cell order, with the fewest crosses that fills
exactly those lines (4E-6).  The beam of :func:`spec.fourever.solo_realise.toward` then plays
the engine's own game toward that sheet, the rolls chosen, and the record is verified by the
engine like every record.  A game found at the bound is the exact answer: its total is both
reached (the record) and proven the most (``python -m spec.fourever.paid_bound --prove 421``).

``python -m spec.fourever.solo_exact --help`` (on a terminal, standard error shows the progress:
the branch and bound's lowest area and nodes, then the beam's round and best total so far).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Callable, Iterator, Sequence

from oracle.engine.sheet import Sheet
from spec.fourever import paid_bound, solo_plan
from spec.fourever.printed import AREAS, BLUE_SIZE
from spec.fourever.seam import format_sheet, sheet_of
from spec.fourever.solo_realise import toward
from spec.fourever.solo_search import Found, beam_options, search_command
from spec.fourever.solo_search import sheet as game_sheet
from spec.solving import Progress

#: The options that found the bundled best game (examples/fourever-solo-best.json; README,
#: "The highest solo score"; docs/solving.md), the defaults: choices above 415 (the first is
#: at lowest area 35: 416 with each fox worth 35, 421 with the lowest area it has, 36), the
#: beam 60 games wide.
WITNESS_ARGS = ("--least", "415", "--width", "60", "--branch", "200")


def _lines(cells: Sequence[int]) -> tuple[int, int, bool, bool]:
    """What a blue grid fills: the rows and the columns with two crosses or more (as bit
    sets), and whether each diagonal has two."""
    rows, cols = [0] * BLUE_SIZE, [0] * BLUE_SIZE
    main = anti = 0
    for cell in cells:
        r, c = divmod(cell, BLUE_SIZE)
        rows[r] += 1
        cols[c] += 1
        main += r == c
        anti += r + c == BLUE_SIZE - 1
    return (sum(1 << r for r in range(BLUE_SIZE) if rows[r] >= 2),
            sum(1 << c for c in range(BLUE_SIZE) if cols[c] >= 2), main >= 2, anti >= 2)


def grid(rows: int, cols: int, main: bool, anti: bool) -> int | None:
    """The first blue grid (a bit per cell, row by row), in the order of
    :func:`itertools.combinations` over the cells, with the fewest crosses
    (:func:`spec.fourever.paid_bound.blue_crosses`) that fills exactly the rows ``rows`` and
    the columns ``cols`` (bit sets) and the diagonals asked; None when no grid of that many
    crosses does.  It tries every set of that many cells: the bound's best choices take few
    (six)."""
    want = (rows, cols, bool(main), bool(anti))
    crosses = paid_bound.blue_crosses(BLUE_SIZE, rows, cols, int(main), int(anti))
    for cells in itertools.combinations(range(BLUE_SIZE * BLUE_SIZE), crosses):
        if _lines(cells) == want:
            return sum(1 << cell for cell in cells)
    return None


def target(chosen: Sequence[solo_plan.Option]) -> Sheet | None:
    """The sheet of a choice of :func:`spec.fourever.paid_bound.options` (one per area, in
    sheet order), its blue made a grid (:func:`grid`; None when there is none), its tracks
    blank."""
    parts: list[object] = []
    for label, option in zip(AREAS, chosen):
        part = option.part
        if label == "blue":
            assert isinstance(part, tuple)
            rows, cols, main, anti = part
            part = grid(rows, cols, main, anti)
            if part is None:
                return None
        parts.append(part)
    return sheet_of(tuple(parts))


def choices(least: int, lowest: int = paid_bound.LOWEST, progress: Progress | None = None
            ) -> Iterator[tuple[int, tuple[solo_plan.Option, ...]]]:
    """Each lowest area from ``lowest`` up with its best paid-for choice above ``least``
    (:func:`spec.fourever.paid_bound.above`, ``progress`` hearing its search), while some
    option of every area reaches it."""
    for m in itertools.count(lowest):
        if paid_bound._arrays(m) is None:  # no option of some area reaches m, nor any higher
            return
        chosen, _ = paid_bound.above(m, least, progress=progress)
        if chosen is not None:
            yield m, chosen


def best(argv: Sequence[str], say: Callable[[str], None] = lambda text: None,
         progress: Progress | None = None) -> Found | None:
    """The first game the options ``argv`` find: for each choice of :func:`choices` in turn,
    the beam toward its sheet (``say`` hears both; ``progress`` hears both searches'
    progress); None when no game scores above the least asked."""
    args = parser().parse_args(list(argv))
    for m, chosen in choices(args.least, args.lowest, progress):
        sheet = target(chosen)
        if sheet is None:
            say(f"lowest area {m}: {solo_plan.score(chosen)}, no blue grid fills its lines")
            continue
        say(f"lowest area {m}: {solo_plan.score(chosen)} {format_sheet(sheet)}")
        found = toward(sheet, args.width, args.branch, args.waste, progress)
        if found is not None:
            if found.total > args.least:
                return found
            say(f"game: {found.total} {format_sheet(game_sheet(found.node.state))}, not above "
                f"{args.least}")
    return None


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    p = argparse.ArgumentParser(
        prog="python -m spec.fourever.solo_exact",
        description="A Clever 4Ever solo game played toward the best paid-for sheet, the one "
                    "the proven bound is; its record verified.")
    p.add_argument("--least", type=int, default=415,
                   help="look for choices and games above this total")
    p.add_argument("--lowest", type=int, default=paid_bound.LOWEST,
                   help="the lowest area to start from (every lower one is skipped)")
    beam_options(p, 60, 200, "sheet")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Find the choices, play toward them, print and write the first game above the least."""
    given = sys.argv[1:] if argv is None else list(argv)
    args = parser().parse_args(given)
    return search_command(args.out, lambda say, progress: best(given, say, progress),
                          f"no game above {args.least} found")


if __name__ == "__main__":
    sys.exit(main())
