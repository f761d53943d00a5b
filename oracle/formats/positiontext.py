"""The grammar of position notation, once for every Clever game: one line for a whole game in
progress, like FEN.

Every Clever game's state has the same turn fields (docs/rulings.md, rulings 1-9), so one
grammar serves all; the game (its :class:`~oracle.engine.variant.Variant`) gives its name, dice codes,
sheet notation and ruleset options.  Grammar (fields in this order, separated by
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
decision, is refused with a :class:`~oracle.engine.errors.NotationError` naming the field.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from oracle.engine.dice import DICE_COUNT, PLACE_LABELS, Place
from oracle.engine.errors import NotationError, OracleError
from oracle.engine.game import CHANCE, NOBODY, Ruleset
from oracle.engine.phase import Phase
from oracle.engine.rulesets import RulesetBase
from oracle.engine.sheet import Sheet
from oracle.formats.sheettext import format_sheet, parse_sheet
from oracle.engine.state import GameState
from oracle.engine.turn import settle
from oracle.engine.variant import Variant

KEYS: tuple[str, ...] = (
    "round", "active", "phase", "seat", "to", "rolls", "dice", "extras", "ruleset"
)
PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower().replace("_", "-") for p in Phase)
SHEET_SEPARATOR = " ; "


def _who(actor: int) -> str:
    return "dice" if actor == CHANCE else "nobody" if actor == NOBODY else f"p{actor + 1}"


def _fail(key: str, what: str) -> NotationError:
    return NotationError(f"position: field {key}=: {what}")


def _seat(key: str, value: str, players: int) -> int:
    if not (value[:1] == "p" and value[1:].isascii() and value[1:].isdigit()
            and len(value) <= 3 and 1 <= int(value[1:]) <= players
            and value == f"p{int(value[1:])}"):
        raise _fail(key, f"{value[:20]!r}: want p1 to p{players}")
    return int(value[1:]) - 1


@cache
def dice_codes(variant: Variant) -> tuple[str, ...]:
    """The codes of a game's dice, in die order (one tuple per game: cached)."""
    return tuple(d.code for d in variant.dice)


def _ruleset_text(variant: Variant, ruleset: Ruleset) -> str:
    mine, ours = ruleset.options(), variant.default_ruleset.options()
    changed = [f"{o.name}:{str(mine[o.name]).lower()}" for o in variant.ruleset_options
               if mine[o.name] != ours[o.name]]
    return "+".join(changed) or "default"


def format_position(state: GameState[Any, Any]) -> str:
    """The state's one-line notation (see the module docstring)."""
    variant = state.variant
    codes = dice_codes(variant)
    dice = ",".join(
        f"{codes[d]}{state.faces[d] or '-'}:{PLACE_LABELS[state.places[d]]}"
        for d in range(DICE_COUNT)
    )
    extras = ",".join(
        "+".join(codes[d] for d in range(DICE_COUNT) if mask >> d & 1) or "-"
        for mask in state.extras
    )
    head = " ".join((
        variant.name,
        f"round={state.round}",
        f"active=p{state.active + 1}",
        f"phase={PHASE_NAMES[state.phase]}",
        f"seat=p{state.seat + 1}",
        f"to={_who(state.actor)}",
        f"rolls={state.rolls}",
        f"dice={dice}",
        f"extras={extras}",
        f"ruleset={_ruleset_text(variant, state.ruleset)}",
    ))
    return SHEET_SEPARATOR.join((head, *(format_sheet(variant, s) for s in state.sheets)))


def _dice(variant: Variant, value: str) -> tuple[tuple[int, ...], tuple[Place, ...]]:
    parts = value.split(",")
    if len(parts) != DICE_COUNT:
        raise _fail("dice", "want the six dice, comma-separated, e.g. W3:platter")
    codes = dice_codes(variant)
    faces, places = [], []
    for d, part in enumerate(parts):
        token, _, place = part.partition(":")
        code, face = token[:-1], token[-1:]
        if code != codes[d] or face not in ("-", "1", "2", "3", "4", "5", "6"):
            raise _fail("dice", f"{part[:40]!r}: want {codes[d]} then a face 1-6 or -, "
                        "then :PLACE")
        if place not in PLACE_LABELS:
            raise _fail("dice", f"{part[:40]!r}: the place is one of {', '.join(PLACE_LABELS)}")
        faces.append(0 if face == "-" else int(face))
        places.append(Place(PLACE_LABELS.index(place)))
    return tuple(faces), tuple(places)


