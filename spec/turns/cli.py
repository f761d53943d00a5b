"""``clever-oracle solve [--game G] turn-bound AT``: prove that no solo game totals ``AT`` or
more in the turn model (:mod:`spec.turns.prove`; docs/turns.md).  Clever 4Ever's model is
:mod:`spec.turns.fourever`, Clever Cubed's :mod:`spec.turns.cubed`."""

from __future__ import annotations

import time

from oracle.engine.errors import OracleError
from spec.solving import Answer, Progress
from spec.turns import prove
from spec.logic import all_of

#: Z3 resource units per fox case by default (each case is decided within it or the answer is
#: undecided; no clock decides it).
RLIMIT = 2_000_000_000


def answer(game: str, at: int, timeout: float, progress: Progress | None,
           rlimit: int | None = RLIMIT) -> Answer:
    """Prove the turn bound ``at - 1`` for ``game`` (``timeout``: a safety bound in seconds)."""
    question = "upper bound on any solo game's total (turn model)"
    if at < 1:
        raise OracleError(f"solve turn-bound: AT must be 1 or more, not {at}")
    t0 = time.perf_counter()
    if game == "clever-4ever":
        from spec.turns import fourever  # noqa: PLC0415

        if progress is not None:
            progress(f"turn bound {at - 1}: the area tables (about a minute)")
        r = fourever.abstract()
        parts, areas = all_of(p for _, p in r.parts), r.areas
        sources = tuple(zip(r.foxes, fourever.MOST_FOXES_BY_AREA))
        name = "spec.turns.fourever.abstract"
    elif game == "clever-cubed":
        from spec.turns import cubed  # noqa: PLC0415

        if progress is not None:
            progress(f"turn bound {at - 1}: the area tables (about a minute)")
        c = cubed.abstract()
        parts, areas = all_of(p for _, p in c.parts), c.areas
        sources = tuple(zip(c.foxes, cubed.MOST_FOXES_BY_SOURCE))
        name = "spec.turns.cubed.abstract"
    else:
        raise OracleError(f"solve turn-bound: no turn model for --game {game} (docs/turns.md)")
    build = time.perf_counter() - t0
    if progress is not None:
        progress(f"turn bound {at - 1}: proving, fox case by fox case")
    found = prove.prove(parts, areas, sources, at, rlimit,
                        timeout, progress)
    notes = [f"Z3: total >= {at} is {found.status} in the turn model with the areas as their "
             f"tables ({name}) "
             f"({found.decided} of {found.cases} fox cases decided)"]
    notes += [f"{f} fox{'' if f == 1 else 'es'}: {s:.1f} s" for f, s in sorted(found.seconds.items(),
                                                                          reverse=True)]
    if found.admitted is not None:
        notes.append(f"the model admits a sheet totalling {found.admitted}")
    proven = found.status == "unsat"
    return Answer(question, at - 1 if proven else None, None, proven, at - 1 if proven else None,
                  build, time.perf_counter() - t0 - build, tuple(notes))
