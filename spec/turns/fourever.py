"""Clever 4Ever's solo game as turns (:mod:`spec.turns.model`; docs/rulings.md, 4E rulings).

What Clever 4Ever adds to the shared turn model:

- the dice: die ``a + 1`` is area ``a``'s; the white die is a colour joker for every area (for
  blue only under ``white_for_blue``, 4E-2);
- polish the silver (4E-1) frees an entry's number; it is used only on a die taken from the
  silver platter, or for blue on the partner die lying there, so never on an active pick except a
  blue one (under ``polish_any_die`` on any);
- the numbers each area needs (``TURN-NUMBERS``): yellow, green and pink write numbers, one per
  field the player wrote; a grey part of k cells needs a number of at least k (4E-8); a blue cross
  in row i and column j needs the blue die to show i and the white die j (4E-2: the white die
  taken for blue crosses the cell the blue die would);
- ``TURN-GAME``: in one turn every blue entry without polish crosses the same cell (the blue and
  the white die's faces), so at most one of them;
- the resources: extra dice (the round-2 bonus and the areas' ``+1``, 7 fields), polish (the
  round-3 bonus and ``PS``, 9 fields), the coloured question marks (``?P`` also at the re-roll
  track's end: the round-1 bonus and 6 earned re-rolls, 4E-4), the black one at round 4 (4E-3).

There are no end-of-game extra dice (4E-12), so an extra die earned in the last turn is spent in
it or lost.
"""

from __future__ import annotations

from types import MappingProxyType

import functools
from collections.abc import Sequence

import attrs

from spec.fourever import decompose, grey, pink, sheetvars
from spec.fourever.printed import (AREAS, PINK_REPEAT, PS, Q_B, Q_GN, Q_GY, Q_P, Q_Y,
                                   QUESTION_FOR, ROUNDS,
                                   RR, TRACKS, XD)
from spec.fourever.seam import DEFAULT, Options
from spec.fourever.sheetvars import SheetVars
from spec.logic import (Bool, Int, Solver, all_of, any_of, const, count, int_var, ite, lookup,
                        total)
from spec.turns import model
from spec.turns.model import FACES, Need, Resource, Turns

BLUE, WHITE, BLUE_DIE = AREAS.index("blue"), 0, AREAS.index("blue") + 1
#: The round whose start gives the black question mark (4E-3).
BLACK_ROUND = 4
#: Fields of each action track, by action code.
TRACK_FIELDS = MappingProxyType({action: length for action, length, _ in TRACKS})
#: The round bonuses of rounds 1..6 (4E-3), the black question mark apart.
ROUND_GIVES = MappingProxyType(
    {RR: (1, 0, 0, 0, 0, 0), XD: (0, 1, 0, 0, 0, 0), PS: (0, 0, 1, 0, 0, 0)})
#: Each area's own question mark.
OWN_QUESTION = tuple(next(q for q, a in QUESTION_FOR.items() if a == label) for label in AREAS)


@attrs.frozen(eq=False)
class FourEverTurns:
    """The Clever 4Ever turn model: the final sheet, the turns, the named parts, the total."""

    sheet: SheetVars
    turns: Turns
    parts: tuple[tuple[str, Bool], ...]
    total: Int
    areas: tuple[Int, ...]
    fox_sources: tuple[Int, ...]


@attrs.frozen
class _Game:
    options: Options

    @property
    def areas(self) -> tuple[str, ...]:
        return AREAS

    def white_areas(self) -> frozenset[int]:
        white_for_blue = bool(getattr(self.options, "white_for_blue", True))
        return frozenset(a for a in range(len(AREAS)) if white_for_blue or a != BLUE)

    def own_action_on_active(self) -> frozenset[int]:
        if getattr(self.options, "polish_any_die", False):
            return frozenset(range(len(AREAS)))
        return frozenset({BLUE})


