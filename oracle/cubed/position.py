"""Position notation: one line of text for a whole Clever Cubed game in progress, like FEN.

Grammar (fields in this order, separated by one space; every field always present; then, after
`` ; ``, each player's sheet in sheet notation (:mod:`oracle.cubed.sheettext`), in seat order)::

    clever-cubed                    the game's name: a position names its game (docs: README,
                                    "Position notation")
    round=R                         the round, 1..rounds (rulebook "Game Play")
    active=pN                       the active player of the turn
    phase=PHASE                     roll | choose | active-extra | solo-roll | passive-choose |
                                    passive-extra | end-extra | over (:class:`Phase`)
    seat=pN                         whose part of the turn it is (passive / end-phase player)
    to=WHO                          who is to move: pN, dice (a roll is due) or nobody (over)
    rolls=N                         how many of the active player's three rolls are used, 0..3
    dice=D,D,D,D,D,D                each die in die order as CODE FACE:PLACE, e.g. W3:platter;
                                    FACE is 1..6 or - (not rolled yet); PLACE is cup, I, II,
                                    III or platter
    extras=X,...                    per player, the dice taken as extra dice this turn
                                    (ruling 6), joined by +, or - for none, e.g. -,W+Br
    ruleset=OPTIONS                 default, or the options that differ from our rulings as
                                    NAME:VALUE joined by +, e.g. blue_seven_after_seven:true

Pending question marks are in each sheet's ``q=`` field.  Example (a new 2-player game)::

    clever-cubed round=1 active=p1 phase=roll seat=p1 to=dice rolls=0 dice=W-:cup,Y-:cup,...
    extras=-,- ruleset=default ; y=....../....../...... t=... ; y=...

``parse_position(format_position(s)) == s`` for every reachable state (tested on every state of
many random games); a text that is not canonical, or that describes an inconsistent state, is
refused with a :class:`~oracle.errors.NotationError` naming the field.
"""

from __future__ import annotations

from oracle.dice import PLACE_LABELS, Place
from oracle.cubed.dice import DIE_BY_CODE, DIE_CODES
from oracle.cubed.invariants import sheet_problems
from oracle.cubed.ruleset import DEFAULT_RULESET, OPTIONS, Ruleset, make_ruleset
from oracle.cubed.sheet import MAX_PLAYERS, ROUNDS_BY_PLAYERS
from oracle.cubed.sheettext import format_sheet, parse_sheet
from oracle.cubed.state import CHANCE, NOBODY, GameState, Phase
from oracle.cubed.turn import settle
from oracle.errors import NotationError, OracleError

NAME = "clever-cubed"
KEYS: tuple[str, ...] = (
    "round", "active", "phase", "seat", "to", "rolls", "dice", "extras", "ruleset"
)
PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower().replace("_", "-") for p in Phase)
SHEET_SEPARATOR = " ; "


def _who(actor: int) -> str:
    return "dice" if actor == CHANCE else "nobody" if actor == NOBODY else f"p{actor + 1}"


def _ruleset_text(ruleset: Ruleset) -> str:
    mine, ours = ruleset.options(), DEFAULT_RULESET.options()
    changed = [f"{o.name}:{str(mine[o.name]).lower()}" for o in OPTIONS
               if mine[o.name] != ours[o.name]]
    return "+".join(changed) or "default"


def format_position(state: GameState) -> str:
    """The state's one-line notation (see the module docstring)."""
    dice = ",".join(
        f"{DIE_CODES[d]}{state.faces[d] or '-'}:{PLACE_LABELS[state.places[d]]}" for d in range(6)
    )
    extras = ",".join(
        "+".join(DIE_CODES[d] for d in range(6) if mask >> d & 1) or "-" for mask in state.extras
    )
    head = " ".join((
        NAME,
        f"round={state.round}",
        f"active=p{state.active + 1}",
        f"phase={PHASE_NAMES[state.phase]}",
        f"seat=p{state.seat + 1}",
        f"to={_who(state.actor)}",
        f"rolls={state.rolls}",
        f"dice={dice}",
        f"extras={extras}",
        f"ruleset={_ruleset_text(state.ruleset)}",
    ))
    return SHEET_SEPARATOR.join((head, *(format_sheet(s) for s in state.sheets)))


def _fail(key: str, what: str) -> NotationError:
    return NotationError(f"position: field {key}=: {what}")


def _seat(key: str, value: str, players: int) -> int:
    if not (value[:1] == "p" and value[1:].isdigit() and 1 <= int(value[1:]) <= players
            and value == f"p{int(value[1:])}"):
        raise _fail(key, f"{value!r}: want p1 to p{players}")
    return int(value[1:]) - 1


