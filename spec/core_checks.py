"""Mutation testing of the game-neutral solver core: :mod:`spec.logic` (the typed Z3 terms every
encoding is written in) and :mod:`spec.solving` (the ascent that proves an optimum, the bisection
that narrows a bound when the ascent runs out of time, the whole-sheet answer and the printed
answer).  Every game's answer goes through both, so a slip in either can make a wrong answer
"proven" (issue 29: mutation testing covers every module a solver's answer depends on).

A changed copy of one of them (:func:`spec.mutation.load`, methods included) is checked alone on
small problems whose answers are known without Z3: each comparison, combinator and term of
:mod:`spec.logic` against Python's arithmetic on every small value; the solver on formulas with
a known model, core and optimum; and :mod:`spec.solving`'s searches on ``x <= 37`` (maximum 37)
and ``x >= 5`` (minimum 5) over a range, through a solver that gives up ("unknown") on chosen
checks, so that the paths taken when time runs out are taken without any clock (the
deadlines given are far off, never reached).  A mutant is killed when a check finds a
difference (or the changed code fails).

``python -m spec.core_checks`` runs every mutant and prints the score."""

from __future__ import annotations

import fcntl
import itertools
import os
import struct
import sys
import termios
import time
import types
from collections.abc import Callable, Sequence

from spec import logic
from spec import mutation as generic
from spec.logic import Int, Solver
from spec.solving import Search
from spec.mutation import Check, Mutant

#: The modules checked here.
CORE = ("spec.logic", "spec.solving")
#: Small whole numbers every comparison and term is checked on.
SMALL = range(-2, 4)
#: The range of the search problems' variable, their maximum and their minimum.
LOW, HIGH, MOST, LEAST = 0, 100, 37, 5
#: A deadline no check reaches (seconds from now): only the paths matter, never the clock.
FAR = 3600.0


def _truth(lg: types.ModuleType, formula: object) -> object:
    return lg.simplified_bool(formula)


def _value(lg: types.ModuleType, term: object) -> object:
    return lg.simplified_int(term)


def _compare(lg: types.ModuleType) -> list[str]:
    """Each comparison of two constants, as Python compares them."""
    out = []
    for a, b in itertools.product(SMALL, SMALL):
        x = lg.const(a)
        got = {"le": x.le(b), "lt": x.lt(b), "ge": x.ge(b), "gt": x.gt(b), "eq": x.eq(b),
               "ne": x.ne(b), "le term": x.le(lg.const(b)),
               "between": x.between(b, b + 1)}
        want = {"le": a <= b, "lt": a < b, "ge": a >= b, "gt": a > b, "eq": a == b,
                "ne": a != b, "le term": a <= b, "between": b <= a <= b + 1}
        out += [f"{a} {name} {b}: {_truth(lg, got[name])}, want {want[name]}"
                for name in want if _truth(lg, got[name]) is not want[name]]
    return out


def _terms(lg: types.ModuleType) -> list[str]:
    """Sums, differences, products, choices, counts, lookups and minima of constants."""
    out = []
    for a, b in itertools.product(SMALL, SMALL):
        x, y = lg.const(a), lg.const(b)
        got = {"+": x + y, "+ int": x + b, "int +": b + x, "-": x - y, "- int": x - b,
               "*": x * b, "total": lg.total([x, b, y]), "min": lg.minimum([x, y]),
               "min3": lg.minimum([y, x, lg.const(0)]),
               "ite": lg.ite(x.lt(y), a, b), "ite term": lg.ite(x.ge(y), x, y)}
        want = {"+": a + b, "+ int": a + b, "int +": b + a, "-": a - b, "- int": a - b,
                "*": a * b, "total": a + 2 * b, "min": min(a, b), "min3": min(a, b, 0),
                "ite": a if a < b else b, "ite term": a if a >= b else b}
        out += [f"{a}, {b}: {name} gives {_value(lg, got[name])}, want {want[name]}"
                for name in want if _value(lg, got[name]) != want[name]]
    table = (7, 3, 9, 4)
    for i in range(-1, len(table) + 2):
        got_at = _value(lg, lg.lookup(lg.const(i), table))
        want_at = table[i] if 0 <= i < len(table) else table[-1]
        if got_at != want_at:
            out.append(f"lookup {i} of {table}: {got_at}, want {want_at}")
    if _value(lg, lg.total([])) != 0:
        out.append(f"the empty total is {_value(lg, lg.total([]))}")
    return out


