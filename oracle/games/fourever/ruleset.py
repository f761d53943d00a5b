"""The ruleset: our ruling on each open point, with the other readings as named options.

See docs/rulings.md, part 2.  The defaults are our rulings; the other values let the oracle check
an app that made a different reasonable choice and tell its author which choice it made.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from oracle.engine.game import RulesetOption
from oracle.engine.rulesets import RulesetBase

_BOOL = ("false", "true")


@attrs.frozen
class Ruleset(RulesetBase):
    """The options of Clever 4Ever where the rules leave a point open.

    ``polish_any_die``: docs/rulings.md, ruling 4E-1 — False (default): polish the silver only on
    a die taken from the silver platter (and the blue entry's partner die lying there); True: on
    any die entered.  ``polish_one_die``: ruling 4E-1 — False (default): one entry may polish
    both its die and, for blue, the partner die; True: only one of them.  ``white_for_blue``:
    ruling 4E-2 — True (default): the white die may be chosen for blue.
    ``green_upper_after_lower``: ruling 4E-7 — False (default): the lower and upper triangles are
    two independent lines; True: a field's upper triangle only after its lower one.
    ``fox_floor_zero``: ruling 4E-10 — False (default): a fox scores the lowest area even when
    negative; True: a negative lowest area counts 0.
    """

    polish_any_die: bool = False
    white_for_blue: bool = True
    green_upper_after_lower: bool = False
    fox_floor_zero: bool = False
    polish_one_die: bool = False
    #: The named options, with the values the command line and records accept.
    OPTIONS: ClassVar[tuple[RulesetOption, ...]] = (
        RulesetOption("polish_any_die", _BOOL, "false", "4E-1",
                      "polish the silver on any die entered, not only on silver-platter dice"),
        RulesetOption("white_for_blue", ("true", "false"), "true", "4E-2",
                      "the white die may be chosen for blue (same cell as the blue die)"),
        RulesetOption("green_upper_after_lower", _BOOL, "false", "4E-7",
                      "a green field's upper triangle only after its lower one"),
        RulesetOption("fox_floor_zero", _BOOL, "false", "4E-10",
                      "a fox scores 0 when the lowest area is negative"),
        RulesetOption("polish_one_die", _BOOL, "false", "4E-1",
                      "polish only one die per entry (the die entered, or for blue its partner)"),
    )


DEFAULT_RULESET = Ruleset()
