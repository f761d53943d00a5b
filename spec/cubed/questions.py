"""The questions ``clever-oracle solve`` answers for Clever Cubed, each with a certificate: a
witness sheet (or record) and Z3's "unsat" for anything better.  ``area-max``, ``fewest``,
``sheet-max`` and ``complete`` are every game's (:mod:`spec.questions`), asked through
Clever Cubed's encodings (:data:`CUBED`: the re-roll track's fox in the total, the tracks a
witness earns, the bonuses and foxes a completion can still reach); ``reachable`` (the counting
relaxation, then a game search) and the solo bound are Clever Cubed's own."""

from __future__ import annotations

import time
from collections.abc import Mapping
from types import MappingProxyType


from oracle import DEFAULT_RULESET, Area, Bonus, PlayerSheet, Ruleset
from oracle.records.record import dump_record, record_game
from spec.cubed.printed import ROUNDS
from spec.cubed.seam import GAME, format_sheet
from spec.cubed import (bound, certificates, decompose, realise, scores, sheetvars,
                        solo_realise, tracks)
from spec.cubed.sheetvars import SheetVars
from spec import questions as generic
from spec.logic import Bool, Int, Solver, all_of, total
from spec.solving import Answer, Progress

__all__ = ["Answer", "Progress", "area_max", "complete", "fewest", "reachable", "sheet_max",
           "solo_upper_bound_check"]



def area_max(area: Area, most: int, timeout: float = 60.0,
             ruleset: Ruleset = DEFAULT_RULESET, progress: Progress | None = None) -> Answer:
    """The highest score of ``area`` with at most ``most`` entries
    (:func:`spec.questions.area_max`)."""
    return generic.area_max(CUBED, area, most, timeout, ruleset, progress)


#: A score no area passes: the printed maxima (yellow 3 x 42, turquoise 5 x 21, brown 90, pink
#: every star field at 6), and for blue both outermost fields (22 each) plus 4 for each of the 12
#: fields.
AREA_CAP: Mapping[Area, int] = MappingProxyType({
    Area.YELLOW: 126, Area.TURQUOISE: 105, Area.BLUE: 22 + 22 + 4 * 12, Area.BROWN: 90,
    Area.PINK: 129})
#: A total no sheet passes: every area's cap, and 6 foxes (five printed on the areas, one at
#: the end of the re-roll track) each worth at most the lowest cap.
SHEET_CAP = sum(AREA_CAP.values()) + 6 * min(AREA_CAP.values())


def _only(s: SheetVars, area: Area) -> Bool:
    """Every area but ``area`` is empty (so the witness shows only the area asked about)."""
    return all_of(sheetvars.area_equals(s, a, PlayerSheet()) for a in Area if a is not area)


def sheet_total(s: SheetVars, rounds: int) -> Int:
    """A sheet's total after ``rounds`` rounds: areas, and foxes (the areas' and the re-roll
    track's, its circles from the bonuses earned and the round bonuses) times the lowest."""
    t = tracks.tracks(s, rounds)
    foxes = total(sheetvars.area_foxes(s, a) for a in Area) + t.foxes
    return scores.with_foxes(scores.area_scores(s), foxes)


def _totals(ruleset: Ruleset, deadline: float, progress: Progress | None
            ) -> generic.Totals[PlayerSheet]:
    """The best whole-sheet total for every entry count (:mod:`spec.cubed.decompose`, the
    round bonuses of a whole solo game counting towards the re-roll track), and the best sheet
    for a count with the tracks the engine gives its own bonuses."""
    found = decompose.best_totals(ROUNDS[1], ruleset, deadline, progress)
    return found.totals, lambda most: certificates.with_tracks(
        decompose.combined(found.choices[most]), ROUNDS[1])


