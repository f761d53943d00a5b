"""The questions ``clever-oracle solve --game clever-4ever`` answers, each with a certificate
checked by the engine (:mod:`spec.fourever.certificates`): the highest score of one area with
at most so many entries, the fewest entries for a score, the highest whole sheet (exact, area by
area: :mod:`spec.fourever.decompose`) and the best completion of a sheet are every game's
(:mod:`spec.questions`), asked through Clever 4Ever's encodings (:data:`FOUREVER`);
``reachable`` and the solo bound (counting entries) are Clever 4Ever's own."""

from __future__ import annotations

import time
import attrs

from oracle.engine.sheet import Sheet
from oracle.records.record import dump_record, record_game
from spec.fourever import certificates, decompose, sheetvars, solo_realise
from spec.fourever.printed import (
    AREAS,
    BLUE_ROW_BONUS,
    GREEN_BONUS,
    GREY_CELL_BONUS,
    PINK_BONUS,
    ROUND_BONUS,
    ROUNDS,
    TRACKS,
    XD,
    YELLOW_BONUS,
)
from spec.fourever.seam import BLANK, DEFAULT, GAME, Options, areas, format_sheet, sheet_of
from spec.fourever.sheetvars import SheetVars
from spec import questions as generic
from spec.logic import Bool, Solver, all_of, truth
from spec.solving import Answer, Progress

#: A score no area passes: yellow 5 x 6 + 70 stars, blue every column and the anti-diagonal,
#: grey every column, green every field 6 + 6, pink the 12th field and twelve circled 4s.
AREA_CAP = {"yellow": 100, "blue": 63, "grey": 106, "green": 228, "pink": 90}


def _only(s: SheetVars, label: str) -> Bool:
    """Every area but ``label`` is blank (the witness shows only the area asked about)."""
    return all_of(sheetvars.area_equals(s, a, p) for a, p in zip(AREAS, BLANK.parts)
                  if a != label)


def _totals(options: Options, deadline: float, progress: Progress | None
            ) -> generic.Totals[Sheet]:
    """The best whole-sheet total for every entry count (:mod:`spec.fourever.decompose`) and
    the best sheet for a count."""
    found = decompose.best_totals(options, deadline)
    return found.totals, lambda most: sheet_of(decompose.combined(found.choices[most]))


def _start(sheet: Sheet, options: Options) -> None:
    """The engine can write every area of ``sheet`` at all (:class:`spec.solving.CertificateError` when
    not)."""
    for label, part in zip(AREAS, sheet.parts):
        certificates.realise(label, part, options=options)


def _completion(sheet: Sheet, found: Sheet, value: int, more: int, question: str,
                options: Options) -> Sheet:
    """A completion's witness written from ``sheet`` by the engine's entries, in at most
    ``more``, and its total checked by the engine."""
    certificates.confirm_entries(found, more, question, start=sheet, options=options)
    certificates.confirm_total(found, value, question, options)
    return found


#: Clever 4Ever's encodings as the game-neutral questions read them (:mod:`spec.questions`;
#: each function looked up when it is called); a formula with pink is bit-blasted (its proofs
#: are far faster: :class:`spec.logic.Solver`).
FOUREVER: generic.Encoding[Sheet, SheetVars, str, Options] = generic.Encoding(
    label=lambda label: label, fresh=lambda name: sheetvars.fresh(name),
    equals=lambda s, sheet: sheetvars.equals(s, sheet),
    well_formed=lambda s, options: sheetvars.well_formed(s, options),
    grows=lambda old, new: all_of(sheetvars.MODULES[a].grows(old.area(a), new.area(a))
                                  for a in AREAS),
    area_entries=lambda s, label: sheetvars.area_entries(s, label),
    area_score=lambda s, label: sheetvars.area_score(s, label),
    only=lambda s, label: _only(s, label),
    added=lambda old, new: sheetvars.entries(new) - sheetvars.entries(old),
    total=lambda s, options: sheetvars.sheet_total(s, options),
    read=lambda model, s, base: sheetvars.read(model, s, base), blank=BLANK,
    format=format_sheet, area_cap=AREA_CAP,
    sheet_cap=sum(AREA_CAP.values()) + sheetvars.MOST_FOXES * min(AREA_CAP.values()),
    finite=lambda label: label == "pink",
    confirm_area=lambda sheet, label, value, what: certificates.confirm_area(
        sheet, label, value, what),
    confirm_entries=lambda sheet, most, what, label, options: certificates.confirm_entries(
        sheet, most, what, AREAS if label is None else (label,), options=options),
    engine_area=lambda sheet, label: areas(sheet)[AREAS.index(label)],
    totals=lambda options, deadline, progress: _totals(options, deadline, progress),
    cells=lambda options: sum(len(decompose.area_table(a, options)) for a in AREAS),
    confirm_total=lambda sheet, value, what, options: certificates.confirm_total(
        sheet, value, what, options),
    kept="every entry count and fox count",
    checked="the witness is written by the engine's entries and its total checked by the "
            "engine",
    check_start=lambda sheet, options: _start(sheet, options),
    confirm_completion=lambda sheet, found, value, more, what, options: _completion(
        sheet, found, value, more, what, options))


