"""Mutation testing of the spec: plant one small change in one line of a module a solver's answer
depends on (a comparison turned round, ``and`` for ``or``, a constant one off, a negation
dropped, ``all_of`` for ``any_of``, ``le`` for ``lt`` ...) and check the changed module.  A
mutant is killed when a check finds a difference (or the changed code fails); one that survives
either changes nothing a solver can see (an equivalent mutant) or shows a hole in the checks.

- The five area encodings (:data:`ENCODINGS`): the checks of :mod:`spec.cubed.equality`
  against the engine.
- Every other module a solver reads (:data:`WHOLE`: the printed sheet, the whole sheet's
  variables, its score and tracks, the per-area decomposition, the counting bound, the
  questions, this game's and the game-neutral ones of
  :mod:`spec.questions`): the change is made where it is imported
  (:func:`spec.mutation.world`) and each module that sees it is checked: the printed tables
  against the engine's, the area encodings as above, whole sheets' totals, foxes, tracks and
  entries against the engine on sheets of up to 6 foxes (:func:`sheet_corpus`), the
  decomposition against brute force (its choice over any tables, an area's table over every
  state), the bounds as relaxations (every real solo game admitted, the broken ones refused),
  and the solvers' answers against a brute force over the engine's own entries
  (:func:`answer_checks`).

Not mutated: ``entry`` (one entry's context, read only by the areas' ``legal`` and
``bonuses``, which no question of ``solve`` uses: the equality checks hold them to the engine);
the engine's side of the checks (``spaces``, ``probe``, ``patterns``,
``equality``, ``engine_view``, ``seam``, ``certificates``: they compute what the engine says,
and a certificate only refuses an answer, never makes one); the game searches whose games
``verify`` accepts before an answer says yes (``realise``); and the solo-search experiments
(``solo_*``: no answer of ``solve`` depends on them but ``reachable``'s search for a game,
which the certificate hands to ``verify``; a change there can leave a sheet undecided, never
make an answer wrong).

``python -m spec.cubed.mutation`` runs every mutant of every module and prints the score
(``--module``: of some modules only; ``--sample N``: N of them); ``tests/spec/test_mutation.py``
runs a seeded sample and requires every one killed.
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from oracle import Area, Bonus, GameState, PlayerSheet, Position, Ruleset, apply_unchecked, new_game
from oracle.records.play import greedy_policy, play_game, random_policy
from oracle.records.record import load_records
from spec import mutation as generic
from spec.cubed import certificates, decompose, equality, probe, spaces
from spec.cubed.engine_view import engine_printed
from spec.cubed.printed import ROUNDS
from spec.cubed.seam import GAME, format_sheet, parse_sheet
from spec.logic import Solver, all_of, int_var
from spec.mutation import Mutant, mutants, replaced, source_line

__all__ = ["ENCODINGS", "MODULES", "WHOLE", "Mutant", "every_mutant", "killed", "mutants",
           "replaced", "sample", "source_line"]

#: The encodings mutated, by module name, with the area each one encodes.
ENCODINGS = {"spec.cubed.yellow": Area.YELLOW, "spec.cubed.turquoise": Area.TURQUOISE,
             "spec.cubed.blue": Area.BLUE, "spec.cubed.brown": Area.BROWN,
             "spec.cubed.pink": Area.PINK}
#: The other modules a solver's answer depends on.
WHOLE = ("spec.cubed.printed", "spec.cubed.sheetvars", "spec.cubed.scores", "spec.cubed.tracks",
         "spec.cubed.decompose", "spec.cubed.bound",
         "spec.cubed.questions", "spec.questions", "spec.decompose")
#: Every module mutated.
MODULES = tuple(ENCODINGS) + WHOLE

Check = generic.Check


def _checks(module: types.ModuleType, area: Area) -> list[Check]:
    """The equality checks of :mod:`spec.cubed.equality` for one area's module, cheapest
    first (the engine's answers are remembered between mutants)."""
    seven = Ruleset(blue_seven_after_seven=True)
    checks: list[Check] = [
        lambda: equality.state_differences(module, spaces.standard(area)[0])]
    if area is Area.BLUE:
        checks.append(lambda: equality.state_differences(
            module, spaces.standard(area, seven)[0], seven))
        checks += [_reachable(equality.blue_only_reachable, module, r) for r in equality.RULESETS]
    if area is Area.PINK:
        checks += [_reachable(equality.pink_only_reachable, module, r) for r in equality.RULESETS]
    if area is Area.TURQUOISE:
        checks.append(lambda: equality.never(~module.well_formed(module.fresh("t"), Ruleset()),
                                             "turquoise refuses a state"))
        checks.append(lambda: equality.turquoise_decompositions(module))
    checks.append(lambda: equality.roundtrip_differences(
        module, area, spaces.standard(area)[0].sheets[::997]))
    for ruleset in (equality.RULESETS if area is Area.BLUE else (Ruleset(),)):
        for sheets, chosen in spaces.entry_families(area, ruleset):
            checks.append(_entries(module, area, sheets, chosen, ruleset))
    checks.append(lambda: equality.grows_check(module, area))
    return checks


def _reachable(check: Callable[[types.ModuleType, Ruleset], list[str]],
               module: types.ModuleType, ruleset: Ruleset) -> Check:
    return lambda: check(module, ruleset)


def _entries(module: types.ModuleType, area: Area, sheets: list[PlayerSheet],
             chosen: tuple[tuple[Position, int, int], ...], ruleset: Ruleset) -> Check:
    return lambda: equality.entry_differences(module, area, sheets, chosen, ruleset)


def killed(mutant: Mutant) -> str | None:
    """The first difference the checks find for the mutant (or the error its code raises);
    None when it survives every check (:func:`spec.mutation.killed`)."""
    return generic.killed(mutant, ENCODINGS, _checks, MODULES, _whole_checks)


def every_mutant(modules: Sequence[str] = tuple(ENCODINGS)) -> list[Mutant]:
    """Every mutant of ``modules`` (the encodings)."""
    return [m for module in modules for m in mutants(module)]


def sample(count: int, seed: int, modules: Sequence[str] = tuple(ENCODINGS)) -> list[Mutant]:
    """``count`` mutants drawn with ``seed``, spread over ``modules`` (the encodings)."""
    return generic.sample(list(modules), count, seed)


# --- the modules beyond the area encodings -----------------------------------------------

World = generic.World
_changed = generic.changed


def _whole_checks(w: World) -> list[Check]:
    """The checks of every module that sees the change, the quick ones first."""
    quick: list[Check] = []
    slow: list[Check] = []
    if _changed(w, "spec.cubed.printed"):
        quick.append(lambda: printed_differences(w["spec.cubed.printed"]))
    if any(_changed(w, f"spec.cubed.{n}") for n in ("sheetvars", "scores", "tracks")):
        quick.append(lambda: equality.sheet_differences(sheet_corpus(), w))
    if _changed(w, "spec.cubed.sheetvars"):
        quick.append(lambda: read_differences(w["spec.cubed.sheetvars"]))
    for area in (Area.BLUE, Area.BROWN, Area.PINK, Area.TURQUOISE, Area.YELLOW):
        name = next(n for n, a in ENCODINGS.items() if a is area)
        if _changed(w, name):
            quick += _checks(w[name], area)
    if _changed(w, "spec.cubed.decompose"):
        dc = w["spec.cubed.decompose"]
        quick.append(lambda: combine_differences(dc))
        slow += [_table(dc, area) for area in TABLES]
    if _changed(w, "spec.cubed.bound"):
        quick += bound_checks(w["spec.cubed.bound"], w["spec.cubed.sheetvars"])
    if _changed(w, "spec.cubed.questions"):
        quick += answer_checks(w["spec.cubed.questions"])
        slow += [_sheet_max(w["spec.cubed.questions"], most) for most in (0, 10, 45)]
        slow.append(_fewest_sheet(w["spec.cubed.questions"], 240))
        slow.append(lambda: _caps(w["spec.cubed.questions"]))
        slow.append(generic.full_sheet(
            lambda most: w["spec.cubed.questions"].sheet_max(most, TABLES_SAFETY), _totals))
    return quick + slow


def _table(dc: types.ModuleType, area: Area) -> Check:
    return lambda: table_differences(dc, area)


def printed_differences(module: types.ModuleType) -> list[str]:
    """The printed tables of ``module`` against the engine's
    (:func:`spec.mutation.printed_differences`)."""
    return generic.printed_differences(module, engine_printed(), 3)


#: How many entries fill each area (turquoise: one cross each by question marks).
FULL = {Area.YELLOW: 18, Area.TURQUOISE: 30, Area.BLUE: 12, Area.BROWN: 12, Area.PINK: 12}


def with_area(sheet: PlayerSheet, area: Area, part: PlayerSheet) -> PlayerSheet:
    """``sheet`` with ``area`` as in the area-only sheet ``part``."""
    if area is Area.BLUE:
        return sheet.but(blue_left=part.blue_left, blue_right=part.blue_right)
    if area is Area.PINK:
        return sheet.but(pink=part.pink, pink_bonus=part.pink_bonus)
    return sheet.but(**{area.label: getattr(part, area.label)})


def _walk(area: Area, rng: random.Random, steps: int) -> PlayerSheet:
    """An area-only sheet the engine's question-mark entries write from the blank one (at most
    ``steps`` of them, each a random one the engine lists; in brown always the leftmost field,
    so that a long walk fills the area)."""
    part = PlayerSheet()
    for _ in range(steps):
        nexts = sorted(spaces.successors(area, part, Ruleset()), key=format_sheet)
        if not nexts:
            break
        part = min(nexts, key=lambda p: p.brown) if area is Area.BROWN else rng.choice(nexts)
    return part


def _foxes(area: Area, part: PlayerSheet) -> int:
    return int(GAME.score(part).foxes)


@functools.cache
def sheet_corpus(count: int = 120) -> tuple[tuple[int, PlayerSheet], ...]:
    """Seeded sheets after a number of rounds, with the tracks the engine's bonuses and the
    round bonuses give (:func:`spec.cubed.certificates.with_tracks`): each area written by
    random entries (from blank to full), three in four areas taking a part with the area's
    fox, so that many sheets show 4 or 5 foxes; the blank and a full sheet; the final sheets of
    the real solo games of :func:`solo_games` (one with 6 foxes, the 6th at the re-roll
    track's end) and of 4 seeded games of 1 to 4 players."""
    rng = random.Random(29)
    pools = {a: [_walk(a, rng, rng.randrange(FULL[a] + 1)) for _ in range(30)]
             + [_walk(a, rng, 99) for _ in range(4)] for a in Area}
    rich = {a: [p for p in pools[a] if _foxes(a, p)] or pools[a] for a in Area}
    out = []
    for _ in range(count):
        sheet = PlayerSheet()
        for a in Area:
            sheet = with_area(sheet, a, rng.choice(rich[a] if rng.random() < 0.75 else pools[a]))
        out.append((rng.randrange(1, ROUNDS[1] + 1), sheet))
    full = PlayerSheet()
    for a in Area:
        full = with_area(full, a, pools[a][-1])
    out += [(1, PlayerSheet()), (ROUNDS[1], full)]
    corpus = [(r, certificates.with_tracks(sheet, r)) for r, sheet in out]
    corpus += [(ROUNDS[1], after[-1]) for _, after in solo_games()]
    for seed in range(4):
        players = 1 + seed % 4
        _, state = play_game(players, seed, greedy_policy if seed % 3 else random_policy)
        assert isinstance(state, GameState)
        corpus += [(ROUNDS[players], s) for s in state.sheets]
    return tuple(corpus)


def read_differences(sv: types.ModuleType) -> list[str]:
    """A few sheets fixed in the variables by ``equals`` (and area by area by
    ``area_equals``) are read back from Z3's model as themselves."""
    out = []
    for _, sheet in sheet_corpus()[-12:-6]:
        s = sv.fresh("r")
        solver = Solver(int(SAFETY * 1000))
        solver.add(sv.equals(s, sheet) & sv.well_formed(s, Ruleset()))
        if solver.check() != "sat" or sv.read(solver.model(), s, sheet) != sheet:
            out.append(f"{format_sheet(sheet)}: not read back as itself")
            continue
        solver = Solver(int(SAFETY * 1000))
        solver.add(all_of(sv.area_equals(s, a, sheet) for a in Area))
        bare = PlayerSheet()
        for a in Area:
            bare = with_area(bare, a, probe.area_only(sheet, a))
        if solver.check() != "sat" or sv.read(solver.model(), s) != bare:
            out.append(f"{format_sheet(sheet)}: area by area, not read back as itself")
    return out


def one_entry_successors(sheet: PlayerSheet) -> list[PlayerSheet]:
    """Every sheet one entry of the engine makes from ``sheet``: a question mark of each area's
    colour with any number, and in turquoise every set of free cells of one column (from the
    silver platter with five other dice showing the number, ruling 11)."""
    out = []
    for area in Area:
        part = probe.area_only(sheet, area)
        nexts = set(spaces.successors(area, part, Ruleset()))
        if area is Area.TURQUOISE:
            for column in range(1, 7):
                nexts.update(after for after, _ in probe.entries(
                    area, part, Position.PLATTER, column, 5, Ruleset()).values())
        out += [with_area(sheet, area, n) for n in nexts]
    return out


def end_total(sheet: PlayerSheet) -> int:
    """The engine's total of ``sheet`` with the tracks its bonuses and a solo game's round
    bonuses give (what ``complete`` maximises)."""
    return int(GAME.score(certificates.with_tracks(sheet, ROUNDS[1])).total)


#: Issue 25's sheet: one turquoise cross (0 more entries once crossed its column for free).
ONE_CROSS = ("y=....../....../...... t=x...../....../....../....../...... b=| br=............ "
             "p= rr=o...... nj=....... xd=....... q=")
#: A sheet mid-game: a few entries in every area.
MIXED = ("y=x...../....../...... t=x.x.../.x..../....../....../...... b=6|8 br=x........... "
         "p=2h rr=o...... nj=....... xd=....... q=")
#: The final sheet of examples/solo-594.json: 6 foxes (the 6th at the re-roll track's end).
SIX_FOXES = ("y=x.xx.x/x.xx.x/..xx.x t=xxxxxx/xxxxxx/xxx.xx/xx..../x..... "
             "b=6,5,4,3,2,7|8,9,10,11,12,7 br=.xxxxxxxxxxx "
             "p=3h,3h,3h,3h,6t,3h,3h,3h,3h,3h,12t,3h rr=ooooooo nj=ooo.... xd=xxxxxxx q=")
#: The completions asked.
COMPLETIONS = (SIX_FOXES, ONE_CROSS, MIXED)
#: The area questions asked: (area, at most so many entries), and (area, points) for fewest.
AREA_MAX = ((Area.YELLOW, 2), (Area.TURQUOISE, 1), (Area.BLUE, 2), (Area.BROWN, 2),
            (Area.PINK, 2))
FEWEST = ((Area.YELLOW, 10), (Area.BLUE, 20), (Area.PINK, 10))
#: Seconds given to a question, an area table or a bound's check: a safety bound the real
#: modules never come near (each answer is proven in a second or two), so it decides nothing
#: for them; a change that makes a solver run away (an objective without bound, an ascent that
#: never ends) is stopped by it and killed (its answer unproven, its table out of time).
SAFETY = 120.0
#: The same for a whole-sheet question whose decomposition makes every area's table anew (a
#: changed decomposition: Clever 4Ever's pink table alone takes about 100 s).
TABLES_SAFETY = 1800.0


@functools.cache
def best_after_one(text: str) -> tuple[int, int]:
    """The sheet's own total (tracks of a solo game's bonuses) and the best total one more
    entry gives, by brute force over every one-entry successor the engine lists."""
    sheet = parse_sheet(text)
    return end_total(sheet), max(end_total(s) for s in [sheet, *one_entry_successors(sheet)])


@functools.cache
def area_within(area: Area, most: int) -> tuple[int, ...]:
    """For 0..``most`` entries, the area's best score by the engine over every state its
    entries write in at most that many (breadth first over :func:`one_entry_successors`)."""
    layer = {PlayerSheet()}
    seen = set(layer)
    best = [0]
    for _ in range(most):
        layer = {probe.area_only(n, area) for p in layer for n in one_entry_successors(p)} - seen
        seen |= layer
        best.append(max([best[-1]] + [GAME.score(p).areas[list(Area).index(area)]
                                      for p in layer]))
    return tuple(best)


@functools.cache
def fewest_within(area: Area, goal: int) -> int:
    """The fewest entries of the engine that give the area ``goal`` points (breadth first)."""
    most = 0
    while area_within(area, most)[-1] < goal:
        most += 1
    return most


def answer_checks(q: types.ModuleType) -> list[Check]:
    """The solvers' answers (``q``: :mod:`spec.cubed.questions` or a changed copy) against
    brute force over the engine's entries, one check per question: ``complete`` with 0 more
    entries is the sheet's own total and with 1 the best one-entry successor
    (:data:`COMPLETIONS`); ``area_max`` and ``fewest`` for a few entries (:data:`AREA_MAX`,
    :data:`FEWEST`); ``reachable`` refuses a sheet that needs more picks than a round has; a
    whole-sheet question out of time claims nothing (:func:`spec.mutation.out_of_time`); the solo bound's
    proof proves a bound far above every sheet and not one below real games
    (:func:`_upper_bound`).  (``sheet_max``, which needs every area's table: :func:`_sheet_max`,
    among the slow checks.)"""
    checks: list[Check] = [_completion(q, text, more) for text in COMPLETIONS
                           for more in (1, 0)]
    checks += [_area_max(q, area, most) for area, most in AREA_MAX]
    checks += [_fewest(q, area, goal) for area, goal in FEWEST]
    checks.append(lambda: _refused(q))
    checks.append(lambda: generic.out_of_time(q))
    checks.append(lambda: _upper_bound(q))
    return checks


def _upper_bound(q: types.ModuleType) -> list[str]:
    """The solo bound's proof (the counting relaxation split by foxes) proves that no sheet
    scores 10,000 and does not prove that none scores 100."""
    high = q.solo_upper_bound_check(SAFETY, at=10_000)
    low = q.solo_upper_bound_check(SAFETY, at=100)
    if (high.value, high.proven, low.value, low.proven) == (9_999, True, None, False):
        return []
    return [f"solo bound below 10,000: {high.value} (proven: {high.proven}); below 100: "
            f"{low.value} (proven: {low.proven})"]


def _completion(q: types.ModuleType, text: str, more: int) -> Check:
    return generic.against_brute_force(f"complete {text!r} {more}",
                                       lambda: q.complete(parse_sheet(text), more, SAFETY),
                                       lambda: best_after_one(text)[more])


def _area_max(q: types.ModuleType, area: Area, most: int) -> Check:
    return generic.against_brute_force(f"area-max {area.label} {most}",
                                       lambda: q.area_max(area, most, SAFETY),
                                       lambda: area_within(area, most)[most])


def _fewest(q: types.ModuleType, area: Area, goal: int) -> Check:
    return generic.against_brute_force(f"fewest {goal} {area.label}",
                                       lambda: q.fewest(goal, area, SAFETY),
                                       lambda: fewest_within(area, goal))


#: One cross in yellow row 1, a blue 6 and 8, a brown cross and a pink 2 after round 1: five
#: entries, one more than a solo round's picks (3 active, 1 passive).
AFTER_ONE_ROUND = ("y=x...../....../...... t=....../....../....../....../...... b=6|8 "
                   "br=x........... p=2h rr=o...... nj=....... xd=....... q=")


def _refused(q: types.ModuleType) -> list[str]:
    answer = q.reachable(parse_sheet(AFTER_ONE_ROUND), 1, 1, SAFETY, budget=1)
    if answer.verdict == "no" and any(n.startswith(("DIE-FIELDS", "PASSIVE", "DICE"))
                                      for n in answer.notes):
        return []
    return [f"reachable after round 1 {AFTER_ONE_ROUND!r}: {answer.verdict} {answer.notes}"]


def _totals() -> tuple[int, ...]:
    """The real decomposition's best total for every entry count."""
    return decompose.best_totals(ROUNDS[1]).totals


def _sheet_max(q: types.ModuleType, most: int) -> Check:
    """``sheet_max`` is the decomposition's best total, certified by the engine."""
    return generic.whole_sheet(f"sheet-max {most}", lambda: q.sheet_max(most, TABLES_SAFETY),
                               lambda: _totals()[most])


def _fewest_sheet(q: types.ModuleType, goal: int) -> Check:
    """``fewest`` for the whole sheet is the fewest entries whose best total (by the
    decomposition) reaches the goal, proven."""
    return generic.whole_sheet(f"fewest {goal} sheet points",
                               lambda: q.fewest(goal, None, TABLES_SAFETY),
                               lambda: next(k for k, t in enumerate(_totals()) if t >= goal))


def _caps(q: types.ModuleType) -> list[str]:
    """No cap (the value a bisection out of time starts from) is below the best the
    decomposition finds: each area's best score, the best sheet total."""
    out = [f"{a.label}: the cap {q.AREA_CAP[a]} is below the area's best {best}" for a in Area
           if q.AREA_CAP[a] < (best := max(o.score for o in decompose.area_table(a)))]
    if q.SHEET_CAP < decompose.best_totals(ROUNDS[1]).totals[-1]:
        out.append(f"the sheet cap {q.SHEET_CAP} is below the best sheet "
                   f"{decompose.best_totals(ROUNDS[1]).totals[-1]}")
    return out


#: The areas whose tables a changed decomposition makes again, checked against every state
#: (both families are whole: every brown and every blue state).
TABLES = (Area.BROWN, Area.BLUE)


@functools.cache
def frontier(area: Area) -> frozenset[tuple[int, int, int, int]]:
    """(entries, fox, re-rolls, score) of every state of the area that no other state beats
    in every respect (no more entries, no fewer foxes, re-rolls or points), by the engine."""
    space = spaces.standard(area)[0]
    rerolls = space.earned.get(Bonus.REROLL, np.zeros(len(space.sheets), np.int64))
    points = {(int(e), int(f), int(r), int(v)) for e, f, r, v in
              zip(space.entries, space.foxes, rerolls, space.score) if e >= 0}
    return frozenset(p for p in points if not any(
        q != p and q[0] <= p[0] and q[1] >= p[1] and q[2] >= p[2] and q[3] >= p[3]
        for q in points))


def table_differences(dc: types.ModuleType, area: Area) -> list[str]:
    """The area table ``dc`` makes (:func:`spec.cubed.decompose.area_table`) is the frontier
    of every state of the area by the engine, and each option's state is what the engine
    says of it."""
    token = dc._DEADLINE.set(time.perf_counter() + SAFETY)
    try:
        made = dc.area_table(area, Ruleset())
    finally:
        dc._DEADLINE.reset(token)
    got = frozenset((o.entries, o.fox, o.rerolls, o.score) for o in made)
    if got != frontier(area):
        return [f"{area.label} table: {sorted(got ^ frontier(area))[:4]} differ"]
    for o in made:
        if (GAME.score(o.sheet).areas[list(Area).index(area)], GAME.score(o.sheet).foxes,
                spaces.units(area, o.sheet)) != (o.score, o.fox, o.entries) and \
                spaces.units(area, o.sheet) > o.entries:
            return [f"{area.label} table: {o} is not what the engine says of its state"]
    return []


def _synthetic_tables(rng: random.Random) -> dict[Area, tuple[decompose.Option, ...]]:
    """Random small area tables of the real shape: a fox of 0 or 1 per area, a few re-rolls
    (brown earns some), entries within each area's most."""
    tables = {}
    for area in Area:
        options = {(0, 0, 0, 0)}
        for _ in range(rng.randrange(1, 5)):
            options.add((rng.randrange(1, decompose.MOST_ENTRIES[area] + 1), rng.randrange(2),
                         rng.randrange(4), rng.randrange(60)))
        tables[area] = tuple(decompose.Option(area, e, f, r, v, _marker(area, i))
                             for i, (e, f, r, v) in enumerate(sorted(options)))
    return tables


def _marker(area: Area, i: int) -> PlayerSheet:
    """An area-only sheet that tells option ``i`` of ``area`` apart (not a state of a game)."""
    if area is Area.BLUE:
        return PlayerSheet(blue_left=(i + 2,))
    if area is Area.PINK:
        return PlayerSheet(pink=(i + 1,), pink_bonus=1)
    if area is Area.YELLOW:
        return PlayerSheet(yellow=i + 1)
    return PlayerSheet(turquoise=i + 1) if area is Area.TURQUOISE else PlayerSheet(brown=i + 1)


def combine_differences(dc: types.ModuleType, cases: int = 20) -> list[str]:
    """The decomposition's choice (``dc.combine``) on seeded random tables against a brute
    force over every choice of one option per area: for every entry count K, the best total
    (areas plus foxes times the lowest; a fox at the re-roll track's end when the re-rolls
    earned and the round bonuses circle 7) with at most K entries, and the choice shown makes
    it (its areas on one sheet: ``combined``)."""
    rng = random.Random(2029)
    for case in range(cases):
        tables = _synthetic_tables(rng)
        rounds = 6 if case % 2 else rng.randrange(1, 6)
        given = dc.given_rerolls(rounds)

        def value(choice: Sequence[decompose.Option]) -> int:
            low = min(o.score for o in choice)
            foxes = sum(o.fox for o in choice) + int(
                sum(o.rerolls for o in choice) + int(given) >= 7)
            return sum(o.score for o in choice) + foxes * low

        made = list(itertools.product(*tables.values()))
        totals = [value(c) for c in made]
        entries = [sum(o.entries for o in c) for c in made]
        got = dc.combine(tables, rounds)
        for k, claimed in enumerate(got.totals):
            want = max(t for t, e in zip(totals, entries) if e <= k)
            chosen = got.choices[k]
            if claimed != want or value(chosen) != claimed or \
                    sum(o.entries for o in chosen) > k:
                return [f"combine after {rounds} rounds: {k} entries give {claimed} "
                        f"(choice {chosen}), brute force {want}"]
            sheet = PlayerSheet()
            for o in chosen:
                sheet = with_area(sheet, o.area, o.sheet)
            if dc.combined(chosen) != sheet:
                return [f"the areas of {chosen} combined as {format_sheet(dc.combined(chosen))}"]
    return []


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@functools.cache
def solo_games() -> tuple[tuple[str, tuple[PlayerSheet, ...]], ...]:
    """Real solo games, each with its sheet after every round: the bundled best, 594 and legal
    records and seeded random and greedy games."""
    games = []
    for path in ("solo-best.json", "solo-594.json", "solo-legal.json"):
        for name, record in load_records(str(EXAMPLES / path)):
            assert not isinstance(record, Exception)
            games.append((f"{path} {name}", tuple(step.move for step in record.steps)))
    for seed in range(2):
        for label, policy in (("random", random_policy), ("greedy", greedy_policy)):
            moves, _ = play_game(1, seed, policy)
            games.append((f"{label} seed {seed}", tuple(moves)))
    out = []
    for name, moves in games:
        state = new_game(1)
        after: list[PlayerSheet] = []
        for move in moves:
            following = apply_unchecked(state, move)
            if following.round != state.round:  # its first state holds the round's last entry
                after.append(following.sheets[0])
            state = following
        after.append(state.sheets[0])
        out.append((name, tuple(after)))
    return tuple(out)


def bound_checks(bd: types.ModuleType, sv: types.ModuleType) -> list[Check]:
    """The counting bound (``bd``: :mod:`spec.cubed.bound` or a changed copy) as a relaxation:
    every real game's final sheet satisfies it with the real total and foxes (solo and with
    fellow players); with a real solo game's sheet fixed, the fox-split proof admits its total
    and refuses one more; it refuses sheets after round 1 that a round cannot write
    (:data:`ROUND_ONE_NEVER`; turquoise crosses in two columns that one entry each cannot
    make)."""
    def admits() -> list[str]:
        r = bd.relaxation(1)
        solver = Solver(int(SAFETY * 1000))
        solver.add(all_of(p for _, p in r.parts))
        out = []
        for name, after in solo_games():
            real = GAME.score(after[-1])
            if solver.check(sv.equals(r.sheet, after[-1]), r.total.eq(real.total),
                            r.foxes.eq(real.foxes)) != "sat":
                out.append(f"the counting bound refuses the real game {name}")
        return out

    def admits_fellows() -> list[str]:
        out = []
        for players in (2, 3, 4):
            r = bd.relaxation(players)
            solver = Solver(int(SAFETY * 1000))
            solver.add(all_of(p for _, p in r.parts))
            _, state = play_game(players, players, greedy_policy)
            assert isinstance(state, GameState)
            for sheet in state.sheets:
                real = GAME.score(sheet)
                if solver.check(sv.equals(r.sheet, sheet), r.total.eq(real.total)) != "sat":
                    out.append(f"the counting bound refuses a real {players}-player game's "
                               f"sheet {format_sheet(sheet)}")
        return out

    def splits() -> list[str]:
        r = bd.relaxation(1)
        out = []
        for name, after in solo_games()[:2]:
            real = GAME.score(after[-1]).total
            for at, want in ((real, "sat"), (real + 1, "unsat")):
                solver = Solver(int(SAFETY * 1000))
                solver.add(all_of(p for _, p in r.parts) & sv.equals(r.sheet, after[-1]))
                status, _ = bd.fox_split(solver, r, at, time.perf_counter() + SAFETY)
                if status != want:
                    out.append(f"the fox split of {name}: total >= {at} is {status}")
        return out

    def refuses() -> list[str]:
        r = bd.relaxation(1, 1)
        solver = Solver(int(SAFETY * 1000))
        solver.add(all_of(p for _, p in r.parts))
        out = [f"the counting bound admits {text!r} after round 1" for text in ROUND_ONE_NEVER
               if solver.check(sv.equals(r.sheet, parse_sheet(text))) != "unsat"]
        return out or _columns(bd, sv)

    return [refuses, admits, splits, admits_fellows]


#: Sheets no solo round 1 writes: five entries (a round has 3 active picks and 1 passive); four
#: yellow crosses (at most 2 active yellow picks, the yellow and the white die, and 1 passive).
ROUND_ONE_NEVER = (
    "y=x...../....../...... t=....../....../....../....../...... b=6|8 br=x........... p=2h "
    "rr=o...... nj=....... xd=....... q=",
    "y=xx..../x...../x..... t=....../....../....../....../...... b=| br=............ p= "
    "rr=o...... nj=....... xd=....... q=")


def _columns(bd: types.ModuleType, sv: types.ModuleType) -> list[str]:
    """Two passive picks (3 crosses each) cannot make 4 crosses in one column and 2 in another:
    each entry crosses one column only (TURQUOISE-COLUMNS), whichever the columns."""
    r = bd.relaxation(1)
    only_passive = all_of([int_var("passive.turquoise").eq(2), int_var("extra.turquoise").eq(0),
                           int_var("black.turquoise").eq(0)]
                          + [int_var(f"active{k}.turquoise").eq(0) for k in bd.FIELDS])
    for four, two in ((1, 4), (6, 3)):
        cells = [(1, four), (2, four), (3, four), (4, four), (1, two), (2, two)]
        sheet = PlayerSheet(turquoise=sum(1 << ((row - 1) * 6 + c - 1) for row, c in cells))
        solver = Solver(int(SAFETY * 1000))
        solver.add(sv.equals(r.sheet, sheet) & only_passive)
        solver.add(all_of(p for _, p in r.parts))
        if solver.check() != "unsat":
            return [f"the counting bound lets one passive pick cross two turquoise columns "
                    f"({four} and {two})"]
    return []


def main(
argv: list[str] | None = None) -> int:
    """Run mutants; print each survivor and the score."""
    return generic.main("python -m spec.cubed.mutation", list(MODULES), killed, argv)


if __name__ == "__main__":
    sys.exit(main())