def _formulas(lg: types.ModuleType) -> list[str]:
    """The connectives on every pair of truth values, and lists of them."""
    out = []
    for p, q in itertools.product((False, True), repeat=2):
        a, b = lg.truth(p), lg.truth(q)
        got = {"and": a & b, "or": a | b, "not": ~a, "implies": a.implies(b), "iff": a.iff(b),
               "pick": lg.pick(a, b, ~b), "all": lg.all_of([a, b]), "any": lg.any_of([a, b])}
        want = {"and": p and q, "or": p or q, "not": not p, "implies": (not p) or q,
                "iff": p == q, "pick": q if p else not q, "all": p and q, "any": p or q}
        out += [f"{p}, {q}: {name} gives {_truth(lg, got[name])}, want {want[name]}"
                for name in want if _truth(lg, got[name]) is not want[name]]
        for name, term, value in (("as_int", a.as_int(), int(p)),
                                  ("count", lg.count([a, b, lg.truth(True)]), p + q + 1)):
            if _value(lg, term) != value:
                out.append(f"{p}, {q}: {name} gives {_value(lg, term)}, want {value}")
    for name, formula, value in (("all of none", lg.all_of([]), True),
                                 ("any of none", lg.any_of([]), False),
                                 ("TRUE", lg.TRUE, True), ("FALSE", lg.FALSE, False)):
        if _truth(lg, formula) is not value:
            out.append(f"{name} is {_truth(lg, formula)}")
    if _value(lg, lg.int_var("free")) is not None or _truth(lg, lg.bool_var("free")) is not None:
        out.append("a free variable simplifies to a value")
    return out


def _solver(lg: types.ModuleType) -> list[str]:
    """The solver on formulas with a known model, a known minimal core and a known optimum,
    bit-blasted or not."""
    out = []
    for finite in (False, True):
        x, p = lg.int_var("x"), lg.bool_var("p")
        s = lg.Solver(finite=finite)
        s.add(x.between(LOW, HIGH) & x.le(MOST))
        s.push()
        s.add(x.ge(MOST) & p)
        if s.check() != "sat":
            out.append(f"finite={finite}: x = 37 is unsatisfiable")
        else:
            model = s.model()
            if model.int(x) != MOST or model.bool(p) is not True:
                out.append(f"finite={finite}: the model gives x = {model.int(x)}, p = "
                           f"{model.bool(p)}")
        s.pop()
        if finite:  # bit-blasted: sat and its model only (it leaves this unsat undecided)
            continue
        for claim, want in ((x.gt(MOST), "unsat"), (x.eq(MOST), "sat")):
            s.push()
            s.add(claim)
            if s.check() != want:
                out.append(f"a check in a scope is not {want}")
            s.pop()
            if s.check(claim) != want:
                out.append(f"a check under an assumption is not {want}")
    s = lg.Solver()
    x = lg.int_var("x")
    s.add_named(x.ge(10), "at least 10")
    s.add_named(x.le(3), "at most 3")
    s.add_named(x.ge(0), "not negative")
    s.add_named(x.le(50), "at most 50")
    if s.check_named() != "unsat" or s.minimal_core() != ("at least 10", "at most 3"):
        out.append(f"the minimal core is {s.minimal_core()}")

    s = lg.Solver()  # whose unsat core is every named formula (a core need not be minimal)
    s.core = lambda: tuple(sorted(s._names.values()))
    for formula, name in ((x.ge(10), "at least 10"), (x.le(3), "at most 3"),
                          (x.ge(0), "not negative"), (x.le(50), "at most 50")):
        s.add_named(formula, name)
    if s.check_named() != "unsat" or s.minimal_core() != ("at least 10", "at most 3"):
        out.append(f"the minimal core of every name is {s.minimal_core()}")
    if s.check_named(("at least 10", "at most 50")) != "sat":
        out.append("two named formulas that agree are unsatisfiable")
    s = lg.Solver()
    s.add(x.between(LOW, MOST))
    if s.check() != "sat" or s.model().int(lg.int_var("free")) != 0:
        out.append("a variable the formula leaves free is no value of the model")
    return out


def logic_differences(lg: types.ModuleType) -> list[str]:
    """Every difference between ``lg`` (:mod:`spec.logic` or a changed copy) and arithmetic."""
    return _compare(lg) + _terms(lg) + _formulas(lg) + _solver(lg)


