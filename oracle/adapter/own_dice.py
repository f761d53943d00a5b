"""A worked adapter (protocol 3, docs/certify.md): for an engine that rolls its own dice inside
its move functions, asks for explicit steps (end a turn, decline the platter, end extra dice) and
keeps each sheet its own way, as plain lists of cells per area.

    clever-oracle certify --adapter "python -m oracle.adapter.own_dice"

``OtherEngine`` stands in for your engine: replace its calls with your engine's.  (To run here it
borrows the oracle's rules, but it has the shape a real engine has: it rolls with its own
generator, does not move on until it is told to, and holds each sheet as the cells printed on
it, in :class:`CubedSheet` and :class:`FourEverSheet`.)  The adapter part below it is what you
write: ``sheet_json`` reads your sheet into the JSON game model, area by area (docs/formats.md,
section 6), and ``Adapter`` answers the harness.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

import attrs

from oracle.adapter.protocol import (
    ACCEPTED,
    ROLLS_ITSELF,
    Answer,
    AppState,
    Hello,
    JSONData,
    NotComparable,
    Rolled,
    Step,
    Turn,
)
from oracle.adapter.serve import serve
from oracle.games import find_game

# --- your engine (a stand-in) ------------------------------------------------------------------

#: An action track, field by field from the left: 0 open, 1 circled, 2 circled and used.
Track = tuple[int, ...]
#: The numbers printed in Clever Cubed's brown fields, left to right.
BROWN = (1, 5, 3, 4, 2, 6, 4, 5, 2, 1, 6, 3)


@attrs.frozen
class CubedSheet:
    """Your engine's Clever Cubed sheet, cell by cell as printed."""

    yellow: tuple[tuple[bool, ...], ...]  # rows I-III, a cell for each number 1-6
    turquoise: tuple[tuple[bool, ...], ...]  # 5 rows, a cell for each number 1-6
    blue: tuple[int | None, ...]  # 13 fields left to right, the printed 7 in the middle
    brown: tuple[bool, ...]  # 12 fields
    pink: tuple[tuple[int, str] | None, ...]  # 12 fields: (number, "half" or "times")
    tracks: tuple[Track, Track, Track]  # re-roll, number joker, extra die
    pending: tuple[str, ...]  # question marks to resolve ("?Y" ...), in the sheet's order


@attrs.frozen
class FourEverSheet:
    """Your engine's Clever 4Ever sheet, cell by cell as printed."""

    yellow: tuple[tuple[int | None, ...], ...]  # top, middle, bottom row: 5 fields each
    blue: tuple[tuple[bool, ...], ...]  # 6 rows (the blue die) x 6 columns (the white die)
    grey: tuple[bool, ...]  # 17 parts
    green: tuple[tuple[int | None, ...], ...]  # lower and upper line: 11 fields each
    pink: tuple[int | None, ...]  # 12 fields
    tracks: tuple[Track, Track, Track]  # re-roll, extra die, polish the silver
    pending: tuple[str, ...]


def _cells(count: int, crossed: list[int]) -> tuple[bool, ...]:
    return tuple(n in crossed for n in range(1, count + 1))


def _fields(count: int, written: list[Any]) -> tuple[Any, ...]:
    return tuple(written) + (None,) * (count - len(written))


def _track(length: int, data: dict[str, Any]) -> Track:
    return tuple(2 if i in data["used"] else int(i <= data["circled"])
                 for i in range(1, length + 1))


