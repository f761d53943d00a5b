"""A whole position (a game state) in the JSON game model (docs/formats.md, section 6): the same
content as position notation (:mod:`oracle.formats.positiontext`), as data an app reads and writes
without our notation.  JSON Schema: ``oracle/schema/state-1.json``.

Keys::

    format        "clever-oracle-state/1"
    game          the game's name (clever-cubed, clever-4ever)
    ruleset       every option by name (docs/rulings.md); an option left out of a position
                  given to the oracle takes its default (our ruling)
    round         the round, 1..rounds
    phase         roll | choose | active-extra | solo-roll | passive-choose | passive-extra |
                  end-extra | over
    to_move       who is to move: "p1".., "dice" (a roll is due) or "nobody" (the game is over)
    active        the active player of the turn ("p1"..)
    seat          whose part of the turn it is (the passive or end-phase player; the active
                  player in the active phases)
    rolls_used    how many of the active player's three rolls are used, 0..3
    dice          the six dice in die order: {"die": code, "face": 1..6 or null (not rolled
                  yet), "place": "cup" | "I" | "II" | "III" | "platter"}
    players       in seat order: {"id": "p1", "extra_dice": [codes of the dice taken as extra
                  dice this turn, in die order], "sheet": the sheet (oracle.formats.model.sheet),
                  "score": the score breakdown (given back, it is checked)}

``state_from_json(v, state_to_json(s)) == s`` for every state a game reaches, and a position is
refused exactly as position notation refuses it: a sheet no game reaches, turn fields no game
reaches, a position in which nobody has a decision; each with the JSON pointer of the fault
(:class:`~oracle.formats.jsonread.JSONModelError`).
"""

from __future__ import annotations

import json
import marshal
from functools import cache, lru_cache
from typing import Any

from oracle.formats import jsontext
from oracle.engine.dice import DICE_COUNT, PLACE_LABELS, Place
from oracle.formats.jsonread import JSONModelError, choice, exact, integer, items, key, obj, pointer
from oracle.formats.model.sheet import (
    check_foxes_of,
    sheet_from_json,
    sheet_to_json,
    sheet_to_json_text,
    track_key,
)
from oracle.engine.phase import CHANCE, NOBODY, Phase
from oracle.formats.positiontext import PHASE_NAMES, dice_codes, play_faults, track_wants
from oracle.engine.scoring import ScoreBreakdown, score
from oracle.engine.sheet import Sheet
from oracle.engine.state import GameState
from oracle.engine.turn import settle
from oracle.engine.variant import Variant

__all__ = ["STATE_FORMAT", "player_id", "state_from_json", "state_to_json", "state_to_json_text"]

#: The format of a position's JSON (its ``format`` key).
STATE_FORMAT = "clever-oracle-state/1"
KEYS: tuple[str, ...] = ("format", "game", "ruleset", "round", "phase", "to_move", "active",
                         "seat", "rolls_used", "dice", "players")
_IDS: tuple[str, ...] = tuple(f"p{i}" for i in range(1, 9))
#: A turn fault's key in position notation, and its pointer in the JSON.
_POINTER_OF = {"dice": "/dice", "phase": "/phase", "seat": "/seat", "extras": "/players"}


def player_id(seat: int) -> str:
    """A player's id from the 0-based seat: ``p1``, ``p2``, ..."""
    return f"p{seat + 1}"


def who(actor: int) -> str:
    """Who is to move, as the JSON and the notation say it: ``p1``.., ``dice`` or ``nobody``."""
    return "dice" if actor == CHANCE else "nobody" if actor == NOBODY else f"p{actor + 1}"


#: _EXTRAS[codes][mask]: the codes of the dice in an extra-dice mask, in die order.
@cache
def _extras(codes: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(codes[d] for d in range(DICE_COUNT) if mask >> d & 1)
                 for mask in range(1 << DICE_COUNT))


@lru_cache(maxsize=64)
def _options(ruleset: Any) -> dict[str, str | bool]:
    """A ruleset's options (a few rulesets: cached; callers copy the mapping)."""
    options: dict[str, str | bool] = ruleset.options()
    return options


def _head(state: GameState[Any, Any]) -> dict[str, object]:
    """Every key of the position's JSON but its players, in order."""
    variant = state.variant
    codes = dice_codes(variant)
    faces, places = state.faces, state.places
    return {
        "format": STATE_FORMAT,
        "game": variant.name,
        "ruleset": dict(_options(state.ruleset)),
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "to_move": who(state.actor),
        "active": _IDS[state.active],
        "seat": _IDS[state.seat],
        "rolls_used": state.rolls,
        "dice": [{"die": codes[d], "face": faces[d] or None, "place": PLACE_LABELS[places[d]]}
                 for d in range(DICE_COUNT)],
    }