def area_max(label: str, most: int, timeout: float = 60.0, options: Options = DEFAULT,
             progress: Progress | None = None) -> Answer:
    """The highest score of the area ``label`` with at most ``most`` entries
    (:func:`spec.questions.area_max`)."""
    return generic.area_max(FOUREVER, label, most, timeout, options, progress)


def fewest(goal: int, label: str | None = None, timeout: float = 60.0,
           options: Options = DEFAULT, progress: Progress | None = None) -> Answer:
    """The fewest entries that reach ``goal`` points in ``label`` (or the whole sheet, exact by
    the per-area decomposition)."""
    return generic.fewest(FOUREVER, goal, label, timeout, options, progress)


def sheet_max(most: int, timeout: float = 60.0, options: Options = DEFAULT,
              progress: Progress | None = None) -> Answer:
    """The highest whole-sheet total (foxes included) with at most ``most`` entries."""
    return generic.sheet_max(FOUREVER, most, timeout, options, progress)


def complete(sheet: Sheet, more: int, timeout: float = 60.0, options: Options = DEFAULT,
             progress: Progress | None = None) -> Answer:
    """The best total a sheet reaches with at most ``more`` further entries."""
    return generic.complete(FOUREVER, sheet, more, timeout, options, progress)


#: Each area's rule that decides which states can be written, in words with its rule ids.
WRITTEN_BY_RULE = {
    "yellow": "yellow: each row written from the left, the top row strictly increasing "
              "(YELLOW-ROW, YELLOW-INCREASING)",
    "blue": "blue: any cells (BLUE-CELL)",
    "grey": "grey: the first part a start part, every later one touching a crossed cell "
            "(GREY-START, GREY-ADJACENT)",
    "green": "green: both lines written from the left (GREEN-LINE; under "
             "green_upper_after_lower, GREEN-UPPER-AFTER-LOWER)",
    "pink": "pink: written from the left, a player's 3 followed by its extra 3 (PINK-THREE)",
}


#: Why a sheet with a question mark pending is no round's end nor the game's, in words with its
#: rule ids: a pending question mark is resolved before anything else (the next roll, the
#: game's end), or lost when it cannot be used (rulings 18, 19).
PENDING_WORDS = ("pending: a round (and the game) ends with no question mark pending, each is "
                 "used at once or lost (QUESTION-FIRST, QUESTION-LOST)")


#: The beams ``reachable`` tries in turn for a solo game inside the sheet: (width, branch).
REALISE_BEAMS = ((8, 40), (30, 150))


