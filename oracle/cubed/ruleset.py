"""The ruleset: our ruling on each open point, with the other readings as named options.

See ``shared/rulings.md``.  The defaults are our rulings; the other values let the oracle check
an app that made a different reasonable choice and tell its author which choice it made.
"""

from __future__ import annotations

from enum import StrEnum

import attrs


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
    """

    blue_question: BlueQuestion = BlueQuestion.TOTAL
    blue_seven_after_seven: bool = False

    def options(self) -> dict[str, str | bool]:
        """The options as a JSON-friendly mapping (for records)."""
        return {
            "blue_question": self.blue_question.value,
            "blue_seven_after_seven": self.blue_seven_after_seven,
        }


DEFAULT_RULESET = Ruleset()
