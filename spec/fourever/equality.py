"""The encodings against the engine: every part a solver uses (``well_formed``, ``entries``,
``score``, ``foxes``, ``earned``, ``grows``) evaluated on whole families of states at once
(:mod:`spec.evaluate`) and compared with the engine's answers (:mod:`spec.fourever.spaces`).
An encoding is a module of the shape of :mod:`spec.fourever.yellow`; a mutated copy
(:mod:`spec.fourever.mutation`) is checked the same way."""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from spec.evaluate import compile, evaluate
from spec.fourever import spaces
from spec.fourever.engine_view import area_rules
from spec.fourever.printed import BONUSES
from spec.fourever.seam import DEFAULT, Options
from spec.fourever.spaces import Array, Space
from spec.logic import Bool, Int, const

#: How many differences a check reports at most.
SHOWN = 3


def _columns(module: types.ModuleType, parts: Sequence[Any], area: Any) -> dict[str, Array]:
    """Each variable's values over ``parts`` (by the variable's name)."""
    table = np.array([module.values(p) for p in parts], np.int64).reshape(len(parts), -1)
    return {str(t.ref): table[:, i] for i, t in enumerate(area.flat)}


def run(module: types.ModuleType, parts: Sequence[Any], terms: Callable[[Any], list[Int | Bool]]
        ) -> list[Array]:
    """The values of ``terms(area)`` on every state of ``parts``."""
    area = module.fresh("e")
    return evaluate(terms(area), _columns(module, parts, area), len(parts))


def _differ(what: str, label: str, space: Space, spec: Array, engine: Array,
            where: Array | None = None) -> list[str]:
    bad = spec != engine if where is None else (spec != engine) & where.astype(bool)
    notation = area_rules(label).notation
    return [f"{label} {what} of {notation(space.parts[i])!r}: spec {int(spec[i])}, engine "
            f"{int(engine[i])}" for i in np.flatnonzero(bad)[:SHOWN]]


def state_differences(module: types.ModuleType, space: Space, options: Options = DEFAULT
                      ) -> list[str]:
    """Where the encoding and the engine differ on ``space``: which states can be written,
    and for those, the fewest entries, score, foxes and every bonus earned."""

    def terms(area: Any) -> list[Int | Bool]:
        earned = module.earned(area)
        return [module.well_formed(area, options), module.entries(area), module.score(area),
                module.foxes(area)] + [earned.get(b, const(0)) for b in BONUSES]

    wf, entries, score, foxes, *earned = run(module, space.parts, terms)
    ok = space.writable
    out = _differ("can be written", space.label, space, wf, ok)
    out += _differ("entries", space.label, space, entries, space.entries, ok)
    out += _differ("score", space.label, space, score, space.score, ok)
    out += _differ("foxes", space.label, space, foxes, space.foxes, ok)
    zero = np.zeros(len(space.parts), np.int64)
    for bonus, got in zip(BONUSES, earned):
        out += _differ(f"{bonus} earned", space.label, space, got,
                       space.earned.get(bonus, zero), ok)
    return out


def grows_differences(module: types.ModuleType, label: str, olds: Sequence[Any],
                      universe: Sequence[Any], keep: Callable[[Any], bool],
                      options: Options = DEFAULT) -> list[str]:
    """For each state of ``olds``: the states of ``universe`` the encoding lets follow it
    (``grows`` and ``well_formed``) are exactly those the engine's entries make from it
    (through states ``keep`` accepts)."""
    notation = area_rules(label).notation
    area, before = module.fresh("e"), module.fresh("o")
    program = compile([module.grows(before, area) & module.well_formed(area, options)])
    columns = _columns(module, universe, area)
    for old in olds:
        after = spaces.writable(label, old, options, keep)
        fixed = {str(t.ref): v for t, v in zip(before.flat, module.values(old))}
        spec = program.run({**columns, **fixed}, len(universe))[0]
        engine = np.array([p in after for p in universe], np.int64)
        bad = np.flatnonzero(spec != engine)
        if len(bad):
            return [f"{label}: {notation(universe[i])!r} after {notation(old)!r}: spec "
                    f"{int(spec[i])}, engine {int(engine[i])}" for i in bad[:SHOWN]]
    return []


def raw_differences(module: types.ModuleType, space: Space, count: int = 2000, seed: int = 5,
                    options: Options = DEFAULT) -> list[str]:
    """Assignments no state of the engine shows are not well formed: ``count`` seeded
    assignments, each a state of ``space`` with one variable set to another value (a number
    0..7, or a cell flipped), are well formed exactly when they show a state the engine writes
    (its own entries, one at a time from the blank area)."""
    from spec.fourever.certificates import CertificateError, realise

    rng = random.Random(seed)
    area = module.fresh("e")
    rows = []
    for _ in range(count):
        row = list(module.values(space.parts[rng.randrange(len(space.parts))]))
        i = rng.randrange(len(row))
        row[i] = rng.randrange(8) if isinstance(area.flat[i], Int) else 1 - row[i]
        rows.append(row)
    table = np.array(rows, np.int64)
    columns = {str(t.ref): table[:, i] for i, t in enumerate(area.flat)}
    spec = evaluate([module.well_formed(area, options)], columns, count)[0]
    out = []
    for row, got in zip(rows, spec):
        part = module.part(row)
        try:
            engine = list(module.values(part)) == row and realise(space.label, part,
                                                                  options=options) >= 0
        except CertificateError:
            engine = False
        if int(got) != int(engine):
            out.append(f"{space.label}: the assignment {row} is well formed by the spec: "
                       f"{bool(got)}, written by the engine: {engine}")
            if len(out) == SHOWN:
                break
    return out