def _extras(variant: Variant, value: str, players: int) -> tuple[int, ...]:
    parts = value.split(",")
    if len(parts) != players:
        raise _fail("extras", f"want {players} entries (one per player), comma-separated")
    codes = dice_codes(variant)
    masks = []
    for part in parts:
        named = [] if part == "-" else part.split("+")
        if any(c not in codes for c in named) or len(set(named)) != len(named):
            raise _fail("extras", f"{part[:40]!r}: want dice codes ({' '.join(codes)}) joined "
                        "by +, or -")
        masks.append(sum(1 << codes.index(c) for c in named))
    return tuple(masks)


def _ruleset(variant: Variant, value: str) -> RulesetBase:
    if value == "default":
        return variant.default_ruleset
    pairs = [p.partition(":") for p in value.split("+")]
    try:
        ruleset = variant.make_ruleset({k: v for k, _, v in pairs}, None)
    except OracleError as exc:
        raise _fail("ruleset", str(exc)) from None
    return ruleset


def _without_foxes(text: str) -> str:
    """A position with its sheets' ``fox=N`` fields left out (they may be: sheet notation)."""
    head, *sheets = text.split(SHEET_SEPARATOR)
    return SHEET_SEPARATOR.join((head, *(sheet.rpartition(" ")[0] for sheet in sheets)))


def track_wants(variant: Variant, sheet: Sheet, round_: int) -> tuple[int, ...]:
    """The circles each action track (engine order) must show: one for every bonus of the
    track that the sheet shows (read off its areas) or that rounds 1..``round_`` gave (rulings
    8, 20), up to the track's length."""
    track_of = variant.track_of
    counts = [0] * len(variant.tracks)
    for area in variant.areas:
        for bonus in area.rules.earned(sheet.parts[area - 1]):
            if track_of[bonus] >= 0:
                counts[track_of[bonus]] += 1
    for given in variant.round_bonus[:round_]:
        if given is not None and track_of[given] >= 0:
            counts[track_of[given]] += 1
    return tuple(min(track.length, n) for track, n in zip(variant.tracks, counts))


def track_problems(variant: Variant, sheet: Sheet, round_: int) -> list[str]:
    """What a sheet's action tracks show that its areas and rounds 1..``round_`` did not give:
    every action field is circled by a bonus the sheet shows (read off its areas) or by a round
    bonus (rulings 8, 20), so the circles are exactly those, up to each track's length."""
    problems = []
    for t, want in enumerate(track_wants(variant, sheet, round_)):
        if sheet.circled[t] != want:
            track = variant.tracks[t]
            problems.append(f"field {track.code}=: {sheet.circled[t]} {track.label} fields "
                            f"circled, but the sheet's bonuses and rounds 1-{round_} give {want}")
    return problems


def turn_problems(state: GameState[Any, Any]) -> list[str]:
    """What no game reaches in a position's turn fields and sheets (position notation refuses
    such a position, so every position it reads is one the engine can go on from)."""
    problems = [f"sheet of p{i + 1}: {p}" for i, sheet in enumerate(state.sheets)
                for p in track_problems(state.variant, sheet, state.round)]
    return problems + [problem for _, problem in play_faults(state)]


def play_faults(state: GameState[Any, Any]) -> list[tuple[str, str]]:
    """What no game reaches in a position's turn fields (the dice, the phase, the seat, the
    extra dice), each with the key of the field it is read in (``dice``, ``phase``, ``seat``,
    ``extras``)."""
    variant, phase, places = state.variant, state.phase, state.places
    problems: list[tuple[str, str]] = []
    cup = [d for d in range(DICE_COUNT) if places[d] == Place.CUP]
    fields = [places[d] for d in range(DICE_COUNT) if Place.FIELD_I <= places[d] <= Place.FIELD_III]
    if len(set(fields)) != len(fields):
        problems.append(("dice", "a die field holds more than one die"))
    if any(field > state.rolls for field in fields):
        problems.append(("dice", f"a die lies on a die field beyond the {state.rolls} rolls "
                         "used"))
    if any(not state.faces[d] for d in range(DICE_COUNT) if places[d] != Place.CUP):
        problems.append(("dice", "a die out of the cup that was never rolled"))
    name = PHASE_NAMES[phase]
    if phase in (Phase.ROLL, Phase.CHOOSE, Phase.ACTIVE_EXTRA) and state.seat != state.active:
        problems.append(("seat", f"phase={name} is the active player's, not p{state.seat + 1}'s"))
    if phase in (Phase.ROLL, Phase.CHOOSE):
        if state.rolls > 2:
            problems.append(("phase", f"phase={name} after all three rolls"))
        if not cup:
            problems.append(("phase", f"phase={name} with no die in the cup"))
        if phase is Phase.CHOOSE and any(not state.faces[d] for d in cup):
            problems.append(("dice", "phase=choose with a die in the cup not rolled"))
    elif phase is Phase.SOLO_ROLL:
        if not state.solo or len(cup) != DICE_COUNT:
            problems.append(("phase", "phase=solo-roll is a solo game's, with all six dice in "
                             "the cup"))
    elif phase is not Phase.OVER and cup:
        problems.append(("phase", f"phase={name} with dice still in the cup"))
    if phase in (Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA) and not state.solo \
            and state.seat == state.active:
        problems.append(("seat", f"phase={name} is a passive player's, not the active one's"))
    if phase is Phase.END_EXTRA and not (variant.end_extra and state.round == state.rounds):
        problems.append(("phase", "phase=end-extra comes only after the last round of a game "
                         "that has it"))
    if any(mask >> d & 1 for mask in state.extras for d in cup):
        problems.append(("extras", "a die taken as an extra die lies in the cup"))
    return problems