def _completion(sheet: PlayerSheet, witness: PlayerSheet, value: int, more: int,
                question: str, ruleset: Ruleset) -> PlayerSheet:
    """A completion's witness with the tracks the engine gives it, its total, its growth from
    ``sheet`` and its added entries checked by the engine."""
    shown = certificates.with_tracks(witness, ROUNDS[1], ruleset)
    certificates.confirm_total(shown, value, question)
    certificates.confirm_growth(sheet, shown, question)
    certificates.confirm_added(sheet, shown, more, question, ruleset)
    return shown


def _still_reachable(old: SheetVars, new: SheetVars, base: Bool, timeout: float
                     ) -> tuple[str, ...]:
    """Which bonuses and foxes a completion (any number of entries) can still earn."""
    probe = Solver(int(timeout * 1000))
    probe.add(base)
    notes = []
    was, will = sheetvars.earned(old), sheetvars.earned(new)
    reachable = [b.code for b in Bonus if b in will
                 and probe.check(will[b].gt(was[b])) == "sat"]
    notes.append("bonuses still reachable: " + (", ".join(reachable) or "none"))
    foxes = [a.label for a in Area
             if probe.check(sheetvars.area_foxes(new, a).gt(sheetvars.area_foxes(old, a)))
             == "sat"]
    notes.append("foxes still reachable in: " + (", ".join(foxes) or "none"))
    return tuple(notes)


#: Clever Cubed's encodings as the game-neutral questions read them (:mod:`spec.questions`;
#: each function looked up when it is called, as the questions did before the seam).
CUBED: generic.Encoding[PlayerSheet, SheetVars, Area, Ruleset] = generic.Encoding(
    label=lambda area: area.label, fresh=lambda name: sheetvars.fresh(name),
    equals=lambda s, sheet: sheetvars.equals(s, sheet),
    well_formed=lambda s, ruleset: sheetvars.well_formed(s, ruleset),
    grows=lambda old, new: sheetvars.grows(old, new),
    area_entries=lambda s, area: sheetvars.area_entries(s, area),
    area_score=lambda s, area: sheetvars.area_score(s, area), only=lambda s, a: _only(s, a),
    added=lambda old, new: sheetvars.added_entries(old, new),
    total=lambda s, ruleset: sheet_total(s, ROUNDS[1]),
    read=lambda model, s, base: sheetvars.read(model, s, base), blank=PlayerSheet(),
    format=format_sheet, area_cap=AREA_CAP, sheet_cap=SHEET_CAP, finite=lambda area: False,
    confirm_area=lambda sheet, area, value, what: certificates.confirm_area(
        sheet, area, value, what),
    confirm_entries=lambda sheet, most, what, area, ruleset: certificates.confirm_entries(
        sheet, most, what, area),
    engine_area=lambda sheet, area: GAME.score(sheet).areas[list(Area).index(area)],
    totals=lambda ruleset, deadline, progress: _totals(ruleset, deadline, progress),
    cells=lambda ruleset: sum(len(decompose.area_table(a)) for a in Area),
    confirm_total=lambda sheet, value, what, ruleset: certificates.confirm_total(
        sheet, value, what),
    kept="every entry count, fox and re-roll count",
    checked="the witness's total (tracks from the engine's own bonuses) is checked by the "
            "engine",
    check_start=lambda sheet, ruleset: None,
    confirm_completion=lambda sheet, found, value, more, what, ruleset: _completion(
        sheet, found, value, more, what, ruleset),
    completion_notes=lambda old, new, base, timeout: _still_reachable(old, new, base, timeout))


def sheet_max(most: int, timeout: float = 60.0, ruleset: Ruleset = DEFAULT_RULESET,
              progress: Progress | None = None) -> Answer:
    """The highest whole-sheet total (foxes included; the round bonuses of a whole solo game
    count towards the re-roll track) with at most ``most`` entries, exact by the per-area
    decomposition (:mod:`spec.cubed.decompose`)."""
    return generic.sheet_max(CUBED, most, timeout, ruleset, progress)


def fewest(goal: int, area: Area | None = None, timeout: float = 60.0,
           ruleset: Ruleset = DEFAULT_RULESET, progress: Progress | None = None) -> Answer:
    """The fewest entries that reach ``goal`` points in ``area`` (or the whole sheet: exact by
    the per-area decomposition)."""
    return generic.fewest(CUBED, goal, area, timeout, ruleset, progress)


