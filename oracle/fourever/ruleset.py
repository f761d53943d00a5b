"""The ruleset: our ruling on each open point, with the other readings as named options.

See docs/rulings.md, part 2.  The defaults are our rulings; the other values let the oracle check
an app that made a different reasonable choice and tell its author which choice it made.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from oracle.errors import OracleError
from oracle.game import RulesetOption


@attrs.frozen
class Ruleset:
    """The options of Clever 4Ever where the rules leave a point open.

    ``polish_any_die``: docs/rulings.md, ruling 4E-1 — False (default): polish the silver only on
    a die taken from the silver platter (and the blue entry's partner die lying there); True: on
    any die entered.  ``white_for_blue``: ruling 4E-2 — True (default): the white die may be
    chosen for blue.  ``green_upper_after_lower``: ruling 4E-7 — False (default): the lower and
    upper triangles are two independent lines; True: a field's upper triangle only after its
    lower one.  ``fox_floor_zero``: ruling 4E-10 — False (default): a fox scores the lowest area
    even when negative; True: a negative lowest area counts 0.
    """

    polish_any_die: bool = False
    white_for_blue: bool = True
    green_upper_after_lower: bool = False
    fox_floor_zero: bool = False

    def options(self) -> dict[str, str | bool]:
        """The options as a JSON-friendly mapping (for records)."""
        return {
            "polish_any_die": self.polish_any_die,
            "white_for_blue": self.white_for_blue,
            "green_upper_after_lower": self.green_upper_after_lower,
            "fox_floor_zero": self.fox_floor_zero,
        }


DEFAULT_RULESET = Ruleset()

OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption("polish_any_die", ("false", "true"), "false", "4E-1",
                  "polish the silver on any die entered, not only on silver-platter dice"),
    RulesetOption("white_for_blue", ("true", "false"), "true", "4E-2",
                  "the white die may be chosen for blue (same cell as the blue die)"),
    RulesetOption("green_upper_after_lower", ("false", "true"), "false", "4E-7",
                  "a green field's upper triangle only after its lower one"),
    RulesetOption("fox_floor_zero", ("false", "true"), "false", "4E-10",
                  "a fox scores 0 when the lowest area is negative"),
)


def _flag(name: str, value: object) -> bool:
    if type(value) is bool:
        return value
    if value in ("true", "false"):
        return value == "true"
    raise OracleError(f"ruleset option {name}: {value!r} is not one of: true, false")


def make_ruleset(options: Mapping[str, object], base: Ruleset = DEFAULT_RULESET) -> Ruleset:
    """``base`` with ``options`` set; values as text (``"true"``) or JSON (``True``).
    :class:`OracleError` names an unknown option or value."""
    known = {o.name for o in OPTIONS}
    changes: dict[str, bool] = {}
    for name, value in options.items():
        if name not in known:
            raise OracleError(
                f"unknown ruleset option {name!r}; the options are: {', '.join(sorted(known))}"
            )
        changes[name] = _flag(name, value)
    return attrs.evolve(base, **changes)
