"""The Clever Cubed ruleset: our ruling on each open point, the other readings as named options.

See ``docs/rulings.md`` (rulings 13, 14 and 23).  The defaults are our rulings; the other values
let the oracle check an app that made a different reasonable choice and tell its author which
choice it made.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

import attrs

from oracle.engine.game import RulesetOption
from oracle.engine.rulesets import RulesetBase


class BlueQuestion(StrEnum):
    """How a blue question mark is used (ruling 13).  Under both the move names the total
    written (``question ?B 8 blue:right``): a move's text means the same under every ruleset."""

    #: Choose the value to write, 2..12 (the Dutch rulebook: "van 2 tot en met 12 voor blauw").
    TOTAL = "total"
    #: Choose 1..6 and add the white die's current face: only the totals white+1..white+6.
    NUMBER_PLUS_WHITE = "number_plus_white"


_BOOL = ("false", "true")


@attrs.frozen
class Ruleset(RulesetBase):
    """The options of the rules where the rulebooks leave a point open.

    ``blue_question``: ruling 13.  ``blue_seven_after_seven``: ruling 14 — False (default): a 7 may
    follow any number other than 7, the printed middle 7 included; True: a 7 is always allowed.
    ``joker_same_face``: ruling 23 — False (default): a number joker must change the number
    ("as if it were showing a different number"); True: it may name the face the die shows.
    """

    blue_question: BlueQuestion = BlueQuestion.TOTAL
    blue_seven_after_seven: bool = False
    joker_same_face: bool = False
    #: The named options, with the values the command line and records accept.
    OPTIONS: ClassVar[tuple[RulesetOption, ...]] = (
        RulesetOption("blue_question", tuple(q.value for q in BlueQuestion), "total", "13",
                      "a blue question mark writes a chosen total 2-12, or a chosen 1-6 plus "
                      "the white die"),
        RulesetOption("blue_seven_after_seven", _BOOL, "false", "14",
                      "true: a blue 7 may follow a 7 (the printed middle 7 included)"),
        RulesetOption("joker_same_face", _BOOL, "false", "23",
                      "true: a number joker may name the number the die already shows"),
    )


DEFAULT_RULESET = Ruleset()
