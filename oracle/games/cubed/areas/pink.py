"""The pink area: 12 fields filled left to right (rulebook "The Pink Area").

"If you decide in favor of the bonus, you halve the number the die shows and enter that value
(rounded up).  You then immediately receive the bonus indicated below that field.  If you would
rather have more points, you instead multiply the number on the die by the number indicated in
the star above the field ... Note: In the first field you may not yet decide — here you always
enter half the number on the die."  A question mark chooses 1-6 and the option (docs/rulings.md,
ruling 16).

The area is a pair: the tuple of written numbers, and a 12-bit mask of the fields where the
player took half with the bonus (bit ``field - 1``); field 1 counts as half without a bonus.  A target is a
:class:`PinkOption`.
"""

from __future__ import annotations

from enum import IntEnum

import attrs

from oracle.engine.area import EntryState, Problem
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import PINK_BONUS, PINK_FIELDS, PINK_STARS, Bonus
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import JSONModelError, choice, integer, items, key, obj, pointer


class PinkOption(IntEnum):
    """How a pink number is written: half (with the bonus) or times the star."""

    HALF = 0
    TIMES = 1


#: The pink area: (numbers written, mask of the fields where half was taken with the bonus).
Part = tuple[tuple[int, ...], int]

KEY = "p"
HALF = PinkOption.HALF
TIMES = PinkOption.TIMES
OPTION_NAMES: tuple[str, ...] = ("half", "times")
ONLY_HALF: tuple[int, ...] = (HALF,)
BOTH: tuple[int, ...] = (HALF, TIMES)
NONE: tuple[int, ...] = ()
#: Every target a move can name: the two options.
TARGETS: tuple[int, ...] = tuple(range(len(OPTION_NAMES)))
EMPTY: Part = ((), 0)
PARTNER = False
ENTRY_RULE = "PINK-NEXT"
NUMBERS = (1, 2, 3, 4, 5, 6)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A pink question mark chooses 1..6, then the option (ruling 16)."""
    return NUMBERS


def options(written: tuple[int, ...]) -> tuple[int, ...]:
    """The options for the next free field: none when full, half only on field 1, else both."""
    n = len(written)
    if n >= PINK_FIELDS:
        return NONE
    return ONLY_HALF if n == 0 else BOTH


def value(field: int, number: int, option: int) -> int:
    """The number written in ``field`` (1..12) for a die ``number`` and option."""
    if option == HALF:
        return (number + 1) // 2
    return number * PINK_STARS[field - 1]


def bonus(field: int, option: int) -> Bonus | None:
    """The bonus received for writing in ``field`` with ``option`` (only with half)."""
    return PINK_BONUS[field - 1] if option == HALF else None


def targets(
    part: Part, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The options for the next free field (any number may be written)."""
    return options(part[0])