def complete(sheet: PlayerSheet, more: int, timeout: float = 60.0,
             ruleset: Ruleset = DEFAULT_RULESET, progress: Progress | None = None) -> Answer:
    """The best completion of ``sheet`` with at most ``more`` further entries, and which foxes
    and bonuses are still reachable from it (with any number of entries)."""
    return generic.complete(CUBED, sheet, more, timeout, ruleset, progress)


#: Plain words for each named part of the reachability check.
PART_WORDS: Mapping[str, str] = MappingProxyType({
    "AREA-RULES": "an area holds something its rules cannot write (blue steps, pink values)",
    "EXTRA-DIE": "more extra dice are needed than the extra-die track can have circled",
    "DICE": "more dice entries are needed than the game's picks and extra dice allow",
    "DIE-FIELDS": "more active picks are needed than one per die field per active turn",
    "OWN-DIE-OR-WHITE": "an area needs more active picks than its own die and the white die "
                        "(once per turn) give",
    "PASSIVE": "more passive picks are needed than one per passive turn",
    "YELLOW-ROWS": "a yellow row has more crosses than picks from its die field, passive picks, "
                   "extra dice and question marks make",
    "TURQUOISE-CROSSES": "turquoise has more crosses than its entries can make (die field k: k, "
                         "passive: 3 solo, extra die: 3 or 5, question mark: 1)",
    "TURQUOISE-COLUMNS": "a turquoise column has more crosses than the entries that can go "
                         "into it make (each entry crosses cells of one column only)",
    "TURQUOISE-EXTRA": "extra dice cross more turquoise cells beyond 3 each than active picks "
                       "were left out (one per empty die field)",
    "QUESTION-BLACK": "more black question marks are needed than were received",
    "TRACKS": "the action tracks' circles differ from the bonuses the sheet earned plus the "
              "round bonuses",
    "SPENT": "more actions are crossed as spent than are circled",
    "PENDING": "a round ends with no unresolved question marks (each is used at once or "
               "lost)",
})


#: The rules (ids of ``clever-oracle rules``) behind each named part of the reachability check.
PART_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "AREA-RULES": ("BLUE-STEP", "BLUE-SEVEN", "PINK-NEXT", "PINK-FIELD-ONE"),
    "EXTRA-DIE": ("EXTRA-DIE", "ACTION-TRACK"),
    "DICE": ("ACTIVE-PICK", "PASSIVE-PLATTER", "EXTRA-DIE"),
    "DIE-FIELDS": ("ACTIVE-PICK", "ROUNDS"),
    "OWN-DIE-OR-WHITE": ("ACTIVE-PICK", "WHITE-JOKER", "BLUE-SUM"),
    "PASSIVE": ("PASSIVE-PLATTER", "SOLO-ROLL", "ROUNDS"),
    "YELLOW-ROWS": ("YELLOW-ROW", "YELLOW-GREY"),
    "TURQUOISE-CROSSES": ("TURQUOISE-EXTRA",),
    "TURQUOISE-COLUMNS": ("TURQUOISE-EXTRA",),
    "TURQUOISE-EXTRA": ("TURQUOISE-EXTRA", "EXTRA-DIE"),
    "QUESTION-BLACK": ("QUESTION-USE", "ROUND-BONUS"),
    "TRACKS": ("ACTION-TRACK", "ROUND-BONUS"),
    "SPENT": ("ACTION-TRACK",),
    "PENDING": ("QUESTION-FIRST", "QUESTION-LOST"),
})
#: The rules behind every area's ``ENTRIES-<AREA>`` part.
ENTRIES_RULES = ("ACTIVE-PICK", "PASSIVE-PLATTER", "QUESTION-USE")


