"""Blue: a 6 x 6 grid; one cell is crossed (rules "Bleu"; docs/rulings.md, rulings 4E-2, 4E-6).

"The two cubes define the field for ticking.  The blue cube determines the line and the white
cube the column."  The row's 2nd cross earns the row bonus; the main diagonal's 2nd cross a
re-roll; each column with at least 2 crosses scores its points; the anti-diagonal scores 6 with at
least 2 crosses.  A blue question mark crosses any free cell (ruling 4E-6).

State: a 36-bit mask, bit ``(row - 1) * 6 + (column - 1)``.  Target: that bit's index.
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.fourever.context import Context
from oracle.fourever.sheet import (
    BLUE_ANTI_DIAGONAL_AT,
    BLUE_ANTI_DIAGONAL_POINTS,
    BLUE_COLUMN_POINTS,
    BLUE_COLUMN_POINTS_AT,
    BLUE_MAIN_DIAGONAL_AT,
    BLUE_MAIN_DIAGONAL_BONUS,
    BLUE_ROW_BONUS,
    BLUE_ROW_BONUS_AT,
    BLUE_SIZE,
    Bonus,
)

State = int
EMPTY: State = 0
TARGETS: tuple[int, ...] = tuple(range(BLUE_SIZE * BLUE_SIZE))


def cell(row: int, column: int) -> int:
    """The target of the cell in ``row`` and ``column`` (1-based)."""
    return (row - 1) * BLUE_SIZE + column - 1


def row_of(target: int) -> int:
    return target // BLUE_SIZE + 1


def column_of(target: int) -> int:
    return target % BLUE_SIZE + 1


ROW_MASK: tuple[int, ...] = tuple(
    sum(1 << cell(r, c) for c in range(1, 7)) for r in range(1, 7)
)
COLUMN_MASK: tuple[int, ...] = tuple(
    sum(1 << cell(r, c) for r in range(1, 7)) for c in range(1, 7)
)
MAIN_DIAGONAL = sum(1 << cell(i, i) for i in range(1, 7))
ANTI_DIAGONAL = sum(1 << cell(i, 7 - i) for i in range(1, 7))
FOX_ROWS: tuple[int, ...] = tuple(r + 1 for r, b in enumerate(BLUE_ROW_BONUS) if b is Bonus.FOX)


def targets(state: State, ctx: Context) -> tuple[int, ...]:
    """A die: the one cell of the dice (row = blue, column = white) if free.  A question mark:
    every free cell."""
    if ctx.question:
        return tuple(t for t in TARGETS if not state >> t & 1)
    t = cell(ctx.number, ctx.partner)
    return () if state >> t & 1 else (t,)


def problem(state: State, target: int, ctx: Context) -> tuple[str, str] | None:
    """Why the cell ``target`` cannot be crossed with these dice, or None."""
    if target not in TARGETS:
        return "BLUE-CELL", "the blue grid has rows and columns 1 to 6"
    if not ctx.question and (row_of(target), column_of(target)) != (ctx.number, ctx.partner):
        return "BLUE-CELL", (
            f"the blue die gives the row and the white die the column: row {ctx.number}, "
            f"column {ctx.partner}, not {target_text(target)}"
        )
    if state >> target & 1:
        return "CELL-FREE", f"the blue cell {target_text(target)} is already crossed"
    return None


def enter(state: State, target: int, ctx: Context) -> tuple[State, tuple[Bonus, ...]]:
    """Cross the cell; the row's 2nd cross earns the row bonus, the main diagonal's 2nd cross a
    re-roll."""
    new = state | 1 << target
    earned: list[Bonus] = []
    row = row_of(target)
    if (new & ROW_MASK[row - 1]).bit_count() == BLUE_ROW_BONUS_AT:
        earned.append(BLUE_ROW_BONUS[row - 1])
    if new & MAIN_DIAGONAL != state & MAIN_DIAGONAL and (
        (new & MAIN_DIAGONAL).bit_count() == BLUE_MAIN_DIAGONAL_AT
    ):
        earned.append(BLUE_MAIN_DIAGONAL_BONUS)
    return new, tuple(earned)


def score(state: State) -> int:
    """Column points (columns with 2 or more crosses) + the anti-diagonal's 6."""
    points = sum(
        BLUE_COLUMN_POINTS[c] for c in range(6)
        if (state & COLUMN_MASK[c]).bit_count() >= BLUE_COLUMN_POINTS_AT
    )
    if (state & ANTI_DIAGONAL).bit_count() >= BLUE_ANTI_DIAGONAL_AT:
        points += BLUE_ANTI_DIAGONAL_POINTS
    return points


def foxes(state: State) -> int:
    """The blue foxes shown: row 6 with its 2nd cross."""
    return sum(1 for r in FOX_ROWS if (state & ROW_MASK[r - 1]).bit_count() >= BLUE_ROW_BONUS_AT)


def target_text(target: int) -> str:
    """``ROW,COLUMN``, e.g. ``3,4``."""
    return f"{row_of(target)},{column_of(target)}"


def parse_target(text: str) -> int:
    """A cell from ``ROW,COLUMN``."""
    row, sep, column = text.partition(",")
    if not sep or row not in "123456" or column not in "123456" or not row or not column:
        raise NotationError(f"a blue cell is ROW,COLUMN with 1 to 6 each, not {text!r}")
    return cell(int(row), int(column))


def notation(state: State) -> str:
    """Six rows of ``x`` (crossed) and ``.`` joined by ``/``."""
    return "/".join(
        "".join("x" if state >> cell(r, c) & 1 else "." for c in range(1, 7)) for r in range(1, 7)
    )


def parse_notation(text: str) -> State:
    """The inverse of :func:`notation`."""
    rows = text.split("/")
    if len(rows) != 6 or any(len(r) != 6 or set(r) - {"x", "."} for r in rows):
        raise NotationError(f"blue: want 6 rows of 6 'x'/'.' joined by '/', got {text!r}")
    return sum(1 << cell(r + 1, c + 1) for r in range(6) for c in range(6) if rows[r][c] == "x")
