"""What one Clever game gives the shared engine: a :class:`Variant`.

The engine (:mod:`oracle.engine`, :mod:`oracle.engine.legal`, :mod:`oracle.engine.turn`, ...) owns the Clever
turn once: dice, die fields and the silver platter, active picks, passive choices and their
fallback, extra dice, re-rolls, the question-mark queue, rounds and round bonuses, the end of
the game, foxes, scores, notation.  A game is a value of this class, built from its package:
its dice, its printed sheet (areas, each one module of the shape :class:`oracle.engine.area.AreaRules`;
action tracks; round bonuses), its own action (:class:`oracle.engine.action.OwnAction`), its rule
catalogue and ruleset options, its drawing and its independent checks.  The design follows
OpenSpiel: one framework, and a game is a description the framework is given.

:meth:`Variant.of` is generic in the game's sheet class, ruleset class and score breakdown: mypy
checks that a game's drawing, checks, own action and options all read the same ones.  A variant
holds them erased to the shared types (:class:`~oracle.engine.sheet.Sheet`,
:class:`~oracle.engine.rulesets.RulesetBase`, :class:`~oracle.engine.game.Score`, ``object`` for a state),
as :data:`oracle.engine.kinds.SomeArea` holds an area: the engine hands a game only its own values
(``CleverGame`` checks a state's, a sheet's and a ruleset's game where each enters).

A variant compares by identity (each game has exactly one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Protocol, TypeVar, cast

import attrs

from oracle.engine.action import OwnAction
from oracle.engine.area import EntryState, Problem
from oracle.engine.family import MAX_PLAYERS, MIN_PLAYERS, ROUNDS_BY_PLAYERS, SOLO_THRESHOLDS
from oracle.engine.game import RulesetOption, Score
from oracle.engine.kinds import AreaKind, Coded, SomeArea
from oracle.engine.moves import Move, Roll
from oracle.engine.rulebook import Rule
from oracle.engine.rulesets import RulesetBase, make_ruleset
from oracle.engine.sheet import TRACK_COUNT, Sheet, count_foxes
from oracle.engine.tracks import Track

__all__ = ["Variant"]

SheetT = TypeVar("SheetT", bound=Sheet)
#: A game's ruleset class, its score breakdown class and its state class (:meth:`Variant.of`).
RulesetT = TypeVar("RulesetT", bound=RulesetBase)
BreakdownT = TypeVar("BreakdownT", bound=Score)
StateT = TypeVar("StateT")
#: The same, as a game's module reads them (the protocols below).
SheetT_contra = TypeVar("SheetT_contra", bound=Sheet, contravariant=True)
RulesetT_co = TypeVar("RulesetT_co", covariant=True)
RulesetT_contra = TypeVar("RulesetT_contra", contravariant=True)
BreakdownT_contra = TypeVar("BreakdownT_contra", contravariant=True)

#: What white_limit answers: the area the white die may not enter, and the refusal.
Limit = tuple[AreaKind, Problem] | None


class PrintedSheet(Protocol):
    """A game's ``sheet`` module, as :meth:`Variant.of` reads it."""

    @property
    def Bonus(self) -> type[Coded]: ...  # noqa: N802 - a module's class

    @property
    def TRACKS(self) -> Sequence[Track[Coded]]: ...  # noqa: N802 - a module constant

    @property
    def ROUND_BONUS(self) -> tuple[Coded | None, ...]: ...  # noqa: N802

    @property
    def SOLO_TITLES(self) -> tuple[str, ...]: ...  # noqa: N802


class GameDice(Protocol):
    """A game's ``dice`` module: its dice and its roll."""

    @property
    def Die(self) -> type[Coded]: ...  # noqa: N802

    @property
    def Roll(self) -> type[Roll]: ...  # noqa: N802


class Catalogue(Protocol):
    """A game's ``rules`` module."""

    @property
    def RULES(self) -> tuple[Rule, ...]: ...  # noqa: N802


class Rulings(Protocol[RulesetT_co]):
    """A game's ``ruleset`` module (of its ruleset class)."""

    @property
    def DEFAULT_RULESET(self) -> RulesetT_co: ...  # noqa: N802


class Drawing(Protocol[SheetT_contra, BreakdownT_contra]):
    """A game's ``render`` module (of its sheet class and score breakdown)."""

    def sheet_text(self, sheet: SheetT_contra, notation: str, breakdown: BreakdownT_contra,
                   title: str = "") -> str: ...

    def sheet_svg(self, sheet: SheetT_contra, breakdown: BreakdownT_contra,
                  title: str = "") -> str: ...


