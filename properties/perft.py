"""Conformance counts, the perft of Clever: for a documented list of positions, the exact number
of distinct legal move sequences to depth k and to the end of the current turn, and the number
of distinct states they reach.  Another implementation that agrees on every count lists exactly
our legal moves in every state below these positions (as chess engines check move generation
with perft).

A position is a seeded game (``play_game(players, seed)``, random policy; or, for the rare
families, a game chosen by certification's steer, :func:`steered_game`) replayed to just before
step ``step``; each isolates its rule family (:data:`POSITIONS`, :func:`isolates`).  Chance moves
are not branched: the i-th roll below the position (counting along each line) rolls the dice that
are in the cup, each showing its face in ``dice[i]`` (six faces in die order W Y T B Br P; after
the last row the rows repeat); a solo roll lists the six dice in die order.
A depth counts player moves only.  ``turn`` counts the sequences until the active
player changes, the round changes or the game ends.

The counts live in ``properties/conformance/GAME/counts-1.json`` (format
``clever-oracle-perft/1``), shipped with the package so that ``clever-oracle conformance`` works
from anywhere; ``tests/certify/test_perft.py`` recomputes and diffs them.  A counts file given
with ``--counts`` is checked before it is used (:func:`check_app`: its shape, depths up to
:data:`MAX_DEPTH`, moves that are legal), so a bad one is a one-line error, not a crash or an
endless walk.  Regenerate after an intended change
with ``python -m properties.perft --write``; ``--bench`` prints nodes per second; ``clever-oracle
conformance --adapter COMMAND`` checks an app against the file, with a per-move "divide" on a
mismatch.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType

import attrs
import jsonschema
from jsonschema.exceptions import best_match

from oracle.adapter.compare import move_text
from oracle.adapter.protocol import (
    LEGAL,
    PROBE,
    AdapterError,
    AnyImplementation,
    Answer,
    NotComparable,
    Rolled,
    current,
)
from oracle.adapter.steps import step_of, turn_of
from oracle.engine.errors import OracleError
from oracle.engine.game import Game, Move, State
from oracle.games import DEFAULT_GAME, find_game
from oracle.formats.jsontext import JSONTextError, loads
from oracle.records.play import play_game
from oracle.engine.phase import Phase
from oracle.engine.state import GameState
from properties.steering import FAMILIES, Choice, fallback_kind, on_two_dice, uses_action

FORMAT = "clever-oracle-perft/1"
#: The committed positions of each game: (players, seed, step, depth, the rule family that
#: decides its counts[, the steer that played its game]).  Each family has one in each game:
#: the game's own action (number joker, polish), question marks (one pending; Clever Cubed's
#: blue one; several kinds queued), the passive fallback (open while a platter die is usable
#: only by spending the action: Clever Cubed's number joker, Clever 4Ever's polish), Clever
#: Cubed's solo fallback, extra dice, the solo passive turn, the last round and the end of the
#: game.  Each isolates its family (:func:`isolates`): below it, and at its root, no situation
#: another family decides (:data:`SITUATIONS`) comes up, so an app that bends one family's rule
#: fails that family's positions only; every position but the solo ones is in a game of two or
#: more players (the solo passive roll lays the dice, ruling 9).  They are the first such
#: position in seeded games (random play, or certification's steer for the rare ones), found by
#: :func:`find_position` (``python -m properties.perft --find FAMILY``).
POSITIONS: Mapping[str, tuple[tuple[int, int, int, int, str] | tuple[int, int, int, int, str, str],
                              ...]] = MappingProxyType({
    "clever-cubed": (
        (2, 1, 2, 2, "start"), (2, 1, 18, 2, "random"), (3, 1, 41, 2, "random"),
        (3, 5, 20, 2, "random"), (4, 1, 36, 2, "random"), (1, 1, 10, 2, "solo"),
        (1, 79, 28, 2, "solo-fallback"), (2, 1, 21, 2, "extra"), (2, 1, 73, 2, "lastround"),
        (2, 4, 17, 2, "question"), (2, 6, 17, 2, "blue-question"), (2, 2, 41, 2, "action"),
        (4, 110, 96, 2, "fallback"), (2, 15, 78, 2, "queued", "questions"),
        (3, 89, 143, 3, "end"),
    ),
    "clever-4ever": (
        (2, 1, 2, 2, "start"), (2, 1, 22, 2, "random"), (3, 1, 22, 2, "random"),
        (1, 1, 39, 2, "solo"), (2, 5, 42, 2, "action"), (2, 1, 66, 2, "question"),
        (2, 4, 71, 2, "extra"), (2, 1, 79, 2, "lastround"), (2, 1, 64, 2, "queued", "questions"),
        (2, 6, 66, 2, "fallback", "fallback"), (2, 4, 101, 2, "end"),
    ),
})
#: The turn count is given only when the turn has at most this many sequences states (else null).
TURN_CAP = 5_000
#: How many rolls each position lists.
DICE_ROWS = 4
#: The deepest perft a counts file may ask for (the committed ones go to 3; every level
#: multiplies the questions put to the app by the moves of a position, 10 to 50).
MAX_DEPTH = 3


def default_counts(game: str = DEFAULT_GAME) -> Path:
    """Where the committed counts of ``game`` live (package data of :mod:`properties`)."""
    return Path(str(resources.files("properties"))) / "conformance" / game / "counts-1.json"


def _counts_schema(game: Game) -> dict[str, object]:
    """The JSON Schema of a counts file of ``game`` (what :func:`check_app` relies on)."""
    dice = len(game.dice_codes)
    limit = "not a rule: a limit of the counts file, far above any name or move"
    face = {"type": "integer", "minimum": 1, "maximum": 6,
            "description": "a die's face, 1 to 6 (rule ROLL-DICE)"}
    count = {"type": "integer", "minimum": 0,
             "description": "a count of move sequences, 0 or more (not a rule: a count)"}
    position = {
        "type": "object",
        "required": ["name", "players", "steps", "dice", "perft", "divide"],
        "properties": {
            "name": {"type": "string", "maxLength": 200,
                     "description": f"the position's name, at most 200 characters ({limit})"},
            "players": {"type": "integer", "minimum": game.min_players,
                        "maximum": game.max_players,
                        "description": f"{game.min_players} to {game.max_players} players (rule "
                        "ROUNDS)"},
            "steps": {"type": "array", "items": {
                "type": "string", "maxLength": 200,
                "description": f"a step of the record prefix, at most 200 characters ({limit})"}},
            "dice": {"type": "array", "minItems": 1,
                     "description": "the rolls listed, at least 1 (not a rule: a position's "
                     "counts need a roll)",
                     "items": {"type": "array", "items": face, "minItems": dice,
                               "maxItems": dice,
                               "description": f"one roll: a face for each of the {dice} dice "
                               "(rule ROLL-DICE)"}},
            "perft": {"type": "array", "items": count, "minItems": 1, "maxItems": MAX_DEPTH,
                      "description": f"the counts at depths 1 to {MAX_DEPTH} (not a rule: "
                      "MAX_DEPTH, every level multiplies the questions put to the app)"},
            "divide": {"type": "object", "additionalProperties": count},
        },
    }
    return {"type": "object", "required": ["format", "game", "positions"],
            "properties": {"format": {"const": FORMAT}, "game": {"const": game.name},
                           "positions": {"type": "array", "items": position}}}


def counts_label(path: str, given: bool) -> str:
    """How errors name a counts file: ``--counts PATH`` when the user gave it."""
    return f"--counts {path}" if given else f"the shipped counts {path}"


def read_counts(game: Game, path: str, label: str) -> list[dict[str, object]]:
    """The positions of the counts file ``path`` of ``game``, checked against its schema;
    :class:`OracleError` naming ``label`` (how the user named the file) and the place."""
    try:
        with open(path, "rb") as handle:
            text = handle.read(16 * 2**20)
        data = loads(text)
    except (OSError, JSONTextError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise OracleError(f"{label}: cannot read the counts file: {reason}") from None
    error = best_match(jsonschema.Draft202012Validator(_counts_schema(game)).iter_errors(data))
    if error is not None:
        where = "/" + "/".join(str(p) for p in error.absolute_path)
        raise OracleError(f"{label}: not a {FORMAT} file of {game.name}: {where}: "
                          f"{error.message[:160]}")
    assert isinstance(data, dict)
    positions: list[dict[str, object]] = data["positions"]
    return positions


def roll(game: Game, state: State, faces: tuple[int, ...]) -> Move:
    """The due roll of ``state`` with each die showing ``faces[die]`` (see the module
    docstring): the dice in the cup, or all six in die order for a solo roll."""
    example = str(game.sample_chance(state, random.Random(0))).split(" ")
    codes = game.dice_codes
    if example[0] == "roll":
        rolled = [t.rstrip("0123456789") for t in example[1:]]
        return game.parse_move("roll " + " ".join(
            f"{c}{faces[codes.index(c)]}" for c in codes if c in rolled))
    return game.parse_move(example[0] + " " + " ".join(f"{c}{f}" for c, f in zip(codes, faces)))


class TooMany(Exception):
    """A count past its cap."""


@attrs.frozen
class Tree:
    """Perft over ``game`` with the dice rows ``dice``."""

    game: Game
    dice: tuple[tuple[int, ...], ...]

    def settle(self, state: State, rolled: int) -> tuple[State, int]:
        """``state`` after the due rolls, and how many rolls the line has made."""
        while state.is_chance:
            state = self.game.apply(state, roll(self.game, state, self.dice[rolled % len(self.dice)]))
            rolled += 1
        return state, rolled

    def walk(self, state: State, rolled: int, stop: Callable[[State], bool],
             seen: set[State], cap: int | None = None) -> int:
        """The sequences from the settled ``state`` until ``stop`` holds (or the game ends);
        the states reached are added to ``seen``.  :class:`TooMany` past ``cap`` states."""
        if state.is_terminal or stop(state):
            seen.add(state)
            if cap is not None and len(seen) > cap:
                raise TooMany()
            return 1
        total = 0
        for move in self.game.legal_moves(state):
            child, after = self.settle(self.game.apply_unchecked(state, move), rolled)
            total += self.walk(child, after, _child_stop(stop, state), seen, cap)
        return total


def _child_stop(stop: Callable[[State], bool], parent: State) -> Callable[[State], bool]:
    depth = getattr(stop, "depth", None)
    if depth is None:
        return stop
    return _depth(depth - 1)


class _Depth:
    def __init__(self, depth: int) -> None:
        self.depth = depth

    def __call__(self, state: State) -> bool:
        return self.depth <= 0


def _depth(depth: int) -> Callable[[State], bool]:
    return _Depth(depth)


def _turn_over(root: State) -> Callable[[State], bool]:
    return lambda s: s.active != root.active or s.round != root.round


def steered_game(game: Game, players: int, seed: int, steer: str) -> tuple[Move, ...]:
    """The moves (chance moves included) of a whole game of ``players`` chosen by
    certification's steer named ``steer`` (:data:`properties.steering.FAMILIES`) with a
    generator seeded with ``seed``, among all our legal moves."""
    family = {s.name: s for s in FAMILIES}[steer]
    rng = random.Random(seed)
    state = game.new_game(players)
    moves: list[Move] = []
    while not state.is_terminal:
        if state.is_chance:
            move = game.sample_chance(state, random.Random(family.roll(game, state, rng)))
        else:
            legal = game.legal_moves(state)
            texts = tuple(str(m) for m in legal)
            move = legal[family.choose(Choice(game, state, legal, texts,
                                              tuple(range(len(legal)))), rng)]
        moves.append(move)
        state = game.apply_unchecked(state, move)
    return tuple(moves)


@functools.cache
def _played(name: str, players: int, seed: int, steer: str | None) -> tuple[Move, ...]:
    """A position's whole game (see :class:`Position`), played once per process."""
    if steer is None:
        return play_game(players, seed, game=name)[0]
    return steered_game(find_game(name), players, seed, steer)


