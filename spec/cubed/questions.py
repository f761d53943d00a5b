"""The questions ``clever-oracle solve`` answers, each with a certificate: a witness sheet (or
record) and Z3's "unsat" for anything better.  Each formula is built once; the optimum is found
by ascent (a model, then "better than this" added, until unsat — the proof — or the time runs
out, when the best witness, the best proven bound and the gap are reported)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import attrs

from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import DEFAULT_RULESET, Ruleset
from oracle.cubed.sheet import ROUNDS_BY_PLAYERS, Area, Bonus
from oracle.cubed.sheettext import format_sheet
from spec.cubed import bound, scores, sheetvars, tracks
from spec.cubed.sheetvars import SheetVars
from spec.logic import Bool, Int, Solver, all_of, any_of, int_var, total

Progress = Callable[[str], None]


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

    def to_json(self) -> dict[str, object]:
        """The answer as a JSON-ready mapping."""
        return attrs.asdict(self)

    def __str__(self) -> str:
        if self.value is None:
            head = f"{self.question}: no sheet satisfies it"
        elif self.proven and self.question.startswith("upper bound"):
            head = f"{self.question}: at most {self.value} (proven: Z3 says unsat for more)"
        elif self.proven:
            head = f"{self.question}: {self.value} (proven optimal: Z3 says unsat for better)"
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


def _ascend(solver: Solver, objective: Int, s: SheetVars, deadline: float, better: int,
            progress: Progress | None, base: PlayerSheet
            ) -> tuple[int | None, PlayerSheet | None, bool, int | None]:
    """Improve ``objective`` (``better`` = +1 to maximise, -1 to minimise) until unsat."""
    best: int | None = None
    sheet: PlayerSheet | None = None
    while True:
        solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))
        solver.push()
        if best is not None:
            solver.add(objective.gt(best) if better > 0 else objective.lt(best))
        status = solver.check()
        if status == "sat":
            model = solver.model()
            best = model.int(objective)
            sheet = sheetvars.read(model, s, base)
            if progress is not None:
                progress(f"found {best}")
        solver.pop()
        if status == "unsat":
            return best, sheet, True, best
        if status != "sat":
            return best, sheet, False, None


def _optimum(question: str, parts: Bool, objective: Int, s: SheetVars, timeout: float,
             build: float, better: int = 1, progress: Progress | None = None,
             notes: tuple[str, ...] = (), base: PlayerSheet = PlayerSheet()) -> Answer:
    start = time.perf_counter()
    solver = Solver()
    solver.add(parts)
    value, sheet, proven, proven_bound = _ascend(solver, objective, s, start + timeout, better,
                                                 progress, base)
    return Answer(question, value, format_sheet(sheet) if sheet else None, proven, proven_bound,
                  build, time.perf_counter() - start, notes)


def area_max(area: Area, most: int, timeout: float = 60.0,
             ruleset: Ruleset = DEFAULT_RULESET, progress: Progress | None = None) -> Answer:
    """The highest score of ``area`` with at most ``most`` entries."""
    t0 = time.perf_counter()
    s = sheetvars.fresh("s")
    parts = (sheetvars.well_formed(s, ruleset) & sheetvars.area_entries(s, area).le(most)
             & _only(s, area))
    objective = sheetvars.area_score(s, area)
    return _optimum(f"highest {area.label} score with at most {most} entries", parts, objective,
                    s, timeout, time.perf_counter() - t0, progress=progress)


def _only(s: SheetVars, area: Area) -> Bool:
    """Every area but ``area`` is empty (so the witness shows only the area asked about)."""
    return all_of(sheetvars.area_equals(s, a, PlayerSheet()) for a in Area if a is not area)


def _sheet_total(s: SheetVars, rounds: int) -> Int:
    t = tracks.tracks(s, rounds)
    foxes = total(sheetvars.area_foxes(s, a) for a in Area) + t.foxes
    return scores.with_foxes(scores.area_scores(s), foxes)


def _entries(s: SheetVars) -> Int:
    return total(sheetvars.area_entries(s, a) for a in Area)


def sheet_max(most: int, timeout: float = 60.0, ruleset: Ruleset = DEFAULT_RULESET,
              progress: Progress | None = None) -> Answer:
    """The highest whole-sheet total (foxes included; the round bonuses of a whole solo game
    count towards the re-roll track) with at most ``most`` entries."""
    t0 = time.perf_counter()
    s = sheetvars.fresh("s")
    parts = sheetvars.well_formed(s, ruleset) & _entries(s).le(most)
    return _optimum(f"highest sheet total with at most {most} entries", parts,
                    _sheet_total(s, ROUNDS_BY_PLAYERS[1]), s, timeout,
                    time.perf_counter() - t0, progress=progress)


def fewest(goal: int, area: Area | None = None, timeout: float = 60.0,
           ruleset: Ruleset = DEFAULT_RULESET, progress: Progress | None = None) -> Answer:
    """The fewest entries that reach ``goal`` points in ``area`` (or the whole sheet)."""
    t0 = time.perf_counter()
    s = sheetvars.fresh("s")
    points = sheetvars.area_score(s, area) if area else _sheet_total(s, ROUNDS_BY_PLAYERS[1])
    entries = sheetvars.area_entries(s, area) if area else _entries(s)
    parts = sheetvars.well_formed(s, ruleset) & points.ge(goal)
    if area is not None:
        parts = parts & _only(s, area)
    where = area.label if area else "sheet"
    return _optimum(f"fewest entries for {goal} {where} points", parts, entries, s, timeout,
                    time.perf_counter() - t0, better=-1, progress=progress)


def complete(sheet: PlayerSheet, more: int, timeout: float = 60.0,
             ruleset: Ruleset = DEFAULT_RULESET, progress: Progress | None = None) -> Answer:
    """The best completion of ``sheet`` with at most ``more`` further entries, and which foxes
    and bonuses are still reachable from it (with any number of entries)."""
    t0 = time.perf_counter()
    old, new = sheetvars.fresh("old"), sheetvars.fresh("new")
    base = (sheetvars.equals(old, sheet) & sheetvars.well_formed(new, ruleset)
            & sheetvars.grows(old, new))
    parts = base & _entries(new).le(_entries(old) + more)
    build = time.perf_counter() - t0
    answer = _optimum(f"best completion with at most {more} more entries", parts,
                      _sheet_total(new, ROUNDS_BY_PLAYERS[1]), new, timeout, build,
                      progress=progress, base=sheet)
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
    return attrs.evolve(answer, notes=tuple(notes))


#: Plain words for each named part of the reachability check.
PART_WORDS = {
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
    "PENDING": "a finished sheet has no unresolved question marks",
}


def reachable(sheet: PlayerSheet, players: int = 1, rounds: int | None = None,
              timeout: float = 60.0, ruleset: Ruleset = DEFAULT_RULESET) -> Answer:
    """Whether ``sheet`` can be a player's sheet after ``rounds`` rounds of a game of
    ``players`` (default: a finished game); if not, the smallest set of broken conditions
    (an unsat core), each in plain words with its rule id."""
    t0 = time.perf_counter()
    rounds = ROUNDS_BY_PLAYERS[players] if rounds is None else rounds
    r = bound.relaxation(players, rounds, ruleset)
    t = tracks.tracks(r.sheet, rounds)
    solver = Solver(int(timeout * 1000))
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
    if sheet.pending and rounds == ROUNDS_BY_PLAYERS[players]:
        solver.add_named(all_of(()) & ~all_of(()), "PENDING")
    build = time.perf_counter() - t0
    start = time.perf_counter()
    status = solver.check_named()
    solve = time.perf_counter() - start
    where = f"after round {rounds} of a {players}-player game"
    if status == "sat":
        return Answer(f"can this sheet occur {where}", 1, format_sheet(sheet), True, None,
                      build, solve, ("yes, as far as counting entries and bonuses can tell",))
    if status == "unsat":
        core = solver.minimal_core()
        notes = tuple(f"{name}: {PART_WORDS.get(name, _entry_words(name))}" for name in core)
        return Answer(f"can this sheet occur {where}", None, None, True, None, build, solve,
                      ("no; broken:",) + notes)
    return Answer(f"can this sheet occur {where}", None, None, False, None, build, solve,
                  ("unknown: the time ran out",))


def _entry_words(name: str) -> str:
    area = name.removeprefix("ENTRIES-").lower()
    return (f"the {area} area needs more entries than the dice and the {area} and black "
            "question marks received can make")


#: The proven solo bound: Z3 says the counting relaxation has no solo game with this total or
#: more (see the README, "The highest solo score"; about 12 minutes with the fox split).
SOLO_UNSAT_AT = 684


def solo_upper_bound_check(timeout: float = 60.0, at: int = SOLO_UNSAT_AT,
                           ruleset: Ruleset = DEFAULT_RULESET) -> Answer:
    """Prove the solo bound: the counting relaxation with ``total >= at`` is unsat.

    The proof is split by which foxes the sheet has (each of the six fox sources is 0 or 1, so
    the 64 sets are all cases; a last check confirms no source takes another value): with the
    set fixed, the total is the area scores plus its size times a lowest area, a free variable
    no greater than any area score (a real sheet takes the lowest score itself), so the total
    is linear and each case is much easier for Z3 than the whole.  The time limit covers all
    cases together; the notes give the seconds per fox count."""
    t0 = time.perf_counter()
    r = bound.relaxation(1, ruleset=ruleset)
    solver = Solver(int(timeout * 1000))
    solver.add(all_of(p for _, p in r.parts))
    low = int_var("lowest_area")
    solver.add(all_of(low.le(a) for a in r.areas))
    build = time.perf_counter() - t0
    start = time.perf_counter()
    deadline = start + timeout
    sources = r.fox_sources
    cases: list[tuple[int, Bool]] = []
    for present in sorted(itertools.product((1, 0), repeat=len(sources)), key=sum,
                          reverse=True):
        f = sum(present)
        cases.append((f, all_of(x.eq(v) for x, v in zip(sources, present))
                      & (total(r.areas) + low * f).ge(at)))
    cases.append((-1, any_of(x.ne(0) & x.ne(1) for x in sources)))
    seconds: dict[int, float] = {}
    status = "unsat"
    for f, case in cases:
        solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))
        begun = time.perf_counter()
        status = solver.check(case)
        seconds[f] = seconds.get(f, 0.0) + time.perf_counter() - begun
        if status != "unsat":
            break
    proven = status == "unsat"
    notes = tuple(f"{f} fox{'' if f == 1 else 'es'}: {s:.1f} s" if f >= 0
                  else f"fox sources 0 or 1: {s:.1f} s" for f, s in seconds.items())
    return Answer("upper bound on any solo game's total (counting relaxation)",
                  at - 1 if proven else None, None, proven, at - 1 if proven else None, build,
                  time.perf_counter() - start,
                  (f"Z3: total >= {at} is {status}; witness game: examples/solo-best.json",)
                  + notes)