def needs(s: SheetVars) -> tuple[Need, ...]:
    """The numbers the final sheet needs (module docstring)."""
    out: list[Need] = []
    for a, label in enumerate(AREAS):
        area = s.area(label)
        if label in ("yellow", "green"):
            out += [Need(a, count(f.eq(n) for f in area.fields), frozenset({n})) for n in FACES]
        elif label == "pink":
            mine = pink.own(area)
            out += [Need(a, count(m & f.eq(n) for m, f in zip(mine, area.fields)),
                         frozenset({n})) for n in FACES]
        elif label == "grey":
            out += [Need(a, count(area.parts[p] for p in grey.PARTS if len(grey.CELLS[p]) >= k),
                         frozenset(range(k, 7))) for k in FACES]
        else:
            out += [Need(a, count(area.cell(i, c) for c in FACES), frozenset({i}), BLUE_DIE)
                    for i in FACES]
            out += [Need(a, count(area.cell(r, j) for r in FACES), frozenset({j}), WHITE)
                    for j in FACES]
    return tuple(out)


def _one_blue_cell(v: Turns) -> Bool:
    """At most one blue entry without polish per turn (they would cross one cell)."""
    return all_of(count([*(v.take[t][d][BLUE] & ~v.own_take[t][d][BLUE]
                           for d in range(model.DICE)),
                         *(v.extra[t][d][BLUE] & ~v.own_extra[t][d][BLUE]
                           for d in range(model.DICE))]).le(1)
                  for t in v.turns)


def earned(s: SheetVars, code: str) -> Int:
    """How many ``code`` bonuses the final sheet's areas earn."""
    return total(sheetvars.MODULES[a].earned(s.area(a)).get(code, const(0)) for a in AREAS)


@functools.cache
def most_earned(label: str, code: str, options: Options = DEFAULT) -> tuple[int, ...]:
    """For n = 0 .. the area's most entries: the most ``code`` bonuses area ``label`` earns with
    at most n entries (Z3: for each count k, the fewest entries earning k, proven by descent)."""
    s = sheetvars.fresh("most")
    module = sheetvars.MODULES[label]
    area = s.area(label)
    got = module.earned(area).get(code, const(0))
    entries = module.entries(area)
    solver = Solver(finite=label == "pink")
    solver.add(module.well_formed(area, options))
    top = _descend(solver, entries, entries.ge(0), -1)
    fewest: list[int] = []
    k = 1
    while True:
        need = _descend(solver, entries, got.ge(k), 1)
        if need is None:
            break
        fewest.append(need)
        k += 1
    assert top is not None
    return tuple(sum(1 for f in fewest if f <= n) for n in range(top + 1))


def _descend(solver: Solver, term: Int, condition: Bool, sign: int) -> int | None:
    """The least (``sign`` 1) or greatest (-1) ``term`` under ``condition`` (None: none)."""
    best: int | None = None
    while True:
        better = [] if best is None else [term.lt(best) if sign > 0 else term.gt(best)]
        if solver.check(condition, *better) != "sat":
            return best
        best = solver.model().int(term)


def _resource(s: SheetVars, code: str, fields: int | None, by_round: Sequence[int],
              options: Options, extra: Int | None = None, slack: int = 0) -> Resource:
    tables = tuple(most_earned(label, code, options) for label in AREAS)
    got = earned(s, code) + (extra if extra is not None else const(0))
    return Resource(code, tuple(by_round), got, tables, fields, slack)


def relaxation(options: Options = DEFAULT, rounds: int = ROUNDS[1]) -> FourEverTurns:
    """The Clever 4Ever turn model of a solo game of ``rounds`` rounds (module docstring)."""
    s = sheetvars.fresh("turns")
    v = model.fresh(rounds, len(AREAS))
    game = _Game(options)
    rerolls = earned(s, RR) + 1
    track_end = ite(rerolls.ge(TRACK_FIELDS[RR]), 1, 0)
    questions = tuple(
        _resource(s, q, None, (0,) * ROUNDS[1], options,
                  track_end if q == Q_P else None, 1 if q == Q_P else 0)
        for q in OWN_QUESTION)
    extra_die = _resource(s, XD, TRACK_FIELDS[XD], ROUND_GIVES[XD], options)
    polish = _resource(s, PS, TRACK_FIELDS[PS], ROUND_GIVES[PS], options)
    entries = tuple(sheetvars.area_entries(s, a) for a in AREAS)
    parts = (("AREA-RULES", sheetvars.well_formed(s, options)),) + model.parts(
        v, game, entries, needs(s), extra_die, polish, questions, BLACK_ROUND, _one_blue_cell)
    areas = tuple(sheetvars.area_score(s, a) for a in AREAS)
    fox_sources = tuple(sheetvars.area_foxes(s, a) for a in AREAS)
    return FourEverTurns(s, v, parts, sheetvars.sheet_total(s, options), areas, fox_sources)