@attrs.frozen
class Position:
    """One committed position (see the module docstring): the game is a seeded random game
    (``play_game``), or with ``steer`` a game chosen by certification's steer of that name
    (:func:`steered_game`)."""

    players: int
    seed: int
    step: int
    depth: int
    family: str = "random"
    steer: str | None = None

    @property
    def name(self) -> str:
        way = f"-{self.steer}" if self.steer else ""
        return f"{self.family}-{self.players}p{way}-seed{self.seed}-step{self.step}"

    def played(self, game: Game) -> tuple[Move, ...]:
        """The whole game the position is taken from."""
        return _played(game.name, self.players, self.seed, self.steer)

    def moves(self, game: Game) -> tuple[Move, ...]:
        """The moves of the seeded game before the position."""
        return self.played(game)[: self.step - 1]

    def dice(self, game: Game) -> tuple[tuple[int, ...], ...]:
        """The dice rows: the seeded game's next rolls, a die not rolled showing 1."""
        after = self.played(game)[self.step - 1:]
        codes = game.dice_codes
        rows = []
        for move in after:
            tokens = str(move).split(" ")
            if tokens[0] in ("roll", "solo-roll"):
                faces = dict.fromkeys(codes, 1)
                for t in tokens[1:]:
                    faces[t.rstrip("0123456789")] = int(t[-1])
                rows.append(tuple(faces[c] for c in codes))
            if len(rows) == DICE_ROWS:
                break
        return tuple(rows) or ((1, 2, 3, 4, 5, 6),)

    def start(self, game: Game) -> State:
        state = game.new_game(self.players)
        for move in self.moves(game):
            state = game.apply(state, move)
        return state