class OtherEngine:
    """Your engine (a stand-in): it rolls the dice itself, after a turn, a passive player's
    choice or extra dice it waits for an explicit step, and it keeps its sheets its own way.
    (Borrowing the oracle's rules, it fills its cells from the oracle's sheets.)"""

    def __init__(self, game_name: str, players: int, options: Mapping[str, str | bool],
                 seed: int) -> None:
        self.game = find_game(game_name)
        self.state = self.game.new_game(players, self.game.make_ruleset(options))
        self.generator = random.Random(seed)  # its own generator, seeded as the harness asks
        self.waiting = False  # a turn ended: end_turn() must be called before the next roll

    def roll(self) -> tuple[tuple[str, int], ...]:
        """Roll the dice in the cup; returns each die rolled (colour code, face)."""
        if self.waiting:
            raise RuntimeError("end the turn first")
        move = self.game.sample_chance(self.state, self.generator)
        self.state = self.game.apply(self.state, move)
        dice = self.game.move_to_json(move)["dice"]
        assert isinstance(dice, list)
        return tuple((d["die"], d["face"]) for d in dice)

    def play(self, move: JSONData) -> str | None:
        """Play a player's move; None, or why it is refused (in the engine's own words)."""
        parsed = self.game.move_from_json(dict(move))
        if self.game.diagnose(self.state, parsed) is not None:
            return "not allowed"
        before = self.state.active
        self.state = self.game.apply(self.state, parsed)
        self.waiting = self.state.active != before or self.state.is_terminal
        return None

    def decline(self) -> str | None:
        """A passive player takes no die."""
        return self.play({"kind": "pass"})

    def end_extra_dice(self) -> str | None:
        """The player to move uses no more extra dice."""
        return self.play({"kind": "pass"})

    def end_turn(self) -> None:
        self.waiting = False

    def sheets(self) -> tuple[CubedSheet | FourEverSheet, ...]:
        return tuple(self._sheet(self.game.sheet_to_json(s)) for s in self.state.sheets)

    def _sheet(self, data: dict[str, Any]) -> CubedSheet | FourEverSheet:
        """The stand-in's own cells, filled from the oracle's sheet (as sheet JSON)."""
        tracks = data["actions"]
        pending = tuple(data["question_marks"])
        if self.game.name == "clever-cubed":
            blue: list[int | None] = [None] * 6 + [7] + [None] * 6
            for i, number in enumerate(data["blue"]["left"]):
                blue[5 - i] = number
            for i, number in enumerate(data["blue"]["right"]):
                blue[7 + i] = number
            pink = [(p["number"], p["option"]) for p in data["pink"]]
            return CubedSheet(
                tuple(_cells(6, data["yellow"][row]) for row in ("I", "II", "III")),
                tuple(_cells(6, row) for row in data["turquoise"]), tuple(blue),
                _cells(12, [f["field"] for f in data["brown"]]), _fields(12, pink),
                (_track(7, tracks["reroll"]), _track(7, tracks["number_joker"]),
                 _track(7, tracks["extra_die"])), pending)
        return FourEverSheet(
            tuple(_fields(5, row) for row in data["yellow"]),
            tuple(_cells(6, row) for row in data["blue"]),
            tuple(GREY_FIRST + i in data["grey"] for i in range(17)),
            (_fields(11, data["green"]["lower"]), _fields(11, data["green"]["upper"])),
            _fields(12, data["pink"]),
            (_track(7, tracks["reroll"]), _track(7, tracks["extra_die"]),
             _track(9, tracks["polish_the_silver"])), pending)

    def dice(self) -> tuple[tuple[str, int | None, str], ...]:
        """Each die: colour code, face (None before its first roll) and where it lies ("cup",
        "I", "II", "III" or "platter")."""
        return tuple((d.die.code, d.face, d.place.label) for d in self.game.dice(self.state))

    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.game.scores(self.state))


# --- the adapter: the part you write -----------------------------------------------------------

T = TypeVar("T")
#: The model numbers Clever 4Ever's grey parts from 1, as moves do (docs/formats.md, section 6).
GREY_FIRST = 1


def track_json(track: Track) -> dict[str, object]:
    """An action track in the model: how many fields are circled, which are used."""
    return {"circled": sum(1 for field in track if field >= 1),
            "used": [i for i, field in enumerate(track, 1) if field == 2]}


def written(fields: tuple[T | None, ...]) -> list[T]:
    """The numbers written in a line of fields, in field order."""
    return [n for n in fields if n is not None]