def part_text(name: str) -> str:
    """One broken part of the reachability check: its name, its rule ids, its plain words."""
    rules = PART_RULES.get(name, ENTRIES_RULES if name.startswith("ENTRIES-") else ())
    words = PART_WORDS.get(name, _entry_words(name))
    return f"{name} [{', '.join(rules)}]: {words}" if rules else f"{name}: {words}"


#: The solo beams ``reachable`` tries in turn, (width, branch): each settles quickly when it
#: fails, and beams of other shapes keep other games (measured on the bundled solo records).
SOLO_BEAMS = ((40, 12), (24, 8), (64, 16), (100, 12), (160, 16), (240, 20))


def reachable(sheet: PlayerSheet, players: int = 1, rounds: int | None = None,
              timeout: float = 60.0, ruleset: Ruleset = DEFAULT_RULESET,
              progress: Progress | None = None, budget: int | None = None) -> Answer:
    """Whether ``sheet`` can be a player's sheet after ``rounds`` rounds of a game of
    ``players`` (default: a finished game); if not, the smallest set of broken conditions
    (an unsat core), each in plain words with its rule id.  With ``budget``, the game search
    expands at most that many games per attempt, and neither it nor the counting check has a
    time limit (for tests: the answer does not depend on the machine's speed)."""
    t0 = time.perf_counter()
    last = ROUNDS[players]
    rounds = last if rounds is None else rounds
    if not 1 <= rounds <= last:
        raise ValueError(f"a {players}-player game has rounds 1 to {last}, not {rounds}")
    r = bound.relaxation(players, rounds, ruleset)
    t = tracks.tracks(r.sheet, rounds)
    solver = Solver(int(timeout * 1000) if budget is None else None)
    solver.add(sheetvars.equals(r.sheet, sheet))
    for name, part in r.parts:
        solver.add_named(part, name)
    solver.add_named(all_of((
        t.circled[Bonus.REROLL].eq(sheet.rerolls),
        t.circled[Bonus.NUMBER_JOKER].eq(sheet.jokers),
        t.circled[Bonus.EXTRA_DIE].eq(sheet.extra_dice),
    )), "TRACKS")
    spent_jokers = bin(sheet.jokers_spent).count("1")
    solver.add_named(all_of((
        t.circled[Bonus.REROLL].ge(sheet.rerolls_spent),
        t.circled[Bonus.EXTRA_DIE].ge(sheet.extra_dice_spent),
        t.circled[Bonus.NUMBER_JOKER].ge(spent_jokers),
    )), "SPENT")
    if sheet.pending:  # a round ends with every question mark used or lost (rulings 18-19)
        solver.add_named(all_of(()) & ~all_of(()), "PENDING")
    build = time.perf_counter() - t0
    start = time.perf_counter()
    status = solver.check_named()
    where = f"after round {rounds} of a {players}-player game"
    question = f"can this sheet occur {where}"
    if status == "unsat":
        core = solver.minimal_core()
        notes = tuple(part_text(name) for name in core)
        return Answer(question, None, None, True, None, build, time.perf_counter() - start,
                      ("broken (proven: the counting relaxation is unsat):",) + notes,
                      verdict="no")
    if status != "sat":
        return Answer(question, None, None, False, None, build, time.perf_counter() - start,
                      ("the counting check ran out of time",), verdict="undecided")
    # Counting cannot refute it; a yes needs a game: solo with the faces left open (a narrow
    # beam, a wide one), then (any game) a greedy beam, a paced one, a wide one.
    found = realise.Realised(None)
    if players == 1 and ruleset == DEFAULT_RULESET and not sheet.rerolls_spent:
        for width, branch in SOLO_BEAMS:
            left = timeout - (time.perf_counter() - t0)
            if left <= 0 and budget is None:
                break
            out = solo_realise.realise_solo(sheet, width=width, branch=branch, rounds=rounds,
                                            seconds=None if budget is not None else left,
                                            nodes=budget, progress_text=progress)
            if out.node is not None:
                found = realise.Realised(out.moves())
                break
    attempts = ((False, 24), (True, 24), (False, 96))
    for i, (paced, width) in enumerate(attempts):
        if found.moves is not None:
            break
        left = timeout - (time.perf_counter() - t0)
        if left <= 0 and budget is None:
            break
        found = realise.realise(sheet, players, rounds, width=width,
                                seconds=None if budget is not None
                                else left / (len(attempts) - i),
                                ruleset=ruleset, paced=paced, progress_text=progress,
                                nodes=budget)
        if found.moves is not None:
            break
    solve = time.perf_counter() - start
    if found.moves is None:
        return Answer(question, None, None, False, None, build, solve,
                      ("counting entries and bonuses cannot refute it, but no game reaching "
                       f"it was found ({found.reason}); a longer --timeout searches longer",),
                      verdict="undecided")
    names = tuple(f"Player {i + 1}" for i in range(players))
    record = dump_record(record_game(found.moves, names, ruleset, game="clever-cubed"))
    certificates.confirm_record(record, sheet, players, rounds, question)
    check = ("`clever-oracle verify` accepts it" if rounds == ROUNDS[players]
             else "`clever-oracle verify --partial` accepts it")
    return Answer(question, 1, format_sheet(sheet), True, None, build, solve,
                  (f"a game reaching it as player 1's sheet: the record ({check})",),
                  record=record, verdict="yes")