#: The situations :func:`situations` looks for, each decided by one rule family: the solo game
#: (its passive roll lays the dice, ruling 9), several kinds of question mark pending (ruling
#: 18), a blue question mark pending (Clever Cubed's ruling 13), the passive fallback open while
#: a platter die is usable by spending the game's action (ruling 4), the fallback open in the
#: solo passive turn, the end of the game (Clever Cubed's end-of-game extra dice, ruling 7;
#: Clever 4Ever's end after the last turn, 4E-12), and a move that spends the game's action.
SITUATIONS = ("solo", "queued", "blue-question", "fallback", "solo-fallback", "end", "action")
#: The situations each game's positions are kept apart by: those whose rules one of the
#: departures certification is tested on bends (tests/certify/test_conformance_families.py).
ISOLATED: Mapping[str, frozenset[str]] = MappingProxyType({
    "clever-cubed": frozenset({"solo", "queued", "blue-question", "fallback", "solo-fallback",
                               "end"}),
    "clever-4ever": frozenset({"solo", "queued", "fallback", "end", "action"}),
})
#: The situations a position of each family may meet below it (every other family: none).
#: Clever 4Ever's fallback is the one in which a platter die fits only polished, so its position
#: holds polish moves.
ALLOWED: Mapping[str, frozenset[str]] = MappingProxyType({
    "solo": frozenset({"solo"}),
    "solo-fallback": frozenset({"solo", "solo-fallback"}),
    "queued": frozenset({"queued"}),
    "blue-question": frozenset({"blue-question"}),
    "fallback": frozenset({"fallback", "action"}),
    "end": frozenset({"end"}),
    "action": frozenset({"action"}),
})
_BLUE_QUESTION = "?B"