__all__ = ["FourEverTurns", "Q_B", "Q_GN", "Q_GY", "Q_Y", "most_earned", "needs", "relaxation"]


def entries_of(sheet: object) -> tuple[int, ...]:
    """Each area's entries on an engine sheet (one per field, cross, part, triangle, or pink field
    the player wrote: an extra 3 is none, 4E-9), for :func:`spec.turns.trace.trace`."""
    y, b, g, gn, p = sheet.parts  # type: ignore[attr-defined]  # a Clever 4Ever sheet
    own, three = 0, False
    for n in p:
        own += not three
        three = not three and n == PINK_REPEAT
    return (sum(len(row) for row in y), bin(int(b)).count("1"), bin(int(g)).count("1"),
            len(gn[0]) + len(gn[1]), own)


#: The most foxes each area shows (yellow, blue, grey one per shade, green, pink).
MOST_FOXES_BY_AREA = (1, 1, 3, 1, 1)


#: How far below its table's lowest kept score an area's score may go in :func:`abstract` (a
#: bound for the bit-blasted solver: yellow, the one area that can score below 0, loses at most
#: the middle row's 30).
LOWEST_BELOW = 40


@attrs.frozen(eq=False)
class Abstract:
    """The turn model with each area as three numbers (:func:`abstract`): the turns, the parts,
    each area's entries, foxes and score, and the areas' sum (foxes apart: see
    :func:`spec.turns.prove.prove`)."""

    turns: Turns
    parts: tuple[tuple[str, Bool], ...]
    entries: tuple[Int, ...]
    foxes: tuple[Int, ...]
    areas: tuple[Int, ...]
    total: Int


def abstract(options: Options = DEFAULT, rounds: int = ROUNDS[1],
             tables: Sequence[Sequence[decompose.Option]] | None = None) -> Abstract:
    """The turn model with every area replaced by its entries e, foxes f and score s, bound by
    the area's proven table (:func:`spec.fourever.decompose.area_table`: some kept option has
    at most e entries, at least f foxes and at least score s, since every state's best is kept
    or beaten by a kept option), and with every bonus an area earns at most its most with e
    entries (:func:`most_earned`).  It forgets the numbers (``TURN-NUMBERS``), so it is a
    relaxation of :func:`relaxation` and small enough to prove."""
    v = model.fresh(rounds, len(AREAS), "abstract")
    tables = tables if tables is not None else [decompose.area_table(a, options) for a in AREAS]
    entries = tuple(total(v.entries_in(t, a) for t in v.turns) for a in range(len(AREAS)))
    foxes = tuple(int_var(f"abstract.foxes.{a}") for a in AREAS)
    areas = tuple(int_var(f"abstract.score.{a}") for a in AREAS)
    fit = all_of(
        any_of(entries[i].ge(o.entries) & foxes[i].le(o.foxes) & areas[i].le(o.score)
               for o in tables[i]) & foxes[i].between(0, MOST_FOXES_BY_AREA[i])
        & areas[i].ge(min(o.score for o in tables[i]) - LOWEST_BELOW)
        for i in range(len(AREAS)))

    def final(code: str) -> Int:
        return total(lookup(entries[i], most_earned(a, code, options))
                     for i, a in enumerate(AREAS))

    def resource(code: str, fields: int | None, by_round: Sequence[int], got: Int,
                 slack: int = 0) -> Resource:
        return Resource(code, tuple(by_round),
                        got, tuple(most_earned(a, code, options) for a in AREAS), fields, slack)

    rerolls = final(RR) + 1
    track_end = ite(rerolls.ge(TRACK_FIELDS[RR]), 1, 0)
    questions = tuple(resource(q, None, (0,) * ROUNDS[1],
                               final(q) + (track_end if q == Q_P else const(0)),
                               1 if q == Q_P else 0) for q in OWN_QUESTION)
    extra_die = resource(XD, TRACK_FIELDS[XD], ROUND_GIVES[XD], final(XD))
    polish = resource(PS, TRACK_FIELDS[PS], ROUND_GIVES[PS], final(PS))
    turn_parts = model.parts(v, _Game(options), (), (), extra_die, polish, questions,
                             BLACK_ROUND, _one_blue_cell)
    parts = (("AREA-TABLES", fit),) + turn_parts
    return Abstract(v, parts, entries, foxes, areas, total(areas))
