"""Clever Cubed's solo game as turns (:mod:`spec.turns.model`; docs/rulings.md, rulings 1-23).

What Clever Cubed adds to the shared turn model:

- the dice: die ``a + 1`` is area ``a``'s; the white die is a colour joker for every area (for
  blue too: white + blue, ruling 15);
- the number joker (ruling 12) frees an entry's number, active or passive ("as the active player
  and as the passive player");
- ``TURN-FIELDS``: an active turn's picks lie on die fields I to III, one die per field (a
  forfeited roll leaves its field empty, ruling 1): ``field[t][k][a]``, the pick of die field
  ``k`` in active turn ``t`` entered in area ``a``;
- ``TURN-YELLOW-ROWS``: a die on die field k crosses yellow row k only (ruling 5), so the crosses
  of row k beyond the active yellow picks of field k come from the other yellow entries (passive
  picks, extra dice, question marks), and yellow scores at most its rows' points;
- ``TURN-TURQUOISE-CROSSES``: a turquoise entry crosses one cell plus one per other die of its
  group showing the number (ruling 11): an active pick on die field k at most k cells (the dice
  on the fields before it); a passive pick at most 3 (solo, the platter and the die fields hold 3
  dice each, ruling 9); an extra die at most 3, and in an active turn with p picks the platter
  holds 6 - p dice, so a turn's extra dice cross at most 3 - p more in all
  (:mod:`spec.cubed.bound`, ``TURQUOISE-EXTRA``); a question mark one;
- the numbers each area needs (``TURN-NUMBERS``, in :func:`relaxation` only): a yellow cell of
  number n, a brown field printed n and a turquoise column n each need an entry showing n (or a
  free number: a question mark or a number joker); blue (sums) and pink (halves) are left free;
- the resources: extra dice (the round-2 bonus and the areas' ``+1``, 7 fields; the extra-die
  track's end gives ``?BR``), number jokers (the round-3 bonus, 7 fields; the track's end gives
  ``?P``), the coloured question marks, the black one at round 4 (ruling 8) and from pink field
  12, the re-roll track's fox (the round-1 bonus and 6 earned re-rolls).

The end-of-game extra dice (ruling 7) belong to the last turn, a passive one: the shared model
lets every die be used once more as an extra die there, as far as the extra-die fields allow.
"""

from __future__ import annotations

from types import MappingProxyType

import functools
from collections.abc import Sequence

import attrs

from oracle import DEFAULT_RULESET, Area, Bonus, PlayerSheet, Ruleset
from spec.cubed import blue, brown, pink, scores, sheetvars, tracks, turquoise, yellow
from spec.cubed.decompose import MOST_ENTRIES, Option, area_table
from spec.cubed.printed import (BROWN_PRINTED, NJ, OWN_QUESTION, Q_ANY, Q_BR, Q_P, ROUNDS, RR,
                                TRACK_FIELDS, TURQUOISE_COLUMNS, TURQUOISE_ROW_POINTS,
                                TURQUOISE_ROWS, XD, YELLOW_ROW_POINTS)
from spec.cubed.sheetvars import SheetVars
from spec.logic import (Bool, Int, Solver, all_of, any_of, bool_var, const, count, int_var, ite,
                        lookup, total)
from spec.solving import highest
from spec.turns import model
from spec.turns.model import FACES, Need, Resource, Turns

AREAS = tuple(a.label for a in Area)
YELLOW, TURQUOISE, BLUE, BROWN, PINK = range(len(AREAS))
#: Die fields I to III (the active pick of roll k lies on die field k).
FIELDS = (1, 2, 3)
#: The round whose start gives the black question mark (ruling 8).
BLACK_ROUND = 4
#: The round bonuses of rounds 1..6 (ruling 8), the black question mark apart.
ROUND_GIVES = MappingProxyType(
    {RR: (1, 0, 0, 0, 0, 0), XD: (0, 1, 0, 0, 0, 0), NJ: (0, 0, 1, 0, 0, 0)})