#: The most checks one small problem takes (the bisection over 0..100 takes about 10): a
#: changed search that loops is stopped here, not by a clock.
MOST_CHECKS = 200


class _Stubborn(Solver):
    """A solver that answers "unknown" to its ``n``-th check (1-based) when ``unknown(n)``,
    as one that ran out of time, and truly otherwise; past :data:`MOST_CHECKS` checks it
    raises (a search that never ends)."""

    def __init__(self, unknown: Callable[[int], bool] = lambda n: False) -> None:
        super().__init__()
        self.unknown = unknown
        self.checks = 0

    def check(self, *assumptions: logic.Bool) -> str:
        self.checks += 1
        if self.checks > MOST_CHECKS:
            raise RuntimeError(f"more than {MOST_CHECKS} checks for a small problem")
        found = super().check(*assumptions)
        return "unknown" if self.unknown(self.checks) else found


def _problem(sv: types.ModuleType, better: int, unknown: Callable[[int], bool] = lambda n: False,
             progress: Callable[[str], None] | None = None) -> Search[int]:
    """A search for the largest (``better`` 1: 37) or smallest (-1: 5) ``x`` in 0..100 with
    ``x <= 37`` and ``x >= 5``; its witness is the model's ``x``."""
    x = logic.int_var("x")
    solver = _Stubborn(unknown)
    solver.add(x.between(LOW, HIGH) & x.le(MOST) & x.ge(LEAST))
    search: Search[int] = sv.Search(solver, x, better, lambda model: model.int(x), progress)
    return search


def _searches(sv: types.ModuleType) -> list[str]:
    """The ascent and the bisection, maximising and minimising, with and without checks that
    give up."""
    out = []
    far = time.perf_counter() + FAR
    for better, best in ((1, MOST), (-1, LEAST)):
        got = _problem(sv, better).ascend(far)
        if got != (best, best, True, best):
            out.append(f"ascent (better {better}): {got}, want {(best, best, True, best)}")
        start, cap = (10, HIGH) if better > 0 else (30, LOW)
        said: list[str] = []
        narrowed = _problem(sv, better, progress=said.append).bound(far, start, cap)
        if narrowed[:2] != (best, best):
            out.append(f"bisection from {start} to {cap} (better {better}): {narrowed[:2]}, "
                       f"want {(best, best)}")
        proved = f"proved {'at most' if better > 0 else 'at least'} {best}"
        bounds = [int(line.rsplit(" ", 1)[1]) for line in said if line.startswith("proved")]
        if proved not in said or not any(line.startswith("found ") for line in said) or any(
                better * (b - best) < 0 for b in bounds):
            out.append(f"bisection (better {better}) says {said}, not {proved!r}")
        # from every start a game reaches and every cap none passes: the bound proven is
        # one (nothing passes it) and the value is reached
        for start, cap in (((20, 38), (36, 50), (37, 38), (5, 37)) if better > 0
                           else ((30, 0), (9, 4), (6, 5), (37, 5))):
            value, proven, _ = _problem(sv, better).bound(far, start, cap)
            if (value, proven) != (best, best):
                out.append(f"bisection from {start} to {cap} (better {better}): "
                           f"{(value, proven)}, want {(best, best)}")
        # the first check gives up: the others still narrow the bound, never past the best
        start, cap = (10, HIGH) if better > 0 else (30, LOW)
        value, proven, _ = _problem(sv, better, lambda n: n == 1).bound(far, start, cap)
        if not (better * (cap - proven) > 0 and better * (proven - best) >= 0
                and better * (best - value) >= 0 and better * (value - start) >= 0):
            out.append(f"bisection whose first check gives up (better {better}): "
                       f"{(value, proven)} from {(start, cap)}")
        # every check gives up: nothing is proven beyond the start
        undecided = _problem(sv, better, lambda n: True).bound(far, start, cap)
        if undecided != (start, cap, None):
            out.append(f"bisection that never decides (better {better}): {undecided}, want "
                       f"{(start, cap, None)}")
        # the first check finds a value, the second gives up: not proven, the value kept
        found = _problem(sv, better, lambda n: n == 2).ascend(far)
        if found[2:] != (False, None) or found[0] != found[1] or found[0] is None:
            out.append(f"ascent that gives up (better {better}): {found}")
    return out


