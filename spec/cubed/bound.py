"""An upper bound on a game's score by counting entries (rulebook "Game Play", "Actions",
"Solo Game"; docs/rulings.md, rulings 6-9).

A solo game has 6 active turns of at most 3 picks and 6 passive turns of one pick; each circled
extra-die field is at most one more entry, each question mark received one entry in its area
(the black ones in any).  Every area needs at least a number of entries for its final state
(``entries`` in each area module).  The relaxation forgets the order of entries and the dice, so
its optimum is an upper bound on every real game; a game found by search is a lower bound.
"""

from __future__ import annotations

import itertools
import time

import attrs

from oracle import DEFAULT_RULESET, Area, Bonus, Ruleset
from spec.cubed.printed import OWN_QUESTION, ROUNDS
from spec.cubed import scores, sheetvars, tracks
from spec.cubed.sheetvars import SheetVars
from spec.logic import (Bool, Int, Solver, all_of, any_of, count, int_var, ite, total,
                        truth)

PICKS_PER_ACTIVE_TURN = 3


def dice_entries(players: int, rounds: int) -> int:
    """The most dice one player enters in ``rounds`` rounds without actions: 3 per active turn,
    1 per passive turn (solo: one active and one passive turn per round)."""
    if players == 1:
        return rounds * (PICKS_PER_ACTIVE_TURN + 1)
    return rounds * (PICKS_PER_ACTIVE_TURN + players - 1)


#: Die fields I..III: the active player's pick of roll k lies on die field k.
FIELDS = (1, 2, 3)
#: The most cells one turquoise entry crosses: a column has 5 cells.
COLUMN_CELLS = 5
#: The most cells an extra die crosses when its group (die fields or platter) has 3 dice.
EXTRA_CROSSES = 3


def passive_turns(players: int, rounds: int) -> int:
    """The passive turns of one player: one per round solo, ``players - 1`` per round else."""
    return rounds if players == 1 else rounds * (players - 1)


def passive_crosses(players: int) -> int:
    """The most turquoise cells a passive pick crosses: one plus one per other die of its group
    showing the number (ruling 11).  Solo, the platter holds exactly the 3 lowest dice and the
    die fields the other 3 (rulebook "Solo Game"), so a group has at most 3 dice; with fellow
    players the platter may hold up to 5 dice of a turn (and a column has 5 cells)."""
    return 3 if players == 1 else COLUMN_CELLS


@attrs.frozen
class Relaxation:
    """The counting relaxation for one player: the sheet's variables, its constraints (named
    parts, for unsat cores) and its total; the area scores and the foxes, each fox source (one
    per area and the re-roll track's end, each 0 or 1) for splitting the proof."""

    sheet: SheetVars
    parts: tuple[tuple[str, Bool], ...]
    total: Int
    entries: Int
    budget: Int
    areas: tuple[Int, ...]
    foxes: Int
    fox_sources: tuple[Int, ...]


def _nonneg(terms: dict[Area, Int]) -> Bool:
    return all_of(t.ge(0) for t in terms.values())


def _turquoise_columns(s: SheetVars, players: int, active: dict[int, Int], passive: Int,
                       extra: Int, extra_bonus: Int, questions: Int, prefix: str = "") -> Bool:
    """Turquoise crosses column by column: every entry crosses cells of one column only, the
    column of its number ("you must cross out one of the 5 fields showing the rolled number ...
    you may cross out one further field in the same column"; ruling 11), so each column's
    crosses are at most the capacities of the entries assigned to it (die field k: k, passive:
    ``passive_crosses``, extra die: 3 plus its share of the crosses beyond 3, question mark: 1).
    An entry crossing fewer cells than it might wastes the rest: a passive pick cannot cross 3
    cells of a column that has only 2 crossed."""
    out: list[Bool] = []
    caps: dict[str, tuple[Int, int]] = {f"field{k}": (active[k], k) for k in FIELDS}
    caps["passive"] = (passive, passive_crosses(players))
    caps["extra"] = (extra, EXTRA_CROSSES)
    caps["question"] = (questions, 1)
    per: dict[str, list[Int]] = {name: [] for name in caps}
    beyond: list[Int] = []
    for c in range(1, 7):
        here = {name: int_var(f"{prefix}turquoise_column{c}.{name}") for name in caps}
        more = int_var(f"{prefix}turquoise_column{c}.beyond_3")
        cells = count(s.turquoise.cell(r, c) for r in range(1, COLUMN_CELLS + 1))
        out.append(all_of(v.ge(0) for v in here.values()) & more.ge(0)
                   & more.le(here["extra"] * (COLUMN_CELLS - EXTRA_CROSSES))
                   & cells.le(total(here[n] * cap for n, (_, cap) in caps.items()) + more))
        for name in caps:
            per[name].append(here[name])
        beyond.append(more)
    out += [total(per[name]).le(limit) for name, (limit, _) in caps.items()]
    out.append(total(beyond).le(extra_bonus))
    return all_of(out)