def _entry_words(name: str) -> str:
    area = name.removeprefix("ENTRIES-").lower()
    return (f"the {area} area needs more entries than the dice and the {area} and black "
            "question marks received can make")


#: The solo bound ``solve solo-bound`` proves by default: Z3 says the counting relaxation has no
#: solo game with this total or more (about 14 minutes with the fox split: 814 s, 6 foxes 241 s,
#: 5 foxes 392 s, 4 foxes 176 s, the rest 4 s; 680 took 524 s).  669 is unsat too (the proven
#: bound 668, ``solve solo-bound 669``), in about 43 minutes (6 foxes 736 s, 5 foxes 1400 s, 4
#: foxes 412 s, the rest 8 s; docs/solving.md), so the default stays the quicker proof.
SOLO_UNSAT_AT = 670


def solo_upper_bound_check(timeout: float = 60.0, at: int = SOLO_UNSAT_AT,
                           ruleset: Ruleset = DEFAULT_RULESET,
                           progress: Progress | None = None) -> Answer:
    """Prove the solo bound: the counting relaxation with ``total >= at`` is unsat.

    The proof is split by which foxes the sheet has (:func:`spec.cubed.bound.fox_split`).  The
    time limit covers all cases together; the notes give the seconds per fox count.
    ``progress`` is told when Z3's check begins (the relaxation built).

    Measured and kept out (the 15 four-fox cases at 684): a fresh solver per case with the case
    asserted (Z3's non-incremental preprocessing) ran the first case past 300 s against 26 s
    here; splitting each case further by which area is lowest (``lowest_area`` equal to one
    area, no earlier area lower) ran past 300 s against 161 s unsplit."""
    t0 = time.perf_counter()
    r = bound.relaxation(1, ruleset=ruleset)
    solver = Solver(int(timeout * 1000))
    solver.add(all_of(p for _, p in r.parts))
    build = time.perf_counter() - t0
    if progress is not None:
        progress(f"Z3: checking that no solo game totals {at} or more (fox case by fox case)")
    start = time.perf_counter()
    status, seconds = bound.fox_split(solver, r, at, start + timeout)
    proven = status == "unsat"
    notes = tuple(f"{f} fox{'' if f == 1 else 'es'}: {s:.1f} s" if f >= 0
                  else f"fox sources 0 or 1: {s:.1f} s" for f, s in seconds.items())
    return Answer("upper bound on any solo game's total (counting relaxation)",
                  at - 1 if proven else None, None, proven, at - 1 if proven else None, build,
                  time.perf_counter() - start,
                  (f"Z3: total >= {at} is {status}; the best game known is the source repository's "
                   "examples/solo-best.json",)
                  + notes)
