"""Mutation testing of the game-neutral solver core (spec/core_checks.py): every single change to
spec/logic.py and spec/solving.py (their classes' methods included) is found by the checks on
small problems, or is listed here with the reason no answer can differ; and the slips that
would make a wrong answer "proven" are found (issue 29: mutation testing covers every module a
solver's answer depends on)."""

from __future__ import annotations

import pytest

from spec import core_checks, logic, solving
from spec import mutation as generic

#: Why a change that survives is no slip: it sets how long a check may run (a time limit
#: changes how far a search gets and when it stops, never what a check proves).
TIME = "a check's time limit or when a search stops: never what a check proves"
#: ``better`` is 1 or -1 (maximise, minimise), so ``> 0`` and ``>= 0`` agree.
SIGN = "better is 1 or -1, so > 0 and >= 0 agree"
#: A local variable's annotation is never evaluated.
NOTE = "a local variable's annotation is never evaluated"
_TIMEOUT = "self.solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))"
_HIGHEST_TIMEOUT = "solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))"
_SHARE = "self.solver.set_timeout(int(max(0.05, left / 3) * 1000))"
_SET = 'self._solver.set("timeout", max(1, timeout_ms))'

#: (module, source line, column, change) of every mutant that survives, and why.
EQUIVALENT: dict[tuple[str, str, int, str], str] = {
    ("spec.logic", "for i in range(len(table) - 2, -1, -1):", 32, "2->1"):
        "the last entry is chosen for its own index too, as for any index beyond",
    ("spec.logic", "for i in range(len(table) - 2, -1, -1):", 36, "1->2"):
        "index -1 chooses the last entry, as any index beyond does",
    ("spec.logic", "for item in items[1:]:", 22, "1->0"):
        "the first item compared with itself changes nothing",
    ("spec.logic", "out = ite(item.lt(out), item, out)", 18, ".lt->.le"):
        "of two equal items either is the smallest",
    ("spec.logic", "value = self._model.eval(formula.ref, model_completion=True)  # type: "
     "ignore[attr-defined]  # z3 model", 63, "True->False"):
        "a Boolean the model leaves free is read as false either way",
    ("spec.logic", _SET, 44, "1->2"): TIME, ("spec.logic", _SET, 44, "1->0"): TIME,
    ("spec.logic", _SET, 40, "1->2"): TIME, ("spec.logic", _SET, 40, "1->0"): TIME,
    ("spec.solving", "width = 0", 20, "0->1"):
        "a width of 0 or 1 both mean the whole line (no terminal size known)",
    ("spec.solving", "best: int | None = None", 14, "BitOr->BitAnd"): NOTE,
    ("spec.solving", "witness: W | None = None", 17, "BitOr->BitAnd"): NOTE,
    ("spec.solving", "best: int | None = None", 10, "BitOr->BitAnd"): NOTE,
    ("spec.solving", _TIMEOUT, 40, "Mult->Add"): TIME,
    ("spec.solving", _TIMEOUT, 85, "1000->1001"): TIME,
    ("spec.solving", _TIMEOUT, 85, "1000->999"): TIME,
    ("spec.solving", _TIMEOUT, 51, "Sub->Add"): TIME,
    ("spec.solving", "self.solver.add(self.objective.gt(best) if self.better > 0", 59,
     "Gt->GtE"): SIGN,
    ("spec.solving", "low, high = (best, cap) if better > 0 else (cap, best)", 35, "Gt->GtE"):
        SIGN,
    ("spec.solving", "hard = low if better > 0 else high  # checks at or beyond here ran out "
     "of time", 22, "Gt->GtE"): SIGN,
    ("spec.solving", "left = deadline - time.perf_counter()", 19, "Sub->Add"): TIME,
    ("spec.solving", "if left <= 0.05:", 15, "LtE->Lt"): TIME,
    ("spec.solving", "if better > 0:", 15, "Gt->GtE"): SIGN,
    ("spec.solving", _SHARE, 40, "Mult->Add"): TIME,
    ("spec.solving", _SHARE, 62, "1000->1001"): TIME,
    ("spec.solving", _SHARE, 62, "1000->999"): TIME,
    ("spec.solving", _SHARE, 57, "3->4"): TIME,
    ("spec.solving", _SHARE, 57, "3->2"): TIME,
    ("spec.solving", "high, low = (mid - 1, low) if better > 0 else (high, mid + 1)", 46,
     "Gt->GtE"): SIGN,
    ("spec.solving", "mid = (max(low, hard) + high + 1) // 2", 47, "1->2"):
        "the bisection splits one value higher: it still proves only what Z3 says unsat",
    ("spec.solving", "low, high = (found, high) if better > 0 else (low, found)", 45,
     "Gt->GtE"): SIGN,
    ("spec.solving", "elif mid == (high if better > 0 else low):", 33, "Gt->GtE"): SIGN,
    ("spec.solving", "self.progress(f\"proved {'at most' if better > 0 else 'at least'} \"",
     57, "Gt->GtE"): SIGN,
    ("spec.solving", 'f"{high if better > 0 else low}")', 45, "Gt->GtE"): SIGN,
    ("spec.solving", "return (low if better > 0 else high), (high if better > 0 else low), "
     "witness", 23, "Gt->GtE"): SIGN,
    ("spec.solving", "return (low if better > 0 else high), (high if better > 0 else low), "
     "witness", 55, "Gt->GtE"): SIGN,
    ("spec.solving", "share = timeout / 2 if cap is not None else timeout", 27, "IsNot->Is"):
        TIME,
    ("spec.solving", "share = timeout / 2 if cap is not None else timeout", 22, "2->3"): TIME,
    ("spec.solving", "share = timeout / 2 if cap is not None else timeout", 22, "2->1"): TIME,
    ("spec.solving", "value, witness, proven, proven_bound = search.ascend(start + share)", 57,
     "Add->Sub"): TIME,
    ("spec.solving", "shown = certify(value, witness) if value is not None and witness is not "
     "None else None", 39, "And->Or"):
        "a search gives a value and its witness together, or neither",
    ("spec.solving", 'if guess is not None and solver.check(score.ge(guess)) == "sat":', 29,
     "Eq->NotEq"): "a guess only starts the ascent; its last unsat is the proof",
    ("spec.solving", 'if guess is not None and solver.check(score.ge(guess)) == "sat":', 42,
     ".ge->.gt"): "a guess only starts the ascent; its last unsat is the proof",
    ("spec.solving", _HIGHEST_TIMEOUT, 35, "Mult->Add"): TIME,
    ("spec.solving", _HIGHEST_TIMEOUT, 80, "1000->1001"): TIME,
    ("spec.solving", _HIGHEST_TIMEOUT, 80, "1000->999"): TIME,
    ("spec.solving", _HIGHEST_TIMEOUT, 46, "Sub->Add"): TIME,
}


