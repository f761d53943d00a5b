"""What every game's ``solve`` questions share: the :class:`Answer` with its certificate, and
the search for an optimum by ascent (a model, then "better than this" added, until unsat — the
proof — or the time runs out, when the best witness, the best proven bound and the gap are
reported).  A game's questions give the formula, the objective, how a model is read (``read``)
and how the engine checks a witness (``certify``)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from typing import Generic, TextIO, TypeVar

import attrs

from spec.logic import Bool, Int, Model, Solver

Progress = Callable[[str], None]
W = TypeVar("W")


@attrs.frozen
class Shown:
    """Progress on a terminal (issue 29, "Honest output"): each line written over the last (a
    carriage return, the line cleared), after the seconds since the work began, and cut to the
    terminal's width (a line that wrapped would not be written over); :meth:`done` clears it
    before the answer is printed."""

    err: TextIO
    began: float = attrs.field(factory=time.perf_counter)

    def __call__(self, text: str) -> None:
        line = f"[{time.perf_counter() - self.began:.0f} s] {text}"
        try:
            width = os.get_terminal_size(self.err.fileno()).columns
        except (OSError, ValueError):  # no size known: the line as it is
            width = 0
        self.err.write("\r\033[K" + (line[:width - 1] if width > 1 else line))
        self.err.flush()

    def done(self) -> None:
        """Clear the progress line."""
        self.err.write("\r\033[K")
        self.err.flush()


def shown(err: TextIO) -> Shown | None:
    """Progress lines on ``err`` when it is a terminal; None otherwise (a pipe, a file, the
    tests), so that what a command prints to files and pipes stays byte for byte the same."""
    return Shown(err) if err.isatty() else None


class CertificateError(RuntimeError):
    """A solver's claim that the engine does not confirm (a bug in the spec or the engine):
    the command line's exit code 3, never printed as proven."""


@attrs.frozen
class Answer:
    """An optimum with its certificate.  ``value`` is the witness's value; ``proven`` says Z3
    showed nothing better exists; otherwise ``bound`` is the best proven bound (None: none) and
    the gap is the difference."""

    question: str
    value: int | None
    witness: str | None
    proven: bool
    bound: int | None
    build_seconds: float
    solve_seconds: float
    notes: tuple[str, ...] = ()
    #: For a game question answered yes: a game record (JSON text) reaching the sheet.
    record: str | None = None
    #: For a yes/no question: "yes", "no" or "undecided" (the head of the printed answer).
    verdict: str | None = None

    def to_json(self) -> dict[str, object]:
        """The answer as a JSON-ready mapping (the record as a JSON object)."""
        data = attrs.asdict(self)
        if self.record is not None:
            data["record"] = json.loads(self.record)
        return data

    def __str__(self) -> str:
        if self.verdict is not None:
            head = f"{self.question}: {self.verdict}"
        elif self.value is None and not self.proven:
            head = f"{self.question}: undecided in the time given"
        elif self.value is None:
            head = f"{self.question}: no sheet satisfies it"
        elif self.proven and self.question.startswith("upper bound"):
            head = f"{self.question}: at most {self.value} (proven: Z3 says unsat for more)"
        elif self.proven:
            head = f"{self.question}: {self.value} (proven optimal)"
        else:
            gap = "unknown" if self.bound is None else str(abs(self.bound - self.value))
            head = (f"{self.question}: best found {self.value}, best proven bound "
                    f"{self.bound if self.bound is not None else 'none'}, gap {gap} "
                    "(time ran out)")
        lines = [head]
        if self.witness:
            lines.append(f"  witness: {self.witness}")
        lines += [f"  {n}" for n in self.notes]
        lines.append(f"  build {self.build_seconds:.2f} s, solve {self.solve_seconds:.2f} s")
        return "\n".join(lines)