#: The most turquoise cells a passive pick or an extra die crosses (a group of 3 dice, solo).
GROUP_CROSSES = 3
#: Cells of the turquoise area.
TURQUOISE_CELLS = TURQUOISE_ROWS * TURQUOISE_COLUMNS


@attrs.frozen
class _Game:
    @property
    def areas(self) -> tuple[str, ...]:
        return AREAS

    def white_areas(self) -> frozenset[int]:
        return frozenset(range(len(AREAS)))

    def own_action_on_active(self) -> frozenset[int]:
        return frozenset(range(len(AREAS)))


@attrs.frozen
class Fields:
    """``pick[t][k - 1][a]``: in active turn ``t`` the die on die field ``k`` was entered in area
    ``a`` (passive turns: all false)."""

    pick: tuple[tuple[tuple[Bool, ...], ...], ...]


def fresh_fields(rounds: int, prefix: str) -> Fields:
    """Free die-field variables."""
    return Fields(tuple(tuple(tuple(bool_var(f"{prefix}.field.{t}.{k}.{a}")
                                    for a in range(len(AREAS))) for k in FIELDS)
                        for t in range(2 * rounds)))


def _earned_in(s: SheetVars, area: Area, code: Bonus) -> Int:
    """How many ``code`` bonuses ``area`` of ``s`` earns."""
    got: dict[Bonus, Int] = {
        Area.YELLOW: lambda: yellow.earned(s.yellow),
        Area.TURQUOISE: lambda: turquoise.earned(s.turquoise),
        Area.BLUE: lambda: blue.earned(s.blue), Area.BROWN: lambda: brown.earned(s.brown),
        Area.PINK: lambda: pink.earned(s.pink)}[area]()
    return got.get(code, const(0))


@functools.cache
def most_earned(label: str, code: Bonus, ruleset: Ruleset = DEFAULT_RULESET
                ) -> tuple[int, ...]:
    """For n = 0 .. the area's most entries: the most ``code`` bonuses area ``label`` earns with
    at most n entries (Z3: for each count k the fewest entries earning k, proven by descent)."""
    return _most(label, (code,), ruleset)


#: The bonuses the turns spend (``TURN-BONUS-TOTAL``): all but re-rolls and foxes.
SPENT = (XD, NJ, *OWN_QUESTION.values(), Q_ANY)


@functools.cache
def most_spent(label: str, ruleset: Ruleset = DEFAULT_RULESET) -> tuple[int, ...]:
    """For n = 0 .. the area's most entries: the most bonuses of the kinds the turns spend
    (:data:`SPENT`), all kinds together, that area ``label`` earns with at most n entries."""
    return _most(label, SPENT, ruleset)


def _most(label: str, codes: Sequence[Bonus], ruleset: Ruleset) -> tuple[int, ...]:
    """For n = 0 .. the area's most entries: the most bonuses of ``codes`` in all that area
    ``label`` earns with at most n entries (for each count k the fewest entries earning k)."""
    area = Area[label.upper()]
    s = sheetvars.fresh("most")
    got = total(_earned_in(s, area, code) for code in codes)
    entries = sheetvars.area_entries(s, area)
    solver = Solver()
    solver.add(sheetvars.well_formed(s, ruleset))
    fewest: list[int] = []
    k = 1
    while True:
        need = _least(solver, entries, got.ge(k))
        if need is None:
            break
        fewest.append(need)
        k += 1
    return tuple(sum(1 for f in fewest if f <= n) for n in range(MOST_ENTRIES[area] + 1))


def _least(solver: Solver, term: Int, condition: Bool) -> int | None:
    """The least ``term`` under ``condition`` (None: none)."""
    best: int | None = None
    while True:
        if solver.check(condition, *([term.lt(best)] if best is not None else [])) != "sat":
            return best
        best = solver.model().int(term)


@attrs.frozen
class CellOption:
    """Turquoise's best state with at most ``cells`` crossed cells, fox ``fox`` and ``rerolls``
    re-rolls earned."""

    cells: int
    fox: int
    rerolls: int
    score: int


