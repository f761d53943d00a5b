"""The only place where the spec reads the engine's internals (CONTRIBUTING.md: the spec talks
to the engine through its public names; what those do not offer is kept here, so a change of
the engine's modules is adapted in one file):

- :func:`spends_joker`: whether a die move names a number joker (the game's own ``action``
  field of :class:`oracle.Take` and :class:`oracle.ExtraDie`: a number joker in Clever Cubed);
- :func:`engine_printed`: the engine's printed-sheet constants (``oracle.games.cubed.sheet``), for the
  test that holds the spec's own constants (:mod:`spec.cubed.printed`) equal to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle import ExtraDie, Take


def spends_joker(move: object) -> bool:
    """True for a take or extra die that spends a number joker (rulebook "Any Number")."""
    return isinstance(move, (Take, ExtraDie)) and move.action is not None


def engine_printed() -> Mapping[str, object]:
    """The engine's printed sheet under the names of :mod:`spec.cubed.printed`, in the same
    0-based layout."""
    from oracle.games.cubed import sheet as s
    from oracle.games.cubed.areas import Area
    from oracle.games.cubed.variant import CUBED
    from oracle.engine.family import ROUNDS_BY_PLAYERS

    return MappingProxyType({
        "YELLOW_ROWS": s.YELLOW_ROWS,
        "YELLOW_COLUMNS": len(s.YELLOW_BONUS_I_II),
        "YELLOW_GREY": s.YELLOW_GREY_ROW[1:],
        "YELLOW_BETWEEN_I_II": s.YELLOW_BONUS_I_II,
        "YELLOW_BETWEEN_II_III": s.YELLOW_BONUS_II_III,
        "YELLOW_ROW_POINTS": s.YELLOW_POINTS,
        "TURQUOISE_ROWS": s.TURQUOISE_ROWS,
        "TURQUOISE_COLUMNS": len(s.TURQUOISE_COLUMN_BONUS),
        "TURQUOISE_SHADED": s.TURQUOISE_SHADED_PER_ROW,
        "TURQUOISE_ROW_END": s.TURQUOISE_ROW_BONUS,
        "TURQUOISE_COLUMN_END": s.TURQUOISE_COLUMN_BONUS,
        "TURQUOISE_ROW_POINTS": s.TURQUOISE_POINTS,
        "BLUE_FIELDS_PER_SIDE": s.BLUE_SIDE_FIELDS,
        "BLUE_START": s.BLUE_MIDDLE,
        "BLUE_LOWEST": s.BLUE_MIN,
        "BLUE_HIGHEST": s.BLUE_MAX,
        "BLUE_SIDE_POINTS": s.BLUE_POINTS,
        "BLUE_LEFT_FIELD_BONUS": s.BLUE_LEFT_BONUS,
        "BLUE_RIGHT_FIELD_BONUS": s.BLUE_RIGHT_BONUS,
        "BLUE_LOW": s.BLUE_LOW_LIMIT,
        "BLUE_HIGH": s.BLUE_HIGH_LIMIT,
        "BLUE_EXTREME": s.BLUE_EXTREME_POINTS,
        "BROWN_FIELD_COUNT": s.BROWN_FIELDS,
        "BROWN_PRINTED": s.BROWN_NUMBERS,
        "BROWN_BETWEEN": s.BROWN_GAP_BONUS,
        "BROWN_POINTS_BY_CROSSES": s.BROWN_POINTS,
        "PINK_FIELD_COUNT": s.PINK_FIELDS,
        "PINK_FACTOR": s.PINK_STARS,
        "PINK_FIELD_BONUS": s.PINK_BONUS,
        "TRACK_FIELDS": s.TRACK_LENGTH,
        "JOKER_PRINTED": s.NUMBER_JOKER_FIELDS,
        "TRACK_END": {t.action: t.end for t in s.TRACKS},
        "ACTIONS": tuple(t.action for t in s.TRACKS),
        "ROUND_START_BONUS": s.ROUND_BONUS,
        "ROUNDS": dict(ROUNDS_BY_PLAYERS),
        "QUESTION_FOR": {b: Area(a) for b in s.Bonus
                         if (a := CUBED.question_area(b)) is not None},
    })