def _seat(state: GameState[Any, Any], i: int) -> dict[str, object]:
    """A player's keys before the sheet: the id and the extra dice."""
    codes = dice_codes(state.variant)
    return {"id": _IDS[i], "extra_dice": list(_extras(codes)[state.extras[i]])}


def _sheet_and_score(variant: Variant, sheet: Sheet, ruleset: Any) -> dict[str, object]:
    """A player's sheet and score breakdown."""
    scored = breakdown(variant, sheet, ruleset)
    return {"sheet": sheet_to_json(variant, sheet, scored.foxes), "score": scored.to_json()}


def state_to_json(state: GameState[Any, Any]) -> dict[str, object]:
    """The position as JSON data (see the module docstring)."""
    players: list[object] = [{**_seat(state, i),
                              **_sheet_and_score(state.variant, sheet, state.ruleset)}
                             for i, sheet in enumerate(state.sheets)]
    return {**_head(state), "players": players}


@lru_cache(maxsize=4096)
def _sheet_and_score_text(variant: Variant, sheet: Sheet, ruleset: Any) -> str:
    """:func:`_sheet_and_score` as JSON text without its braces (immutable: cached, as a
    position's sheets mostly come back unchanged in the next position)."""
    scored = breakdown(variant, sheet, ruleset)
    return (f'"sheet": {sheet_to_json_text(variant, sheet, scored.foxes)}, "score": '
            f"{json.dumps(scored.to_json())}")


@lru_cache(maxsize=256)
def _head_parts(variant: Variant, ruleset: Any) -> tuple[str, str]:
    """The JSON text of the keys of :func:`_head` that a game and its ruleset fix: before the
    round, and its ruleset object (few of each: cached)."""
    return (json.dumps({"format": STATE_FORMAT, "game": variant.name})[:-1],
            json.dumps(dict(_options(ruleset))))


def _dice_text(codes: tuple[str, ...], faces: tuple[int, ...],
               places: tuple[Place, ...]) -> str:
    """The JSON text of :func:`_head`'s ``dice``: each die's text kept (:func:`_die_text`)."""
    return "[" + ", ".join(map(_die_text, codes, faces, places)) + "]"


@lru_cache(maxsize=1024)
def _die_text(code: str, face: int, place: Place) -> str:
    """One die of :func:`_dice_text` as JSON text (cached: codes x faces x places, a few
    hundred)."""
    return json.dumps({"die": code, "face": face or None, "place": PLACE_LABELS[place]})


@cache
def _seat_text(codes: tuple[str, ...], seat: int, extras: int) -> str:
    """The JSON text of :func:`_seat` without its closing brace (at most 8 x 64 of each
    game: cached)."""
    return json.dumps({"id": _IDS[seat], "extra_dice": list(_extras(codes)[extras])})[:-1]


def state_to_json_text(state: GameState[Any, Any]) -> str:
    """``json.dumps(state_to_json(state))``, exactly (ASCII, the default separators), made from
    the texts of its parts kept from the last positions (each sheet's, the dice's, each seat's;
    every name in it is a plain ASCII word, written as :func:`json.dumps` writes it): what a
    service that answers with positions writes, quicker."""
    players = ", ".join(player_text(state.variant, state.ruleset, i, state.extras[i], sheet)
                        for i, sheet in enumerate(state.sheets))
    return f"{head_text(state)}{PLAYERS_TEXT}{players}]}}"


#: What comes between the head of a position's JSON text and its players' texts.
PLAYERS_TEXT = ', "players": ['


def head_text(state: GameState[Any, Any]) -> str:
    """The JSON text of :func:`state_to_json` up to its players (:data:`PLAYERS_TEXT`)."""
    variant = state.variant
    first, options = _head_parts(variant, state.ruleset)
    return (f'{first}, "ruleset": {options}, "round": {state.round}, "phase": '
            f'"{PHASE_NAMES[state.phase]}", "to_move": "{who(state.actor)}", "active": '
            f'"{_IDS[state.active]}", "seat": "{_IDS[state.seat]}", "rolls_used": '
            f'{state.rolls}, "dice": {_dice_text(dice_codes(variant), state.faces, state.places)}')