def situations(game: Game, state: State) -> frozenset[str]:
    """The :data:`SITUATIONS` of ``state``."""
    found = {"solo"} if state.players == 1 else set()
    if state.is_terminal:
        return frozenset(found | {"end"})
    if state.is_chance:
        return frozenset(found)
    if game.phase(state) is Phase.END_EXTRA:
        found.add("end")
    pending = set(game.pending(state, state.actor))
    if len(pending) > 1:
        found.add("queued")
    if _BLUE_QUESTION in pending and game.name == "clever-cubed":
        found.add("blue-question")
    kind = fallback_kind(game, state)
    if kind == 2:
        found.add("fallback")
    if kind and state.players == 1:
        found.add("solo-fallback")
    if any(uses_action(str(m)) for m in game.legal_moves(state)):
        found.add("action")
    return frozenset(found)


def _blue_reading(game: Game, state: State) -> State:
    """``state`` under Clever Cubed's other reading of the blue question mark (ruling 13)."""
    assert isinstance(state, GameState)
    other: State = attrs.evolve(state, ruleset=game.make_ruleset(
        {"blue_question": "number_plus_white"}))
    return other


def _anything(game: Game, state: State) -> bool:
    """The root of a family that wants none in particular."""
    return True


def way_situations(game: Game, state: State, move: Move) -> frozenset[str]:
    """The :data:`SITUATIONS` whose rules decide ``move`` taken in ``state`` on the way to a
    position: a move of a solo game, a question mark chosen among several kinds, a move that is
    illegal or leaves other sheets under the other reading of the blue question mark (Clever
    Cubed, ruling 13: a blue question mark used, or entered at once), a die-field die taken in
    the passive fallback (``fallback`` while a platter die is usable by the action,
    ``solo-fallback`` in the solo game), the action spent on two dice (Clever 4Ever's one-die
    polish option, 4E-1, decides it)."""
    found = {"solo"} if state.players == 1 else set()
    if state.is_chance or state.is_terminal:
        return frozenset(found)
    text = str(move)
    if text.startswith("question ") and len(set(game.pending(state, state.actor))) > 1:
        found.add("queued")
    if game.name == "clever-cubed":
        other = _blue_reading(game, state)
        if not game.is_legal(other, move) or (game.apply_unchecked(state, move).sheets
                                               != game.apply_unchecked(other, move).sheets):
            found.add("blue-question")
    kind = fallback_kind(game, state)
    if kind and text.startswith("take ") and next(
            d.place.label for d in game.dice(state) if d.die.code == text.split(" ")[1]
    ) != "platter":
        if kind == 2:
            found.add("fallback")
        if state.players == 1:
            found.add("solo-fallback")
    if on_two_dice(text):
        found.add("action")
    return frozenset(found)


