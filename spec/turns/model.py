"""A solo game as turns: the part of the turn bound both games share (issue 29; docs/turns.md).

A solo game has ``rounds`` rounds, each an active turn and a passive turn (docs/rulings.md,
ruling 9; 4E rulings: Clever 4Ever keeps the turn).  Turn ``t`` is round ``t // 2 + 1``, active
when ``t`` is even.  The model gives every entry a turn, a die and that die's face in the turn:

- ``face[t][d]``: die ``d``'s face at the end of turn ``t`` (1 to 6).  A die entered in turn
  ``t`` shows it: an active pick stays on its die field, an extra die is used as it lies
  (ruling 6), a passive pick is one die of the solo roll (ruling 9).  Faces are otherwise free:
  any roll may come.
- ``take[t][d][a]``: die ``d`` chosen in turn ``t`` and entered in area ``a``; ``extra[t][d][a]``:
  die ``d`` used as an extra die in turn ``t`` (the game's end-of-game extra dice belong to the
  last turn, ruling 7).  A die goes to its own area or, as the colour joker, the white die to
  any (``Game.white_areas``).
- ``own_take``/``own_extra``: the game's own action changes that entry's number (a number joker,
  ruling 12; polish the silver, 4E-1), so its number is free.
- ``questions[t][a]``, ``black[t][a]``: the area's own question marks and the black ones used in
  turn ``t`` (a question mark is used at once, in the turn it is earned, ruling 18).

Its named parts (each holds for every real solo game, ``tests/spec/turns``):

- ``TURN-FACES``: every face 1 to 6.
- ``TURN-DICE``: a die goes only where its colour (or the white die's joker) lets it.
- ``TURN-PICKS``: an active turn chooses at most 3 dice, a passive turn 1; a die is chosen at
  most once in a turn (a chosen die stays on its die field) and used at most once as an extra
  die in a turn (ruling 6).
- ``TURN-OWN-ACTION``: the game's own action only on an entry made, only where the game lets it
  (``Game.own_action_on_active``), and no more uses up to a turn than circled by then.
- ``TURN-EXTRA-DIE``: no more extra dice up to a turn than the extra-die fields circled by then.
- ``TURN-QUESTIONS``: no more question marks of a kind up to a turn than received by then; the
  black one only in the turn it is given (the round bonus, rulings 8, 4E-3), or, where the areas
  earn black ones too (Clever Cubed's pink field 12), no more up to a turn than received by then.
- ``TURN-ENTRIES``: every area's state needs its fewest entries from the entries made in it.
- ``TURN-NUMBERS``: every number the final sheet needs comes from an entry whose die showed it
  in its turn, or from an entry whose number is free (a question mark, the game's action)
  (``Game.numbers``).
- ``TURN-BONUSES-IN-TIME``: what is received up to a turn: the round bonuses of the rounds begun,
  and what the areas earn, at most each area's most of that bonus with the entries made in it
  by then (``Game.most_earned``) and at most what the final sheet earns.

The final sheet is the game's sheet variables (its area encodings) and its total the game's
total; so the model's best total is an upper bound on every solo game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from spec.turns.trace import Trace
from spec.logic import (Bool, Int, all_of, any_of, bool_var, const, count, int_var, ite, lookup,
                        total)

#: Dice per game: the white die and one per area.
DICE = 6
#: Faces of a die.
FACES = range(1, 7)
#: The most dice an active turn chooses (three rolls), a passive turn (one die).
ACTIVE_PICKS, PASSIVE_PICKS = 3, 1
#: More question marks of one kind than either sheet prints (a bound for the solver's sake: the
#: integers stay small, so the formula can be bit-blasted).
MOST_QUESTIONS = 12


def round_of(turn: int) -> int:
    """The round (1-based) of ``turn`` (0-based)."""
    return turn // 2 + 1


def is_active(turn: int) -> bool:
    """The active turn of its round (ruling 9: the active turn, then the passive one)."""
    return turn % 2 == 0


@attrs.frozen
class Need:
    """``needed`` numbers of area ``area`` (an index) come from entries whose number (the face of
    the die ``reader`` names, -1: the entered die's own) is in ``numbers``, or from entries whose
    number is free."""

    area: int
    needed: Int
    numbers: frozenset[int]
    reader: int = -1


@attrs.frozen
class Resource:
    """One thing the turns spend: ``name`` (the bonus code), what the round bonuses give at the
    start of each round (``by_round[r - 1]``), ``earned(final)`` what the final sheet's areas
    earn, ``tables[a][n]`` the most of it area ``a`` earns with ``n`` entries, and the track's
    fields (None: no track, a question mark); ``slack`` more may come from a track's end at any
    time (``earned`` counts it)."""

    name: str
    by_round: tuple[int, ...]
    earned: Int
    tables: tuple[tuple[int, ...], ...]
    fields: int | None
    #: Received besides the areas' bonuses at any time (a track's end bonus), at most.
    slack: int = 0


class Game(Protocol):
    """What a game gives the turn model."""

    @property
    def areas(self) -> tuple[str, ...]:
        """The area labels in sheet order (area ``a`` has die ``a + 1``)."""

    def white_areas(self) -> frozenset[int]:
        """The areas the white die may enter."""

    def own_action_on_active(self) -> frozenset[int]:
        """The areas in which the game's own action may change an active pick's number."""


@attrs.frozen
class Turns:
    """The turn model's variables (see the module docstring)."""

    rounds: int
    face: tuple[tuple[Int, ...], ...]
    take: tuple[tuple[tuple[Bool, ...], ...], ...]
    extra: tuple[tuple[tuple[Bool, ...], ...], ...]
    own_take: tuple[tuple[tuple[Bool, ...], ...], ...]
    own_extra: tuple[tuple[tuple[Bool, ...], ...], ...]
    questions: tuple[tuple[Int, ...], ...]
    black: tuple[tuple[Int, ...], ...]

    @property
    def turns(self) -> range:
        """Every turn, 0-based."""
        return range(2 * self.rounds)

    def dice_in(self, t: int, a: int) -> Int:
        """Dice entered in area ``a`` in turn ``t`` (chosen or extra)."""
        return count(self.take[t][d][a] for d in range(DICE)) + count(
            self.extra[t][d][a] for d in range(DICE))

    def entries_in(self, t: int, a: int) -> Int:
        """Entries made in area ``a`` in turn ``t``."""
        return self.dice_in(t, a) + self.questions[t][a] + self.black[t][a]

    def entries_upto(self, t: int, a: int) -> Int:
        """Entries made in area ``a`` in turns 0..``t``."""
        return total(self.entries_in(u, a) for u in range(t + 1))

    def free_in(self, a: int) -> Int:
        """Entries in area ``a`` whose number is free: question marks and own-action uses."""
        return total(self.questions[t][a] + self.black[t][a]
                     + count(self.own_take[t][d][a] for d in range(DICE))
                     + count(self.own_extra[t][d][a] for d in range(DICE))
                     for t in self.turns)

    def own_uses_in(self, t: int) -> Int:
        """Own-action uses in turn ``t``."""
        return count(x for table in (self.own_take[t], self.own_extra[t])
                     for row in table for x in row)

    def extras_in(self, t: int) -> Int:
        """Extra dice used in turn ``t``."""
        return count(x for row in self.extra[t] for x in row)


def fresh(rounds: int, areas: int, prefix: str = "turn") -> Turns:
    """Free variables for a solo game of ``rounds`` rounds with ``areas`` areas."""
    t_range = range(2 * rounds)

    def bools(name: str) -> tuple[tuple[tuple[Bool, ...], ...], ...]:
        return tuple(tuple(tuple(bool_var(f"{prefix}.{name}.{t}.{d}.{a}") for a in range(areas))
                           for d in range(DICE)) for t in t_range)

    def ints(name: str) -> tuple[tuple[Int, ...], ...]:
        return tuple(tuple(int_var(f"{prefix}.{name}.{t}.{a}") for a in range(areas))
                     for t in t_range)

    face = tuple(tuple(int_var(f"{prefix}.face.{t}.{d}") for d in range(DICE)) for t in t_range)
    return Turns(rounds, face, bools("take"), bools("extra"), bools("own_take"),
                 bools("own_extra"), ints("question"), ints("black"))


def _available(v: Turns, r: Resource, t: int, areas: int) -> Int:
    """What of ``r`` is received by the end of turn ``t``: the round bonuses of the rounds begun,
    and what the areas earn, at most their most with the entries made by then and at most what
    the final sheet earns (a track: at most its fields)."""
    given = sum(r.by_round[:round_of(t)])
    earned = total(lookup(v.entries_upto(t, a), r.tables[a]) for a in range(areas)) + r.slack
    got = const(given) + _at_most(earned, r.earned)
    return got if r.fields is None else _at_most(got, const(r.fields))


def _at_most(a: Int, b: Int) -> Int:
    return ite(a.le(b), a, b)


def parts(v: Turns, game: Game, area_entries: Sequence[Int], needs: Sequence[Need],
          extra_die: Resource, own_action: Resource, questions: Sequence[Resource],
          black_round: int, extra: Callable[[Turns], Bool] | None = None,
          black_earned: Resource | None = None) -> tuple[tuple[str, Bool], ...]:
    """The named parts of the turn model (module docstring) for a game whose areas need
    ``area_entries`` entries and ``needs`` numbers; ``questions[a]`` is area ``a``'s own question
    mark; the black question mark is given at the start of round ``black_round``; ``extra``:
    the game's own parts (named ``TURN-GAME``); ``black_earned``: black question marks the areas
    earn too (Clever Cubed's pink field 12), spent as received (None: the round's one only)."""
    areas = len(game.areas)
    cells = [(t, d, a) for t in v.turns for d in range(DICE) for a in range(areas)]
    out: list[tuple[str, Bool]] = []
    out.append(("TURN-FACES", all_of(f.between(1, 6) for row in v.face for f in row)))
    white = game.white_areas()
    out.append(("TURN-DICE", all_of(
        ~v.take[t][d][a] & ~v.extra[t][d][a] for t, d, a in cells
        if not (d == a + 1 or (d == 0 and a in white)))))
    picks: list[Bool] = []
    for t in v.turns:
        most = ACTIVE_PICKS if is_active(t) else PASSIVE_PICKS
        picks.append(count(x for row in v.take[t] for x in row).le(most))
        for d in range(DICE):
            picks.append(count(v.take[t][d]).le(1) & count(v.extra[t][d]).le(1))
    out.append(("TURN-PICKS", all_of(picks)))
    own: list[Bool] = [v.own_take[t][d][a].implies(v.take[t][d][a])
                       & v.own_extra[t][d][a].implies(v.extra[t][d][a]) for t, d, a in cells]
    on_active = game.own_action_on_active()
    own += [~v.own_take[t][d][a] for t, d, a in cells if is_active(t) and a not in on_active]
    own += [total(v.own_uses_in(u) for u in range(t + 1)).le(_available(v, own_action, t, areas))
            for t in v.turns]
    out.append(("TURN-OWN-ACTION", all_of(own)))
    out.append(("TURN-EXTRA-DIE", all_of(
        total(v.extras_in(u) for u in range(t + 1)).le(_available(v, extra_die, t, areas))
        for t in v.turns)))
    asked: list[Bool] = [q.between(0, MOST_QUESTIONS) for row in v.questions for q in row]
    black_turn = 2 * (black_round - 1)
    if black_earned is None:
        asked += [b.between(0, 1) for row in v.black for b in row]
        asked += [b.eq(0) for t in v.turns if t != black_turn for b in v.black[t]]
        asked.append(total(v.black[black_turn]).le(1))
    else:
        asked += [b.between(0, MOST_QUESTIONS) for row in v.black for b in row]
        asked += [total(b for u in range(t + 1) for b in v.black[u]).le(
            _available(v, black_earned, t, areas) + (1 if t >= black_turn else 0))
            for t in v.turns]
    for a, r in enumerate(questions):
        asked += [total(v.questions[u][a] for u in range(t + 1)).le(_available(v, r, t, areas))
                  for t in v.turns]
    out.append(("TURN-QUESTIONS", all_of(asked)))
    out.append(("TURN-ENTRIES", all_of(
        n.le(total(v.entries_in(t, a) for t in v.turns)) for a, n in enumerate(area_entries))))
    numbers: list[Bool] = []
    for need in needs:
        supply = total(_matching(v, t, d, need) for t in v.turns for d in range(DICE))
        numbers.append(need.needed.le(supply + v.free_in(need.area)))
    out.append(("TURN-NUMBERS", all_of(numbers)))
    if extra is not None:
        out.append(("TURN-GAME", extra(v)))
    return tuple(out)


def _matching(v: Turns, t: int, d: int, need: Need) -> Int:
    """1 for each plain entry of die ``d`` in turn ``t`` into the need's area whose number (the
    face the need reads) is one of the need's numbers."""
    reader = d if need.reader < 0 else need.reader
    face = v.face[t][reader]
    hit = _in(face, need.numbers)
    a = need.area
    return ((v.take[t][d][a] & ~v.own_take[t][d][a] & hit).as_int()
            + (v.extra[t][d][a] & ~v.own_extra[t][d][a] & hit).as_int())


def _in(face: Int, numbers: frozenset[int]) -> Bool:
    """``face`` is one of ``numbers`` (a face is 1 to 6)."""
    if numbers >= frozenset(FACES):
        return face.ge(1)
    low, high = min(numbers), max(numbers)
    if numbers == frozenset(range(low, high + 1)):
        return face.between(low, high)
    return any_of(face.eq(n) for n in sorted(numbers))


def fixed(v: Turns, trace: Trace, areas: int) -> Bool:
    """The turn variables take a real game's turns (:mod:`spec.turns.trace`): each die entry's
    face, every choice, extra die and own-action use exactly as played, and each turn's question
    marks per area (its own kind or the black one)."""
    taken = {(e.turn, e.die, e.area): e for e in trace.dice if not e.extra}
    extras = {(e.turn, e.die, e.area): e for e in trace.dice if e.extra}
    out: list[Bool] = [v.face[e.turn][e.die].eq(e.face) for e in trace.dice]
    for t in v.turns:
        for d in range(DICE):
            for a in range(areas):
                took, used = taken.get((t, d, a)), extras.get((t, d, a))
                out.append(v.take[t][d][a] if took else ~v.take[t][d][a])
                out.append(v.extra[t][d][a] if used else ~v.extra[t][d][a])
                out.append(v.own_take[t][d][a] if took and took.own else ~v.own_take[t][d][a])
                out.append(v.own_extra[t][d][a] if used and used.own else ~v.own_extra[t][d][a])
    asked = {(t, a): n for t, a, n in trace.questions}
    out += [(v.questions[t][a] + v.black[t][a]).eq(asked.get((t, a), 0))
            for t in v.turns for a in range(areas)]
    return all_of(out)