def _listed(m: generic.Mutant) -> tuple[str, str, int, str]:
    return (m.module, generic.source_line(m), m.column, m.change)


def test_the_real_core_passes_its_checks() -> None:
    assert core_checks.logic_differences(logic) == []
    assert core_checks.solving_differences(solving) == []


@pytest.mark.parametrize("module", core_checks.CORE)
def test_every_mutant_of_the_core_is_killed_or_listed(module: str) -> None:
    survivors = [_listed(m) for m in generic.mutants(module) if core_checks.killed(m) is None]
    new = [s for s in survivors if s not in EQUIVALENT]
    assert new == [], f"survivors no reason explains: {new}"


def test_the_listed_survivors_still_exist() -> None:
    """Every listed mutant is still a mutant of the code (the list stays true)."""
    everything = {_listed(m) for module in core_checks.CORE for m in generic.mutants(module)}
    assert set(EQUIVALENT) <= everything, set(EQUIVALENT) - everything


@pytest.mark.parametrize(("module", "old", "new"), [
    # the bisection's answer called proven when it is not
    ("spec.solving", "proven = proven_bound == value", "proven = proven_bound != value"),
    # a lower bound claimed one past what the unsat check proved
    ("spec.solving", "claim = self.objective.le(mid)", "claim = self.objective.lt(mid)"),
    # the ascent stops at the first model
    ("spec.solving", 'if status == "unsat":\n                return best, witness, True, best',
     'if status == "sat":\n                return best, witness, True, best'),
    # the highest score one below the last model
    ("spec.solving", "        best = solver.model().int(score)\n\n\ndef whole_sheet",
     "        best = solver.model().int(score) - 1\n\n\ndef whole_sheet"),
    # a term's <= as <
    ("spec.logic", "return Bool(self.ref <= _r(other))", "return Bool(self.ref < _r(other))"),
    # "proven optimal" printed for an answer that is not proven
    ("spec.solving", "elif self.proven:", "elif not self.proven:"),
], ids=["proven", "bound", "ascent", "highest", "le", "printed"])
def test_slips_that_would_prove_a_wrong_answer_are_found(module: str, old: str,
                                                         new: str) -> None:
    assert core_checks.killed(generic.replaced(module, old, new)) is not None