def reachable(sheet: Sheet, timeout: float = 60.0, options: Options = DEFAULT,
              progress: Progress | None = None, budget: int | None = None,
              rounds: int | None = None) -> Answer:
    """Can a game end with ``sheet``'s areas (with ``rounds``: a solo game's sheet after that
    round, :func:`spec.fourever.solo_search.ended`; the last round's is the game's end)?
    **no** when some area cannot be written at all (Z3: the area's rule and the sheet are
    unsat), or a question mark is pending (:data:`PENDING_WORDS`), with the smallest set of
    broken rules in words and rule ids; **yes** with a solo game's record that ``verify``
    accepts (``verify --partial`` before the last round), found by a beam that stays inside
    the sheet (:mod:`spec.fourever.solo_realise`; under the default rules), whose sheet then
    has exactly ``sheet``'s areas and pending question marks (and its tracks, when it states
    them); otherwise **undecided**.  With ``budget``, only the first ``budget`` beams of
    :data:`REALISE_BEAMS` are tried and nothing has a time limit (for tests: the answer does
    not depend on the machine's speed)."""
    t0 = time.perf_counter()
    s = sheetvars.fresh("r")
    solver = Solver(timeout_ms=int(timeout * 1000) if budget is None else None)
    solver.add(sheetvars.equals(s, sheet))
    for label in AREAS:
        solver.add_named(sheetvars.MODULES[label].well_formed(s.area(label), options),
                         WRITTEN_BY_RULE[label])
    if sheet.pending:
        solver.add_named(truth(False), PENDING_WORDS)
    build = time.perf_counter() - t0
    status = solver.check_named()
    question = (f"can a game end with {format_sheet(sheet)}" if rounds is None else
                f"can a solo game's sheet after round {rounds} be {format_sheet(sheet)}")
    if status == "unsat":
        core = solver.minimal_core()
        return Answer(question, None, None, True, None, build, time.perf_counter() - t0,
                      tuple(f"broken: {c}" for c in core), verdict="no")
    found = None
    if options == DEFAULT:
        for width, branch in REALISE_BEAMS[:budget]:
            if progress is not None:
                progress(f"searching a solo game inside the sheet (beam {width})")
            found = solo_realise.realise(
                sheet, width, branch, rounds, None if budget is not None else t0 + timeout)
            if found is not None:
                break
    if found is None:
        return Answer(question, None, None, False, None, build, time.perf_counter() - t0,
                      ("every area can be written by the engine's entries; no solo game "
                       "ending with these areas was found (beams of "
                       f"{' and '.join(str(w) for w, _ in REALISE_BEAMS)} games per roll "
                       "slot, as far as the time given reached)",),
                      verdict="undecided")
    record = dump_record(record_game(found.moves(), ("Solo",), game=GAME.name))
    solo_realise.confirm(record, sheet, question, rounds)
    check = "verify" if rounds is None or rounds == ROUNDS[1] else "verify --partial"
    return Answer(question, 1, format_sheet(sheet), True, None, build, time.perf_counter() - t0,
                  (f"a solo game reaching these areas: the record (`clever-oracle {check}` "
                   "accepts it)",), record=record, verdict="yes")


def solo_entries() -> int:
    """The most entries a solo game can make, counted from the printed sheet: six rounds of
    three active picks and one passive pick, one entry per extra-die circle (the track's 7
    fields; a full track gains nothing more, ruling 4E-4), one per question mark printed (on
    the areas, at the re-roll track's end and the round track's black one: each is used at
    once or lost, rulings 4E-3, 4E-11).  Polish and re-rolls make no entry; a pink extra 3 is
    not an entry."""
    printed = [*(b for row in YELLOW_BONUS for b in row), *BLUE_ROW_BONUS,
               *GREY_CELL_BONUS.values(), *GREEN_BONUS, *PINK_BONUS,
               *(end for _, _, end in TRACKS), *ROUND_BONUS[:ROUNDS[1]]]
    questions_printed = sum(1 for b in printed if b is not None and b.startswith("?"))
    extra_dice = next(length for action, length, _ in TRACKS if action == XD)
    return ROUNDS[1] * (3 + 1) + extra_dice + questions_printed


def solo_bound(timeout: float = 1800.0, options: Options = DEFAULT,
               progress: Progress | None = None) -> Answer:
    """An upper bound on any solo game's total: the highest sheet with at most
    :func:`solo_entries` entries (exact by :mod:`spec.fourever.decompose`); the sheet shown is
    that best sheet, not a game."""
    most = solo_entries()
    answer = sheet_max(most, timeout, options, progress)
    if answer.value is None:
        return attrs.evolve(answer, question="upper bound on any solo game's total")
    return attrs.evolve(answer, question="upper bound on any solo game's total (counting "
                        "entries)", notes=answer.notes + (
                            f"a solo game makes at most {most} entries (24 picks, 7 extra dice, "
                            "26 question marks); the sheet shown is the best such sheet, not a "
                            "game",))