def seat_written(variant: Variant, text: bytes) -> tuple[int, int] | None:
    """The seat (0-based) and extra dice of a player whose JSON text begins with ``text`` up to
    its sheet, exactly as the oracle writes it (:func:`player_text`), or None."""
    return _seats(variant).get(text)


@cache
def _seats(variant: Variant) -> dict[bytes, tuple[int, int]]:
    """Every player's text up to the sheet, as the oracle writes it (8 seats x 64 sets of
    extra dice), with the seat and extra dice it says."""
    codes = dice_codes(variant)
    return {_seat_text(codes, i, mask).encode("ascii"): (i, mask)
            for i in range(len(_IDS)) for mask in range(1 << DICE_COUNT)}


def player_text(variant: Variant, ruleset: Any, i: int, extras: int, sheet: Sheet) -> str:
    """The JSON text of player ``i`` in :func:`state_to_json` (seat, sheet and score)."""
    return (_seat_text(dice_codes(variant), i, extras) + ", "
            + _sheet_and_score_text(variant, sheet, ruleset) + "}")


def _ruleset(variant: Variant, value: object) -> Any:
    """The ruleset of the ``ruleset`` object: each option a boolean or one of its strings; an
    option left out takes its default (:func:`_ruleset_of`: kept, for an object of booleans and
    strings, by its options as given)."""
    if type(value) is dict and all(type(v) is bool or type(v) is str for v in value.values()):
        return _ruleset_of(variant, tuple(value.items()))
    return _read_ruleset(variant, value)


@lru_cache(maxsize=256)
def _ruleset_of(variant: Variant, options: tuple[tuple[str, bool | str], ...]) -> Any:
    """:func:`_read_ruleset` of the object of ``options`` (booleans and strings only, so that
    ``true`` is never taken for ``1``): cached (a ruleset refused is not kept)."""
    return _read_ruleset(variant, dict(options))


def _read_ruleset(variant: Variant, value: object) -> Any:
    """:func:`_ruleset`, read and checked."""
    options = {o.name: o for o in variant.ruleset_options}
    given = obj(value, "/ruleset", (), tuple(options))
    for name, chosen in given.items():
        option = options[name]
        flag = option.values in (("false", "true"), ("true", "false"))
        if flag and type(chosen) is not bool:
            raise JSONModelError(pointer("/ruleset", name), f"the option {name} is true or "
                                 f"false, not {str(chosen)[:40]!r}")
        if not flag and (type(chosen) is not str or chosen not in option.values):
            raise JSONModelError(pointer("/ruleset", name), f"the option {name} is one of "
                                 f"{', '.join(map(repr, option.values))}, not "
                                 f"{str(chosen)[:40]!r}")
    return _made(variant, tuple(sorted(given.items())))


@cache
def _made(variant: Variant, options: tuple[tuple[str, object], ...]) -> Any:
    """The ruleset with ``options`` set (a few dozen at most: cached)."""
    return variant.make_ruleset(dict(options)) if options else variant.default_ruleset


_PLACE_OF = {label: Place(i) for i, label in enumerate(PLACE_LABELS)}
_FACES = (None, 1, 2, 3, 4, 5, 6)


def _dice(variant: Variant, value: object) -> tuple[tuple[int, ...], tuple[Place, ...]]:
    codes = dice_codes(variant)
    listed = items(value, "/dice", DICE_COUNT, "the six dice, in die order", DICE_COUNT)
    faces, places = [], []
    for d, die in enumerate(listed):
        if type(die) is dict and len(die) == 3 and die.get("die") == codes[d]:
            face, label = die.get("face", 0), die.get("place")
            place = _PLACE_OF.get(label) if type(label) is str else None
            if place is not None and (face is None or type(face) is int) and face in _FACES:
                faces.append(face or 0)
                places.append(place)
                continue
        at = f"/dice/{d}"
        fields = obj(die, at, ("die", "face", "place"))
        if fields["die"] != codes[d]:
            raise JSONModelError(at + "/die", f"die {d + 1} is {codes[d]!r}: the dice are "
                                 f"listed in die order ({' '.join(codes)})")
        if fields["face"] is not None:
            integer(fields["face"], at + "/face", 1, 6, "a face (or null: not rolled yet)")
        choice(fields["place"], at + "/place", PLACE_LABELS, "a die's place")
        raise AssertionError("unreachable: a fault above")  # pragma: no cover
    return tuple(faces), tuple(places)


