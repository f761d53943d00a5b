"""Yellow: 3 rows of 5 fields; numbers are written (docs/rulings.md, ruling 4E-5).

Rules "Yellow": "you can choose freely in which of the 3 lines you want to enter the cube value
... You start to the left in each line and enter the value into the next free field ... In the
top line ... you must always enter a number that is higher than in the previous field."  Scoring:
the bottom row's sum plus, the middle row's sum minus, the star of every full column.

State: a tuple of the three rows' written numbers (top to bottom).  Target: the row 1..3.
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.fourever.areas._digits import digits, parse_digits
from oracle.fourever.context import Context
from oracle.fourever.sheet import (
    YELLOW_BONUS,
    YELLOW_FIELDS,
    YELLOW_MINUS,
    YELLOW_PLUS,
    YELLOW_ROWS,
    YELLOW_STARS,
    YELLOW_TOP,
    Bonus,
)

State = tuple[tuple[int, ...], ...]
EMPTY: State = ((), (), ())
TARGETS: tuple[int, ...] = (1, 2, 3)
#: Each fox: (row, column) 1-based of the field whose writing shows it.
FOX_FIELDS: tuple[tuple[int, int], ...] = tuple(
    (r + 1, c + 1)
    for r in range(YELLOW_ROWS) for c in range(YELLOW_FIELDS)
    if YELLOW_BONUS[r][c] is Bonus.FOX
)


def _fits(row: tuple[int, ...], top: bool, number: int) -> bool:
    if len(row) >= YELLOW_FIELDS:
        return False
    return not top or not row or number > row[-1]


def targets(state: State, ctx: Context) -> tuple[int, ...]:
    """The rows whose next free field may take the number."""
    return tuple(r for r in TARGETS if _fits(state[r - 1], r == YELLOW_TOP, ctx.number))


def problem(state: State, target: int, ctx: Context) -> tuple[str, str] | None:
    """Why ``ctx.number`` cannot go into row ``target``, or None."""
    if target not in TARGETS:
        return "YELLOW-ROW", f"yellow has rows 1 to 3, not {target}"
    row = state[target - 1]
    if len(row) == YELLOW_FIELDS:
        return "YELLOW-ROW", f"yellow row {target} is full"
    if target == YELLOW_TOP and row and ctx.number <= row[-1]:
        return "YELLOW-INCREASING", (
            f"the top yellow row must increase: {ctx.number} cannot follow {row[-1]}"
        )
    return None


def enter(state: State, target: int, ctx: Context) -> tuple[State, tuple[Bonus, ...]]:
    """Write the number into the row's next field; the field's bonus (if any) is earned."""
    row = state[target - 1] + (ctx.number,)
    bonus = YELLOW_BONUS[target - 1][len(row) - 1]
    new = state[: target - 1] + (row,) + state[target:]
    return new, (bonus,) if bonus is not None else ()


def score(state: State) -> int:
    """Bottom sum − middle sum + the stars of the full columns."""
    full = min(len(row) for row in state)
    return sum(state[YELLOW_PLUS - 1]) - sum(state[YELLOW_MINUS - 1]) + sum(YELLOW_STARS[:full])


def foxes(state: State) -> int:
    """The yellow foxes shown: the top row's 5th field written."""
    return sum(1 for r, c in FOX_FIELDS if len(state[r - 1]) >= c)


def target_text(target: int) -> str:
    """``1``, ``2`` or ``3`` (top, middle, bottom row)."""
    return str(target)


def parse_target(text: str) -> int:
    """A row from its text."""
    if text not in ("1", "2", "3"):
        raise NotationError(f"a yellow row is 1, 2 or 3, not {text!r}")
    return int(text)


def notation(state: State) -> str:
    """The rows' numbers as digits, rows joined by ``/``: e.g. ``135/22/6``."""
    return "/".join(digits(row) for row in state)


def parse_notation(text: str) -> State:
    """The inverse of :func:`notation`; the top row must increase."""
    rows = text.split("/")
    if len(rows) != YELLOW_ROWS:
        raise NotationError(f"yellow: want 3 rows joined by '/', got {text!r}")
    state = tuple(parse_digits(r, YELLOW_FIELDS, "yellow row") for r in rows)
    top = state[0]
    if any(a >= b for a, b in zip(top, top[1:])):
        raise NotationError(f"yellow: the top row {rows[0]!r} does not increase")
    return state