def parse_position(variant: Variant, text: str) -> GameState[Any, Any]:
    """A state of ``variant`` from its notation; :class:`NotationError` names the field at
    fault."""
    if not isinstance(text, str):
        raise NotationError(f"position: {type(text).__name__} is not text")
    head, *sheet_texts = text.split(SHEET_SEPARATOR)
    parts = head.split(" ")
    keys = [p.partition("=")[0] for p in parts[1:]]
    if parts[0] != variant.name or keys != list(KEYS) or any("=" not in p for p in parts[1:]):
        raise NotationError(f"position: want {variant.name} then the fields "
                            f"{' '.join(k + '=' for k in KEYS)} in this order, then ' ; ' "
                            "and each player's sheet")
    value = {k: p.partition("=")[2] for k, p in zip(keys, parts[1:])}
    players = len(sheet_texts)
    if not variant.min_players <= players <= variant.max_players:
        raise NotationError(f"position: {players} sheets; want {variant.min_players} to "
                            f"{variant.max_players}, each after ' ; '")
    ruleset = _ruleset(variant, value["ruleset"])
    sheets = []
    for i, sheet_text in enumerate(sheet_texts):
        try:
            sheets.append(parse_sheet(variant, sheet_text))
        except NotationError as exc:
            raise NotationError(f"position: sheet of p{i + 1}: {exc}") from None
        problems = variant.sheet_problems(sheets[-1], ruleset)
        if problems:
            raise NotationError(f"position: sheet of p{i + 1}: {problems[0]}")
    rounds = variant.rounds_by_players[players]
    if not (value["round"].isascii() and value["round"].isdigit() and len(value["round"]) <= 2
            and 1 <= int(value["round"]) <= rounds and value["round"] == str(int(value["round"]))):
        raise _fail("round", f"{value['round'][:20]!r}: want 1 to {rounds}")
    if value["phase"] not in PHASE_NAMES:
        raise _fail("phase", f"{value['phase'][:40]!r}: want one of {' '.join(PHASE_NAMES)}")
    to = value["to"]
    actor = CHANCE if to == "dice" else NOBODY if to == "nobody" else _seat("to", to, players)
    if value["rolls"] not in ("0", "1", "2", "3"):
        raise _fail("rolls", f"{value['rolls'][:20]!r}: want 0 to 3")
    faces, places = _dice(variant, value["dice"])
    state: GameState[Any, Any] = GameState(
        variant,
        ruleset,
        tuple(sheets),
        int(value["round"]),
        _seat("active", value["active"], players),
        Phase(PHASE_NAMES.index(value["phase"])),
        _seat("seat", value["seat"], players),
        actor,
        int(value["rolls"]),
        faces,
        places,
        _extras(variant, value["extras"], players),
    )
    canonical = format_position(state)
    if canonical != text and _without_foxes(canonical) != text:
        raise NotationError(f"position: not canonical; write it as {canonical!r}")
    problems = turn_problems(state)
    if problems:
        raise NotationError(f"position: no game reaches it: {problems[0]}")
    settled = settle(state)
    if settled != state:
        raise NotationError(
            f"position: not a position in which someone has a decision or a roll is due "
            f"(to={to}, phase={value['phase']}); the game would go on to "
            f"to={_who(settled.actor)}, phase={PHASE_NAMES[settled.phase]}"
        )
    return state