@attrs.frozen
class Kinds:
    """The entries of one player counted by kind (``relaxation`` says what each may be): active
    picks per die field and area, white-die picks, passive picks, extra dice and black question
    marks per area, the extra dice used, and the turquoise crosses extra dice make beyond 3."""

    active: dict[int, dict[Area, Int]]
    white: dict[Area, Int]
    passive: dict[Area, Int]
    extra: dict[Area, Int]
    black: dict[Area, Int]
    extra_used: Int
    extra_bonus: Int


def kinds(prefix: str = "") -> Kinds:
    """Free variables for the entry kinds, named with ``prefix`` (the whole game's: none)."""

    def per_area(name: str) -> dict[Area, Int]:
        return {a: int_var(f"{prefix}{name}.{a.label}") for a in Area}

    return Kinds({k: per_area(f"active{k}") for k in FIELDS}, per_area("white"),
                 per_area("passive"), per_area("extra"), per_area("black"),
                 int_var(f"{prefix}extra_used"), int_var(f"{prefix}extra_turquoise_beyond_3"))


def counting(s: SheetVars, t: tracks.Tracks, kind: Kinds, players: int, rounds: int,
             ruleset: Ruleset = DEFAULT_RULESET,
             prefix: str = "") -> tuple[tuple[str, Bool], ...]:
    """The named parts of the counting relaxation (see :func:`relaxation`) for the sheet ``s``
    after ``rounds`` rounds, with tracks ``t`` and the entry kinds ``kind``; turquoise column
    variables are named with ``prefix``."""
    active, white, passive, extra = kind.active, kind.white, kind.passive, kind.extra
    black, extra_used, extra_bonus = kind.black, kind.extra_used, kind.extra_bonus
    parts: list[tuple[str, Bool]] = [("AREA-RULES", sheetvars.well_formed(s, ruleset))]
    parts.append(("EXTRA-DIE", extra_used.between(0, 7)
                  & extra_used.le(t.circled[Bonus.EXTRA_DIE])
                  & _nonneg(extra) & total(extra.values()).le(extra_used)))
    parts.append(("DIE-FIELDS", all_of(
        _nonneg(active[k]) & total(active[k].values()).le(rounds) for k in FIELDS)))
    parts.append(("OWN-DIE-OR-WHITE", _nonneg(white) & total(white.values()).le(rounds)
                  & all_of(total(active[k][a] for k in FIELDS).le(white[a] + rounds)
                           for a in Area)))
    parts.append(("PASSIVE", _nonneg(passive)
                  & total(passive.values()).le(passive_turns(players, rounds))))
    parts.append(("QUESTION-BLACK", _nonneg(black)
                  & total(black.values()).le(t.questions[Bonus.QUESTION_BLACK])))
    flexible: dict[Area, Int] = {}
    for area in Area:
        own = OWN_QUESTION[area]
        flexible[area] = passive[area] + extra[area] + black[area] + t.questions[own]
        picks = total(active[k][area] for k in FIELDS)
        parts.append((f"ENTRIES-{area.label.upper()}",
                      sheetvars.area_entries(s, area).le(picks + flexible[area])))
    rows = [count(s.yellow.cells[k - 1]) for k in FIELDS]
    parts.append(("YELLOW-ROWS", total(
        ite(rows[k - 1].gt(active[k][Area.YELLOW]), rows[k - 1] - active[k][Area.YELLOW], 0)
        for k in FIELDS).le(flexible[Area.YELLOW])))
    turquoise_cells = count(c for row in s.turquoise.cells for c in row)
    parts.append(("TURQUOISE-CROSSES", turquoise_cells.le(
        total(active[k][Area.TURQUOISE] * k for k in FIELDS)
        + passive[Area.TURQUOISE] * passive_crosses(players)
        + extra[Area.TURQUOISE] * EXTRA_CROSSES + extra_bonus
        + black[Area.TURQUOISE] + t.questions[Bonus.QUESTION_TURQUOISE])))
    # Solo, an extra die crosses at most 3 cells unless it lies on the platter of an active
    # turn with fewer than 3 dice on the die fields (ruling 11: it matches only the other dice
    # of its group): with f dice there (f < 3 only by forfeits or no dice left, rulings 1-2),
    # the platter holds 6 - f, so a platter die crosses at most 1 + (5 - f), that is 3 - f
    # beyond 3.  Entries of one turn crossing more than 3 lie in distinct columns (two in one
    # column would cross more than its 5 cells), and one crossing 3 + e cells of column v needs
    # 2 + e other platter dice showing v, disjoint for distinct v: k of them add at most
    # 6 - f - 2k beyond 3, so a turn adds at most 3 - f, and the game at most its missing
    # active picks.  (A solo passive turn's
    # groups hold 3 dice each, and the end-of-game extra dice belong to the last passive turn,
    # ruling 7.)  With fellow players a passive turn's platter may hold 5 dice, so only the
    # column limit applies.
    missing = total(active[k][a] for k in FIELDS for a in Area) * -1 + len(FIELDS) * rounds
    parts.append(("TURQUOISE-EXTRA", extra_bonus.ge(0)
                  & extra_bonus.le(extra[Area.TURQUOISE] * (COLUMN_CELLS - EXTRA_CROSSES))
                  & (extra_bonus.le(missing) if players == 1 else truth(True))))
    parts.append(("TURQUOISE-COLUMNS", _turquoise_columns(
        s, players, {k: active[k][Area.TURQUOISE] for k in FIELDS},
        passive[Area.TURQUOISE], extra[Area.TURQUOISE], extra_bonus,
        black[Area.TURQUOISE] + t.questions[Bonus.QUESTION_TURQUOISE], prefix)))
    return tuple(parts)