def problem(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why writing with option ``target`` breaks a rule, or None."""
    allowed = options(part[0])
    if not allowed:
        return "PINK-FULL", "the pink track is full"
    if target not in allowed:
        return "PINK-FIELD-ONE", "the first pink field always takes half the number"
    return None


def enter(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[Part, tuple[Bonus, ...]]:
    """Write ``number`` halved or multiplied in the next field: the area and the bonus."""
    written, halves = part
    field = len(written) + 1
    got = bonus(field, target)
    new = (written + (value(field, number, target),),
           halves | (1 << (field - 1) if got is not None else 0))
    return new, (got,) if got is not None else ()


def earned(part: Part) -> tuple[Bonus, ...]:
    """The bonuses of the fields where half was taken with the bonus."""
    return tuple(b for i, b in enumerate(PINK_BONUS) if part[1] >> i & 1 and b is not None)


def score(part: Part) -> int:
    """Points: the sum of the written numbers."""
    return sum(part[0])


_FOX_FIELDS = sum(1 << (f - 1) for f in range(1, PINK_FIELDS + 1) if PINK_BONUS[f - 1] is Bonus.FOX)


def foxes(part: Part) -> int:
    """The foxes of fields where half was taken with the bonus."""
    return (part[1] & _FOX_FIELDS).bit_count()


def target_text(target: int) -> str:
    """An option in move notation: half or times."""
    return OPTION_NAMES[target] if target in TARGETS else str(target)


def parse_target(text: str) -> int:
    """The option of :func:`target_text`."""
    if text not in OPTION_NAMES:
        raise NotationError("a pink option is half or times")
    return PinkOption(OPTION_NAMES.index(text))


def notation(part: Part) -> str:
    """The area in sheet notation: the numbers in field order, each with ``h`` (half; with the
    bonus from field 2 on) or ``t`` (times the star)."""
    written, halves = part
    return ",".join(
        f"{v}{'h' if i == 0 or halves >> i & 1 else 't'}" for i, v in enumerate(written)
    )


def read(text: str) -> Part:
    """The pink area of :func:`notation` text."""
    entries = text.split(",") if text else []
    if len(entries) > PINK_FIELDS:
        raise NotationError(f"at most {PINK_FIELDS} numbers")
    written, halves = [], 0
    for i, entry in enumerate(entries):
        number, option = entry[:-1], entry[-1:]
        if option not in ("h", "t") or not (number.isascii() and number.isdigit()) \
                or len(number) > 2 or str(int(number)) != number:
            raise NotationError(f"entry {i + 1} {entry[:20]!r}: want a number then h or t")
        chosen = HALF if option == "h" else TIMES
        if i == 0 and chosen == TIMES:
            raise NotationError("the first pink field always takes half")
        if int(number) not in {value(i + 1, die, chosen) for die in range(1, 7)}:
            raise NotationError(f"entry {i + 1} {entry!r}: field {i + 1} cannot hold that "
                                f"(star {PINK_STARS[i]})")
        written.append(int(number))
        if chosen == HALF and i > 0:
            halves |= 1 << i
    return tuple(written), halves


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rulebook 'The Pink Area'"
_STARS = " ".join(map(str, PINK_STARS[1:]))
#: The most points one field can hold: half of a 6 in field 1, else 6 times the star.
_MOST = sum(max(value(f, 6, o) for o in options(tuple(range(f - 1)))) for f in
            range(1, PINK_FIELDS + 1))
JSON_SCHEMA: dict[str, object] = {
    "description": f"Pink ({_RULE}): {PINK_FIELDS} fields filled left to right; the numbers "
                   "written, in field order, each with how it was written: half the die "
                   "(rounded up, with the bonus below the field) or times the star above the "
                   "field. Field 1 always takes half (rules PINK-NEXT, PINK-FIELD-ONE, "
                   "PINK-FULL: 12 fields).",
    "type": "array", "maxItems": PINK_FIELDS,
    "items": {
        "type": "object", "required": ["number", "option"], "additionalProperties": False,
        "properties": {
            "number": {"type": "integer", "minimum": 1, "maximum": 6 * max(PINK_STARS),
                       "description": "The number written: half a die, 1 to 3, or a die times "
                                      f"the field's star (stars {_STARS} on fields 2-12), at "
                                      f"most {6 * max(PINK_STARS)} "
                                      f"({_RULE}; rules PINK-NEXT, PINK-FIELD-ONE); checked "
                                      "against the field."},
            "option": {"enum": list(OPTION_NAMES),
                       "description": f"half (with the bonus) or times the star ({_RULE})."},
        },
    },
}
JSON_SCORE: dict[str, object] = {
    "description": "Pink points: the sum of the numbers written (rule SCORE-PINK), 0 to "
                   f"{_MOST} (half a 6 in field 1, 6 times the star in the others).",
    "type": "integer", "minimum": 0, "maximum": _MOST,
}
JSON_TARGET: dict[str, dict[str, object]] = {"option": {
    "description": "How the number goes into the next free pink field: half (rounded up, with "
                   "the bonus below) or times the star above; field 1 takes half only "
                   f"({_RULE}).",
    "enum": list(OPTION_NAMES),
}}


@attrs.frozen
class PinkNumbers:
    """The pink area as read: the ``numbers`` written in field order, and the ``options`` they
    were written with (``half`` or ``times``)."""

    numbers: tuple[int, ...]
    options: tuple[str, ...]


def _option_names(part: Part) -> tuple[str, ...]:
    written, halves = part
    return tuple("half" if i == 0 or halves >> i & 1 else "times" for i in range(len(written)))


def to_json(part: Part) -> list[object]:
    """The numbers with their options (see ``JSON_SCHEMA``)."""
    return [{"number": n, "option": o} for n, o in zip(part[0], _option_names(part))]


#: _HOLDS[field - 1][option]: the numbers that field can hold written with that option.
_HOLDS: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(value(f, die, o) for die in range(1, 7)) for o in (HALF, TIMES))
    for f in range(1, PINK_FIELDS + 1)
)


def from_json(data: object, where: str) -> Part:
    """The area of :func:`to_json` data; each number must be one its field can hold."""
    written, halves = [], 0
    for i, entry in enumerate(items(data, where, PINK_FIELDS, "pink fields")):
        at = pointer(where, i)
        fields = obj(entry, at, ("number", "option"))
        option, option_at = key(fields, "option", at)
        chosen = OPTION_NAMES.index(choice(option, option_at, OPTION_NAMES, "a pink option"))
        if i == 0 and chosen == TIMES:
            raise JSONModelError(option_at, "the first pink field always takes half")
        number = integer(fields["number"], at + "/number", 1, 6 * max(PINK_STARS),
                         "a pink number")
        if number not in _HOLDS[i][chosen]:
            raise JSONModelError(at + "/number", f"pink field {i + 1} cannot hold {number} "
                                 f"({option}; star {PINK_STARS[i]})")
        written.append(number)
        if chosen == HALF and i > 0:
            halves |= 1 << i
    return tuple(written), halves


def target_json(target: int) -> dict[str, object]:
    """``{"option": "half"}``."""
    return {"option": OPTION_NAMES[target]}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The option a move's ``option`` names."""
    option, at = key(move, "option", where)
    return PinkOption(OPTION_NAMES.index(choice(option, at, OPTION_NAMES, "a pink option")))


def reading(part: Part) -> PinkNumbers:
    """The area as a typed value."""
    return PinkNumbers(part[0], _option_names(part))