@attrs.frozen
class Search(Generic[W]):
    """One optimisation: the solver holding the formula, the objective, ``better`` (+1 to
    maximise, -1 to minimise) and how a model's witness is read."""

    solver: Solver
    objective: Int
    better: int
    read: Callable[[Model], W]
    progress: Progress | None = None

    def _found(self, model: Model) -> tuple[int, W]:
        value = model.int(self.objective)
        if self.progress is not None:
            self.progress(f"found {value}")
        return value, self.read(model)

    def ascend(self, deadline: float) -> tuple[int | None, W | None, bool, int | None]:
        """Improve the objective until unsat: (best, its witness, proven, proven bound)."""
        best: int | None = None
        witness: W | None = None
        while True:
            self.solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))
            self.solver.push()
            if best is not None:
                self.solver.add(self.objective.gt(best) if self.better > 0
                                else self.objective.lt(best))
            status = self.solver.check()
            if status == "sat":
                best, witness = self._found(self.solver.model())
            self.solver.pop()
            if status == "unsat":
                return best, witness, True, best
            if status != "sat":
                return best, witness, False, None

    def bound(self, deadline: float, best: int, cap: int) -> tuple[int, int, W | None]:
        """When the ascent runs out of time: narrow the proven bound from ``cap`` (a value no
        witness passes) towards ``best`` by bisection, each check with a share of the time
        left.  Returns the best value found (a sat check may find a better witness), the
        proven bound and that witness (None: none new)."""
        better = self.better
        low, high = (best, cap) if better > 0 else (cap, best)
        hard = low if better > 0 else high  # checks at or beyond here ran out of time
        witness = None
        while low < high:
            left = deadline - time.perf_counter()
            if left <= 0.05:
                break
            if better > 0:
                mid = (max(low, hard) + high + 1) // 2
                if mid > high:
                    break
                claim: Bool = self.objective.ge(mid)
            else:
                mid = (low + min(high, hard)) // 2
                if mid < low:
                    break
                claim = self.objective.le(mid)
            self.solver.set_timeout(int(max(0.05, left / 3) * 1000))
            status = self.solver.check(claim)
            if status == "unsat":
                high, low = (mid - 1, low) if better > 0 else (high, mid + 1)
                if self.progress is not None:
                    self.progress(f"proved {'at most' if better > 0 else 'at least'} "
                                  f"{high if better > 0 else low}")
            elif status == "sat":
                found, witness = self._found(self.solver.model())
                low, high = (found, high) if better > 0 else (low, found)
            elif mid == (high if better > 0 else low):
                break  # even the check nearest the bound runs out of time
            else:
                hard = mid
        return (low if better > 0 else high), (high if better > 0 else low), witness


def optimum(question: str, search: Search[W], timeout: float, build: float,
            certify: Callable[[int, W], str], notes: tuple[str, ...] = (),
            cap: int | None = None) -> Answer:
    """Ascend to the optimum; when that runs out of time (after half of it, if ``cap`` — a
    value nothing passes — is given), use the rest to prove a bound between the best found and
    ``cap``.  The witness goes through ``certify`` (the engine's check, which gives the text
    to print) before it is printed."""
    start = time.perf_counter()
    share = timeout / 2 if cap is not None else timeout
    value, witness, proven, proven_bound = search.ascend(start + share)
    if not proven and cap is not None and value is not None:
        value, proven_bound, found = search.bound(start + timeout, value, cap)
        witness = found if found is not None else witness
        proven = proven_bound == value
    shown = certify(value, witness) if value is not None and witness is not None else None
    if proven:
        notes = notes + ("proof: Z3 finds no better sheet (unsat); the witness is checked by "
                         "the engine",)
    return Answer(question, value, shown, proven, proven_bound, build,
                  time.perf_counter() - start, notes)


def highest(solver: Solver, score: Int, deadline: float | None = None,
            guess: int | None = None) -> int | None:
    """The highest ``score`` the solver's constraints allow (None: none), by ascent from
    ``guess`` (a value believed reachable, only a start): the last unsat is the proof.
    :class:`TimeoutError` when a check runs out of time (or past ``deadline``)."""
    best: int | None = None
    if guess is not None and solver.check(score.ge(guess)) == "sat":
        best = solver.model().int(score)
    while True:
        if deadline is not None:
            solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))
        status = solver.check(*([score.gt(best)] if best is not None else []))
        if status == "unsat":
            return best
        if status != "sat":
            raise TimeoutError("an area table cell ran out of time")
        best = solver.model().int(score)


def whole_sheet(question: str, t0: float, totals: Callable[[], Sequence[int]],
                answer: Callable[[int], Answer], goal: int) -> Answer:
    """The fewest entries of a whole sheet reaching ``goal``, from the best total for every
    entry count (``totals``, which raises :class:`TimeoutError` when out of time);
    ``answer(k)`` is the certified best sheet with at most ``k`` entries."""
    try:
        best = totals()
    except TimeoutError:
        return Answer(question, None, None, False, None, 0.0, time.perf_counter() - t0)
    enough = [k for k, v in enumerate(best) if v >= goal]
    if not enough:
        return Answer(question, None, None, True, None, 0.0, time.perf_counter() - t0,
                      (f"the highest total of any sheet is {best[-1]}",))
    return attrs.evolve(answer(enough[0]), value=enough[0], bound=enough[0])