@functools.cache
def turquoise_by_cells(ruleset: Ruleset = DEFAULT_RULESET) -> tuple[CellOption, ...]:
    """For every crossed-cell count, fox and re-roll count, turquoise's highest score (proven:
    Z3 finds no higher one); only options no other beats in every respect are kept."""
    s = sheetvars.fresh("tc")
    area = s.turquoise
    score, fox = turquoise.score(area), turquoise.foxes(area)
    rerolls = turquoise.earned(area).get(RR, const(0))
    cells = count(c for row in area.cells for c in row)
    solver = Solver()
    solver.add(turquoise.well_formed(area, ruleset))
    out: list[CellOption] = []
    most_rerolls = highest(solver, rerolls) or 0
    for f in (0, 1):
        for r in range(most_rerolls + 1):
            for c in range(TURQUOISE_CELLS + 1):
                solver.push()
                solver.add(fox.eq(f) & rerolls.eq(r) & cells.le(c))
                best = highest(solver, score)
                solver.pop()
                if best is not None:
                    out.append(CellOption(c, f, r, best))
    return tuple(o for o in out if not any(
        p != o and p.cells <= o.cells and p.fox >= o.fox and p.rerolls >= o.rerolls
        and p.score >= o.score for p in out))


@attrs.frozen
class SpentOption:
    """An area's best state with at most ``entries`` entries, fox ``fox``, ``rerolls`` re-rolls
    and at least ``spent`` bonuses of the kinds the turns spend (:data:`SPENT`)."""

    entries: int
    fox: int
    rerolls: int
    spent: int
    score: int


@functools.cache
def spent_table(label: str, ruleset: Ruleset = DEFAULT_RULESET) -> tuple[SpentOption, ...]:
    """For every entry count, fox, re-roll count and count of spent-kind bonuses earned, area
    ``label``'s highest score (proven: Z3 finds no higher one); only options no other beats in
    every respect are kept.  An area's bonuses cost it points (a pink field halved, a blue or
    brown field of a lower number): this table knows the price, the score table alone not."""
    area = Area[label.upper()]
    s = sheetvars.fresh("st")
    score = sheetvars.area_score(s, area)
    fox = sheetvars.area_foxes(s, area)
    rerolls = _earned_in(s, area, RR)
    spent = total(_earned_in(s, area, code) for code in SPENT)
    entries = sheetvars.area_entries(s, area)
    solver = Solver()
    solver.add(sheetvars.well_formed(s, ruleset))
    most_rerolls = highest(solver, rerolls) or 0
    most_spent_ = highest(solver, spent) or 0
    out: list[SpentOption] = []
    for f in (0, 1):
        for r in range(most_rerolls + 1):
            for k in range(most_spent_ + 1):
                if solver.check(fox.eq(f), rerolls.eq(r), spent.ge(k)) != "sat":
                    continue
                for e in range(MOST_ENTRIES[area] + 1):
                    solver.push()
                    solver.add(fox.eq(f) & rerolls.eq(r) & spent.ge(k) & entries.le(e))
                    best = highest(solver, score)
                    solver.pop()
                    if best is not None:
                        out.append(SpentOption(e, f, r, k, best))
    return tuple(o for o in out if not any(
        p != o and p.entries <= o.entries and p.fox >= o.fox and p.rerolls >= o.rerolls
        and p.spent >= o.spent and p.score >= o.score for p in out))


def _resources(v: Turns, final: dict[Bonus, Int], ruleset: Ruleset
               ) -> tuple[Resource, Resource, tuple[Resource, ...], Resource]:
    """Extra dice, number jokers, each area's question marks and the black ones, with what the
    final sheet's areas earn (``final``); a track's end bonus (``?P``, ``?BR``) counts in."""
    del v

    def resource(code: Bonus, fields: int | None, by_round: Sequence[int], got: Int,
                 slack: int = 0) -> Resource:
        tables = tuple(most_earned(a, code, ruleset) for a in AREAS)
        return Resource(code.name, tuple(by_round), got, tables, fields, slack)

    def ended(action: Bonus) -> Int:
        return ite((final[action] + sum(ROUND_GIVES[action])).ge(TRACK_FIELDS), 1, 0)

    ends = {Q_P: ended(NJ), Q_BR: ended(XD)}
    questions = tuple(
        resource(OWN_QUESTION[a], None, (0,) * ROUNDS[1],
                 final[OWN_QUESTION[a]] + ends.get(OWN_QUESTION[a], const(0)),
                 1 if OWN_QUESTION[a] in ends else 0) for a in Area)
    return (resource(XD, TRACK_FIELDS, ROUND_GIVES[XD], final[XD]),
            resource(NJ, TRACK_FIELDS, ROUND_GIVES[NJ], final[NJ]), questions,
            resource(Q_ANY, None, (0,) * ROUNDS[1], final[Q_ANY]))


