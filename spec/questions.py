"""The ``solve`` questions every game answers, written once: the highest score of one area with
at most so many entries (``area_max``), the fewest entries for a score (``fewest``), the
highest whole sheet (``sheet_max``, exact area by area through the game's per-area tables) and
the best completion of a sheet (``complete``).  Each answer carries a certificate: a witness
the engine checks before it is printed, and Z3's "unsat" for anything better
(:mod:`spec.solving`).

A game is its encodings: :class:`Encoding` is the seam through which these questions read a
game's sheet variables, its engine checks and its area tables (``spec.cubed.questions.CUBED``,
``spec.fourever.questions.FOUREVER``).  What differs between the games (the re-roll track's
fox, the action tracks, reachability, the solo bound) stays in each game's ``questions``."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

import attrs

from spec.logic import Bool, Int, Model, Solver
from spec.solving import Answer, CertificateError, Progress, Search, optimum, whole_sheet

#: A game's sheet, its sheet variables, an area's key and the rules the encodings read.
S = TypeVar("S")
V = TypeVar("V")
A = TypeVar("A")
R = TypeVar("R")

#: A whole-sheet table: the best total for every entry count (index), and the certified best
#: sheet for an entry count.
Totals = tuple[Sequence[int], Callable[[int], S]]


@attrs.frozen
class Encoding(Generic[S, V, A, R]):
    """A game's encodings as the questions read them."""

    #: The area's name as the questions print it.
    label: Callable[[A], str]
    #: Fresh variables of a whole sheet, named after the given text.
    fresh: Callable[[str], V]
    #: The sheet variables equal a given sheet.
    equals: Callable[[V, S], Bool]
    #: Every area's state is one the rules can write.
    well_formed: Callable[[V, R], Bool]
    #: Every area of the later sheet grows from the earlier one's.
    grows: Callable[[V, V], Bool]
    #: An area's entries and score.
    area_entries: Callable[[V, A], Int]
    area_score: Callable[[V, A], Int]
    #: Every area but the given one is blank (the witness shows only the area asked about).
    only: Callable[[V, A], Bool]
    #: The entries the later sheet adds to the earlier one.
    added: Callable[[V, V], Int]
    #: The whole sheet's total (areas and foxes) under the rules.
    total: Callable[[V, R], Int]
    #: A model's sheet, the given sheet's other parts kept.
    read: Callable[[Model, V, S], S]
    blank: S
    format: Callable[[S], str]
    #: A score no area passes, and a total no sheet passes (where a bound search stops).
    area_cap: Mapping[A, int]
    sheet_cap: int
    #: Whether an area's formula is solved bit-blasted (:class:`spec.logic.Solver`).
    finite: Callable[[A], bool]
    #: The engine's checks: an area's score, the entries that write the given areas of a sheet
    #: (all of them for None) in at most so many, returning how many; the engine's score of an
    #: area.  A check that fails raises :class:`spec.solving.CertificateError`.
    confirm_area: Callable[[S, A, int, str], None]
    confirm_entries: Callable[[S, int, str, A | None, R], int]
    engine_area: Callable[[S, A], int]
    #: The per-area tables (:data:`Totals`, :class:`TimeoutError` past the deadline) and how
    #: many options they keep; the engine's check of a whole sheet's total.
    totals: Callable[[R, float, Progress | None], Totals[S]]
    cells: Callable[[R], int]
    confirm_total: Callable[[S, int, str, R], None]
    #: What a whole-sheet answer's tables keep per area, and how its witness is checked (words).
    kept: str
    checked: str
    #: Before a completion: the engine can write the sheet at all (raises when not).
    check_start: Callable[[S, R], None]
    #: A completion's witness as the engine shows and confirms it (from the start sheet, the
    #: witness, its value, the most entries, the question): the sheet to print.
    confirm_completion: Callable[[S, S, int, int, str, R], S]
    #: A completion's notes instead of the proof's (from the old and new variables and the
    #: formula before the entry limit; None: the proof's notes).
    completion_notes: Callable[[V, V, Bool, float], tuple[str, ...]] | None = None


def _search(enc: Encoding[S, V, A, R], parts: Bool, objective: Int, s: V, better: int,
            progress: Progress | None, base: S, finite: bool) -> Search[S]:
    """The search over ``s`` for ``objective`` (``better``: +1 maximise, -1 minimise)."""
    solver = Solver(finite=finite)
    solver.add(parts)

    def read(model: Model) -> S:
        return enc.read(model, s, base)

    return Search(solver, objective, better, read, progress)


