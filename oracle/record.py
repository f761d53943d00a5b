"""Game records: the JSON format, loading (files, directories, JSON Lines), and verification.

A record (format ``clever-oracle-record/1``; JSON Schema ``oracle/schema/record-1.json``)::

    {"format": "clever-oracle-record/1", "game": "clever-cubed",
     "ruleset": {"blue_question": "total", "blue_seven_after_seven": false},
     "players": ["Ann", "Bob"],
     "steps": ["dice: roll W3 Y5 T1 B6 Br2 P4", "p1: take Y yellow:I", ...],
     "totals": [187, 203]}

Every step names who makes it (``dice`` or ``pN``) and the move in move notation.  ``totals``
(optional) are the final totals the app claims.  :func:`verify` replays a record and returns a
:class:`Verdict`: legal, illegal (the first wrong step, the rule, the reason, the sheet before
it and the legal alternatives), or incomplete (every step legal but the game not over).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Literal

import attrs
import jsonschema

from oracle.errors import IllegalMoveError, NotationError, OracleError, RecordError
from oracle.game import CHANCE, Game, Move, Ruleset, Score, State
from oracle.games import DEFAULT_GAME, find_game
from oracle.play import play_game

FORMAT = "clever-oracle-record/1"
DICE = CHANCE


def schema() -> dict[str, object]:
    """The record JSON Schema shipped with the package."""
    text = resources.files("oracle").joinpath("schema/record-1.json").read_text("utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


@attrs.frozen
class Step:
    """One step: ``actor`` is the player (0-based) or :data:`DICE`; ``move`` the move."""

    actor: int
    move: Move

    def __str__(self) -> str:
        who = "dice" if self.actor == DICE else f"p{self.actor + 1}"
        return f"{who}: {self.move}"


@attrs.frozen
class Record:
    """A game record (see the module docstring)."""

    players: tuple[str, ...]
    steps: tuple[Step, ...]
    ruleset: Ruleset | None = None
    totals: tuple[int, ...] | None = None
    comment: str | None = None
    game: Game = attrs.field(factory=lambda: find_game(DEFAULT_GAME))

    @property
    def options(self) -> Ruleset:
        """The ruleset the record was played with (the game's default when it names none)."""
        return self.ruleset if self.ruleset is not None else self.game.default_ruleset

    def to_json(self) -> dict[str, object]:
        """The record as a JSON-ready mapping."""
        out: dict[str, object] = {
            "format": FORMAT,
            "game": self.game.name,
            "ruleset": self.options.options(),
            "players": list(self.players),
            "steps": [str(s) for s in self.steps],
        }
        if self.totals is not None:
            out["totals"] = list(self.totals)
        if self.comment is not None:
            out["comment"] = self.comment
        return out


def dump_record(record: Record) -> str:
    """The record as JSON text (one step per line, so diffs read well)."""
    data = record.to_json()
    steps = data.pop("steps")
    assert isinstance(steps, list)
    head = json.dumps(data, indent=2, ensure_ascii=False)[:-2]
    lines = ",\n    ".join(json.dumps(s, ensure_ascii=False) for s in steps)
    return f'{head},\n  "steps": [\n    {lines}\n  ]\n}}\n'


def _pointer(path: Iterable[object]) -> str:
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts)


