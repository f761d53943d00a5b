"""The only place where Clever 4Ever's spec reads the engine beyond the game seam
(CONTRIBUTING.md: the spec talks to the engine through its public names; what those do not
offer is kept here, so a change of the engine's modules is adapted in one file):

- :data:`VARIANT`: the game's :class:`oracle.engine.variant.Variant` (``oracle.games.fourever.variant``),
  for its areas' rules (:class:`oracle.engine.area.AreaRules`, the one shape every area module has:
  ``score``, ``foxes``, ``earned``, ``targets``, ``enter``) and ``award``;
- :func:`engine_printed`: the engine's printed-sheet constants (``oracle.games.fourever.sheet``), for
  the test that holds the spec's own constants (:mod:`spec.fourever.printed`) equal to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from oracle.engine.kinds import SomeArea
from oracle.games.fourever.variant import FOUREVER
from oracle.engine.variant import Variant

#: Clever 4Ever as the engine runs it.
VARIANT: Variant = FOUREVER


def area_rules(label: str) -> SomeArea:
    """The engine's rules of the area called ``label`` (``yellow`` ...)."""
    for kind in VARIANT.areas:
        if kind.label == label:
            rules: SomeArea = kind.rules
            return rules
    raise KeyError(label)


def code(bonus: Any) -> str:
    """A bonus's code in sheet notation (``RR``, ``?Gy`` ...)."""
    return str(bonus.code)


def engine_printed() -> Mapping[str, object]:
    """The engine's printed sheet under the names of :mod:`spec.fourever.printed`, in the same
    layout (bonuses by code)."""
    from oracle.engine.family import ROUNDS_BY_PLAYERS
    from oracle.games.fourever import sheet as s

    def codes(row: tuple[Any, ...]) -> tuple[str | None, ...]:
        return tuple(None if b is None else code(b) for b in row)

    return MappingProxyType({
        "YELLOW_ROWS": s.YELLOW_ROWS,
        "YELLOW_FIELDS": s.YELLOW_FIELDS,
        "YELLOW_TOP": s.YELLOW_TOP, "YELLOW_MINUS": s.YELLOW_MINUS, "YELLOW_PLUS": s.YELLOW_PLUS,
        "YELLOW_STARS": s.YELLOW_STARS,
        "YELLOW_BONUS": tuple(codes(r) for r in s.YELLOW_BONUS),
        "BLUE_SIZE": s.BLUE_SIZE,
        "BLUE_ROW_BONUS": codes(s.BLUE_ROW_BONUS),
        "BLUE_ROW_BONUS_AT": s.BLUE_ROW_BONUS_AT,
        "BLUE_COLUMN_POINTS": s.BLUE_COLUMN_POINTS,
        "BLUE_COLUMN_AT": s.BLUE_COLUMN_POINTS_AT,
        "BLUE_MAIN_DIAGONAL_BONUS": code(s.BLUE_MAIN_DIAGONAL_BONUS),
        "BLUE_MAIN_DIAGONAL_AT": s.BLUE_MAIN_DIAGONAL_AT,
        "BLUE_ANTI_DIAGONAL_POINTS": s.BLUE_ANTI_DIAGONAL_POINTS,
        "BLUE_ANTI_DIAGONAL_AT": s.BLUE_ANTI_DIAGONAL_AT,
        "GREY_ROWS": s.GREY_ROWS,
        "GREY_COLUMNS": s.GREY_COLUMNS,
        "GREY_SHADES": s.GREY_SHADES,
        "GREY_COLUMN_POINTS": s.GREY_COLUMN_POINTS,
        "GREY_CELL_BONUS": {c: code(b) for c, b in s.GREY_CELL_BONUS.items()},
        "GREEN_FIELDS": s.GREEN_FIELDS,
        "GREEN_FACTOR": s.GREEN_MULTIPLIER,
        "GREEN_BONUS": codes(s.GREEN_BONUS),
        "PINK_FIELDS": s.PINK_FIELDS,
        "PINK_POINTS": s.PINK_POINTS,
        "PINK_BONUS": codes(s.PINK_BONUS),
        "PINK_CIRCLED": dict(s.PINK_CIRCLED),
        "PINK_BONUS_NUMBERS": s.PINK_BONUS_NUMBERS,
        "PINK_REPEAT": s.PINK_REPEAT,
        "TRACKS": tuple((code(t.action), t.length, None if t.end is None else code(t.end))
                        for t in s.TRACKS),
        "ROUND_BONUS": codes(s.ROUND_BONUS),
        "ROUNDS": dict(ROUNDS_BY_PLAYERS),
        "AREAS": tuple(a.label for a in VARIANT.areas),
        "QUESTION_FOR": {code(b): VARIANT.question_area(b).label  # type: ignore[union-attr]  # filtered below
                         for b in s.Bonus if VARIANT.question_area(b) is not None},
    })