def signature(game: Game, position: Position) -> frozenset[str]:
    """The :data:`SITUATIONS` met at the position (after its due rolls), in every state of its
    perft tree (to its depth, rolling its dice rows), and on the way to it
    (:func:`way_situations`)."""
    tree = Tree(game, position.dice(game))
    root, rolled = tree.settle(position.start(game), 0)
    met: set[str] = set()

    def visit(state: State, rolled: int, depth: int) -> None:
        met.update(situations(game, state))
        if depth <= 0 or state.is_terminal:
            return
        for move in game.legal_moves(state):
            child, after = tree.settle(game.apply_unchecked(state, move), rolled)
            visit(child, after, depth - 1)

    visit(root, rolled, position.depth)
    state = game.new_game(position.players)
    for move in position.moves(game):
        met.update(way_situations(game, state, move))
        state = game.apply_unchecked(state, move)
    return frozenset(met)


def isolates(game: Game, position: Position) -> bool:
    """Whether ``position`` has the root its family wants (:data:`ROOTS`) and meets, of the
    situations ``game``'s positions are kept apart by (:data:`ISOLATED`), only its family's own
    (:data:`ALLOWED`); a position of a family with situations of its own meets them at its
    root (the end: below it)."""
    own = ALLOWED.get(position.family, frozenset())
    isolated = ISOLATED[game.name]
    tree = Tree(game, position.dice(game))
    root = tree.settle(position.start(game), 0)[0]
    if root.is_terminal or not ROOTS.get(position.family, _anything)(game, root):
        return False
    met = signature(game, position)
    if not met & isolated <= own:
        return False
    if "end" in own:  # the end comes below the position (Clever 4Ever's game just ends)
        return "end" in met
    wanted = own & isolated - {"action", "solo"}
    return not wanted or bool(situations(game, root) & wanted)


def _last_round(game: Game, state: State) -> bool:
    return state.round == game.new_game(state.players).round + _ROUNDS[state.players] - 1


#: Rounds per number of players (rule ROUNDS: 6, 6, 5, 4).
_ROUNDS = (0, 6, 6, 5, 4)


def _moves_of(game: Game, state: State) -> tuple[str, ...]:
    return tuple(str(m) for m in game.legal_moves(state))


#: What the root of a position of each family shows (the families not listed: anything).
ROOTS: Mapping[str, Callable[[Game, State], bool]] = MappingProxyType({
    "start": lambda g, s: s.round == g.new_game(s.players).round and s.active == 0 and not any(
        d.place.is_die_field for d in g.dice(s)),
    "solo": lambda g, s: s.players == 1 and g.phase(s) is Phase.PASSIVE_CHOOSE,
    "extra": lambda g, s: g.phase(s) in (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA) and any(
        t.startswith("extra") for t in _moves_of(g, s)),
    "lastround": _last_round,
    "question": lambda g, s: bool(g.pending(s, s.actor)),
    "question-extra": lambda g, s: bool(g.pending(s, s.actor)),
    "action": lambda g, s: any(uses_action(t) for t in _moves_of(g, s)) and (
        g.name != "clever-4ever" or any(on_two_dice(t) for t in _moves_of(g, s))),
    "blue-question": lambda g, s: _BLUE_QUESTION in g.pending(s, s.actor) and _moves_of(g, s)
    != _moves_of(g, _blue_reading(g, s)),
})


def find_position(game: Game, family: str, players: int, seeds: range, depth: int = 2,
                  steer: str | None = None, most: int = 30, after: int = 2) -> Position | None:
    """The first position of ``family`` (its root as :data:`ROOTS` and :data:`ALLOWED` want
    it) that isolates its family (:func:`isolates`), in the games of ``seeds`` (``steer``: as
    :class:`Position`), from step ``after`` on, with at most ``most`` legal moves at its
    root (how :data:`POSITIONS` were chosen: ``python -m properties.perft --find``)."""
    root = ROOTS.get(family, _anything)
    for seed in seeds:
        played = _played(game.name, players, seed, steer)
        state = game.new_game(players)
        for step, move in enumerate(played, start=1):
            if not state.is_chance and not state.is_terminal and step >= after and (
                    0 < len(game.legal_moves(state)) <= most and root(game, state)):
                position = Position(players, seed, step, depth, family, steer)
                if isolates(game, position):
                    return position
            state = game.apply_unchecked(state, move)
    return None


