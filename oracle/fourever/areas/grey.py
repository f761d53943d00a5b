"""Grey: 4 x 16 shaded cells in 17 parts; a whole part is crossed (rules "Grey"; docs/rulings.md,
ruling 4E-8).

"If you choose the gray cube, you must cross all fields in a subarea.  The number of cubes must
be at least as high as the number of fields in the partial area.  You start to the left with one
of the two red-edged subareas.  All other crosses must be placed horizontally or vertically
adjacent to an existing cross."  A bonus printed in a cell is earned when the cell is crossed; a
full column scores the points above it; crossing every cell of a shade shows a fox.  A grey
question mark crosses any part that may legally be crossed (every part has at most 6 cells).

State: a mask of the crossed parts (bit = part number).  Target: the part number 0..16.
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.fourever.context import Context
from oracle.fourever.sheet import (
    GREY_CELL_BONUS,
    GREY_COLUMN_POINTS,
    GREY_COLUMNS,
    GREY_NEIGHBOURS,
    GREY_PART_COUNT,
    GREY_PART_OF,
    GREY_PART_SIZE,
    GREY_PARTS,
    GREY_ROWS,
    GREY_SHADE_PARTS,
    GREY_START_PARTS,
    Bonus,
)

State = int
EMPTY: State = 0
TARGETS: tuple[int, ...] = tuple(range(GREY_PART_COUNT))
START_MASK = sum(1 << p for p in GREY_START_PARTS)
#: The bonuses printed in each part's cells, in row-major cell order.
PART_BONUSES: tuple[tuple[Bonus, ...], ...] = tuple(
    tuple(GREY_CELL_BONUS[c] for c in part if c in GREY_CELL_BONUS) for part in GREY_PARTS
)
#: For each column, the mask of the parts its cells belong to.
COLUMN_PARTS: tuple[int, ...] = tuple(
    sum(1 << p for p in {GREY_PART_OF[r][c] for r in range(GREY_ROWS)})
    for c in range(GREY_COLUMNS)
)
#: The largest number a die can show: a question mark may cross any part the rules allow.
_ANY = 6


def reachable(state: State) -> int:
    """The mask of the free parts the next cross may take, whatever its size: a start part
    while nothing is crossed, else a part touching a crossed one."""
    if not state:
        return START_MASK
    touching = 0
    for p in TARGETS:
        if state >> p & 1:
            touching |= GREY_NEIGHBOURS[p]
    return touching & ~state


def targets(state: State, ctx: Context) -> tuple[int, ...]:
    """The free, reachable parts of at most ``ctx.number`` cells (any size for a question)."""
    most = _ANY if ctx.question else ctx.number
    mask = reachable(state)
    return tuple(p for p in TARGETS if mask >> p & 1 and GREY_PART_SIZE[p] <= most)


def problem(state: State, target: int, ctx: Context) -> tuple[str, str] | None:
    """Why part ``target`` cannot be crossed with this number, or None (an independent reading
    of the rule: the start and touching conditions are checked cell by cell)."""
    if target not in TARGETS:
        return "MOVE-FORM", f"the grey parts are numbered 0 to {GREY_PART_COUNT - 1}"
    if state >> target & 1:
        return "CELL-FREE", f"grey part {target} is already crossed"
    size = len(GREY_PARTS[target])
    if not ctx.question and size > ctx.number:
        return "GREY-SIZE", f"grey part {target} has {size} cells, more than the {ctx.number}"
    cells = GREY_PARTS[target]
    if not state:
        if not any(c == 0 for _, c in cells):
            return "GREY-START", (
                "the first grey part must be one of the two red-framed start parts at the left"
            )
        return None
    crossed = {(r, c) for r in range(GREY_ROWS) for c in range(GREY_COLUMNS)
               if state >> GREY_PART_OF[r][c] & 1}
    if not any((r + dr, c + dc) in crossed
               for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
        return "GREY-ADJACENT", (
            f"grey part {target} touches no crossed cell horizontally or vertically"
        )
    return None


def enter(state: State, target: int, ctx: Context) -> tuple[State, tuple[Bonus, ...]]:
    """Cross the part; the bonuses printed in its cells are earned."""
    return state | 1 << target, PART_BONUSES[target]


def score(state: State) -> int:
    """The points of every column whose 4 cells are crossed."""
    return sum(
        GREY_COLUMN_POINTS[c] for c in range(GREY_COLUMNS)
        if state & COLUMN_PARTS[c] == COLUMN_PARTS[c]
    )


def foxes(state: State) -> int:
    """One fox for each shade whose every cell is crossed."""
    return sum(1 for mask in GREY_SHADE_PARTS.values() if state & mask == mask)


def target_text(target: int) -> str:
    """The part number, e.g. ``7``."""
    return str(target)


def parse_target(text: str) -> int:
    """A part from its number (canonical: no leading zero)."""
    if not text.isdigit() or str(int(text)) != text or int(text) >= GREY_PART_COUNT:
        raise NotationError(f"a grey part is 0 to {GREY_PART_COUNT - 1}, not {text!r}")
    return int(text)


def notation(state: State) -> str:
    """One character per part 0..16: ``x`` crossed, ``.`` free."""
    return "".join("x" if state >> p & 1 else "." for p in TARGETS)


def parse_notation(text: str) -> State:
    """The inverse of :func:`notation`."""
    if len(text) != GREY_PART_COUNT or set(text) - {"x", "."}:
        raise NotationError(f"grey: want {GREY_PART_COUNT} 'x'/'.' characters, got {text!r}")
    return sum(1 << p for p, ch in enumerate(text) if ch == "x")