def area_max(enc: Encoding[S, V, A, R], area: A, most: int, timeout: float, rules: R,
             progress: Progress | None = None) -> Answer:
    """The highest score of ``area`` with at most ``most`` entries."""
    t0 = time.perf_counter()
    s = enc.fresh("s")
    parts = enc.well_formed(s, rules) & enc.area_entries(s, area).le(most) & enc.only(s, area)
    question = f"highest {enc.label(area)} score with at most {most} entries"

    def certify(value: int, sheet: S) -> str:
        enc.confirm_area(sheet, area, value, question)
        enc.confirm_entries(sheet, most, question, area, rules)
        return enc.format(sheet)

    search = _search(enc, parts, enc.area_score(s, area), s, 1, progress, enc.blank,
                     enc.finite(area))
    return optimum(question, search, timeout, time.perf_counter() - t0, certify,
                   cap=enc.area_cap[area])


def whole(enc: Encoding[S, V, A, R], question: str, table: Totals[S], most: int, t0: float,
          rules: R) -> Answer:
    """A whole-sheet answer from the per-area tables: the best sheet with at most ``most``
    entries, certified by the engine."""
    totals, best = table
    most = min(most, len(totals) - 1)
    value = totals[most]
    sheet = best(most)
    enc.confirm_total(sheet, value, question, rules)
    used = enc.confirm_entries(sheet, most, question, None, rules)
    return Answer(question, value, enc.format(sheet), True, value, 0.0,
                  time.perf_counter() - t0,
                  (f"{used} entries; proof: each area's best score for {enc.kept} "
                   f"({enc.cells(rules)} options kept), each proven by Z3, and an exhaustive "
                   f"choice of one per area; {enc.checked}",))


def sheet_max(enc: Encoding[S, V, A, R], most: int, timeout: float, rules: R,
              progress: Progress | None = None) -> Answer:
    """The highest whole-sheet total (foxes included) with at most ``most`` entries, exact by
    the per-area decomposition."""
    t0 = time.perf_counter()
    question = f"highest sheet total with at most {most} entries"
    if most < 0:
        raise ValueError("the number of entries must be at least 0")
    try:
        table = enc.totals(rules, t0 + timeout, progress)
    except TimeoutError:
        return Answer(question, None, None, False, None, 0.0, time.perf_counter() - t0)
    return whole(enc, question, table, most, t0, rules)


def fewest(enc: Encoding[S, V, A, R], goal: int, area: A | None, timeout: float, rules: R,
           progress: Progress | None = None) -> Answer:
    """The fewest entries that reach ``goal`` points in ``area`` (or the whole sheet: exact by
    the per-area decomposition)."""
    t0 = time.perf_counter()
    question = f"fewest entries for {goal} {enc.label(area) if area is not None else 'sheet'} " \
               "points"
    if area is None:
        box: list[Totals[S]] = []

        def totals() -> Sequence[int]:
            box.append(enc.totals(rules, t0 + timeout, progress))
            return box[0][0]

        return whole_sheet(question, t0, totals,
                           lambda k: whole(enc, question, box[0], k, t0, rules), goal)
    s = enc.fresh("s")
    parts = enc.well_formed(s, rules) & enc.area_score(s, area).ge(goal) & enc.only(s, area)

    def certify(value: int, sheet: S) -> str:
        used = enc.confirm_entries(sheet, value, question, area, rules)
        got = enc.engine_area(sheet, area)
        if used != value or got < goal:
            raise CertificateError(f"{question}: the witness {enc.format(sheet)} has {used} entries "
                             f"and {got} points by the engine")
        return enc.format(sheet)

    search = _search(enc, parts, enc.area_entries(s, area), s, -1, progress, enc.blank,
                     enc.finite(area))
    return optimum(question, search, timeout, time.perf_counter() - t0, certify, cap=0)


def complete(enc: Encoding[S, V, A, R], sheet: S, more: int, timeout: float, rules: R,
             progress: Progress | None = None) -> Answer:
    """The best total ``sheet`` reaches with at most ``more`` further entries."""
    t0 = time.perf_counter()
    if more < 0:
        raise ValueError("the number of entries must be at least 0")
    enc.check_start(sheet, rules)
    old, new = enc.fresh("old"), enc.fresh("new")
    base = enc.equals(old, sheet) & enc.well_formed(new, rules) & enc.grows(old, new)
    parts = base & enc.added(old, new).le(more)
    question = f"best completion with at most {more} more entries"

    def certify(value: int, witness: S) -> str:
        return enc.format(enc.confirm_completion(sheet, witness, value, more, question, rules))

    search = _search(enc, parts, enc.total(new, rules), new, 1, progress, sheet, False)
    answer = optimum(question, search, timeout, time.perf_counter() - t0, certify,
                     cap=enc.sheet_cap)
    if enc.completion_notes is None:
        return answer
    return attrs.evolve(answer, notes=enc.completion_notes(old, new, base, timeout))