def counts(game: Game, position: Position) -> dict[str, object]:
    """The counts of one position as written to the file."""
    tree = Tree(game, position.dice(game))
    state, first = tree.settle(position.start(game), 0)
    perft, states, divide = [], [], {}
    for depth in range(1, position.depth + 1):
        seen: set[State] = set()
        perft.append(tree.walk(state, first, _depth(depth), seen))
        states.append(len(seen))
    for move in game.legal_moves(state):
        child, rolled = tree.settle(game.apply(state, move), first)
        divide[str(move)] = tree.walk(child, rolled, _depth(position.depth - 1), set())
    seen = set()
    try:
        turn: dict[str, int] | None = {
            "sequences": tree.walk(state, first, _turn_over(state), seen, TURN_CAP)}
    except TooMany:
        turn = None
    if turn is not None:
        turn["states"] = len(seen)
    return {
        "name": position.name, "players": position.players, "seed": position.seed,
        "step": position.step, **({"steer": position.steer} if position.steer else {}),
        "steps": [str(m) for m in position.moves(game)],
        "dice": [list(r) for r in tree.dice],
        "perft": perft, "states": states, "turn": turn,
        "divide": divide,
    }


def all_counts(game: Game) -> dict[str, object]:
    """The whole counts file of ``game``."""
    return {"format": FORMAT, "game": game.name,
            "positions": [counts(game, Position(*p)) for p in POSITIONS[game.name]]}