def _optimum(sv: types.ModuleType) -> list[str]:
    """:func:`spec.solving.optimum`: proven by the ascent; proven by the bisection after the
    ascent gave up (``cap`` given); not proven when neither decides; the witness certified."""
    out = []
    cases = (  # (better, cap, which checks give up, want value, proven, bound)
        (1, None, lambda n: False, MOST, True, MOST),
        (1, HIGH, lambda n: n == 2, MOST, True, MOST),
        (-1, LOW, lambda n: n == 2, LEAST, True, LEAST),
        (1, None, lambda n: n == 2, None, False, None),
        (1, HIGH, lambda n: n >= 2, None, False, HIGH),
    )
    for better, cap, unknown, value, proven, bound in cases:
        search = _problem(sv, better, unknown)
        before = time.perf_counter()
        answer = sv.optimum("q", search, FAR, 0.5, lambda v, w: f"{v}:{w}", (), cap)
        if not 0 <= answer.solve_seconds <= time.perf_counter() - before:
            out.append(f"optimum took {answer.solve_seconds} s, longer than its call")
        first = answer.value if value is None else value
        want = (first, f"{first}:{first}", proven, bound)
        got = (answer.value, answer.witness, answer.proven, answer.bound)
        if got != want or answer.question != "q" or answer.build_seconds != 0.5 or (
                any("proof" in n for n in answer.notes) is not proven):
            out.append(f"optimum (better {better}, cap {cap}): {got}, want {want}")
    return out


def _highest(sv: types.ModuleType) -> list[str]:
    """:func:`spec.solving.highest`: the maximum, from any guess; None when nothing fits;
    :class:`TimeoutError` when a check gives up."""
    out = []
    far = time.perf_counter() + FAR
    x: Int = logic.int_var("x")
    for guess, deadline in ((None, None), (20, None), (MOST, far), (60, far)):
        s = _Stubborn()
        s.add(x.between(LOW, HIGH) & x.le(MOST))
        got = sv.highest(s, x, deadline, guess)
        if got != MOST:
            out.append(f"highest from guess {guess}: {got}, want {MOST}")
    s = _Stubborn()
    s.add(x.gt(1) & x.lt(1))
    if sv.highest(s, x) is not None:
        out.append("highest of nothing is not None")
    stubborn = _Stubborn(lambda n: n == 2)
    stubborn.add(x.between(LOW, MOST))
    try:
        sv.highest(stubborn, x)
        out.append("highest does not raise when a check gives up")
    except TimeoutError:
        pass
    return out


def _whole_sheet(sv: types.ModuleType) -> list[str]:
    """:func:`spec.solving.whole_sheet`: the fewest entries reaching a goal from the best
    totals; undecided when the totals run out of time; proven none past the highest total."""
    out = []
    totals = (0, 4, 9, 9, 15)

    def answer(k: int) -> object:
        return sv.Answer("q", totals[k], f"sheet {k}", True, totals[k], 0.0, 0.0)

    def late() -> Sequence[int]:
        raise TimeoutError

    before = time.perf_counter()
    for t0, take in ((before, lambda: totals), (before, late)):
        for goal in (16, 9):
            got = sv.whole_sheet("q", t0, take, answer, goal)
            if goal == 16 or take is late:
                if not 0 <= got.solve_seconds <= time.perf_counter() - before:
                    out.append(f"whole sheet took {got.solve_seconds} s, longer than its call")
    for goal, want in ((9, 2), (10, 4), (0, 0), (15, 4)):
        got = sv.whole_sheet("q", time.perf_counter(), lambda: totals, answer, goal)
        if (got.value, got.bound, got.witness, got.proven) != (want, want, f"sheet {want}",
                                                               True):
            out.append(f"whole sheet for {goal}: {got}")
    got = sv.whole_sheet("q", time.perf_counter(), lambda: totals, answer, 16)
    if (got.value, got.proven, got.notes) != (None, True, ("the highest total of any sheet "
                                                          "is 15",)):
        out.append(f"whole sheet past the highest total: {got}")
    got = sv.whole_sheet("q", time.perf_counter(), late, answer, 9)
    if (got.value, got.proven, got.witness) != (None, False, None):
        out.append(f"whole sheet out of time: {got}")
    return out


