"""The grammar of position notation, once for every Clever game: one line for a whole game in
progress, like FEN.

Every Clever game's state has the same turn fields (docs/rulings.md, rulings 1-9), so one
grammar serves all; a game supplies its name, dice codes, sheet notation, ruleset options and
state constructor as a :class:`PositionNotation`.  Grammar (fields in this order, separated by
one space; every field always present; then, after `` ; ``, each player's sheet in the game's
sheet notation, in seat order)::

    GAME                            the game's name, e.g. clever-cubed
    round=R                         the round, 1..rounds
    active=pN                       the active player of the turn
    phase=PHASE                     roll | choose | active-extra | solo-roll | passive-choose |
                                    passive-extra | end-extra | over
    seat=pN                         whose part of the turn it is (passive / end-phase player)
    to=WHO                          who is to move: pN, dice (a roll is due) or nobody (over)
    rolls=N                         how many of the active player's three rolls are used, 0..3
    dice=D,D,D,D,D,D                each die in die order as CODE FACE:PLACE, e.g. W3:platter;
                                    FACE is 1..6 or - (not rolled yet); PLACE is cup, I, II,
                                    III or platter
    extras=X,...                    per player, the dice taken as extra dice this turn
                                    (ruling 6), joined by +, or - for none, e.g. -,W+P
    ruleset=OPTIONS                 default, or the options that differ from our rulings as
                                    NAME:VALUE joined by +, e.g. blue_seven_after_seven:true

Pending question marks are in each sheet's ``q=`` field.  ``parse(format(s)) == s`` for every
reachable state; a text that is not canonical, or that describes a state in which nobody has a
decision, is refused with a :class:`~oracle.errors.NotationError` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar

import attrs

from oracle.dice import DICE_COUNT, PLACE_LABELS, Place
from oracle.errors import NotationError, OracleError
from oracle.game import CHANCE, NOBODY, Ruleset, RulesetOption
from oracle.phase import Phase

KEYS: tuple[str, ...] = (
    "round", "active", "phase", "seat", "to", "rolls", "dice", "extras", "ruleset"
)
PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower().replace("_", "-") for p in Phase)
SHEET_SEPARATOR = " ; "

class PositionState(Protocol):
    """The fields of a game's state that a position writes."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def sheets(self) -> tuple[object, ...]: ...

    @property
    def round(self) -> int: ...

    @property
    def active(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def seat(self) -> int: ...

    @property
    def actor(self) -> int: ...

    @property
    def rolls(self) -> int: ...

    @property
    def faces(self) -> tuple[int, ...]: ...

    @property
    def places(self) -> tuple[Place, ...]: ...

    @property
    def extras(self) -> tuple[int, ...]: ...


S = TypeVar("S", bound=PositionState)


def _who(actor: int) -> str:
    return "dice" if actor == CHANCE else "nobody" if actor == NOBODY else f"p{actor + 1}"


def _fail(key: str, what: str) -> NotationError:
    return NotationError(f"position: field {key}=: {what}")


def _seat(key: str, value: str, players: int) -> int:
    if not (value[:1] == "p" and value[1:].isdigit() and 1 <= int(value[1:]) <= players
            and value == f"p{int(value[1:])}"):
        raise _fail(key, f"{value!r}: want p1 to p{players}")
    return int(value[1:]) - 1


@attrs.frozen
class PositionNotation(Generic[S]):
    """One game's position notation (see the module docstring): its ``name``, its dice codes,
    its player counts, its sheet notation (``format_sheet``/``parse_sheet``, and
    ``sheet_problems`` to refuse a sheet no game can reach), its ruleset (the default, the named
    options and ``make_ruleset``), its state constructor ``make_state`` (keyword fields) and
    ``settle`` (a position must be one in which someone has a decision or a roll is due)."""

    name: str
    dice_codes: tuple[str, ...]
    max_players: int
    rounds_by_players: Mapping[int, int]
    format_sheet: Callable[[object], str]
    parse_sheet: Callable[[str], object]
    sheet_problems: Callable[[object], list[str]]
    default_ruleset: Ruleset
    options: tuple[RulesetOption, ...]
    make_ruleset: Callable[[Mapping[str, object]], Ruleset]
    make_state: Callable[..., S]
    settle: Callable[[S], S]

    def _ruleset_text(self, ruleset: Ruleset) -> str:
        mine, ours = ruleset.options(), self.default_ruleset.options()
        changed = [f"{o.name}:{str(mine[o.name]).lower()}" for o in self.options
                   if mine[o.name] != ours[o.name]]
        return "+".join(changed) or "default"

    def format(self, state: S) -> str:
        """The state's one-line notation."""
        codes = self.dice_codes
        dice = ",".join(
            f"{codes[d]}{state.faces[d] or '-'}:{PLACE_LABELS[state.places[d]]}"
            for d in range(DICE_COUNT)
        )
        extras = ",".join(
            "+".join(codes[d] for d in range(DICE_COUNT) if mask >> d & 1) or "-"
            for mask in state.extras
        )
        head = " ".join((
            self.name,
            f"round={state.round}",
            f"active=p{state.active + 1}",
            f"phase={PHASE_NAMES[state.phase]}",
            f"seat=p{state.seat + 1}",
            f"to={_who(state.actor)}",
            f"rolls={state.rolls}",
            f"dice={dice}",
            f"extras={extras}",
            f"ruleset={self._ruleset_text(state.ruleset)}",
        ))
        return SHEET_SEPARATOR.join((head, *(self.format_sheet(s) for s in state.sheets)))

    def _dice(self, value: str) -> tuple[tuple[int, ...], tuple[Place, ...]]:
        parts = value.split(",")
        if len(parts) != DICE_COUNT:
            raise _fail("dice", "want the six dice, comma-separated, e.g. W3:platter")
        faces, places = [], []
        for d, part in enumerate(parts):
            token, _, place = part.partition(":")
            code, face = token[:-1], token[-1:]
            if code != self.dice_codes[d] or face not in ("-", "1", "2", "3", "4", "5", "6"):
                raise _fail("dice", f"{part!r}: want {self.dice_codes[d]} then a face 1-6 or -, "
                            "then :PLACE")
            if place not in PLACE_LABELS:
                raise _fail("dice", f"{part!r}: the place is one of {', '.join(PLACE_LABELS)}")
            faces.append(0 if face == "-" else int(face))
            places.append(Place(PLACE_LABELS.index(place)))
        return tuple(faces), tuple(places)

    def _extras(self, value: str, players: int) -> tuple[int, ...]:
        parts = value.split(",")
        if len(parts) != players:
            raise _fail("extras", f"want {players} entries (one per player), comma-separated")
        codes = self.dice_codes
        masks = []
        for part in parts:
            named = [] if part == "-" else part.split("+")
            if any(c not in codes for c in named) or len(set(named)) != len(named):
                raise _fail("extras", f"{part!r}: want dice codes ({' '.join(codes)}) joined "
                            "by +, or -")
            masks.append(sum(1 << codes.index(c) for c in named))
        return tuple(masks)

    def _ruleset(self, value: str) -> Ruleset:
        if value == "default":
            return self.default_ruleset
        pairs = [p.partition(":") for p in value.split("+")]
        try:
            return self.make_ruleset({k: v for k, _, v in pairs})
        except OracleError as exc:
            raise _fail("ruleset", str(exc)) from None

    def parse(self, text: str) -> S:
        """A state from its notation; :class:`NotationError` names the field at fault."""
        if not isinstance(text, str):
            raise NotationError(f"position: {type(text).__name__} is not text")
        head, *sheet_texts = text.split(SHEET_SEPARATOR)
        parts = head.split(" ")
        keys = [p.partition("=")[0] for p in parts[1:]]
        if parts[0] != self.name or keys != list(KEYS) or any("=" not in p for p in parts[1:]):
            raise NotationError(f"position: want {self.name} then the fields "
                                f"{' '.join(k + '=' for k in KEYS)} in this order, then ' ; ' "
                                "and each player's sheet")
        value = {k: p.partition("=")[2] for k, p in zip(keys, parts[1:])}
        players = len(sheet_texts)
        if not 1 <= players <= self.max_players:
            raise NotationError(f"position: {players} sheets; want 1 to {self.max_players}, "
                                "each after ' ; '")
        sheets = []
        for i, sheet_text in enumerate(sheet_texts):
            try:
                sheets.append(self.parse_sheet(sheet_text))
            except NotationError as exc:
                raise NotationError(f"position: sheet of p{i + 1}: {exc}") from None
            problems = self.sheet_problems(sheets[-1])
            if problems:
                raise NotationError(f"position: sheet of p{i + 1}: {problems[0]}")
        rounds = self.rounds_by_players[players]
        if not (value["round"].isdigit() and 1 <= int(value["round"]) <= rounds
                and value["round"] == str(int(value["round"]))):
            raise _fail("round", f"{value['round']!r}: want 1 to {rounds}")
        if value["phase"] not in PHASE_NAMES:
            raise _fail("phase", f"{value['phase']!r}: want one of {' '.join(PHASE_NAMES)}")
        to = value["to"]
        actor = CHANCE if to == "dice" else NOBODY if to == "nobody" else _seat("to", to, players)
        if value["rolls"] not in ("0", "1", "2", "3"):
            raise _fail("rolls", f"{value['rolls']!r}: want 0 to 3")
        faces, places = self._dice(value["dice"])
        state = self.make_state(
            ruleset=self._ruleset(value["ruleset"]),
            sheets=tuple(sheets),
            round=int(value["round"]),
            active=_seat("active", value["active"], players),
            phase=Phase(PHASE_NAMES.index(value["phase"])),
            seat=_seat("seat", value["seat"], players),
            actor=actor,
            rolls=int(value["rolls"]),
            faces=faces,
            places=places,
            extras=self._extras(value["extras"], players),
        )
        settled = self.settle(state)
        if settled != state:
            raise NotationError(
                f"position: not a position in which someone has a decision or a roll is due "
                f"(to={to}, phase={value['phase']}); the game would go on to "
                f"to={_who(settled.actor)}, phase={PHASE_NAMES[settled.phase]}"
            )
        if self.format(state) != text:
            raise NotationError(f"position: not canonical; write it as {self.format(state)!r}")
        return state
