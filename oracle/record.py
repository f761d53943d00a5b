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
import time
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Literal

import attrs
import jsonschema

from oracle.dice import Place
from oracle.cubed.dice import Die
from oracle.errors import IllegalMoveError, NotationError, OracleError, RecordError
from oracle.cubed.engine import apply, apply_unchecked, new_game
from oracle.cubed.legal import legal_moves
from oracle.cubed.moves import Move, Pass, parse_move
from oracle.cubed.ruleset import BlueQuestion, Ruleset
from oracle.cubed.scoring import ScoreBreakdown, scores
from oracle.cubed.sheettext import format_sheet
from oracle.cubed.state import CHANCE, GameState, Phase
from oracle.play import play_game

FORMAT = "clever-oracle-record/1"
GAME = "clever-cubed"
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
    ruleset: Ruleset = Ruleset()
    totals: tuple[int, ...] | None = None
    comment: str | None = None

    def to_json(self) -> dict[str, object]:
        """The record as a JSON-ready mapping."""
        out: dict[str, object] = {
            "format": FORMAT,
            "game": GAME,
            "ruleset": self.ruleset.options(),
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
    options = data.get("ruleset", {})
    ruleset = Ruleset(
        blue_question=BlueQuestion(options.get("blue_question", BlueQuestion.TOTAL.value)),
        blue_seven_after_seven=bool(options.get("blue_seven_after_seven", False)),
    )
    players = tuple(data["players"])
    steps = []
    for i, text in enumerate(data["steps"]):
        who, _, move_text = text.partition(": ")
        actor = DICE if who == "dice" else int(who[1:]) - 1
        if actor >= len(players):
            raise RecordError(f"{name}: /steps/{i}: {who} is not one of the {len(players)} players")
        try:
            move = parse_move(move_text)
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
    scores: tuple[ScoreBreakdown, ...] = ()
    players: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The verdict as a JSON-ready mapping."""
        out = attrs.asdict(self, recurse=False)
        out["legal"] = list(self.legal)
        out["players"] = list(self.players)
        out["scores"] = [attrs.asdict(s) for s in self.scores]
        return out


def dice_text(state: GameState) -> str:
    """Where each die lies and what it shows, e.g. ``W3:platter Y5:I T1:cup ...``."""
    names = ("cup", "I", "II", "III", "platter")
    return " ".join(
        f"{Die(d).code}{state.faces[d] or '-'}:{names[state.places[d]]}" for d in range(6)
    )


def _who(record: Record, actor: int) -> str:
    return "dice" if actor == DICE else f"p{actor + 1} ({record.players[actor]})"


def _refusal(
    name: str, record: Record, state: GameState, index: int, step: Step, rule: str, reason: str
) -> Verdict:
    mover = state.actor if state.actor >= 0 else state.active
    if state.is_chance:
        cup = " ".join(Die(d).code for d in state.dice_at(Place.CUP))
        legal: tuple[str, ...] = (
            ("solo-roll (all six dice)",) if state.phase is Phase.SOLO_ROLL
            else (f"roll {cup}",)
        )
    else:
        legal = tuple(str(m) for m in legal_moves(state))
    return Verdict(
        name=name,
        status="illegal",
        steps=len(record.steps),
        step=index + 1,
        player=_who(record, step.actor),
        move=str(step.move),
        rule=rule,
        reason=reason,
        sheet_before=format_sheet(state.sheets[mover]) if 0 <= mover < state.players else None,
        dice_before=dice_text(state),
        legal=legal,
        players=record.players,
    )


def replay(record: Record, upto: int | None = None, ruleset: Ruleset | None = None) -> GameState:
    """The state before step ``upto`` (1-based; None: after every step).  Raises
    :class:`OracleError` if a step before it is not legal."""
    state = new_game(len(record.players), ruleset or record.ruleset)
    steps = record.steps if upto is None else record.steps[: max(0, upto - 1)]
    for index, step in enumerate(steps):
        if step.actor != state.actor and not state.is_terminal:
            raise OracleError(f"step {index + 1}: {_who(record, state.actor)} is to move")
        try:
            state = apply(state, step.move)
        except IllegalMoveError as exc:
            raise OracleError(f"step {index + 1} ({step}) is illegal: {exc}") from None
    return state


def verify(record: Record, name: str = "record", ruleset: Ruleset | None = None) -> Verdict:
    """Replay ``record`` and judge it (see :class:`Verdict`).  ``ruleset`` overrides the
    record's own options, to check an app against the other reading of an open rule."""
    state = new_game(len(record.players), ruleset or record.ruleset)
    for index, step in enumerate(record.steps):
        if not state.is_terminal and step.actor != state.actor:
            expected = _who(record, state.actor)
            hint = (
                " (a step in which a player has no choice at all is skipped, so no 'pass' is "
                "recorded for it)" if isinstance(step.move, Pass) else ""
            )
            return _refusal(name, record, state, index, step, "TURN-ORDER",
                            f"the step is made by {_who(record, step.actor)}, but {expected} is "
                            f"to move{hint}")
        try:
            state = apply(state, step.move)
        except IllegalMoveError as exc:
            return _refusal(name, record, state, index, step, exc.rule, exc.reason)
    if not state.is_terminal:
        mover = state.actor if state.actor >= 0 else state.active
        return Verdict(
            name=name, status="incomplete", steps=len(record.steps),
            player=_who(record, state.actor),
            rule="GAME-COMPLETE",
            reason=f"the record ends after {len(record.steps)} steps, before the game is over; "
            f"{_who(record, state.actor)} is to move",
            sheet_before=format_sheet(state.sheets[mover]),
            dice_before=dice_text(state),
            legal=tuple(str(m) for m in legal_moves(state)) or ("(a roll of the dice)",),
            scores=scores(state), players=record.players,
        )
    final = scores(state)
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
    moves: tuple[Move, ...], players: tuple[str, ...], ruleset: Ruleset = Ruleset(),
    with_totals: bool = True,
) -> Record:
    """A record of a game given its moves (chance moves included), each step's actor filled in."""
    state = new_game(len(players), ruleset)
    steps = []
    for move in moves:
        steps.append(Step(state.actor, move))
        state = apply_unchecked(state, move)
    totals = tuple(s.total for s in scores(state)) if with_totals and state.is_terminal else None
    return Record(players=players, steps=tuple(steps), ruleset=ruleset, totals=totals)


def bench_verify(count: int) -> float:
    """Records verified per second over ``count`` random 2-player games (for the benchmark)."""
    records = [
        record_game(play_game(2, seed)[0], ("A", "B")) for seed in range(count)
    ]
    start = time.perf_counter()
    for record in records:
        assert verify(record).status == "legal"
    return count / (time.perf_counter() - start)