def relaxation(players: int = 1, rounds: int | None = None,
               ruleset: Ruleset = DEFAULT_RULESET) -> Relaxation:
    """The counting relaxation of a game of ``players`` after ``rounds`` rounds (default: the
    whole game).

    Entries are counted by kind, each kind with what the rules allow it:

    - ``active[k][a]``: active picks on die field k entered in area a.  Each active turn has at
      most one roll per die field ("on the topmost of their 3 die fields ... second die field"),
      so at most ``rounds`` per field.
    - ``white[a]``: active picks of the white die entered in area a.  A chosen die stays on its
      die field, so a turn's picks are distinct dice: area a gets at most its own die and the
      white die per turn ("The white die is a color joker"; blue takes the blue die or the
      white die, ruling 15), and the white die is picked at most once per turn.
    - ``passive[a]``: one die per passive turn (ruling 4).
    - ``extra[a]``: extra dice, at most the circled extra-die fields (ruling 6).
    - question marks: each one entry in its area, the black ones in any (ruling 18).

    Yellow: a die from die field k crosses only in row k (ruling 5), so crosses in row k beyond
    the active picks of field k come from passive picks, extra dice or question marks.
    Turquoise: an entry crosses one cell plus one per other die of its group showing the number
    (ruling 11): an active pick on die field k has at most k - 1 other dice on the die fields
    before it; a passive pick at most ``passive_crosses``; an extra die at most a column (5),
    and solo at most 3 plus one per active pick left out (TURQUOISE-EXTRA); a question mark one.
    Each entry crosses cells of one column only, so the capacities are counted column by column
    (TURQUOISE-COLUMNS).

    The total is the area scores plus the foxes times the lowest area; ``fox_sources`` (each 0
    or 1) let a proof split by the foxes present (``questions.solo_upper_bound_check``).
    """
    rounds = ROUNDS[players] if rounds is None else rounds
    s = sheetvars.fresh("final")
    t = tracks.tracks(s, rounds)
    kind = kinds()
    parts = counting(s, t, kind, players, rounds, ruleset)
    fox_sources = tuple(sheetvars.area_foxes(s, a) for a in Area) + (t.foxes,)
    foxes = total(fox_sources)
    entries = total(sheetvars.area_entries(s, a) for a in Area)
    budget = (kind.extra_used + dice_entries(players, rounds) + total(t.questions.values()))
    areas = scores.area_scores(s)
    return Relaxation(s, parts, scores.with_foxes(areas, foxes), entries, budget,
                      areas, foxes, fox_sources)


def fox_split(solver: Solver, r: Relaxation, at: int, deadline: float,
              fox_counts: tuple[int, ...] = tuple(range(scores.MAX_FOXES, -1, -1))
              ) -> tuple[str, dict[int, float]]:
    """Whether ``solver`` (holding ``r``'s parts) admits ``total >= at``, split by the set of
    foxes present: each of the six fox sources is 0 or 1, so the 64 sets are all cases (a last
    case confirms no source takes another value); with the set fixed, the total is the area
    scores plus its size times a lowest area, a free variable no greater than any area score (a
    real sheet takes the lowest score itself), so the total is linear and each case much
    easier for Z3 than the whole.  Only the sets whose size is in ``fox_counts`` are asked
    (the last case only when all are), most foxes first, until one is not unsat or the
    ``deadline`` (``time.perf_counter``) passes.  Returns Z3's last answer ("unsat" in every
    case: none) and the seconds spent per fox count (-1: the last case)."""
    low = int_var(f"lowest_area_{at}")
    solver.add(all_of(low.le(a) for a in r.areas))
    cases: list[tuple[int, Bool]] = []
    for present in sorted(itertools.product((1, 0), repeat=len(r.fox_sources)), key=sum,
                          reverse=True):
        f = sum(present)
        if f in fox_counts:
            cases.append((f, all_of(x.eq(v) for x, v in zip(r.fox_sources, present))
                          & (total(r.areas) + low * f).ge(at)))
    if set(fox_counts) >= set(range(scores.MAX_FOXES + 1)):
        cases.append((-1, any_of(x.ne(0) & x.ne(1) for x in r.fox_sources)))
    seconds: dict[int, float] = {}
    status = "unsat"
    for f, case in cases:
        solver.set_timeout(int(max(0.001, deadline - time.perf_counter()) * 1000))
        begun = time.perf_counter()
        status = solver.check(case)
        seconds[f] = seconds.get(f, 0.0) + time.perf_counter() - begun
        if status != "unsat":
            break
    return status, seconds