def _printed(sv: types.ModuleType) -> list[str]:
    """What an answer prints: "proven" only for a proven one, the gap of one that is not."""
    def head(*fields: object, verdict: str | None = None) -> str:
        return str(sv.Answer(*fields, verdict=verdict)).splitlines()[0]
    cases = (
        (head("q", 37, "w", True, 37, 0.0, 0.0), "q: 37 (proven optimal)"),
        (head("upper bound", 9, None, True, 9, 0.0, 0.0),
         "upper bound: at most 9 (proven: Z3 says unsat for more)"),
        (head("q", 30, "w", False, 37, 0.0, 0.0),
         "q: best found 30, best proven bound 37, gap 7 (time ran out)"),
        (head("q", 40, "w", False, 37, 0.0, 0.0),
         "q: best found 40, best proven bound 37, gap 3 (time ran out)"),
        (head("q", 30, "w", False, None, 0.0, 0.0),
         "q: best found 30, best proven bound none, gap unknown (time ran out)"),
        (head("q", None, None, False, None, 0.0, 0.0), "q: undecided in the time given"),
        (head("q", None, None, True, None, 0.0, 0.0), "q: no sheet satisfies it"),
        (head("q", 1, "w", True, 1, 0.0, 0.0, verdict="yes"), "q: yes"),
    )
    return [f"printed {got!r}, want {want!r}" for got, want in cases if got != want]


def _terminal(sv: types.ModuleType) -> list[str]:
    """Progress on a terminal (:class:`spec.solving.Shown`, on a pseudo-terminal 20 columns
    wide): each line over the last, the seconds first, cut to the width; nothing elsewhere;
    an answer's JSON with its record as an object."""
    out = []
    for columns, seen in ((20, "[7 s] a line far wi"), (2, "["), (1, "[7 s] a line far wider "
                                                                "than the terminal")):
        out += _on_terminal(sv, columns, seen)
    if sv.shown(_NotTerminal()) is not None:
        out.append("progress shown where there is no terminal")
    with_record = sv.Answer("q", 1, "w", True, 1, 0.0, 0.0, record='{"a": [1]}').to_json()
    without = sv.Answer("q", 1, "w", True, 1, 0.0, 0.0).to_json()
    if with_record.get("record") != {"a": [1]} or without.get("record") is not None:
        out.append(f"an answer's JSON: {with_record}, {without}")
    return out


def _on_terminal(sv: types.ModuleType, columns: int, seen: str) -> list[str]:
    """A progress line on a pseudo-terminal ``columns`` wide shows ``seen`` (one column is
    left free; a terminal of one column gets the whole line)."""
    out = []
    leader, follower = os.openpty()
    try:
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))

        class Err:
            written = ""

            def fileno(self) -> int:
                return follower

            def isatty(self) -> bool:
                return True

            def write(self, text: str) -> int:
                self.written += text
                return len(text)

            def flush(self) -> None:
                pass

        err = Err()
        shown = sv.shown(err)
        if shown is None:
            return ["no progress shown on a terminal"]
        late = sv.Shown(err, began=time.perf_counter() - 7)
        late("a line far wider than the terminal")
        late.done()
        want = f"\r\033[K{seen}\r\033[K"
        if err.written != want:
            out.append(f"progress on {columns} columns written {err.written!r}, want {want!r}")
    finally:
        os.close(leader)
        os.close(follower)
    return out


class _NotTerminal:
    """A stream that is no terminal."""

    def isatty(self) -> bool:
        return False


def solving_differences(sv: types.ModuleType) -> list[str]:
    """Every difference between ``sv`` (:mod:`spec.solving` or a changed copy) and the known
    answers of the small problems (with the real :mod:`spec.logic`)."""
    return (_searches(sv) + _optimum(sv) + _highest(sv) + _whole_sheet(sv) + _printed(sv)
            + _terminal(sv))


def checks(module: types.ModuleType, name: str) -> list[Check]:
    """The checks of a copy of the core module ``name``."""
    if name == "spec.logic":
        return [lambda: logic_differences(module)]
    return [lambda: solving_differences(module)]


def killed(mutant: Mutant) -> str | None:
    """The first difference the checks find for a mutant of a core module (or the error its
    code raises); None when it survives every check."""
    return generic.first_difference(mutant, lambda m: checks(m, mutant.module))


def main(argv: list[str] | None = None) -> int:
    """``python -m spec.core_checks [--sample N --seed S] [--module M]``."""
    return generic.main("python -m spec.core_checks", list(CORE), killed, argv)


if __name__ == "__main__":
    sys.exit(main())
