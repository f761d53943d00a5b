"""Green: 11 fields, each a lower and an upper triangle; numbers are written (rules "Green";
docs/rulings.md, ruling 4E-7).

"You must first decide whether to enter the cube value into the upper or the lower triangle.
When entering, you fill each of the two 'line' from left to right."  Default: two independent
lines; option ``green_upper_after_lower``: a field's upper triangle only after its lower one.  The
bonus under a field comes with its lower triangle; a field with both triangles scores their sum,
fields 4..11 doubled.

State: (lower numbers, upper numbers), each in field order.  Target: LOWER (0) or UPPER (1).
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.fourever.areas._digits import digits, parse_digits
from oracle.fourever.context import Context
from oracle.fourever.sheet import GREEN_BONUS, GREEN_FIELDS, GREEN_MULTIPLIER, Bonus

State = tuple[tuple[int, ...], tuple[int, ...]]
EMPTY: State = ((), ())
LOWER, UPPER = 0, 1
TARGETS: tuple[int, ...] = (LOWER, UPPER)
TARGET_NAMES: tuple[str, ...] = ("lower", "upper")
FOX_FIELDS: tuple[int, ...] = tuple(f + 1 for f, b in enumerate(GREEN_BONUS) if b is Bonus.FOX)


def targets(state: State, ctx: Context) -> tuple[int, ...]:
    """The lines whose next triangle is free (and, under the option, may be written)."""
    return tuple(t for t in TARGETS if problem(state, t, ctx) is None)


def problem(state: State, target: int, ctx: Context) -> tuple[str, str] | None:
    """Why the number cannot go into that line, or None."""
    if target not in TARGETS:
        return "GREEN-LINE", "a green entry goes into the lower or the upper line"
    lower, upper = state
    line = state[target]
    if len(line) >= GREEN_FIELDS:
        return "GREEN-LINE", f"the {TARGET_NAMES[target]} green line is full"
    if target == UPPER and ctx.ruleset.green_upper_after_lower and len(upper) >= len(lower):
        return "GREEN-UPPER-AFTER-LOWER", (
            f"green field {len(upper) + 1}'s upper triangle may be written only after its lower "
            "one (option green_upper_after_lower)"
        )
    return None


def enter(state: State, target: int, ctx: Context) -> tuple[State, tuple[Bonus, ...]]:
    """Write the number into the line's next triangle; a lower triangle earns its bonus."""
    lower, upper = state
    if target == LOWER:
        return (lower + (ctx.number,), upper), (GREEN_BONUS[len(lower)],)
    return (lower, upper + (ctx.number,)), ()


def score(state: State) -> int:
    """Each field with both triangles: their sum times the field's multiplier."""
    lower, upper = state
    return sum((a + b) * m for a, b, m in zip(lower, upper, GREEN_MULTIPLIER))


def foxes(state: State) -> int:
    """The green foxes shown: field 10's lower triangle written."""
    return sum(1 for f in FOX_FIELDS if len(state[LOWER]) >= f)


def target_text(target: int) -> str:
    """``lower`` or ``upper``."""
    return TARGET_NAMES[target]


def parse_target(text: str) -> int:
    """A line from its name."""
    if text not in TARGET_NAMES:
        raise NotationError(f"a green line is lower or upper, not {text!r}")
    return TARGET_NAMES.index(text)


def notation(state: State) -> str:
    """The lower line's digits, ``/``, the upper line's: e.g. ``4353/6554``."""
    return f"{digits(state[LOWER])}/{digits(state[UPPER])}"


def parse_notation(text: str) -> State:
    """The inverse of :func:`notation`."""
    lower, sep, upper = text.partition("/")
    if not sep:
        raise NotationError(f"green: want LOWER/UPPER digits, got {text!r}")
    return (parse_digits(lower, GREEN_FIELDS, "green lower line"),
            parse_digits(upper, GREEN_FIELDS, "green upper line"))
