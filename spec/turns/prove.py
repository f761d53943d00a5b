"""Proving a turn bound (``clever-oracle solve turn-bound AT``): no solo game totals ``AT`` or
more in the turn model (:mod:`spec.turns.model`).

The proof is split by the foxes the sheet has (as :func:`spec.cubed.bound.fox_split` does for
the counting bound): with every fox source fixed the total is the areas' scores plus the fox
count times a lowest-area variable no greater than any area's score (a real sheet takes the
lowest itself), which is linear.  Every case gets a budget in Z3 resource units (``rlimit``),
so a verdict never depends on the machine's speed; ``seconds`` only stops the whole proof
early (a safety bound the command line gives).  ``progress`` hears, case by case, the cases
proven, the best total the model admitted so far (a lower bound on the model's optimum, not a
game) and the seconds spent.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence

import attrs

from spec.logic import Bool, Int, all_of, int_var, total
from spec.turns.budget import Budgeted

Progress = Callable[[str], None]
#: No area scores less (a bound for the bit-blasted solver; Clever 4Ever's yellow, the lowest,
#: goes down to -30).
LOWEST = -100


@attrs.frozen
class Proof:
    """The outcome of a turn-bound proof at ``at``: ``status`` ``unsat`` (proven: every case),
    ``sat`` (a sheet of the model totals ``admitted`` >= at) or ``unknown`` (a case's budget or
    the time ran out); the cases decided and the seconds per fox count."""

    at: int
    status: str
    admitted: int | None
    cases: int
    decided: int
    seconds: dict[int, float]


def fox_cases(sources: Sequence[tuple[Int, int]]) -> list[tuple[int, Bool]]:
    """Every assignment of the fox sources (each a term and its most), most foxes first:
    (fox count, the sources fixed)."""
    ranges = [range(most, -1, -1) for _, most in sources]
    cases = [(sum(c), all_of(s.eq(n) for (s, _), n in zip(sources, c)))
             for c in itertools.product(*ranges)]
    return sorted(cases, key=lambda case: -case[0])


def prove(parts: Bool, areas: Sequence[Int], sources: Sequence[tuple[Int, int]], at: int, rlimit: int | None, seconds: float | None = None,
          progress: Progress | None = None, finite: bool = False) -> Proof:
    """Whether the model ``parts`` admits a total (``grand``) of ``at`` or more, fox case by fox
    case (module docstring); ``finite``: bit-blast (for models whose integers are all bounded)."""
    t0 = time.perf_counter()
    solver = Budgeted(finite)
    solver.add(parts)
    low = int_var(f"turns.lowest_area_{at}")
    solver.add(all_of(low.le(a) for a in areas) & low.ge(LOWEST))
    cases = fox_cases(sources)
    spent: dict[int, float] = {}
    decided = 0
    admitted: int | None = None
    for foxes, case in cases:
        if seconds is not None and time.perf_counter() - t0 > seconds:
            return Proof(at, "unknown", admitted, len(cases), decided, spent)
        begun = time.perf_counter()
        left = None if seconds is None else int(max(0.001, seconds - (begun - t0)) * 1000)
        status = solver.check(case, (total(areas) + low * foxes).ge(at), rlimit=rlimit,
                              safety_ms=left)
        spent[foxes] = spent.get(foxes, 0.0) + time.perf_counter() - begun
        if status == "sat":
            admitted = solver.model().int(total(areas) + low * foxes)
            return Proof(at, "sat", admitted, len(cases), decided + 1, spent)
        if status != "unsat":
            return Proof(at, "unknown", admitted, len(cases), decided, spent)
        decided += 1
        if progress is not None:
            progress(f"turn bound {at - 1}: {decided}/{len(cases)} fox cases proven, "
                     f"{time.perf_counter() - t0:.0f} s")
    return Proof(at, "unsat", admitted, len(cases), decided, spent)