class Checks(Protocol[SheetT_contra, RulesetT_contra]):
    """A game's ``invariants`` module: the independent reading of a sheet (of its sheet class,
    under its ruleset class)."""

    def sheet_problems(self, sheet: SheetT_contra, ruleset: RulesetT_contra = ...) -> list[str]:
        ...

    def step_problems(self, before: SheetT_contra, after: SheetT_contra) -> list[str]: ...


@attrs.frozen(eq=False, repr=False)
class Variant:
    """One Clever game (see the module docstring).

    * ``name``, ``title``: the game's name in records, its printed title;
    * ``dice``: the dice (a :class:`~oracle.engine.kinds.Coded` enum, white first: the colour joker);
    * ``areas``: the areas (an :class:`~oracle.engine.kinds.AreaKind` enum in sheet order, values equal
      to their dice's); the die of the area that reads two dice (blue) is the white die's
      partner;
    * ``bonuses``: the printed bonuses (a ``Coded`` enum) with their names as the engine reads
      them: ``FOX``, ``QUESTION_<AREA>`` for an area's question mark, ``QUESTION_BLACK`` for the
      one used in any area; ``renamed``: old spellings of codes and the codes replacing them;
      ``renumbered``: the areas whose targets move notation 1 counted from 0 (by label, with
      their count); ``old_meaning(move, ruleset, state)``: a move read from a text of notation
      1 as the move it meant then in ``state`` (the position before it; None for a move whose
      meaning needs one and was given none), for a game whose notation changed a meaning
      (:func:`oracle.formats.notation.read_move`);
    * ``tracks``: the action tracks in the engine's order (re-roll, extra die, the game's own
      action; :mod:`oracle.engine.sheet`), ``track_order`` the order the sheet prints them;
      ``round_bonus``: every player's bonus at the start of each round; ``end_extra``: whether
      the game ends with a phase in which every player may still use extra dice (ruling 7;
      Clever 4Ever has none, 4E-12);
    * ``action``: the game's own action; ``roll``: the game's :class:`~oracle.engine.moves.Roll` class;
      ``sheet``: the game's :class:`~oracle.engine.sheet.Sheet` class;
    * ``rules``: the rule catalogue; ``default_ruleset``: our rulings (a
      :class:`~oracle.engine.rulesets.RulesetBase`, its class lists the options);
    * ``white_limit(ruleset)``: an area the white die may not enter under ``ruleset`` and the
      refusal naming the option, or None (the white die goes in every area);
      ``fox_floor(ruleset)``: True when a negative lowest area scores its foxes 0;
    * ``solo_titles``: the solo level titles, one per :data:`oracle.engine.family.SOLO_THRESHOLDS`;
    * ``draw_text(sheet, notation, breakdown, title)``, ``draw_svg(sheet, breakdown, title)``:
      the drawing; ``sheet_problems(sheet, ruleset)``: what no reachable sheet shows, read
      independently of the engine (position notation refuses such a sheet);
      ``sheet_step_problems(before, after)``: what no step does to a sheet (un-crossing ...);
    * ``readings(*areas)``: a sheet's areas as one typed value, given each area's ``reading``
      in sheet order (the game's ``SheetAreas``; a plain tuple by default);
      ``state_json(state)``: a state as JSON data (:func:`oracle.formats.model.state.state_to_json`,
      which sits above the state: the game's package hands it over, for ``state.to_json()``).

    The game's functions are held with its sheet, ruleset, score breakdown and state classes
    erased (see the module docstring); ``rules_of`` holds the areas as
    :data:`oracle.engine.kinds.SomeArea`.
    """

    name: str
    title: str
    dice: type[Coded]
    areas: tuple[AreaKind, ...] = attrs.field(converter=tuple)
    bonuses: type[Coded]
    tracks: tuple[Track[Coded], ...]
    round_bonus: tuple[Coded | None, ...]
    end_extra: bool
    action: OwnAction[RulesetBase]
    roll: type[Roll]
    sheet: type[Sheet]
    rules: tuple[Rule, ...]
    default_ruleset: RulesetBase
    solo_titles: tuple[str, ...]
    draw_text: Callable[[Sheet, str, Score, str], str]
    draw_svg: Callable[[Sheet, Score, str], str]
    sheet_problems: Callable[[Sheet, RulesetBase], list[str]]
    sheet_step_problems: Callable[[Sheet, Sheet], list[str]]
    track_order: tuple[int, ...] = (0, 1, 2)
    renamed: Mapping[str, str] = MappingProxyType({})
    renumbered: Mapping[str, int] = MappingProxyType({})
    old_meaning: Callable[[Move, RulesetBase, EntryState[RulesetBase] | None],
                          Move | None] | None = None
    white_limit: Callable[[RulesetBase], Limit] | None = None
    fox_floor: Callable[[RulesetBase], bool] | None = None
    readings: Callable[..., object] = lambda *areas: areas
    state_json: Callable[[object], dict[str, object]] | None = None
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    rounds_by_players: Mapping[int, int] = ROUNDS_BY_PLAYERS
    # --- derived tables (hot paths read these) -------------------------------------------------
    area_type: type[AreaKind] = attrs.field(init=False)
    rules_of: tuple[SomeArea, ...] = attrs.field(init=False)
    targets_of: tuple[Callable[[object, int, int, int, int, EntryState[object]],
                               tuple[int, ...]], ...] = attrs.field(init=False)
    reads_partner: tuple[bool, ...] = attrs.field(init=False)
    partner: tuple[int, ...] = attrs.field(init=False)
    track_of: tuple[int, ...] = attrs.field(init=False)
    question_areas: Mapping[Coded, tuple[AreaKind, ...]] = attrs.field(init=False)
    is_question: tuple[bool, ...] = attrs.field(init=False)
    fox: Coded = attrs.field(init=False)
    ruleset_type: type[RulesetBase] = attrs.field(init=False)
    ruleset_options: tuple[RulesetOption, ...] = attrs.field(init=False)
    solo_ratings: tuple[tuple[int, str], ...] = attrs.field(init=False)
    blank: Sheet = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        assert len(self.tracks) == TRACK_COUNT
        assert tuple(a.value for a in self.areas) == tuple(range(1, len(self.areas) + 1))
        assert len(self.solo_titles) == len(SOLO_THRESHOLDS)
        # rules_of / reads_partner are indexed by area value (index 0: no area, the white die)
        rules = tuple(a.rules for a in self.areas)
        set_ = object.__setattr__
        set_(self, "area_type", type(self.areas[0]))
        set_(self, "rules_of", (rules[0],) + rules)
        set_(self, "targets_of", tuple(r.targets for r in self.rules_of))
        set_(self, "reads_partner", (False,) + tuple(r.PARTNER for r in rules))
        pair = next((a.value for a in self.areas if a.rules.PARTNER), 0)
        set_(self, "partner", tuple(0 if d == pair else pair for d in range(len(self.dice))))
        track_of = [-1] * len(self.bonuses)
        for i, track in enumerate(self.tracks):
            track_of[track.action] = i
        set_(self, "track_of", tuple(track_of))
        by_name = {a.name: (a,) for a in self.areas}
        questions = {b: by_name.get(b.name.removeprefix("QUESTION_"), self.areas)
                     for b in self.bonuses if b.name.startswith("QUESTION_")}
        assert all(b.name == "QUESTION_BLACK" or len(q) == 1 for b, q in questions.items())
        set_(self, "question_areas", MappingProxyType(questions))
        set_(self, "is_question", tuple(b in questions for b in self.bonuses))
        set_(self, "fox", self.bonuses["FOX"])
        set_(self, "ruleset_type", type(self.default_ruleset))
        set_(self, "ruleset_options", self.default_ruleset.OPTIONS)
        set_(self, "solo_ratings", tuple(zip(SOLO_THRESHOLDS, self.solo_titles)))
        set_(self, "blank", self.sheet.make(tuple(r.EMPTY for r in rules), (0,) * TRACK_COUNT,
                                            (0,) * TRACK_COUNT, ()))

    @classmethod
    def of(
        cls,
        name: str,
        title: str,
        *,
        sheet: PrintedSheet,
        dice: GameDice,
        areas: type[AreaKind],
        action: OwnAction[RulesetT],
        rules: Catalogue,
        ruleset: Rulings[RulesetT],
        drawing: Drawing[SheetT, BreakdownT],
        checks: Checks[SheetT, RulesetT],
        sheet_class: type[SheetT],
        end_extra: bool = True,
        white_limit: Callable[[RulesetT], Limit] | None = None,
        fox_floor: Callable[[RulesetT], bool] | None = None,
        readings: Callable[..., object] = lambda *areas: areas,
        state_json: Callable[[StateT], dict[str, object]] | None = None,
        old_meaning: Callable[[Move, RulesetT, EntryState[RulesetT] | None],
                              Move | None] | None = None,
    ) -> Variant:
        """A game from the modules of its package, each read by the names it has in every game
        (CONTRIBUTING.md, "How to add a game"): ``sheet`` (``Bonus``, ``TRACKS`` as printed,
        ``ROUND_BONUS``, ``SOLO_TITLES``, ``RENAMED`` if codes were renamed and
        ``RENUMBERED`` if targets were renumbered), ``dice``
        (``Die``, ``Roll``), ``rules`` (``RULES``), ``ruleset`` (``DEFAULT_RULESET``),
        ``drawing`` (``sheet_text``, ``sheet_svg``) and ``checks`` (``sheet_problems``,
        ``step_problems``); the rest is what the game says beyond its sheet (``readings``: the
        class of a sheet's areas as typed values; ``state_json``: the JSON model's writer).
        mypy checks that they agree on the game's sheet class, ruleset class and score
        breakdown; the variant holds them erased (the casts below: the same objects, no
        wrapper)."""
        printed = tuple(sheet.TRACKS)
        bonus = sheet.Bonus
        engine = sorted(printed, key=lambda t: (t.action is not bonus["REROLL"],
                                                t.action is not bonus["EXTRA_DIE"]))
        return cls(
            name=name, title=title, dice=dice.Die, areas=tuple(areas), bonuses=bonus,
            tracks=tuple(engine), track_order=tuple(engine.index(t) for t in printed),
            round_bonus=sheet.ROUND_BONUS, end_extra=end_extra,
            action=cast("OwnAction[RulesetBase]", action), roll=dice.Roll,
            sheet=sheet_class, rules=rules.RULES, default_ruleset=ruleset.DEFAULT_RULESET,
            solo_titles=sheet.SOLO_TITLES,
            draw_text=cast("Callable[[Sheet, str, Score, str], str]", drawing.sheet_text),
            draw_svg=cast("Callable[[Sheet, Score, str], str]", drawing.sheet_svg),
            sheet_problems=cast("Callable[[Sheet, RulesetBase], list[str]]",
                                checks.sheet_problems),
            sheet_step_problems=cast("Callable[[Sheet, Sheet], list[str]]",
                                     checks.step_problems),
            renamed=getattr(sheet, "RENAMED", MappingProxyType({})),
            white_limit=cast("Callable[[RulesetBase], Limit] | None", white_limit),
            fox_floor=cast("Callable[[RulesetBase], bool] | None", fox_floor),
            readings=readings,
            state_json=cast("Callable[[object], dict[str, object]] | None", state_json),
            renumbered=getattr(sheet, "RENUMBERED", MappingProxyType({})),
            old_meaning=cast("Callable[[Move, RulesetBase, EntryState[RulesetBase] | None], "
                             "Move | None] | None", old_meaning),
        )

    def make_ruleset(self, options: Mapping[str, object],
                     base: RulesetBase | None = None) -> RulesetBase:
        """``base`` (by default our rulings) with ``options`` set (:mod:`oracle.engine.rulesets`)."""
        return make_ruleset(self.default_ruleset if base is None else base, options, self.title)

    def areas_for(self, ruleset: RulesetBase) -> tuple[tuple[AreaKind, ...], ...]:
        """The areas each die may be entered in (by die): its own colour; the white die, the
        colour joker, any (rulebook "The White Die") but the one ``white_limit`` names."""
        limit = self.white_limit(ruleset) if self.white_limit is not None else None
        return _areas_for(self, None if limit is None else limit[0])

    def colour_problem(self, die: int, area: AreaKind, ruleset: RulesetBase) -> Problem | None:
        """WHITE-JOKER (a coloured die goes in its own area), or the game's refusal of an area
        the white die may not enter under ``ruleset``."""
        if die == 0:
            limit = self.white_limit(ruleset) if self.white_limit is not None else None
            return limit[1] if limit is not None and area == limit[0] else None
        if die == area:
            return None
        name = self.dice(die).name.lower()
        return "WHITE-JOKER", (
            f"the {name} die goes in the {name} area; only the white die is a colour joker"
        )

    def fox_value(self, lowest: int, ruleset: RulesetBase) -> int:
        """What a fox scores: the lowest area (ruling 21), or 0 for a negative one where the
        game's option says so (4E-10)."""
        if self.fox_floor is not None and self.fox_floor(ruleset):
            return max(0, lowest)
        return lowest

    def question_area(self, bonus: Coded) -> AreaKind | None:
        """The area of a coloured question mark; None for the black one (any area) and for a
        bonus that is no question mark."""
        areas = self.question_areas.get(bonus, ())
        return areas[0] if len(areas) == 1 else None

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


@cache
def _areas_for(variant: Variant, barred: AreaKind | None) -> tuple[tuple[AreaKind, ...], ...]:
    white = tuple(a for a in variant.areas if a != barred)
    return (white,) + tuple((a,) for a in variant.areas)
