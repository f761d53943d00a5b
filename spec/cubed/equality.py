"""The encodings against the engine: for a sheet and an entry's context, the set of targets
Z3 finds legal (every model enumerated), the bonuses of each and the area score, side by side
with :mod:`oracle.cubed.areas`.  Each area's formula is built once; a state is checked under
push/pop."""

from __future__ import annotations

from collections import Counter

import attrs

from typing import Any, NamedTuple

from oracle.area import QUESTION_DIE
from oracle.cubed.dice import Die
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import Ruleset
from oracle.cubed.sheet import Bonus
from oracle.cubed.areas import Area
from spec.cubed.oracle_view import format_sheet
from oracle.dice import Place, Position
from spec.cubed import sheetvars
from spec.cubed.entry import Entry
from spec.logic import Solver, any_of, int_var


class Context(NamedTuple):
    """One entry as the encodings see it: the number entered (blue: the value written), where
    the die lies, how many other dice of its group show the number (turquoise), the ruleset."""

    number: int
    position: Position
    matches: int
    ruleset: Ruleset


@attrs.frozen
class _Dice:
    """The dice an area reads for an entry (faces, places) and the ruleset."""

    faces: tuple[int, ...]
    places: tuple[Place, ...]
    ruleset: Any


def _entry(area: Area, ctx: Context) -> tuple[int, int, int, _Dice]:
    """(number, partner, die, dice) of the engine's area API for a spec context: a question mark
    at the question position, else the area's own die; turquoise's matches as other dice of the
    group showing the number; blue's value as the die plus a partner showing 1."""
    if ctx.position is Position.QUESTION:
        return ctx.number, 0, QUESTION_DIE, _Dice((1,) * 6, (Place.CUP,) * 6, ctx.ruleset)
    group = Place.PLATTER if ctx.position is Position.PLATTER else Place.FIELD_I
    others = [d for d in range(6) if d != int(Die(area))][:ctx.matches]
    faces = tuple(ctx.number if d in others else 1 for d in range(6))
    places = tuple(group if d in others else Place.CUP for d in range(6))
    if area is Area.BLUE:
        return ctx.number - 1, 1, int(Die.BLUE), _Dice((1,) * 6, places, ctx.ruleset)
    return ctx.number, 0, int(Die(area)), _Dice(faces, places, ctx.ruleset)


@attrs.frozen
class Answer:
    """What one side says about an entry: the legal targets, each one's bonuses (sorted), and
    the area score before the entry."""

    targets: frozenset[int]
    bonuses: tuple[tuple[int, tuple[Bonus, ...]], ...]
    score: int


class AreaChecker:
    """Answers from Z3 for one area and ruleset; the formula is built once."""

    def __init__(self, area: Area, ruleset: Ruleset) -> None:
        self.area = area
        self.ruleset = ruleset
        self.state = sheetvars.fresh("s")
        self.entry = Entry.fresh("e")
        self.target = int_var("target")
        self.solver = Solver()
        self.solver.add(sheetvars.legal(self.state, area, self.target, self.entry, ruleset))
        self.bonus_terms = sheetvars.bonuses(self.state, area, self.target, self.entry)
        self.score_term = sheetvars.area_score(self.state, area)
        self.probe = Solver()

    def answers(self, sheet: PlayerSheet, contexts: tuple[Context, ...]) -> dict[Context, Answer]:
        """Z3's answer for every context: all models of (context, target) enumerated at once."""
        s = self.solver
        s.push()
        s.add(sheetvars.area_equals(self.state, self.area, sheet))
        s.add(any_of(
            self.entry.number.eq(c.number) & self.entry.position.eq(int(c.position))
            & self.entry.matches.eq(c.matches) for c in contexts
        ))
        by_key = {(c.number, int(c.position), c.matches): c for c in contexts}
        found: dict[Context, dict[int, tuple[Bonus, ...]]] = {c: {} for c in contexts}
        while s.check() == "sat":
            model = s.model()
            key = (model.int(self.entry.number), model.int(self.entry.position),
                   model.int(self.entry.matches))
            t = model.int(self.target)
            got = Counter({b: model.int(n) for b, n in self.bonus_terms.items()})
            found[by_key[key]][t] = tuple(sorted(got.elements()))
            s.add(~(self.entry.number.eq(key[0]) & self.entry.position.eq(key[1])
                    & self.entry.matches.eq(key[2]) & self.target.eq(t)))
        s.pop()
        score = self.score_only(sheet)
        return {c: Answer(frozenset(f), tuple(sorted(f.items())), score)
                for c, f in found.items()}

    def score_only(self, sheet: PlayerSheet) -> int:
        """Z3's area score of ``sheet``."""
        self.probe.push()
        self.probe.add(sheetvars.area_equals(self.state, self.area, sheet))
        self.probe.check()
        value = self.probe.model().int(self.score_term)
        self.probe.pop()
        return value


def engine_answer(area: Area, sheet: PlayerSheet, ctx: Context) -> Answer:
    """The engine's answer (:mod:`oracle.cubed.areas`)."""
    rules = area.rules
    part = sheet.parts[area - 1]
    number, partner, die, dice = _entry(area, ctx)
    position = int(ctx.position)
    targets = rules.targets(part, number, partner, position, die, dice)
    bonuses = tuple(sorted(
        (t, tuple(sorted(rules.enter(part, t, number, partner, position, die, dice)[1])))
        for t in targets
    ))
    return Answer(frozenset(targets), bonuses, rules.score(part))


def difference(area: Area, sheet: PlayerSheet, ctx: Context, ours: Answer,
               theirs: Answer) -> str:
    """A difference in words: the state in sheet notation, the context, both answers."""
    return (f"{area.label}: sheet {format_sheet(sheet)}; context number={ctx.number} "
            f"position={ctx.position.name} matches={ctx.matches} ruleset={ctx.ruleset}; "
            f"Z3 {sorted(ours.targets)} {ours.bonuses} score {ours.score}; engine "
            f"{sorted(theirs.targets)} {theirs.bonuses} score {theirs.score}")


def contexts(area: Area, ruleset: Ruleset, most_matches: int = 2) -> tuple[Context, ...]:
    """Every context of an entry in ``area``: each number it can take (blue: 2..12), each
    position (die fields, platter, question mark), and 0..``most_matches`` matching dice for
    turquoise (none for a question mark)."""
    numbers = range(2, 13) if area is Area.BLUE else range(1, 7)
    out = []
    for n in numbers:
        for p in Position:
            for m in range(most_matches + 1 if area is Area.TURQUOISE else 1):
                if p is Position.QUESTION and m:
                    continue
                out.append(Context(n, p, m, ruleset))
    return tuple(out)


def differences(checker: AreaChecker, sheet: PlayerSheet,
                chosen: tuple[Context, ...]) -> list[str]:
    """Every context of ``chosen`` where Z3 and the engine disagree, in words."""
    ours = checker.answers(sheet, chosen)
    out = []
    for ctx in chosen:
        theirs = engine_answer(checker.area, sheet, ctx)
        if ours[ctx] != theirs:
            out.append(difference(checker.area, sheet, ctx, ours[ctx], theirs))
    return out