def _picks(v: Turns, t: int) -> Int:
    """The dice chosen in turn ``t``."""
    return count(x for row in v.take[t] for x in row)


def _fields_parts(v: Turns, f: Fields, yellow_rows: Sequence[Int], yellow_entries: Int,
                  turquoise_cells: Int, prefix: str) -> Bool:
    """``TURN-FIELDS``, ``TURN-YELLOW-ROWS`` and ``TURN-TURQUOISE-CROSSES`` (module docstring)
    for a yellow area of ``yellow_rows`` crosses per row made by ``yellow_entries`` entries and a
    turquoise area of ``turquoise_cells`` crossed cells."""
    areas = range(len(AREAS))
    out: list[Bool] = []
    for t in v.turns:
        for k in range(len(FIELDS)):
            if model.is_active(t):
                out.append(count(f.pick[t][k]).le(1))
            else:
                out += [~x for x in f.pick[t][k]]
        if model.is_active(t):
            out += [count(f.pick[t][k][a] for k in range(len(FIELDS))).eq(
                count(v.take[t][d][a] for d in range(model.DICE))) for a in areas]
    active = [total(f.pick[t][k - 1][YELLOW].as_int() for t in v.turns) for k in FIELDS]
    flex = [int_var(f"{prefix}.yellow_flex.{k}") for k in FIELDS]
    out += [x.ge(0) for x in flex]
    out.append(total(flex).le(yellow_entries - total(active)))
    out += [n.le(a + x) & n.between(0, 6) for n, a, x in zip(yellow_rows, active, flex)]
    caps: list[Int] = []
    for t in v.turns:
        extras = count(v.extra[t][d][TURQUOISE] for d in range(model.DICE))
        caps.append(extras * GROUP_CROSSES)
        if model.is_active(t):
            caps.append(total(f.pick[t][k - 1][TURQUOISE].as_int() * k for k in FIELDS))
            more = const(len(FIELDS)) - _picks(v, t)
            caps.append(ite(extras.ge(1), more, 0))
        else:
            caps.append(count(v.take[t][d][TURQUOISE] for d in range(model.DICE))
                        * GROUP_CROSSES)
        caps.append(v.questions[t][TURQUOISE] + v.black[t][TURQUOISE])
    out.append(turquoise_cells.le(total(caps)))
    return all_of(out)


def _bonus_total(v: Turns, final: Int, ruleset: Ruleset) -> Bool:
    """``TURN-BONUS-TOTAL``: the question marks, black ones, extra dice and number jokers used up
    to a turn are at most those the round bonuses gave by then, the two track ends (``?P``,
    ``?BR``), and what the areas earned, each area at most its most of all those kinds together
    with the entries made in it by then (:func:`most_spent`) and all at most ``final`` (what the
    final sheet earns).  Each kind alone is bounded by the shared model; this bounds them
    together (one entry rarely earns two bonuses)."""
    tables = [most_spent(a, ruleset) for a in AREAS]
    out: list[Bool] = []
    used: list[Int] = []
    for t in v.turns:
        used += [v.extras_in(t), v.own_uses_in(t), total(v.questions[t]), total(v.black[t])]
        r = model.round_of(t)
        given = sum(ROUND_GIVES[XD][:r]) + sum(ROUND_GIVES[NJ][:r]) + (r >= BLACK_ROUND)
        earned = total(lookup(v.entries_upto(t, a), tables[a]) for a in range(len(AREAS)))
        out.append(total(used).le(const(given + 2) + ite(earned.le(final), earned, final)))
    return all_of(out)