def _extra_dice(variant: Variant, value: object, where: str) -> int:
    codes = dice_codes(variant)
    listed = items(value, where, DICE_COUNT, "extra dice taken this turn")
    mask, last = 0, -1
    for i, code in enumerate(listed):
        d = codes.index(choice(code, pointer(where, i), codes, "a die"))
        if d <= last:
            raise JSONModelError(pointer(where, i), "list the extra dice once each, in die "
                                 f"order ({' '.join(codes)})")
        mask |= 1 << d
        last = d
    return mask


@lru_cache(maxsize=4096)
def sheet_fault(variant: Variant, sheet: Sheet, ruleset: Any,
                 round_: int) -> tuple[str, str] | None:
    """What no game reaches in a sheet in round ``round_``, as (pointer below the sheet,
    reason), or None: the game's own sheet checks, and action tracks that show other circles
    than the sheet's bonuses and the rounds give (rulings 8, 20).  A pure function of immutable
    values, asked for every sheet of every position read: cached, as the engine caches its
    tables."""
    problems = variant.sheet_problems(sheet, ruleset)
    if problems:
        return "", f"no game reaches this sheet: {problems[0]}"
    for t, want in enumerate(track_wants(variant, sheet, round_)):
        if sheet.circled[t] != want:
            track = variant.tracks[t]
            return (f"/actions/{track_key(track)}/circled",
                    f"{sheet.circled[t]} {track.label} fields circled, but the sheet's bonuses "
                    f"and rounds 1-{round_} give {want}")
    return None


@lru_cache(maxsize=4096)
def breakdown(variant: Variant, sheet: Sheet, ruleset: Any) -> ScoreBreakdown:
    """A sheet's score breakdown (:func:`oracle.engine.scoring.score`; cached: a position's sheets
    mostly come back unchanged in the next position)."""
    return score(variant, sheet, ruleset)


def _sheet(variant: Variant, value: object, where: str, ruleset: Any, round_: int) -> Sheet:
    """A player's sheet, checked as position notation checks it (:func:`sheet_fault`)."""
    sheet = sheet_from_json(variant, value, where, check_foxes=False)
    fault = sheet_fault(variant, sheet, ruleset, round_)
    if fault is not None:
        raise JSONModelError(where + fault[0], fault[1])
    return sheet


def _score(variant: Variant, sheet: Sheet, ruleset: Any, player: dict[str, object],
           where: str) -> None:
    """The foxes and the score breakdown given with a sheet must be the sheet's."""
    value = player.get("score")
    sheet_json = player["sheet"]
    assert isinstance(sheet_json, dict)
    if "score" not in player and "foxes" not in sheet_json:
        return
    scored = breakdown(variant, sheet, ruleset)
    check_foxes_of(sheet_json, where + "/sheet", scored.foxes)
    if "score" not in player:
        return
    ours = scored.to_json()
    if type(value) is dict and value == ours and all(type(v) is int for v in value.values()):
        return  # the breakdown given is the sheet's, key for key (the usual case)
    given = obj(value, where + "/score", tuple(ours))
    for name, points in ours.items():
        if given[name] != points or type(given[name]) is not int:
            raise JSONModelError(f"{where}/score/{name}", f"the sheet scores {points}, not "
                                 f"{str(given[name])[:40]}")


def _player(variant: Variant, ruleset: Any, round_: int, i: int,
            player: object) -> tuple[Sheet, int]:
    """Player ``i``'s sheet and the extra dice taken this turn (its score is checked last,
    :func:`_score`)."""
    at = f"/players/{i}"
    fields = obj(player, at, ("id", "extra_dice", "sheet"), ("score",))
    if fields["id"] != _IDS[i]:
        raise JSONModelError(at + "/id", f"player {i + 1} is {_IDS[i]!r} (players in seat "
                             "order)")
    return (_sheet(variant, fields["sheet"], at + "/sheet", ruleset, round_),
            _extra_dice(variant, fields["extra_dice"], at + "/extra_dice"))


#: How many players' readings and score checks are kept (a few megabytes: each is kept with its
#: data, about 2 KB).
PLAYERS_KEPT = 1024


@lru_cache(maxsize=PLAYERS_KEPT)
def _player_of(variant: Variant, ruleset: Any, round_: int, i: int,
               marshalled: bytes) -> tuple[Sheet, int]:
    """:func:`_player` of the data ``marshalled`` (:func:`exact`): a pure function of
    its arguments, cached (a position's sheets mostly come back unchanged in the next position,
    given or answered; a player refused is not kept)."""
    return _player(variant, ruleset, round_, i, marshal.loads(marshalled))


