"""What the harness compares, in the JSON game model (docs/formats.md, section 6; docs/certify.md,
"Sheets, area by area"): an app's sheet with ours area by area, its dice with ours die by die,
and its moves given as move JSON read as moves.

A sheet is compared as sheet JSON whichever way the app shows it: sheet JSON as it is (protocol
3: the app's own reading), sheet notation read into the model first (protocols 1 and 2; a text
the oracle cannot read is compared field by field of the notation instead).  Each difference
names the seat, the area and the cell or field, in the words of the area
(:data:`READINGS`): ``p1's yellow: the app has row II number 3 crossed, the oracle not``,
``p2's blue: left side field 2 from the middle: app 7, oracle empty``.  An app's sheet JSON
need not be one the rules reach (it is never read into a :class:`~oracle.engine.sheet.Sheet`), and
data of an unexpected shape is shown whole rather than refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

from oracle.adapter.protocol import JSONData
from oracle.engine.errors import OracleError
from oracle.engine.game import Game, Move, State

__all__ = [
    "READINGS", "dice_data", "dice_differences", "dice_text_of", "limited", "move_text",
    "read_move", "roll_text", "same_sheet", "sheet_differences", "text_sheet_differences",
]

#: How many differences of one sheet a finding names (the rest are counted).
SHOWN = 6


def _show(value: object) -> str:
    """A value as a reader sees it: a number as is, nothing as ``empty``, data as JSON."""
    if value is None:
        return "empty"
    if isinstance(value, (str, int)):
        return str(value)
    return json.dumps(value, separators=(", ", ": "))


class Reading:
    """How the JSON of one part of a sheet reads (what its entries are called)."""

    def differences(self, where: str, ours: object, theirs: object) -> Iterator[str]:
        """Each difference between ``ours`` and ``theirs`` (the app's), ``where`` the words
        that name the part (``"row II "``)."""
        raise NotImplementedError


def _whole(where: str, ours: object, theirs: object) -> Iterator[str]:
    """A part that differs shown whole (a part of another shape than ours)."""
    if ours != theirs:
        named = where.strip()
        yield f"{named + ': ' if named else ''}app {_show(theirs)}, oracle {_show(ours)}"


@attrs.frozen
class Whole(Reading):
    """A part compared as a whole (a part without words of its own)."""

    def differences(self, where: str, ours: object, theirs: object) -> Iterator[str]:
        yield from _whole(where, ours, theirs)


@attrs.frozen
class Crossed(Reading):
    """A set of entries crossed (``used`` for action fields), each named by ``name`` (a format
    of the entry: ``"number {}"``), or by ``key`` of an object entry (brown's ``field``)."""

    name: str
    verb: str = "crossed"
    key: str | None = None

    def _entries(self, value: object) -> dict[object, object] | None:
        if not isinstance(value, list):
            return None
        if self.key is None:
            return {v: v for v in value if isinstance(v, int)} \
                if all(isinstance(v, int) for v in value) else None
        if not all(isinstance(v, dict) and isinstance(v.get(self.key), int) for v in value):
            return None
        return {v[self.key]: v for v in value}

    def _name(self, entry: object) -> str:
        if isinstance(entry, dict):
            return self.name.format(**entry)
        return self.name.format(entry)

    def differences(self, where: str, ours: object, theirs: object) -> Iterator[str]:
        mine, shown = self._entries(ours), self._entries(theirs)
        if mine is None or shown is None:
            yield from _whole(where, ours, theirs)
            return
        for key in sorted(set(mine) | set(shown), key=str):
            a, o = shown.get(key), mine.get(key)
            if a == o:
                continue
            if o is None:
                yield f"the app has {where}{self._name(a)} {self.verb}, the oracle not"
            elif a is None:
                yield f"the oracle has {where}{self._name(o)} {self.verb}, the app not"
            else:
                yield f"{where}{self._name(o)}: app {_show(a)}, oracle {_show(o)}"


@attrs.frozen
class Written(Reading):
    """Entries written in field order (from the first field, or from the middle out), each
    shown by ``show``."""

    name: str = "field {}"
    show: Callable[[object], str] = _show

    def differences(self, where: str, ours: object, theirs: object) -> Iterator[str]:
        if not isinstance(ours, list) or not isinstance(theirs, list):
            yield from _whole(where, ours, theirs)
            return
        for i in range(max(len(ours), len(theirs))):
            o = ours[i] if i < len(ours) else None
            a = theirs[i] if i < len(theirs) else None
            if a != o:
                field = self.name.format(i + 1)
                yield (f"{where}{field}: app {'empty' if a is None else self.show(a)}, "
                       f"oracle {'empty' if o is None else self.show(o)}")


@attrs.frozen
class Parts(Reading):
    """Parts by name: an object's keys, or a list's items (``names`` in order; a list longer
    than the names is shown whole), each read by ``inner``."""

    names: tuple[tuple[str | int, str], ...]
    inner: Reading

    def differences(self, where: str, ours: object, theirs: object) -> Iterator[str]:
        keyed = all(isinstance(k, str) for k, _ in self.names)
        kind = dict if keyed else list
        if not isinstance(ours, kind) or not isinstance(theirs, kind) or (
                not keyed and (len(ours) != len(self.names) or len(theirs) != len(ours))):
            yield from _whole(where, ours, theirs)
            return
        for key, name in self.names:
            if isinstance(theirs, dict) and key not in theirs:
                yield f"the app shows no {where}{name}"
                continue
            o = ours.get(key) if isinstance(ours, dict) else ours[int(key)]
            a = theirs.get(key) if isinstance(theirs, dict) else theirs[int(key)]
            yield from self.inner.differences(f"{where}{name} ", o, a)
        if isinstance(theirs, dict) and isinstance(ours, dict):
            for key in theirs.keys() - ours.keys():
                yield f"{where}{key}: the app shows {_show(theirs[key])}, the sheet has no {key}"


def _rows(count: int, name: str, inner: Reading) -> Parts:
    return Parts(tuple((i, name.format(i + 1)) for i in range(count)), inner)


def _pink_cubed(entry: object) -> str:
    if isinstance(entry, dict) and "number" in entry:
        return f"{entry['number']} ({entry.get('option')})"
    return _show(entry)


#: Each game's areas, by label, in the words of the sheet (docs/formats.md, section 6).
READINGS: Mapping[str, Mapping[str, Reading]] = {
    "clever-cubed": {
        "yellow": Parts((("I", "row I"), ("II", "row II"), ("III", "row III")),
                        Crossed("number {}")),
        "turquoise": _rows(5, "row {}", Crossed("number {}")),
        "blue": Parts((("left", "left side"), ("right", "right side")),
                      Written("field {} from the middle")),
        "brown": Crossed("field {field} (printed {number})", key="field"),
        "pink": Written("field {}", _pink_cubed),
    },
    "clever-4ever": {
        "yellow": Parts(((0, "top row"), (1, "middle row"), (2, "bottom row")), Written()),
        "blue": _rows(6, "row {}", Crossed("column {}")),
        "grey": Crossed("part {}"),
        "green": Parts((("lower", "lower line"), ("upper", "upper line")), Written()),
        "pink": Written(),
    },
}
_TRACK = Crossed("field {}", "used")


def _track(where: str, ours: object, theirs: object) -> Iterator[str]:
    """An action track: the fields circled (a count), the fields used."""
    if not (isinstance(ours, dict) and isinstance(theirs, dict)
            and set(theirs) == {"circled", "used"}):
        yield from _whole(where, ours, theirs)
        return
    if ours["circled"] != theirs["circled"]:
        yield (f"{where}fields circled: app {_show(theirs['circled'])}, "
               f"oracle {_show(ours['circled'])}")
    yield from _TRACK.differences(where, ours["used"], theirs["used"])


def sheet_differences(game: str, ours: JSONData, theirs: object, seat: int) -> tuple[str, ...]:
    """Each difference between our sheet JSON ``ours`` and the app's ``theirs`` (sheet JSON of
    game ``game``) of player ``seat`` (0-based), area by area in the sheet's order, each naming
    the player and the area (``p1's yellow: ...``).  The app may leave out ``foxes``."""
    who = f"p{seat + 1}"
    if not isinstance(theirs, Mapping):
        return (f"{who}'s sheet: app {_show(theirs)}, oracle a sheet",)
    readings = READINGS.get(game, {})
    found: list[str] = []
    for key, mine in ours.items():
        if key not in theirs:
            if key != "foxes":
                found.append(f"{who}'s sheet: the app shows no {key}")
            continue
        shown = theirs[key]
        if key == "actions" and isinstance(mine, dict) and isinstance(shown, dict):
            for name, track in mine.items():
                label = f"{who}'s {name.replace('_', ' ')} track"
                if name not in shown:
                    found.append(f"{label}: the app shows none")
                found.extend(f"{label}: {d}" for d in _track("", track, shown.get(name, track)))
            found.extend(f"{who}'s actions: the app shows a track {name}, which the sheet has "
                         "not" for name in shown.keys() - mine.keys())
            continue
        label = {"question_marks": "pending question marks"}.get(key, key)
        found.extend(f"{who}'s {label}: {d}"
                     for d in readings.get(key, Whole()).differences("", mine, shown))
    found.extend(f"{who}'s sheet: the app shows {key}, which the sheet has not"
                 for key in theirs.keys() - ours.keys())
    return tuple(found)


def _notation_fields(text: str) -> dict[str, str]:
    return dict(token.partition("=")[::2] for token in text.split(" "))


def text_sheet_differences(game: Game, ours: JSONData, ours_text: str, theirs: str,
                           seat: int) -> tuple[str, ...]:
    """The differences of the app's sheet in sheet notation ``theirs`` from ours (``ours``
    its JSON, ``ours_text`` its notation), read into the model first; a text the oracle cannot
    read is compared field by field of the notation, with the reason."""
    who = f"p{seat + 1}"
    try:
        data = game.sheet_to_json(game.parse_sheet(theirs))
    except OracleError as exc:
        mine, shown = _notation_fields(ours_text), _notation_fields(theirs)
        fields = [f"{who}'s sheet notation {key}=: app {shown.get(key, '(none)')!r}, oracle "
                  f"{mine.get(key, '(none)')!r}" for key in dict.fromkeys([*mine, *shown])
                  if mine.get(key) != shown.get(key)]
        reason = " ".join(str(exc).split())[:160]
        return (*fields, f"{who}'s sheet: the oracle cannot read the app's sheet ({reason})")
    found = sheet_differences(game.name, ours, data, seat)
    return found or (f"{who}'s sheet: the same sheet, written otherwise: app {theirs!r}",)


def same_sheet(game: Game, sheet: object, shown: str) -> bool:
    """True when ``shown`` (the app's sheet as a finding prints it: sheet notation, or sheet
    JSON text) is our ``sheet``."""
    if not shown.startswith("{"):
        return game.format_sheet(sheet) == shown
    try:
        data = json.loads(shown)
    except ValueError:
        return False
    return not sheet_differences(game.name, game.sheet_to_json(sheet), data, 0)


def limited(found: Sequence[str]) -> str:
    """The differences of a finding joined, at most :data:`SHOWN` of them named."""
    more = len(found) - SHOWN
    return "; ".join(found[:SHOWN]) + (f"; and {more} more" if more > 0 else "")


# --- dice ----------------------------------------------------------------------------------

_PLACE = {"cup": "in the cup", "platter": "on the silver platter"}
_DIE = re.compile(r"^([A-Za-z]+)(\d+|-):(\S+)$")


def dice_data(game: Game, state: State) -> tuple[dict[str, object], ...]:
    """Our dice as the model's dice (a position's ``dice``, docs/formats.md, section 6)."""
    return tuple({"die": d.die.code, "face": d.face, "place": d.place.label}
                 for d in game.dice(state))


def dice_text_of(dice: Sequence[object]) -> str:
    """The model's dice written as the game's dice text (``W3:I Y-:cup``), whatever they
    hold (so that dice that cannot be are shown too)."""
    return " ".join(f"{d.get('die')}{d.get('face') or '-'}:{d.get('place')}"
                    if isinstance(d, Mapping) else _show(d) for d in dice)


def _where(place: object) -> str:
    if not isinstance(place, str):
        return f"at {_show(place)}"
    return _PLACE.get(place, f"on die field {place}")


def _die(shown: tuple[str, str] | None) -> str:
    if shown is None:
        return "none"
    face, place = shown
    return f"{'not rolled' if face == '-' else face} {_where(place)}"


def dice_differences(ours: str, theirs: str) -> tuple[str, ...]:
    """Each die that differs between our dice text and the app's, by die: its face and place
    (``die Y: app 5 on the silver platter, oracle 5 in the cup``)."""
    def read(text: str) -> dict[str, tuple[str, str]]:
        dice = {}
        for token in text.split():
            match = _DIE.match(token)
            if match is not None:
                dice[match[1]] = (match[2], match[3])
        return dice

    mine, shown = read(ours), read(theirs)
    found = [f"die {code}: app {_die(shown.get(code))}, oracle {_die(mine.get(code))}"
             for code in dict.fromkeys([*mine, *shown]) if mine.get(code) != shown.get(code)]
    return tuple(found) or (f"dice: app {theirs!r}, oracle {ours!r}",)


# --- moves ---------------------------------------------------------------------------------

def roll_text(data: JSONData) -> str | None:
    """A roll's or solo roll's move JSON written in move notation, whatever its faces (so that
    an impossible roll is named by its die and face), or None when it is no roll."""
    kind, dice = data.get("kind"), data.get("dice")
    if kind not in ("roll", "solo-roll") or not isinstance(dice, list):
        return None
    return " ".join([str(kind), *(f"{d.get('die')}{d.get('face')}" if isinstance(d, Mapping)
                                  else _show(d) for d in dice)])


def move_text(game: Game, move: str | JSONData) -> str:
    """A move the app gave (notation, or move JSON) as the harness writes it: its notation;
    move JSON the model cannot read stays JSON text (:func:`read_move` then says why), a roll
    of impossible faces is written as a roll."""
    if isinstance(move, str):
        return move
    try:
        return str(game.move_from_json(dict(move)))
    except OracleError:
        rolled = roll_text(move)
        return rolled if rolled is not None else json.dumps(move, separators=(",", ":"))


def read_move(game: Game, text: str) -> Move:
    """A move given as notation or as move JSON text; :class:`~oracle.engine.errors.OracleError`
    says what is wrong with it."""
    if text.startswith("{"):
        return game.move_from_json(text)
    return game.parse_move(text)