def needs(s: SheetVars) -> tuple[Need, ...]:
    """The numbers the final sheet needs (module docstring)."""
    out = [Need(YELLOW, count(s.yellow.cell(r, n) for r in yellow.ROWS), frozenset({n}))
           for n in FACES]
    out += [Need(TURQUOISE, any_of(s.turquoise.cell(r, n) for r in turquoise.ROWS).as_int(),
                 frozenset({n})) for n in FACES]
    out += [Need(BROWN, count(s.brown.fields[i] for i, p in enumerate(BROWN_PRINTED) if p == n),
                 frozenset({n})) for n in FACES]
    return tuple(out)


@attrs.frozen(eq=False)
class CubedTurns:
    """The Clever Cubed turn model on the final sheet: the sheet, the turns, the die fields, the
    named parts and the total."""

    sheet: SheetVars
    turns: Turns
    fields: Fields
    parts: tuple[tuple[str, Bool], ...]
    total: Int


def relaxation(ruleset: Ruleset = DEFAULT_RULESET, rounds: int = ROUNDS[1]) -> CubedTurns:
    """The Clever Cubed turn model of a solo game of ``rounds`` rounds on the final sheet's Z3
    area encodings (module docstring)."""
    s = sheetvars.fresh("turns")
    v = model.fresh(rounds, len(AREAS))
    f = fresh_fields(rounds, "turns")
    got = sheetvars.earned(s)
    final = {b: got.get(b, const(0)) for b in Bonus}
    extra_die, joker, questions, black = _resources(v, final, ruleset)
    entries = tuple(sheetvars.area_entries(s, a) for a in Area)
    rows = tuple(count(row) for row in s.yellow.cells)
    cells = count(c for row in s.turquoise.cells for c in row)
    yellow_entries = total(v.entries_in(t, YELLOW) for t in v.turns)
    parts = (("AREA-RULES", sheetvars.well_formed(s, ruleset)),) + model.parts(
        v, _Game(), entries, needs(s), extra_die, joker, questions, BLACK_ROUND,
        lambda w: _fields_parts(w, f, rows, yellow_entries, cells, "turns")
        & _bonus_total(w, total(final[b] for b in SPENT), ruleset), black)
    t = tracks.tracks(s, rounds)
    areas = scores.area_scores(s)
    foxes = total(sheetvars.area_foxes(s, a) for a in Area) + t.foxes
    return CubedTurns(s, v, f, parts, scores.with_foxes(areas, foxes))


#: The most foxes each area shows, and the re-roll track's end.
MOST_FOXES_BY_SOURCE = (1, 1, 1, 1, 1, 1)


@attrs.frozen(eq=False)
class Abstract:
    """The turn model with each area as a few numbers (:func:`abstract`): the turns, the die
    fields, the parts, each area's entries and score, the fox sources (each area's and the
    re-roll track's end) and the areas' sum (foxes apart: :func:`spec.turns.prove.prove`)."""

    turns: Turns
    fields: Fields
    parts: tuple[tuple[str, Bool], ...]
    entries: tuple[Int, ...]
    foxes: tuple[Int, ...]
    areas: tuple[Int, ...]
    total: Int


def _fits(entries: Int, fox: Int, rerolls: Int, score: Int, table: Sequence[Option]) -> Bool:
    """Some option of ``table`` has at most ``entries`` entries and at least the fox, re-rolls
    and score."""
    return any_of(entries.ge(o.entries) & fox.le(o.fox) & rerolls.le(o.rerolls)
                  & score.le(o.score) for o in table)


