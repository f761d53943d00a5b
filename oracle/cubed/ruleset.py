"""The Clever Cubed ruleset: our ruling on each open point, the other readings as named options.

See ``docs/rulings.md`` (rulings 13, 14 and 23).  The defaults are our rulings; the other values
let the oracle check an app that made a different reasonable choice and tell its author which
choice it made.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

import attrs

from oracle.errors import OracleError
from oracle.game import RulesetOption


class BlueQuestion(StrEnum):
    """How a blue question mark is used (ruling 13)."""

    #: Choose the value to write, 2..12 (the Dutch rulebook: "van 2 tot en met 12 voor blauw").
    TOTAL = "total"
    #: Choose 1..6 and add the white die's current face.
    NUMBER_PLUS_WHITE = "number_plus_white"


@attrs.frozen
class Ruleset:
    """The options of the rules where the rulebooks leave a point open.

    ``blue_question``: ruling 13.  ``blue_seven_after_seven``: ruling 14 — False (default): a 7 may
    follow any number other than 7, the printed middle 7 included; True: a 7 is always allowed.
    ``joker_same_face``: ruling 23 — False (default): a number joker must change the number
    ("as if it were showing a different number"); True: it may name the face the die shows.
    """

    blue_question: BlueQuestion = BlueQuestion.TOTAL
    blue_seven_after_seven: bool = False
    joker_same_face: bool = False

    def options(self) -> dict[str, str | bool]:
        """The options as a JSON-friendly mapping (for records)."""
        return {
            "blue_question": self.blue_question.value,
            "blue_seven_after_seven": self.blue_seven_after_seven,
            "joker_same_face": self.joker_same_face,
        }


DEFAULT_RULESET = Ruleset()

_BOOL = ("false", "true")

#: The named options, with the values the command line and records accept.
OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption("blue_question", tuple(q.value for q in BlueQuestion), "total", "13",
                  "a blue question mark writes a chosen total 2-12, or a chosen 1-6 plus the "
                  "white die"),
    RulesetOption("blue_seven_after_seven", _BOOL, "false", "14",
                  "true: a blue 7 may follow a 7 (the printed middle 7 included)"),
    RulesetOption("joker_same_face", _BOOL, "false", "23",
                  "true: a number joker may name the number the die already shows"),
)


def _text(value: object) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else None


def make_ruleset(options: Mapping[str, object], base: Ruleset = DEFAULT_RULESET) -> Ruleset:
    """``base`` with ``options`` set; values as text (``"true"``) or JSON (``True``).
    :class:`OracleError` names an unknown option or value and what is allowed."""
    known = {o.name: o for o in OPTIONS}
    chosen: dict[str, str] = {o.name: _text(getattr(base, o.name)) or "" for o in OPTIONS}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            raise OracleError(f"unknown ruleset option {name!r} (Clever Cubed has "
                              f"{', '.join(known)})")
        text = _text(value)
        if text not in option.values:
            raise OracleError(f"ruleset option {name}: {value!r} is not one of "
                              f"{'|'.join(option.values)}")
        chosen[name] = text
    return Ruleset(
        blue_question=BlueQuestion(chosen["blue_question"]),
        blue_seven_after_seven=chosen["blue_seven_after_seven"] == "true",
        joker_same_face=chosen["joker_same_face"] == "true",
    )
