"""Mutation testing of the encodings: plant one small change in one line of an encoding (a
comparison turned round, ``and`` for ``or``, a constant one off, a negation dropped, ``all_of``
for ``any_of``, ``le`` for ``lt`` ...) and check the changed module against the engine with the
checks of :mod:`spec.cubed.equality`.  A mutant is killed when a check finds a difference (or
the changed code fails); one that survives either changes nothing a solver can see (an
equivalent mutant) or shows a hole in the checks.

``python -m spec.cubed.mutation`` runs every mutant of every encoding and prints the score;
``tests/spec/test_mutation.py`` runs a seeded sample and requires every one killed.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable

from oracle import Area, PlayerSheet, Position, Ruleset
from spec import mutation as generic
from spec.cubed import equality, spaces
from spec.mutation import Mutant, mutants, replaced, source_line

__all__ = ["ENCODINGS", "Mutant", "every_mutant", "killed", "mutants", "replaced", "sample",
           "source_line"]

#: The encodings mutated, by module name, with the area each one encodes.
ENCODINGS = {"spec.cubed.yellow": Area.YELLOW, "spec.cubed.turquoise": Area.TURQUOISE,
             "spec.cubed.blue": Area.BLUE, "spec.cubed.brown": Area.BROWN,
             "spec.cubed.pink": Area.PINK}

Check = generic.Check


def _checks(module: types.ModuleType, area: Area) -> list[Check]:
    """The equality checks of :mod:`spec.cubed.equality` for one area's module, cheapest
    first (the engine's answers are remembered between mutants)."""
    seven = Ruleset(blue_seven_after_seven=True)
    checks: list[Check] = [
        lambda: equality.state_differences(module, spaces.standard(area)[0])]
    if area is Area.BLUE:
        checks.append(lambda: equality.state_differences(
            module, spaces.standard(area, seven)[0], seven))
        checks += [_reachable(equality.blue_only_reachable, module, r) for r in equality.RULESETS]
    if area is Area.PINK:
        checks += [_reachable(equality.pink_only_reachable, module, r) for r in equality.RULESETS]
    if area is Area.TURQUOISE:
        checks.append(lambda: equality.never(~module.well_formed(module.fresh("t"), Ruleset()),
                                             "turquoise refuses a state"))
        checks.append(lambda: equality.turquoise_decompositions(module))
    checks.append(lambda: equality.roundtrip_differences(
        module, area, spaces.standard(area)[0].sheets[::997]))
    for ruleset in (equality.RULESETS if area is Area.BLUE else (Ruleset(),)):
        for sheets, chosen in spaces.entry_families(area, ruleset):
            checks.append(_entries(module, area, sheets, chosen, ruleset))
    checks.append(lambda: equality.grows_check(module, area))
    return checks


def _reachable(check: Callable[[types.ModuleType, Ruleset], list[str]],
               module: types.ModuleType, ruleset: Ruleset) -> Check:
    return lambda: check(module, ruleset)


def _entries(module: types.ModuleType, area: Area, sheets: list[PlayerSheet],
             chosen: tuple[tuple[Position, int, int], ...], ruleset: Ruleset) -> Check:
    return lambda: equality.entry_differences(module, area, sheets, chosen, ruleset)


def killed(mutant: Mutant) -> str | None:
    """The first difference the checks find for the mutant (or the error its code raises);
    None when it survives every check."""
    return generic.first_difference(mutant, lambda m: _checks(m, ENCODINGS[mutant.module]))


def every_mutant() -> list[Mutant]:
    """Every mutant of every encoding."""
    return [m for module in ENCODINGS for m in mutants(module)]


def sample(count: int, seed: int) -> list[Mutant]:
    """``count`` mutants drawn with ``seed``, spread over the encodings."""
    return generic.sample(list(ENCODINGS), count, seed)


def main(argv: list[str] | None = None) -> int:
    """Run mutants; print each survivor and the score."""
    return generic.main("python -m spec.cubed.mutation", list(ENCODINGS), killed, argv)


if __name__ == "__main__":
    sys.exit(main())
