"""Mutation testing of Clever 4Ever's encodings (:mod:`spec.mutation`): each changed copy of an
area module is checked against the engine with :mod:`spec.fourever.equality`, cheapest first: a
few thousand states of its family (every writable one of a seeded share), the whole family,
the reading back of a model's values, growth.

``python -m spec.fourever.mutation`` runs every mutant and prints the score;
``tests/spec/fourever/test_mutation.py`` runs a seeded sample and requires every one killed.
"""

from __future__ import annotations

import functools
import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from spec import mutation as generic
from spec.fourever import equality, spaces
from spec.fourever.seam import ruleset
from spec.mutation import Mutant, mutants, replaced, source_line

__all__ = ["ENCODINGS", "Mutant", "killed", "mutants", "replaced", "sample", "source_line"]

#: The encodings mutated, by module name, with the area each one encodes.
ENCODINGS = {"spec.fourever.yellow": "yellow", "spec.fourever.blue": "blue",
             "spec.fourever.grey": "grey", "spec.fourever.green": "green",
             "spec.fourever.pink": "pink"}
FAMILIES: dict[str, Callable[[], spaces.Space]] = {
    "yellow": spaces.yellow, "blue": spaces.blue, "grey": spaces.grey, "green": spaces.green,
    "pink": spaces.pink}
Check = generic.Check


@functools.cache
def small(label: str) -> spaces.Space:
    """About 3,000 states of the area's family, seeded: writable and not, both."""
    family = FAMILIES[label]()
    rng = np.random.default_rng(7)
    chosen = np.sort(rng.choice(len(family.parts), min(3000, len(family.parts)), replace=False))
    return family.subset(chosen)


def _roundtrip(module: types.ModuleType, label: str) -> list[str]:
    """A model's values read back give the engine's part (``part`` inverts ``values``)."""
    parts: tuple[Any, ...] = small(label).parts
    return [f"{label}: {p!r} reads back as {module.part(module.values(p))!r}"
            for p in parts if module.part(module.values(p)) != p][:equality.SHOWN]


def _growth(module: types.ModuleType, label: str) -> list[str]:
    family = FAMILIES[label]()
    writable = [p for p, w in zip(family.parts, family.writable) if w]
    if label == "blue":
        return equality.grows_differences(module, label, [0b100001, 0b111000000111],
                                          list(range(1 << 12)), lambda p: p < 1 << 12)
    if label == "yellow":
        old = ((1, 3), (2,), (6, 6))
        universe = [(line, old[1], old[2]) for line in spaces.sequences(5)]
        return equality.grows_differences(module, label, [old], universe,
                                          lambda p: p[1:] == old[1:])
    olds = writable[:: max(1, len(writable) // 3)][:3]
    keep: Callable[[Any], bool] = (lambda p: True) if label == "grey" \
        else set(writable).__contains__
    return equality.grows_differences(module, label, olds,
                                      family.parts if label == "grey" else writable, keep)


def _checks(module: types.ModuleType, label: str) -> list[Check]:
    checks: list[Check] = [
        lambda: equality.state_differences(module, small(label)),
        lambda: _roundtrip(module, label),
        lambda: equality.raw_differences(module, small(label), 300),
        lambda: equality.state_differences(module, FAMILIES[label]())]
    if label == "green":
        option = ruleset(green_upper_after_lower="true")
        checks.append(lambda: equality.state_differences(module, spaces.green(option), option))
    if label in ("green", "pink"):
        checks.append(lambda: equality.state_differences(module, spaces.long_lines(label, 600)))
        checks.append(lambda: equality.raw_differences(module, spaces.long_lines(label, 600),
                                                       300))
    checks.append(lambda: _growth(module, label))
    return checks


def killed(mutant: Mutant) -> str | None:
    """The first difference the checks find for the mutant (or the error its code raises);
    None when it survives every check."""
    return generic.first_difference(mutant, lambda m: _checks(m, ENCODINGS[mutant.module]))


def sample(count: int, seed: int) -> list[Mutant]:
    """``count`` mutants drawn with ``seed``, spread over the encodings."""
    return generic.sample(list(ENCODINGS), count, seed)


def main(argv: list[str] | None = None) -> int:
    """Run mutants; print each survivor and the score."""
    return generic.main("python -m spec.fourever.mutation", list(ENCODINGS), killed, argv)


if __name__ == "__main__":
    sys.exit(main())