def crossed(cells: tuple[bool, ...], first: int = 1) -> list[int]:
    """The numbers (or parts) of the cells crossed, ascending."""
    return [i for i, cross in enumerate(cells, first) if cross]


def sheet_json(sheet: CubedSheet | FourEverSheet) -> dict[str, object]:
    """Your sheet as sheet JSON: each area as the model reads it, then the action tracks and
    the pending question marks (the foxes may be left out)."""
    if isinstance(sheet, CubedSheet):
        areas: dict[str, object] = {
            "yellow": {row: crossed(cells) for row, cells in zip(("I", "II", "III"),
                                                                  sheet.yellow)},
            "turquoise": [crossed(cells) for cells in sheet.turquoise],
            "blue": {"left": written(sheet.blue[5::-1]), "right": written(sheet.blue[7:])},
            "brown": [{"field": i, "number": BROWN[i - 1]} for i in crossed(sheet.brown)],
            "pink": [{"number": n, "option": how} for n, how in written(sheet.pink)],
        }
        names = ("reroll", "number_joker", "extra_die")
    else:
        areas = {
            "yellow": [written(row) for row in sheet.yellow],
            "blue": [crossed(cells) for cells in sheet.blue],
            "grey": crossed(sheet.grey, GREY_FIRST),
            "green": {"lower": written(sheet.green[0]), "upper": written(sheet.green[1])},
            "pink": written(sheet.pink),
        }
        names = ("reroll", "extra_die", "polish_the_silver")
    return {**areas,
            "actions": {name: track_json(track) for name, track in zip(names, sheet.tracks)},
            "question_marks": list(sheet.pending)}


class Adapter:
    """The adapter: protocol 3 (``PROTOCOL = 3``: the JSON game model), capability
    ``rolls_itself``."""

    PROTOCOL: ClassVar[int] = 3

    def __init__(self, game_name: str = "clever-cubed") -> None:
        self.game_name = game_name
        self.engine: OtherEngine | None = None

    def hello(self) -> Hello:
        # Declare the ruleset options your engine plays (here: only our rulings, so none).
        return Hello(self.game_name, "OtherEngine 2.0 (worked adapter)",
                     frozenset({ROLLS_ITSELF}), 3, {})

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int) -> None:
        self.engine = OtherEngine(game, players, ruleset, seed)

    def _engine(self) -> OtherEngine:
        if self.engine is None:
            raise RuntimeError("no game: new_game first")
        return self.engine

    def apply(self, step: Step) -> Answer | Rolled:
        engine = self._engine()
        if step.kind in ("roll", "solo-roll"):
            if engine.waiting:  # the oracle moves on by itself; your engine is told to
                engine.end_turn()
            dice = [{"die": colour, "face": face} for colour, face in engine.roll()]
            return Rolled({"kind": step.kind, "dice": dice})  # your dice, as move JSON
        if step.kind == "decline":
            refused = engine.decline()
        elif step.kind == "end-extra-dice":
            refused = engine.end_extra_dice()
        else:  # active-pick, passive-pick, extra-die, question-mark, reroll, forfeit
            refused = engine.play(step.data)  # the move as move JSON
        return ACCEPTED if refused is None else Answer(False, refused)

    def probe(self, step: Step) -> Answer:
        raise RuntimeError("no probe capability")

    def state(self, turn: Turn) -> AppState | NotComparable:
        engine = self._engine()
        return AppState(
            sheets=tuple(sheet_json(sheet) for sheet in engine.sheets()),
            scores=tuple((("total", total),) for total in engine.totals()),
            dice=tuple({"die": colour, "face": face, "place": place}
                       for colour, face, place in engine.dice()),
        )

    def legal(self, turn: Turn) -> tuple[str, ...]:
        raise RuntimeError("no legal capability")

    def close(self) -> None:
        self.engine = None


if __name__ == "__main__":
    raise SystemExit(serve(Adapter(sys.argv[1] if len(sys.argv) > 1 else "clever-cubed")))