def abstract(ruleset: Ruleset = DEFAULT_RULESET, rounds: int = ROUNDS[1],
             tables: Sequence[Sequence[Option]] | None = None,
             by_cells: Sequence[CellOption] | None = None) -> Abstract:
    """The turn model with every area replaced by its entries, fox, re-rolls and score, bound by
    the area's proven table (:func:`spec.cubed.decompose.area_table`: every state is kept or
    beaten by a kept option), turquoise also by its crossed cells
    (:func:`turquoise_by_cells`), yellow also by its rows' points; every bonus an area earns at
    most its most with its entries (:func:`most_earned`).  It forgets the numbers, so it is a
    relaxation of :func:`relaxation` with its ``TURN-NUMBERS`` left out."""
    v = model.fresh(rounds, len(AREAS), "abstract")
    f = fresh_fields(rounds, "abstract")
    tables = tables if tables is not None else [area_table(a, ruleset) for a in Area]
    by_cells = by_cells if by_cells is not None else turquoise_by_cells(ruleset)
    entries = tuple(total(v.entries_in(t, a) for t in v.turns) for a in range(len(AREAS)))
    foxes = tuple(int_var(f"abstract.fox.{a}") for a in AREAS)
    rerolls = tuple(int_var(f"abstract.rerolls.{a}") for a in AREAS)
    areas = tuple(int_var(f"abstract.score.{a}") for a in AREAS)
    spent = tuple(int_var(f"abstract.spent.{a}") for a in AREAS)
    rows = tuple(int_var(f"abstract.yellow_row.{k}") for k in FIELDS)
    cells = int_var("abstract.turquoise_cells")
    fit = all_of(_fits(entries[i], foxes[i], rerolls[i], areas[i], tables[i])
                 & foxes[i].between(0, 1) & rerolls[i].ge(0) & areas[i].ge(0)
                 for i in range(len(AREAS)))
    fit &= all_of(spent[i].ge(0) & any_of(
        entries[i].ge(o.entries) & foxes[i].le(o.fox) & rerolls[i].le(o.rerolls)
        & spent[i].le(o.spent) & areas[i].le(o.score) for o in spent_table(a, ruleset))
        for i, a in enumerate(AREAS))
    fit &= total(rows).le(entries[YELLOW]) & areas[YELLOW].le(
        total(lookup(n, YELLOW_ROW_POINTS) for n in rows))
    fit &= cells.between(0, TURQUOISE_CELLS) & any_of(
        cells.ge(o.cells) & foxes[TURQUOISE].le(o.fox) & rerolls[TURQUOISE].le(o.rerolls)
        & areas[TURQUOISE].le(o.score) for o in by_cells)
    final = {b: total(lookup(entries[i], most_earned(a, b, ruleset))
                      for i, a in enumerate(AREAS)) for b in Bonus}
    extra_die, joker, questions, black = _resources(v, final, ruleset)
    yellow_entries = entries[YELLOW]
    turn_parts = model.parts(
        v, _Game(), (), (), extra_die, joker, questions, BLACK_ROUND,
        lambda w: _fields_parts(w, f, rows, yellow_entries, cells, "abstract")
        & _bonus_total(w, total(spent), ruleset), black)
    track_fox = ite((total(rerolls) + sum(ROUND_GIVES[RR])).ge(TRACK_FIELDS), 1, 0)
    parts = (("AREA-TABLES", fit),) + turn_parts
    return Abstract(v, f, parts, entries, foxes + (track_fox,), areas, total(areas))


def entries_of(sheet: object) -> tuple[int, ...]:
    """Each area's entries on an engine sheet, for :func:`spec.turns.trace.trace`: one per yellow
    cross, turquoise column used (an entry crosses one column, ruling 11), blue number, brown
    field and pink field."""
    s = sheet if isinstance(sheet, PlayerSheet) else PlayerSheet()
    columns = sum(1 for c in range(TURQUOISE_COLUMNS)
                  if any(s.turquoise >> (r * TURQUOISE_COLUMNS + c) & 1
                         for r in range(TURQUOISE_ROWS)))
    return (bin(s.yellow).count("1"), columns, len(s.blue_left) + len(s.blue_right),
            bin(s.brown).count("1"), len(s.pink))


__all__ = ["AREAS", "Abstract", "CellOption", "CubedTurns", "abstract", "entries_of",
           "most_earned", "needs", "relaxation", "turquoise_by_cells", "TURQUOISE_ROW_POINTS"]
