"""A Z3 solver whose checks have a budget in Z3's resource units (``rlimit``), not seconds:
the same check gives the same answer on any machine and under any load, so a test may decide
on it (CONTRIBUTING: no test depends on the wall clock)."""

from __future__ import annotations

import z3

from spec.logic import Bool, Model


class Budgeted:
    """An incremental Z3 solver; every check spends at most ``rlimit`` resource units
    (None: no limit) and answers ``sat``, ``unsat`` or ``unknown`` (budget spent)."""

    def __init__(self, finite: bool = False) -> None:
        # ``finite``: every integer has a small domain, so the formula is bit-blasted to SAT
        # (as :class:`spec.logic.Solver` does), much faster on the turn model's counts.
        self._solver = z3.Then("simplify", "propagate-values", "solve-eqs", "lia2card",
                               "card2bv", "bit-blast", "sat").solver() if finite \
            else z3.Solver()

    def add(self, formula: Bool) -> None:
        """Assert ``formula``."""
        self._solver.add(formula.ref)

    def push(self) -> None:
        """Open a scope."""
        self._solver.push()

    def pop(self) -> None:
        """Close the last scope."""
        self._solver.pop()

    def check(self, *assumptions: Bool, rlimit: int | None = None,
              safety_ms: int | None = None) -> str:
        """``sat``, ``unsat`` or ``unknown`` (the budget spent before an answer; or the safety
        time limit, which only a command line gives)."""
        # rlimit counts from the solver's current use, so each check gets the full budget.
        self._solver.set("rlimit", 0 if rlimit is None else max(1, rlimit))
        self._solver.set("timeout", 4294967295 if safety_ms is None else max(1, safety_ms))
        return str(self._solver.check(*[a.ref for a in assumptions]))

    def model(self) -> Model:
        """The model of the last ``sat`` check."""
        return Model(self._solver.model())
