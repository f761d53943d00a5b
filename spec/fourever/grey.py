"""Grey as Z3 constraints (docs/rulings.md, ruling 4E-8; mirrors
``oracle/games/fourever/areas/grey.py``).

Four rows of sixteen shaded cells; orthogonally touching cells of one shade form a part, and an
entry crosses a whole part of at most as many cells as its number.  The first part is a start
part (one touching the left edge), every later one touches a crossed cell.  A cell's bonus comes
with its part; a full column scores its points; every cell of a shade crossed shows a fox.
State: one Boolean per part, parts numbered in row-major order of their first cell (as the
engine's sheet numbers them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from spec.fourever.printed import (
    GREY_CELL_BONUS,
    GREY_COLUMN_POINTS,
    GREY_COLUMNS,
    GREY_MOST,
    GREY_ROWS,
    GREY_SHADES,
)
from spec.fourever.seam import Options
from spec.fourever.terms import Term, by_bonus
from spec.logic import Bool, Int, all_of, any_of, bool_var, count, ite, total, truth

Cell = tuple[int, int]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _inside(r: int, c: int) -> bool:
    return 0 <= r < GREY_ROWS and 0 <= c < GREY_COLUMNS


def _part_of_cells() -> tuple[tuple[int, ...], ...]:
    """Each cell's part: cells of one shade joined orthogonally, numbered in row-major order
    of the part's first cell.  Each cell takes the least row-major index of its same-shade
    neighbours, round after round (as many rounds as cells: enough for any path), so every
    cell of a part ends with the index of the part's first cell."""
    cells = [(r, c) for r in range(GREY_ROWS) for c in range(GREY_COLUMNS)]
    least = {cell: i for i, cell in enumerate(cells)}
    for _ in cells:
        least = {(r, c): min([least[(r, c)]] + [
            least[(r + dr, c + dc)] for dr, dc in STEPS
            if _inside(r + dr, c + dc) and GREY_SHADES[r + dr][c + dc] == GREY_SHADES[r][c]])
            for r, c in cells}
    firsts = sorted(set(least.values()))
    return tuple(tuple(firsts.index(least[(r, c)]) for c in range(GREY_COLUMNS))
                 for r in range(GREY_ROWS))


PART_OF = _part_of_cells()
PARTS = range(1 + max(max(row) for row in PART_OF))
CELLS: tuple[tuple[Cell, ...], ...] = tuple(
    tuple((r, c) for r in range(GREY_ROWS) for c in range(GREY_COLUMNS) if PART_OF[r][c] == p)
    for p in PARTS)
#: The parts touching each part orthogonally.
NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(PART_OF[r + dr][c + dc] for r, c in CELLS[p] for dr, dc in STEPS
              if _inside(r + dr, c + dc)) - {p}
    for p in PARTS)
#: The start parts: those touching the left edge.
STARTS = frozenset(PART_OF[r][0] for r in range(GREY_ROWS))
SHADE_OF = tuple(GREY_SHADES[CELLS[p][0][0]][CELLS[p][0][1]] for p in PARTS)


@attrs.frozen
class Grey:
    """The grey parts: ``parts[p]`` is true when part ``p`` is crossed."""

    parts: tuple[Bool, ...]

    @property
    def flat(self) -> tuple[Term, ...]:
        """The variables in the order of :func:`values`."""
        return self.parts


def fresh(name: str) -> Grey:
    """Free variables for the grey area."""
    return Grey(tuple(bool_var(f"{name}.gy{p}") for p in PARTS))


def values(part: Any) -> tuple[int, ...]:
    """The engine's part (a mask of crossed parts) as the parts' values."""
    return tuple(int(part) >> p & 1 for p in PARTS)


def part(found: Sequence[int]) -> int:
    """The engine's part of the parts' values."""
    return sum(1 << p for p, v in enumerate(found) if v)


def connected(area: Grey) -> tuple[Bool, ...]:
    """For each part: crossed and joined to a crossed start part through crossed parts
    (a path visits each part at most once, so ``len(PARTS)`` steps reach every one)."""
    reach = tuple(area.parts[p] if p in STARTS else truth(False) for p in PARTS)
    for _ in PARTS:
        reach = tuple(area.parts[p] & any_of([reach[p], *(reach[q] for q in NEIGHBOURS[p])])
                      for p in PARTS)
    return reach


def well_formed(area: Grey, options: Options) -> Bool:
    """Every crossed part fits a die (at most six cells) and grew from a start part by
    orthogonal contact (4E-8): each is joined to a start part through crossed parts."""
    reach = connected(area)
    return all_of(area.parts[p].implies(reach[p]) for p in PARTS) & all_of(
        ~area.parts[p] for p in PARTS if len(CELLS[p]) > GREY_MOST)


def entries(area: Grey) -> Int:
    """The fewest entries: one per crossed part."""
    return count(area.parts)


def _crossed(area: Grey, cells: Sequence[Cell]) -> Bool:
    return all_of(area.parts[PART_OF[r][c]] for r, c in cells)


def score(area: Grey) -> Int:
    """The points of every column whose four cells are crossed."""
    return total(ite(_crossed(area, [(r, c) for r in range(GREY_ROWS)]), GREY_COLUMN_POINTS[c], 0)
                 for c in range(GREY_COLUMNS))


def earned(area: Grey) -> dict[str, Int]:
    """The bonus printed in every crossed cell."""
    return by_bonus((b, area.parts[PART_OF[r][c]]) for (r, c), b in GREY_CELL_BONUS.items())


def foxes(area: Grey) -> Int:
    """A fox for every shade whose cells are all crossed."""
    return count(all_of(area.parts[p] for p in PARTS if SHADE_OF[p] == shade)
                 for shade in sorted(set(SHADE_OF)))


def grows(old: Grey, new: Grey) -> Bool:
    """``new`` keeps every crossed part of ``old`` (a well-formed ``new`` then grows from
    ``old`` part by part: each new part is joined to ``old`` or a start part)."""
    return all_of(o.implies(n) for o, n in zip(old.parts, new.parts))