def _dice(value: str) -> tuple[tuple[int, ...], tuple[Place, ...]]:
    parts = value.split(",")
    if len(parts) != 6:
        raise _fail("dice", "want the six dice, comma-separated, e.g. W3:platter")
    faces, places = [], []
    for d, part in enumerate(parts):
        token, _, place = part.partition(":")
        code, face = token[:-1], token[-1:]
        if code != DIE_CODES[d] or face not in ("-", "1", "2", "3", "4", "5", "6"):
            raise _fail("dice", f"{part!r}: want {DIE_CODES[d]} then a face 1-6 or -, then "
                        ":PLACE")
        if place not in PLACE_LABELS:
            raise _fail("dice", f"{part!r}: the place is one of {', '.join(PLACE_LABELS)}")
        faces.append(0 if face == "-" else int(face))
        places.append(Place(PLACE_LABELS.index(place)))
    return tuple(faces), tuple(places)


def _extras(value: str, players: int) -> tuple[int, ...]:
    parts = value.split(",")
    if len(parts) != players:
        raise _fail("extras", f"want {players} entries (one per player), comma-separated")
    masks = []
    for part in parts:
        codes = [] if part == "-" else part.split("+")
        if any(c not in DIE_BY_CODE for c in codes) or len(set(codes)) != len(codes):
            raise _fail("extras", f"{part!r}: want dice codes ({' '.join(DIE_CODES)}) joined "
                        "by +, or -")
        masks.append(sum(1 << DIE_BY_CODE[c] for c in codes))
    return tuple(masks)


def _ruleset(value: str) -> Ruleset:
    if value == "default":
        return DEFAULT_RULESET
    pairs = [p.partition(":") for p in value.split("+")]
    try:
        return make_ruleset({k: v for k, _, v in pairs})
    except OracleError as exc:
        raise _fail("ruleset", str(exc)) from None


def parse_position(text: str) -> GameState:
    """A state from its notation; :class:`NotationError` names the field at fault."""
    if not isinstance(text, str):
        raise NotationError(f"position: {type(text).__name__} is not text")
    head, *sheet_texts = text.split(SHEET_SEPARATOR)
    parts = head.split(" ")
    keys = [p.partition("=")[0] for p in parts[1:]]
    if parts[0] != NAME or keys != list(KEYS) or any("=" not in p for p in parts[1:]):
        raise NotationError(f"position: want {NAME} then the fields "
                            f"{' '.join(k + '=' for k in KEYS)} in this order, then ' ; ' and "
                            "each player's sheet")
    value = {k: p.partition("=")[2] for k, p in zip(keys, parts[1:])}
    players = len(sheet_texts)
    if not 1 <= players <= MAX_PLAYERS:
        raise NotationError(f"position: {players} sheets; want 1 to {MAX_PLAYERS}, each after "
                            "' ; '")
    sheets = []
    for i, sheet_text in enumerate(sheet_texts):
        try:
            sheets.append(parse_sheet(sheet_text))
        except NotationError as exc:
            raise NotationError(f"position: sheet of p{i + 1}: {exc}") from None
        problems = sheet_problems(sheets[-1])
        if problems:
            raise NotationError(f"position: sheet of p{i + 1}: {problems[0]}")
    rounds = ROUNDS_BY_PLAYERS[players]
    if not (value["round"].isdigit() and 1 <= int(value["round"]) <= rounds
            and value["round"] == str(int(value["round"]))):
        raise _fail("round", f"{value['round']!r}: want 1 to {rounds}")
    if value["phase"] not in PHASE_NAMES:
        raise _fail("phase", f"{value['phase']!r}: want one of {' '.join(PHASE_NAMES)}")
    to = value["to"]
    actor = CHANCE if to == "dice" else NOBODY if to == "nobody" else _seat("to", to, players)
    if value["rolls"] not in ("0", "1", "2", "3"):
        raise _fail("rolls", f"{value['rolls']!r}: want 0 to 3")
    faces, places = _dice(value["dice"])
    state = GameState(
        ruleset=_ruleset(value["ruleset"]),
        sheets=tuple(sheets),
        round=int(value["round"]),
        active=_seat("active", value["active"], players),
        phase=Phase(PHASE_NAMES.index(value["phase"])),
        seat=_seat("seat", value["seat"], players),
        actor=actor,
        rolls=int(value["rolls"]),
        faces=faces,
        places=places,
        extras=_extras(value["extras"], players),
    )
    settled = settle(state)
    if settled != state:
        raise NotationError(
            f"position: not a position in which someone has a decision or a roll is due "
            f"(to={to}, phase={value['phase']}); the game would go on to "
            f"to={_who(settled.actor)}, phase={PHASE_NAMES[settled.phase]}"
        )
    if format_position(state) != text:
        raise NotationError(f"position: not canonical; write it as {format_position(state)!r}")
    return state
