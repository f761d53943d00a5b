"""Pink: 12 fields; numbers are written left to right (rules "Pink"; docs/rulings.md, ruling 4E-9).

"You always start to the left and enter a number into the next free field ... Depending on the
number you enter, the following happens": a 2, 4 or 6 is circled (+2, +4, +3 at the end); a 3
writes another 3 in the next field (no effect of its own; nothing at field 12); a 5 or 6 earns the
bonus under its field.  Score: the points above the last written field plus the circled extras.

State: the numbers written, in field order (the extra 3s included: a player's 3 is always followed
by its extra 3, so which 3s were extra can be read off left to right).  Target: the field
written (the next free one, 1..12).
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.fourever.areas._digits import digits, parse_digits
from oracle.fourever.context import Context
from oracle.fourever.sheet import (
    PINK_BONUS,
    PINK_BONUS_NUMBERS,
    PINK_CIRCLED,
    PINK_FIELDS,
    PINK_POINTS,
    PINK_REPEAT,
    Bonus,
)

State = tuple[int, ...]
EMPTY: State = ()
TARGETS: tuple[int, ...] = tuple(range(1, PINK_FIELDS + 1))
FOX_FIELDS: tuple[int, ...] = tuple(f + 1 for f, b in enumerate(PINK_BONUS) if b is Bonus.FOX)


def own_entries(state: State) -> tuple[bool, ...]:
    """For each written field: True when the player wrote it, False for an extra 3."""
    out: list[bool] = []
    extra_next = False
    for value in state:
        out.append(not extra_next)
        extra_next = not extra_next and value == PINK_REPEAT
    return tuple(out)


def targets(state: State, ctx: Context) -> tuple[int, ...]:
    """The next free field, if any."""
    return (len(state) + 1,) if len(state) < PINK_FIELDS else ()


def problem(state: State, target: int, ctx: Context) -> tuple[str, str] | None:
    """Why the number cannot go into field ``target``, or None."""
    if len(state) >= PINK_FIELDS:
        return "PINK-FULL", "the pink area is full"
    if target != len(state) + 1:
        return "PINK-NEXT", f"pink fields are written left to right: the next is {len(state) + 1}"
    return None


def enter(state: State, target: int, ctx: Context) -> tuple[State, tuple[Bonus, ...]]:
    """Write the number; a 3 writes another 3 in the next field; a 5 or 6 earns the bonus."""
    number = ctx.number
    new = state + (number,)
    if number == PINK_REPEAT and len(new) < PINK_FIELDS:
        new += (PINK_REPEAT,)
    bonus = PINK_BONUS[target - 1] if number in PINK_BONUS_NUMBERS else None
    return new, (bonus,) if bonus is not None else ()


def score(state: State) -> int:
    """The points above the last written field + the circled 2s, 4s and 6s (extra 3s count
    nothing)."""
    if not state:
        return 0
    return PINK_POINTS[len(state) - 1] + sum(PINK_CIRCLED.get(v, 0) for v in state)


def foxes(state: State) -> int:
    """The pink foxes shown: field 8 written with a 5 or 6 by the player."""
    own = own_entries(state)
    return sum(
        1 for f in FOX_FIELDS
        if len(state) >= f and own[f - 1] and state[f - 1] in PINK_BONUS_NUMBERS
    )


def target_text(target: int) -> str:
    """The field number, e.g. ``5``."""
    return str(target)


def parse_target(text: str) -> int:
    """A field from its number."""
    if not text.isdigit() or str(int(text)) != text or not 1 <= int(text) <= PINK_FIELDS:
        raise NotationError(f"a pink field is 1 to {PINK_FIELDS}, not {text!r}")
    return int(text)


def notation(state: State) -> str:
    """The numbers as digits, extra 3s included: e.g. ``2336``."""
    return digits(state)


def parse_notation(text: str) -> State:
    """The inverse of :func:`notation`; a player's 3 must be followed by its extra 3."""
    state = parse_digits(text, PINK_FIELDS, "pink")
    own = own_entries(state)
    for i, value in enumerate(state):
        if own[i] and value == PINK_REPEAT and i + 1 == len(state) < PINK_FIELDS:
            raise NotationError(f"pink: the 3 in field {i + 1} lacks its extra 3")
    return state