def write(game: Game, path: Path) -> None:
    """Write the counts file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(all_counts(game), indent=1) + "\n", "utf-8")


def bench(game: Game) -> float:
    """Perft nodes (legal-move generations and applications) per second over the positions."""
    nodes = 0
    start = time.perf_counter()
    for p in POSITIONS[game.name]:
        position = Position(*p)
        tree = Tree(game, position.dice(game))
        state, first = tree.settle(position.start(game), 0)
        nodes += tree.walk(state, first, _depth(position.depth), set())
    return nodes / (time.perf_counter() - start)


class NotCompared(Exception):
    """A position's counts cannot be compared: the app answered "not comparable" to ``legal``
    below it, or rolled dice of its own where the counts roll theirs."""


class Refused(Exception):
    """The app refused a move of a line the counts walk (a position's steps, a legal move)."""

    def __init__(self, move: str) -> None:
        super().__init__(move)
        self.move = move


class _AppWalk:
    """Counts an app's move sequences below a position by asking it, node by node, for its
    legal moves (``legal``) or whether each candidate move is legal (``probe``: our legal moves
    and near misses); the app is brought to each node by replaying the line in a new game (in
    protocol 2 each step named with its kind and mover)."""

    def __init__(self, game: Game, app: AnyImplementation, players: int,
                 start: tuple[str, ...], tree: Tree) -> None:
        self.game, self.players, self.start, self.tree = game, players, start, tree
        self.app = current(app)
        capabilities = self.app.hello().capabilities
        if LEGAL not in capabilities and PROBE not in capabilities:
            raise AdapterError("conformance needs the adapter's 'legal' or 'probe' capability")
        self.lists = LEGAL in capabilities
        self.differences: list[str] = []

    def _goto(self, line: tuple[str, ...]) -> None:
        game = self.game
        self.app.new_game(game.name, self.players, game.default_ruleset.options(), 0)
        state = game.new_game(self.players)
        for text in self.start + line:
            answer = self.app.apply(step_of(game, state, text))
            if isinstance(answer, Rolled) and move_text(game, answer.move) != text:
                raise NotCompared(f"the app rolls its own dice: it rolled "
                                  f"{move_text(game, answer.move)} where the counts roll {text}")
            if isinstance(answer, Answer) and not answer.accepted:
                raise Refused(text)
            state = game.apply(state, game.parse_move(text))

    def moves(self, state: State, line: tuple[str, ...]) -> set[str]:
        self._goto(line)
        if self.lists:
            listed = self.app.legal(turn_of(self.game, state))
            if isinstance(listed, NotComparable):
                where = " | ".join(line) or "the position"
                raise NotCompared(f"the app answered 'not comparable' to legal after {where}"
                                  + (f" ({listed.reason})" if listed.reason else ""))
            return {move_text(self.game, m) for m in listed}
        from properties.nearmiss import index_of, near_misses
        candidates = {str(m) for m in self.game.legal_moves(state)}
        for found in near_misses(self.game, index_of(self.game), state).values():
            candidates.update(str(m) for m in found[:20])
        return {t for t in candidates
                if self.app.probe(step_of(self.game, state, t)).accepted}

    def count(self, state: State, rolled: int, depth: int, line: tuple[str, ...]) -> int:
        if state.is_terminal or depth <= 0:
            return 1
        ours = {str(m): m for m in self.game.legal_moves(state)}
        try:
            theirs = self.moves(state, line)
        except Refused as exc:
            self.differences.append(f"the app refuses {exc.move} on the way to "
                                    f"{' | '.join(line) or 'the position'}")
            return 0
        for text in sorted(theirs - set(ours)):
            self.differences.append(f"after {' | '.join(line) or 'the position'}: the app "
                                    f"allows {text}")
        for text in sorted(set(ours) - theirs):
            self.differences.append(f"after {' | '.join(line) or 'the position'}: the app "
                                    f"does not allow {text}")
        total = len(theirs - set(ours))
        for text in sorted(theirs & set(ours)):
            child = self.game.apply_unchecked(state, ours[text])
            rolls = tuple(str(m) for m in _rolls(self.game, child, self.tree, rolled))
            after, count = self.tree.settle(child, rolled)
            total += self.count(after, count, depth - 1, line + (text,) + rolls)
        return total


def _start(game: Game, entry: dict[str, object], tree: Tree) -> tuple[State, int, list[str]]:
    """The position of a counts entry after its due rolls: the state, the rolls made, and the
    moves that lead there (its steps and those rolls)."""
    state = game.new_game(int(str(entry["players"])))
    steps = entry["steps"]
    assert isinstance(steps, list)
    for text in steps:
        state = game.apply(state, game.parse_move(str(text)))
    start = [str(t) for t in steps]
    rolled = 0
    while state.is_chance:
        chance = roll(game, state, tree.dice[rolled % len(tree.dice)])
        start.append(str(chance))
        state = game.apply(state, chance)
        rolled += 1
    return state, rolled, start


def check_positions(game: Game, app: AnyImplementation, path: str,
                    given: bool = True) -> list[dict[str, object]]:
    """Check ``app`` against the counts file ``path``: per position (a JSON-ready mapping), the
    app's perft at the file's deepest depth against ours, whether they agree (``ok``), its
    ``status`` (:data:`OK`, :data:`MISMATCH`, or :data:`NOT_COMPARED` with the ``reason``: such
    a position is not passed), and on a mismatch the per-move divide (``divide``: move,
    expected, app) and the first differences.
    ``given``: the user named the file (errors say ``--counts PATH``; else they name the shipped
    file)."""
    label = counts_label(path, given)
    out: list[dict[str, object]] = []
    for number, entry in enumerate(read_counts(game, path, label)):
        dice = entry["dice"]
        perft = entry["perft"]
        divide = entry["divide"]
        assert isinstance(dice, list) and isinstance(perft, list) and isinstance(divide, dict)
        tree = Tree(game, tuple(tuple(r) for r in dice))
        try:
            state, rolled, start = _start(game, entry, tree)
            for text in divide:
                game.parse_move(text)
        except OracleError as exc:
            raise OracleError(f"{label}: /positions/{number}: {exc}") from None
        players = int(str(entry["players"]))
        depth = len(perft)
        walk = _AppWalk(game, app, players, tuple(start), tree)
        expected = perft[-1]
        report: dict[str, object] = {"name": entry["name"], "depth": depth,
                                     "expected": expected}
        try:
            got = walk.count(state, rolled, depth, ())
        except NotCompared as exc:
            report.update({"app": None, "ok": False, "status": NOT_COMPARED,
                           "reason": str(exc), "differences": walk.differences[:10]})
            if walk.differences:
                report["status"] = MISMATCH
            out.append(report)
            continue
        report["app"] = got
        report["ok"] = got == expected and not walk.differences
        report["status"] = OK if report["ok"] else MISMATCH
        if not report["ok"]:
            rows: list[dict[str, object]] = []
            legal = {str(m): m for m in game.legal_moves(state)}
            for text, want in divide.items():
                if text not in legal:
                    rows.append({"move": text, "expected": want, "app": None})
                    continue
                child_walk = _AppWalk(game, app, players, tuple(start), tree)
                child = game.apply(state, legal[text])
                after, r = tree.settle(child, rolled)
                line = (text,) + tuple(str(m) for m in _rolls(game, child, tree, rolled))
                try:
                    rows.append({"move": text, "expected": want,
                                 "app": child_walk.count(after, r, depth - 1, line)})
                except NotCompared:
                    rows.append({"move": text, "expected": want, "app": None,
                                 "not_compared": True})
            report["divide"] = rows
            report["differences"] = walk.differences[:10]
        out.append(report)
    return out


#: A position's ``status`` in :func:`check_positions`: its counts match, differ, or could not
#: be compared (``reason`` says why); only ``ok`` passes.
OK, MISMATCH, NOT_COMPARED = "ok", "mismatch", "not-compared"


def verdict(positions: list[dict[str, object]]) -> str:
    """``differences`` when a position's counts differ, else ``inconclusive`` when a position
    could not be compared, else ``conforming`` (docs/certify.md, "When a run says nothing")."""
    statuses = {p.get("status") for p in positions}
    if MISMATCH in statuses:
        return "differences"
    if NOT_COMPARED in statuses or not positions:
        return "inconclusive"
    return "conforming"


def report_lines(positions: list[dict[str, object]]) -> list[str]:
    """The text report of :func:`check_positions`."""
    lines: list[str] = []
    for p in positions:
        if p.get("status") == NOT_COMPARED:
            lines.append(f"{p['name']}: perft({p['depth']}) expected {p['expected']}: NOT "
                         f"COMPARED: {p['reason']}")
            continue
        if p["app"] is None:  # differences seen before the app stopped being comparable
            lines.append(f"{p['name']}: perft({p['depth']}) expected {p['expected']}: MISMATCH "
                         f"(then not compared: {p['reason']})")
        else:
            lines.append(f"{p['name']}: perft({p['depth']}) expected {p['expected']}, app "
                         f"{p['app']}: " + ("OK" if p["ok"] else "MISMATCH"))
        if p["ok"]:
            continue
        rows = p.get("divide", [])
        assert isinstance(rows, list)
        if rows:
            lines.append("  divide (move: expected app):")
        for row in rows:
            if row.get("not_compared"):
                lines.append(f"    {row['move']}: {row['expected']} (not compared)")
            elif row["app"] is None:
                lines.append(f"    {row['move']}: {row['expected']} (not a legal move here)   "
                             "<-- differs")
            else:
                mark = "" if row["app"] == row["expected"] else "   <-- differs"
                lines.append(f"    {row['move']}: {row['expected']} {row['app']}{mark}")
        differences = p["differences"]
        assert isinstance(differences, list)
        lines.extend("  " + str(d) for d in differences)
    said = verdict(positions)
    passed = sum(1 for p in positions if p["ok"])
    unknown = sum(1 for p in positions if p.get("status") == NOT_COMPARED)
    if said == "conforming":
        lines.append(f"CONFORMING: every count matches ({passed} positions)")
    elif said == "differences":
        lines.append(f"DIFFERENCES: {len(positions) - passed - unknown} of {len(positions)} "
                     "positions differ")
    else:
        lines.append(f"INCONCLUSIVE: no count differs, but {unknown} of {len(positions)} "
                     "positions could not be compared")
    return lines


def check_app(game: Game, app: AnyImplementation, path: str,
              given: bool = True) -> tuple[list[str], bool]:
    """:func:`check_positions` as report lines, and whether everything matched."""
    positions = check_positions(game, app, path, given)
    return report_lines(positions), all(p["ok"] for p in positions)


def _rolls(game: Game, state: State, tree: Tree, rolled: int) -> list[Move]:
    out = []
    while state.is_chance:
        chance = roll(game, state, tree.dice[rolled % len(tree.dice)])
        out.append(chance)
        state = game.apply(state, chance)
        rolled += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Conformance counts (perft) of Clever.")
    parser.add_argument("--game", default=DEFAULT_GAME, help="the game (default: %(default)s)")
    parser.add_argument("--write", action="store_true",
                        help="write properties/conformance/GAME/counts-1.json")
    parser.add_argument("--bench", action="store_true", help="print perft nodes per second")
    parser.add_argument("--find", metavar="FAMILY",
                        help="print the first position of FAMILY that isolates it")
    parser.add_argument("--players", type=int, default=2, help="with --find (default 2)")
    parser.add_argument("--steer", help="with --find: the steer that plays the games")
    parser.add_argument("--seeds", type=int, default=100,
                        help="with --find: seeds 1 to SEEDS (default %(default)s)")
    parser.add_argument("--depth", type=int, default=2, help="with --find (default 2)")
    args = parser.parse_args()
    game = find_game(args.game)
    if args.find:
        found = find_position(game, args.find, args.players, range(1, args.seeds + 1),
                              args.depth, args.steer)
        print(found and attrs.astuple(found) or f"no {args.find} position in those games")
    if args.write:
        write(game, default_counts(game.name))
    if args.bench:
        print(f"perft: {bench(game):,.0f} nodes/s")


if __name__ == "__main__":
    main()