@lru_cache(maxsize=PLAYERS_KEPT)
def _score_of(variant: Variant, sheet: Sheet, ruleset: Any, i: int, marshalled: bytes) -> None:
    """:func:`_score` of player ``i``'s object (:func:`exact`), cached as
    :func:`_player_of` (only the scores that are right are kept: a wrong one raises)."""
    _score(variant, sheet, ruleset, marshal.loads(marshalled), f"/players/{i}")


def state_from_json(variant: Variant, value: object) -> GameState[Any, Any]:
    """A state of ``variant`` from its JSON data (or JSON text); :class:`JSONModelError` names
    the JSON pointer of the fault.  Each player read is kept by its exact data
    (:func:`_player_of`): the next position mostly brings the same sheets back."""
    if isinstance(value, (str, bytes)):
        try:
            value = jsontext.loads(value)
        except jsontext.JSONTextError as exc:
            raise JSONModelError("", str(exc)) from None
    top, listed, ruleset, round_ = read_top(variant, value)
    sheets, extras = [], []
    marshalled = [exact(player) for player in listed]
    for i, player in enumerate(listed):
        known = marshalled[i]
        sheet, extra = (_player(variant, ruleset, round_, i, player) if known is None
                        else _player_of(variant, ruleset, round_, i, known))
        sheets.append(sheet)
        extras.append(extra)
    state = read_turn(variant, top, ruleset, round_, sheets, extras)
    for i, player in enumerate(listed):  # the foxes and score breakdowns given, last
        known = marshalled[i]
        if known is None:
            assert isinstance(player, dict)
            _score(variant, sheets[i], ruleset, player, f"/players/{i}")
        else:
            _score_of(variant, sheets[i], ruleset, i, known)
    return state


def read_top(variant: Variant, value: object) -> tuple[dict[str, object], list[object], Any, int]:
    """A position's object checked for its keys, format and game: the object, its players
    (each unread), its ruleset and its round."""
    top = obj(value, "", KEYS)
    if top["format"] != STATE_FORMAT:
        raise JSONModelError("/format", f"want {STATE_FORMAT!r}")
    if top["game"] != variant.name:
        raise JSONModelError("/game", f"this is a position of {variant.name}, not of "
                             f"{str(top['game'])[:40]!r}")
    listed = items(top["players"], "/players", variant.max_players, "players",
                   variant.min_players)
    ruleset = _ruleset(variant, top["ruleset"])
    rounds = variant.rounds_by_players[len(listed)]
    return (top, listed, ruleset,
            integer(top["round"], "/round", 1, rounds, f"the round (of {rounds})"))


def read_turn(variant: Variant, top: dict[str, object], ruleset: Any, round_: int,
              sheets: list[Sheet], extras: list[int]) -> GameState[Any, Any]:
    """The state of a position's object (:func:`read_top`) with its players' sheets and extra
    dice read: its turn fields read and checked (what no game reaches, and a position in which
    nobody has a decision, are refused)."""
    ids = _IDS[:len(sheets)]
    phase = Phase(PHASE_NAMES.index(choice(top["phase"], "/phase", PHASE_NAMES, "the phase")))
    to = choice(top["to_move"], "/to_move", (*ids, "dice", "nobody"), "who is to move")
    actor = CHANCE if to == "dice" else NOBODY if to == "nobody" else ids.index(to)
    faces, places = _dice(variant, top["dice"])
    state: GameState[Any, Any] = GameState(
        variant, ruleset, tuple(sheets), round_,
        ids.index(choice(top["active"], "/active", ids, "the active player")),
        phase,
        ids.index(choice(top["seat"], "/seat", ids, "the seat")),
        actor,
        integer(top["rolls_used"], "/rolls_used", 0, 3, "the rolls used"),
        faces, places, tuple(extras),
    )
    faults = play_faults(state)
    if faults:
        field, problem = faults[0]
        raise JSONModelError(_POINTER_OF[field], f"no game reaches this position: {problem}")
    settled = settle(state)
    if settled != state:
        raise JSONModelError("/to_move", "not a position in which someone has a decision or a "
                             f"roll is due (to_move {to}, phase {PHASE_NAMES[phase]}); the game "
                             f"would go on to to_move {who(settled.actor)}, phase "
                             f"{PHASE_NAMES[settled.phase]}")
    return state
