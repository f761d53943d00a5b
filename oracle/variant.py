"""What one Clever game gives the shared engine: a :class:`Variant`.

The engine (:mod:`oracle.engine`, :mod:`oracle.legal`, :mod:`oracle.turn`, ...) owns the Clever
turn once: dice, die fields and the silver platter, active picks, passive choices and their
fallback, extra dice, re-rolls, the question-mark queue, rounds and round bonuses, the end of
the game, foxes, scores, notation.  A game is a value of this class, built from its package:
its dice, its printed sheet (areas, each one module of the shape :class:`oracle.area.AreaRules`;
action tracks; round bonuses), its own action (:class:`oracle.action.OwnAction`), its rule
catalogue and ruleset options, its drawing and its independent checks.  The design follows
OpenSpiel: one framework, and a game is a description the framework is given.

A variant compares by identity (each game has exactly one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from oracle.action import OwnAction
from oracle.area import AreaRules, Problem
from oracle.game import Ruleset, RulesetOption
from oracle.kinds import AreaKind, Coded
from oracle.moves import Roll
from oracle.rulebook import Rule
from oracle.sheet import TRACK_COUNT, Sheet, count_foxes
from oracle.tracks import Track

__all__ = ["Variant"]

SheetT = TypeVar("SheetT", bound=Sheet)


@attrs.frozen(eq=False, repr=False)
class Variant:
    """One Clever game (see the module docstring).

    * ``name``, ``title``, ``min_players``, ``max_players``, ``rounds_by_players``: the game's
      name in records, its printed title, and its rounds by number of players;
    * ``dice``: the dice (a :class:`~oracle.kinds.Coded` enum, white first); ``partner[die]``
      the die whose face joins ``die``'s in an area that reads two dice (blue and white);
    * ``areas``: the areas in sheet order (an :class:`~oracle.kinds.AreaKind` enum whose values
      equal their dice's); ``areas_for(ruleset)[die]`` the areas each die may be entered in (its
      own; the white die, the colour joker, in others) and ``colour_problem`` the refusal of
      another area;
    * ``bonuses``: the printed bonuses (a ``Coded`` enum); ``question_areas[bonus]`` the areas a
      question mark may be used in (empty for a bonus that is not a question mark); ``fox`` the
      fox; ``renamed`` old spellings of codes and the codes that replace them;
    * ``tracks``: the action tracks in the engine's order (re-roll, extra die, the game's own
      action), ``track_order`` the order the sheet prints them; ``round_bonus`` every player's
      bonus at the start of each round; ``end_extra``: whether the game ends with a phase in
      which every player may still use extra dice (ruling 7; Clever 4Ever has none, 4E-12);
    * ``action``: the game's own action; ``roll``: the game's :class:`~oracle.moves.Roll` class;
      ``sheet``: the game's :class:`~oracle.sheet.Sheet` class, ``blank`` a sheet before play;
    * ``rules``, ``ruleset_options``, ``default_ruleset``, ``make_ruleset``: the rule catalogue
      and the ruleset; ``fox_value(lowest, ruleset)``: what a fox scores given the lowest area;
      ``solo_ratings``: (lowest total, level) highest first;
    * ``draw_text(sheet, notation, breakdown, title)``, ``draw_svg(sheet, breakdown, title)``:
      the drawing; ``sheet_problems(sheet, ruleset)``: what no reachable sheet shows, read
      independently of the engine (position notation refuses such a sheet);
      ``sheet_step_problems(before, after)``: what no step does to a sheet (un-crossing ...).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rounds_by_players: Mapping[int, int]
    dice: type[Coded]
    partner: tuple[int, ...]
    areas: tuple[AreaKind, ...]
    areas_for: Callable[[Any], tuple[tuple[AreaKind, ...], ...]]
    colour_problem: Callable[[int, Any, Any], Problem | None]
    bonuses: type[Coded]
    question_areas: Mapping[Any, tuple[AreaKind, ...]]
    fox: Coded
    renamed: Mapping[str, str]
    tracks: tuple[Track[Any], ...]
    track_order: tuple[int, ...]
    round_bonus: tuple[Any, ...]
    end_extra: bool
    action: OwnAction
    roll: type[Roll]
    sheet: type[Sheet]
    rules: tuple[Rule, ...]
    ruleset_options: tuple[RulesetOption, ...]
    default_ruleset: Ruleset
    make_ruleset: Callable[[Mapping[str, object], Any], Any]
    ruleset_type: type
    fox_value: Callable[[int, Any], int]
    solo_ratings: tuple[tuple[int, str], ...]
    draw_text: Callable[[Any, str, Any, str], str]
    draw_svg: Callable[[Any, Any, str], str]
    sheet_problems: Callable[[Any, Any], list[str]]
    sheet_step_problems: Callable[[Any, Any], list[str]]
    # --- derived tables (hot paths read these) -------------------------------------------------
    area_type: type[AreaKind] = attrs.field(init=False)
    rules_of: tuple[AreaRules, ...] = attrs.field(init=False)
    targets_of: tuple[Callable[..., tuple[int, ...]], ...] = attrs.field(init=False)
    reads_partner: tuple[bool, ...] = attrs.field(init=False)
    track_of: tuple[int, ...] = attrs.field(init=False)
    is_question: tuple[bool, ...] = attrs.field(init=False)
    blank: Sheet = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        assert len(self.tracks) == TRACK_COUNT
        assert tuple(a.value for a in self.areas) == tuple(range(1, len(self.areas) + 1))
        # rules_of / reads_partner are indexed by area value (index 0: no area, the white die)
        rules = tuple(a.rules for a in self.areas)
        set_ = object.__setattr__
        set_(self, "area_type", type(self.areas[0]))
        set_(self, "rules_of", (rules[0],) + rules)
        set_(self, "targets_of", tuple(r.targets for r in self.rules_of))
        set_(self, "reads_partner", (False,) + tuple(r.PARTNER for r in rules))
        track_of = [-1] * len(self.bonuses)
        for i, track in enumerate(self.tracks):
            track_of[track.action] = i
        set_(self, "track_of", tuple(track_of))
        set_(self, "is_question", tuple(bool(self.question_areas.get(b)) for b in self.bonuses))
        set_(self, "blank", self.sheet.make(tuple(r.EMPTY for r in rules), (0,) * TRACK_COUNT,
                                            (0,) * TRACK_COUNT, ()))

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    def award(self, sheet: SheetT, bonuses: tuple[Coded, ...]) -> SheetT:
        """The sheet after receiving ``bonuses`` at once (rulebook "Bonuses": "you immediately
        receive the bonus"): actions are circled left to right and a full track gains nothing
        more (ruling 20), a track's last circle brings its end bonus, question marks become
        pending (sorted); foxes need nothing (they are read off the sheet)."""
        if not bonuses:
            return sheet
        circled = list(sheet.circled)
        pending = list(sheet.pending)
        queue = list(bonuses)
        track_of, is_question, tracks = self.track_of, self.is_question, self.tracks
        while queue:
            bonus = queue.pop(0)
            track = track_of[bonus]
            if track >= 0:
                circled[track], end = tracks[track].circle(circled[track])
                queue.extend(end)
            elif is_question[bonus]:
                pending.append(bonus)
        if len(pending) > 1:
            pending.sort()
        return sheet.make(sheet.parts, tuple(circled), sheet.spent, tuple(pending))

    def foxes(self, sheet: Sheet) -> int:
        """The foxes a sheet shows: each area's, and a full track's end fox."""
        return count_foxes(sheet, self.areas, self.tracks, self.fox)

    def track_code(self, index: int) -> str:
        """The sheet-notation key of action track ``index`` (engine order)."""
        return self.tracks[index].code