def record_from_json(data: object, name: str = "record") -> Record:
    """Build a record from parsed JSON; :class:`RecordError` names the JSON pointer at fault."""
    validator = jsonschema.Draft202012Validator(schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        raise RecordError(f"{name}: {_pointer(error.absolute_path)}: {error.message}")
    assert isinstance(data, dict)
    try:
        game = find_game(data["game"])
    except OracleError as exc:
        raise RecordError(f"{name}: /game: {exc}") from None
    try:
        ruleset = game.make_ruleset(data.get("ruleset", {}))
    except OracleError as exc:
        raise RecordError(f"{name}: /ruleset: {exc}") from None
    players = tuple(data["players"])
    if not game.min_players <= len(players) <= game.max_players:
        raise RecordError(f"{name}: /players: {game.title} is for {game.min_players} to "
                          f"{game.max_players} players, not {len(players)}")
    steps = []
    for i, text in enumerate(data["steps"]):
        who, _, move_text = text.partition(": ")
        actor = DICE if who == "dice" else int(who[1:]) - 1
        if actor >= len(players):
            raise RecordError(f"{name}: /steps/{i}: {who} is not one of the {len(players)} players")
        try:
            move = game.parse_move(move_text)
        except NotationError as exc:
            raise RecordError(f"{name}: /steps/{i} (step {i + 1}): {exc}") from None
        steps.append(Step(actor, move))
    totals = data.get("totals")
    if totals is not None and len(totals) != len(players):
        raise RecordError(f"{name}: /totals: {len(totals)} totals for {len(players)} players")
    return Record(
        players=players,
        steps=tuple(steps),
        ruleset=ruleset,
        totals=tuple(totals) if totals is not None else None,
        comment=data.get("comment"),
        game=game,
    )


def parse_record(text: str, name: str = "record") -> Record:
    """Parse a record from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    return record_from_json(data, name)


def _read(path: Path) -> str:
    try:
        return path.read_text("utf-8-sig")  # a byte-order mark, as some editors write, is fine
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None


def load_records(source: str) -> Iterator[tuple[str, Record | RecordError]]:
    """Every record in ``source``: a JSON file, a JSON Lines file (``.jsonl``, one record per
    line), or a directory (its ``.json`` and ``.jsonl`` files, sorted by name).  Each comes as
    (name, record) or (name, the error that makes it unusable)."""
    path = Path(source)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix in (".json", ".jsonl") and p.is_file())
        if not files:
            yield source, RecordError(f"{source}: no .json or .jsonl files in this directory")
        for file in files:
            yield from load_records(str(file))
        return
    if not path.exists():
        yield source, RecordError(f"{source}: no such file or directory")
        return
    try:
        text = _read(path)
    except RecordError as exc:
        yield source, exc
        return
    if path.suffix == ".jsonl":
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                name = f"{source}:{number}"
                try:
                    yield name, parse_record(line, name)
                except RecordError as exc:
                    yield name, exc
        return
    try:
        yield source, parse_record(text, source)
    except RecordError as exc:
        yield source, exc


Status = Literal["legal", "illegal", "incomplete"]


@attrs.frozen
class Verdict:
    """The outcome of replaying one record.

    ``status`` is ``legal`` (every step legal, game over, claimed totals right), ``illegal``
    (``step`` — 1-based — is the first wrong one, or ``step`` is None when the claimed totals are
    wrong) or ``incomplete`` (every step legal, but the game is not over).  For a refusal:
    ``player``, ``move``, ``rule``, ``reason``, ``sheet_before`` (sheet notation of the player to
    move, or of the active player at a roll) and ``legal`` (the moves that were legal).
    """

    name: str
    status: Status
    steps: int
    step: int | None = None
    player: str | None = None
    move: str | None = None
    rule: str | None = None
    reason: str | None = None
    sheet_before: str | None = None
    dice_before: str | None = None
    legal: tuple[str, ...] = ()
    scores: tuple[Score, ...] = ()
    players: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The verdict as a JSON-ready mapping."""
        out = attrs.asdict(self, recurse=False)
        out["legal"] = list(self.legal)
        out["players"] = list(self.players)
        out["scores"] = [s.to_json() for s in self.scores]
        return out


def _who(record: Record, actor: int) -> str:
    return "dice" if actor == DICE else f"p{actor + 1} ({record.players[actor]})"


def _chance_text(game: Game, state: State) -> str:
    """What a due roll looks like: ``roll W Y T`` (the dice in the cup) or ``solo-roll``."""
    example = str(game.sample_chance(state, random.Random(0)))
    if example.startswith("solo-roll"):
        return "solo-roll (all six dice)"
    return "roll " + " ".join(token.rstrip("0123456789") for token in example.split()[1:])


def _sheet_before(game: Game, state: State) -> str | None:
    mover = state.actor if state.actor >= 0 else state.active
    return game.format_sheet(state.sheets[mover]) if 0 <= mover < state.players else None


def _refusal(
    name: str, record: Record, state: State, index: int, step: Step, rule: str, reason: str
) -> Verdict:
    game = record.game
    if state.is_chance:
        legal: tuple[str, ...] = (_chance_text(game, state),)
    else:
        legal = tuple(str(m) for m in game.legal_moves(state))
    return Verdict(
        name=name,
        status="illegal",
        steps=len(record.steps),
        step=index + 1,
        player=_who(record, step.actor),
        move=str(step.move),
        rule=rule,
        reason=reason,
        sheet_before=_sheet_before(game, state),
        dice_before=game.dice_text(state),
        legal=legal,
        players=record.players,
    )


def replay(record: Record, upto: int | None = None, ruleset: Ruleset | None = None) -> State:
    """The state before step ``upto`` (1-based; None: after every step).  Raises
    :class:`OracleError` if a step before it is not legal."""
    game = record.game
    state = game.new_game(len(record.players), ruleset or record.options)
    steps = record.steps if upto is None else record.steps[: max(0, upto - 1)]
    for index, step in enumerate(steps):
        if step.actor != state.actor and not state.is_terminal:
            raise OracleError(f"step {index + 1}: {_who(record, state.actor)} is to move")
        try:
            state = game.apply(state, step.move)
        except IllegalMoveError as exc:
            raise OracleError(f"step {index + 1} ({step}) is illegal: {exc}") from None
    return state


def verify(record: Record, name: str = "record", ruleset: Ruleset | None = None) -> Verdict:
    """Replay ``record`` and judge it (see :class:`Verdict`).  ``ruleset`` overrides the
    record's own options, to check an app against the other reading of an open rule."""
    game = record.game
    state = game.new_game(len(record.players), ruleset or record.options)
    for index, step in enumerate(record.steps):
        if not state.is_terminal and step.actor != state.actor:
            expected = _who(record, state.actor)
            hint = (
                " (a step in which a player has no choice at all is skipped, so no 'pass' is "
                "recorded for it)" if str(step.move) == "pass" else ""
            )
            return _refusal(name, record, state, index, step, "TURN-ORDER",
                            f"the step is made by {_who(record, step.actor)}, but {expected} is "
                            f"to move{hint}")
        try:
            state = game.apply(state, step.move)
        except IllegalMoveError as exc:
            return _refusal(name, record, state, index, step, exc.rule, exc.reason)
    if not state.is_terminal:
        return Verdict(
            name=name, status="incomplete", steps=len(record.steps),
            player=_who(record, state.actor),
            rule="GAME-COMPLETE",
            reason=f"the record ends after {len(record.steps)} steps, before the game is over; "
            f"{_who(record, state.actor)} is to move",
            sheet_before=_sheet_before(game, state),
            dice_before=game.dice_text(state),
            legal=tuple(str(m) for m in game.legal_moves(state)) or (_chance_text(game, state),),
            scores=game.scores(state), players=record.players,
        )
    final = game.scores(state)
    if record.totals is not None and record.totals != tuple(s.total for s in final):
        wrong = [
            f"p{i + 1} claims {claimed}, the sheet scores {s.total}"
            for i, (claimed, s) in enumerate(zip(record.totals, final)) if claimed != s.total
        ]
        return Verdict(
            name=name, status="illegal", steps=len(record.steps), rule="SCORE-TOTAL",
            reason="the claimed totals are wrong: " + "; ".join(wrong), scores=final,
            players=record.players,
        )
    return Verdict(name=name, status="legal", steps=len(record.steps), scores=final,
                   players=record.players)


def record_game(
    moves: tuple[Move, ...], players: tuple[str, ...], ruleset: Ruleset | None = None,
    with_totals: bool = True, game: str = DEFAULT_GAME,
) -> Record:
    """A record of a game given its moves (chance moves included), each step's actor filled in."""
    rules = find_game(game)
    ruleset = ruleset if ruleset is not None else rules.default_ruleset
    state = rules.new_game(len(players), ruleset)
    steps = []
    for move in moves:
        steps.append(Step(state.actor, move))
        state = rules.apply_unchecked(state, move)
    totals = (tuple(s.total for s in rules.scores(state)) if with_totals and state.is_terminal
              else None)
    return Record(players=players, steps=tuple(steps), ruleset=ruleset, totals=totals, game=rules)


def bench_verify(count: int) -> float:
    """Records verified per second over ``count`` random 2-player games (for the benchmark)."""
    records = [
        record_game(play_game(2, seed)[0], ("A", "B")) for seed in range(count)
    ]
    start = time.perf_counter()
    for record in records:
        assert verify(record).status == "legal"
    return count / (time.perf_counter() - start)
