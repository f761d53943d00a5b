"""Game records: the JSON format, loading (files, directories, JSON Lines), and verification.

A record (format ``clever-oracle-record/2``; JSON Schema ``oracle/schema/record-1.json``)::

    {"format": "clever-oracle-record/2", "game": "clever-cubed",
     "ruleset": {"blue_question": "total", "blue_seven_after_seven": false},
     "players": ["Ann", "Bob"],
     "steps": ["dice: roll W3 Y5 T1 B6 Br2 P4", "p1: take Y yellow:I", ...],
     "totals": [187, 203], "meta": {"seed": 7, "policy": "greedy"}}

Every step names who makes it (``dice`` or ``pN``) and the move in move notation.  ``totals``
(optional) are the final totals the app claims; ``meta`` (optional) says how a generated record
was made (``seed``, ``policy``; :class:`Meta`).  The format's number is the move notation's
version (:data:`oracle.formats.notation.NOTATION`): a record of format ``clever-oracle-record/1`` is read
in notation 1, each move as it meant then (Clever 4Ever's grey parts counted from 0; a Clever
Cubed blue question mark under ``blue_question=number_plus_white`` naming the number added to
the white die), and written back in the current format.  :func:`verify` replays a record and
returns a
:class:`Verdict`: legal, illegal (the first wrong step, the rule, the reason, the sheet before
it and the legal alternatives), incomplete (every step legal but the game not over), or — when
asked with ``partial=True``, for a game in progress — legal so far (the position after the last
step, who is to move and the legal moves).

Reading is streamed: :func:`record_texts` yields one record's text at a time (a JSON Lines file
is read line by line), so memory stays flat however many records a file holds; no record (a
file, or a line) is read beyond :data:`MAX_RECORD_BYTES`, and only regular files and pipes are
read (not ``/dev/zero``).  JSON is read strictly (:mod:`oracle.formats.jsontext`: a key twice in one
object, a number of hundreds of digits or ``NaN`` make a record unusable).  The JSON Schema
validator is built once, on first use.  Bad input never escapes as anything but a one-line
:class:`RecordError` that quotes at most a short excerpt of what it was given.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Literal

import attrs

if TYPE_CHECKING:  # pragma: no cover - annotations only; imported on first use (validator())
    import jsonschema

from oracle.engine.errors import IllegalMoveError, NotationError, OracleError, RecordError
from oracle.engine.game import CHANCE, Game, Move, Ruleset, Score, State
from oracle.games import DEFAULT_GAME, find_game
from oracle.formats.jsontext import JSONTextError, is_whole, loads
from oracle.formats.shown import excerpt
from oracle.formats.shown import bad_text as _bad_text
from oracle.formats.notation import NOTATION
from oracle.records.play import play_game

FORMAT = f"clever-oracle-record/{NOTATION}"
#: The record formats read, with the move notation each is written in.
FORMATS = {f"clever-oracle-record/{n}": n for n in range(1, NOTATION + 1)}
DICE = CHANCE


#: Record files a directory scan reads (the suffix in any case: ``A.JSON`` too).
SUFFIXES = (".json", ".jsonl")
#: The largest record read (a whole file, or one line of JSON Lines); a game's record is a few
#: kilobytes, so anything near this is not one.
MAX_RECORD_BYTES = 16 * 2**20


def schema(name: str = "record-1.json") -> dict[str, object]:
    """A JSON Schema shipped with the package (``oracle/schema/``): the record schema by
    default, ``verdict-1.json`` for ``verify --json`` output."""
    text = resources.files("oracle").joinpath(f"schema/{name}").read_text("utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


@functools.cache
def validator() -> jsonschema.Draft202012Validator:
    """The record schema's validator, built once on first use (not once per record; and not at
    import, so that ``import oracle`` stays fast)."""
    import jsonschema  # noqa: PLC0415 - a fifth of the import time of oracle otherwise

    return jsonschema.Draft202012Validator(schema())



@attrs.frozen
class Meta:
    """How a generated record was made (the record's optional ``meta`` object): the ``seed``
    and the ``policy`` (``clever-oracle play --count``); both optional."""

    seed: int | None = None
    policy: str | None = None

    def to_json(self) -> dict[str, object]:
        """The ``meta`` object as a JSON-ready mapping (only the fields that are set)."""
        out: dict[str, object] = {}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.policy is not None:
            out["policy"] = self.policy
        return out


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
    meta: Meta | None = None

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
        if self.meta is not None:
            out["meta"] = self.meta.to_json()
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
    try:
        from jsonschema.exceptions import best_match  # noqa: PLC0415 - see validator()

        error = best_match(validator().iter_errors(data))
    except RecursionError:
        raise RecordError(f"{name}: the JSON is nested too deeply to be a record") from None
    if error is not None:
        message = excerpt(error.message)
        if error.validator == "pattern" and list(error.absolute_path)[:1] == ["steps"]:
            message = (f"{excerpt(repr(error.instance), 60)} is not a step: want 'dice: roll "
                       "DICE' or 'pN: MOVE' with a move's verb and tokens (the schema's steps)")
        raise RecordError(f"{name}: {_pointer(error.absolute_path)}: {message}")
    assert isinstance(data, dict)
    texts: list[tuple[str, int | None, str]] = [
        ("players", i, p) for i, p in enumerate(data["players"])]
    texts += [("steps", i, t) for i, t in enumerate(data["steps"])]
    texts += [(key, None, data[key]) for key in ("comment",) if key in data]
    for key, index, value in texts:
        if _bad_text(value):
            where = f"/{key}" if index is None else f"/{key}/{index}"
            raise RecordError(f"{name}: {where}: {excerpt(ascii(value))} is not valid Unicode "
                              "text (a lone surrogate)")
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
    version = FORMATS[data["format"]]
    steps: list[Step] = []
    replay = _Replay(game, len(players), ruleset)
    for i, text in enumerate(data["steps"]):
        who, _, move_text = text.partition(": ")
        actor = DICE if who == "dice" else int(who[1:]) - 1
        if actor >= len(players):
            raise RecordError(f"{name}: /steps/{i}: {who} is not one of the {len(players)} players")
        try:
            move = _read_move(game, move_text, version, ruleset, replay, steps)
        except NotationError as exc:
            raise RecordError(f"{name}: /steps/{i} (step {i + 1}): {exc}") from None
        steps.append(Step(actor, move))
    meta = data.get("meta")
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
        meta=Meta(meta.get("seed"), meta.get("policy")) if meta is not None else None,
    )


class _Replay:
    """The position after a record's first steps, replayed only when a move of an older notation
    needs it (:func:`_read_move`), and carried on from where it stopped; None after an illegal
    step (no later step is judged)."""

    def __init__(self, game: Game, players: int, ruleset: Ruleset) -> None:
        self.game, self.players, self.ruleset = game, players, ruleset
        self.state: State | None = None
        self.done = 0
        self.broken = False

    def after(self, steps: list[Step]) -> State | None:
        if self.broken:
            return None
        game = self.game
        try:
            if self.state is None:
                self.state = game.new_game(self.players, self.ruleset)
            for step in steps[self.done:]:
                self.state = game.apply(self.state, step.move)
        except OracleError:
            self.broken, self.state = True, None
            return None
        self.done = len(steps)
        return self.state


def _read_move(game: Game, text: str, version: int, ruleset: Ruleset, replay: _Replay,
               steps: list[Step]) -> Move:
    """The move of a step written in move notation ``version``: as it meant then, in the
    position after ``steps`` where the old meaning depends on it (read as written now when that
    position follows an illegal step, which ends the verdict before it)."""
    if version == NOTATION:
        return game.parse_move(text)
    move = game.read_move(text, version, ruleset)
    if move is None:
        move = game.read_move(text, version, ruleset, replay.after(steps))
    return move if move is not None else game.parse_move(text)


def parse_record(text: str, name: str = "record") -> Record:
    """Parse a record from JSON text (strictly: :func:`oracle.formats.jsontext.loads`)."""
    try:
        data = loads(text)
    except JSONTextError as exc:
        raise RecordError(f"{name}: {exc}") from None
    return record_from_json(data, name)


Item = tuple[str, str | RecordError]
"""One record as read: its name (``file``, ``file:LINE`` or ``-:LINE``) and its JSON text, or
the error that makes it unusable."""

_BOM = b"\xef\xbb\xbf"  # a byte-order mark, as some editors write, is fine


def _decode(raw: bytes, name: str) -> str | RecordError:
    try:
        return raw.removeprefix(_BOM).decode("utf-8")
    except UnicodeDecodeError as exc:
        return RecordError(f"{name}: not UTF-8 text (byte {exc.start + 1})")


def _too_large(name: str) -> RecordError:
    return RecordError(f"{name}: longer than {MAX_RECORD_BYTES:,} bytes, too large to be a "
                       "record; the rest of the input is not read")


#: A line as read: its number and its bytes, or None for a line longer than a record may be.
_Line = tuple[int, bytes | None]


def _read_lines(stream: BinaryIO, first: int = 1) -> Iterator[_Line]:
    """The lines of ``stream`` numbered from ``first``, each read only up to
    :data:`MAX_RECORD_BYTES`; a longer line is yielded as None and ends the reading (the
    stream may have no end: ``/dev/zero``)."""
    for number in itertools.count(first):
        raw = stream.readline(MAX_RECORD_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_RECORD_BYTES:
            yield number, None
            return
        yield number, raw


def _blank(raw: bytes) -> bool:
    return not raw.removeprefix(_BOM).strip()


def _line_item(source: str, number: int, raw: bytes | None) -> Item:
    name = f"{source}:{number}"
    return (name, _too_large(name)) if raw is None else (name, _decode(raw, name))


def _lines(lines: Iterable[_Line], source: str, seen: bool = False) -> Iterator[Item]:
    """Each non-blank line of a JSON Lines stream, named ``source:LINE``; one error when the
    stream holds no record at all (and nothing was ``seen`` before)."""
    for number, raw in lines:
        if raw is not None and _blank(raw):
            continue
        seen = True
        yield _line_item(source, number, raw)
    if not seen:
        yield source, RecordError(f"{source}: no records (the input is empty)")


def _stream_texts(stream: BinaryIO, source: str) -> Iterator[Item]:
    """A record or JSON Lines from a byte stream (standard input, a pipe).

    JSON Lines when the first non-blank line is a whole JSON value on its own: then each line
    is judged as soon as it arrives (an app that sends one record and waits gets its verdict).
    Otherwise the input is read to its end: one JSON document (a record written over several
    lines, as ``play`` writes one) when the whole text is one JSON value, else JSON Lines
    whose first record is broken when a later line is a whole value (the broken one does not
    hide the rest), else one document (whose error is reported)."""
    lines = _read_lines(stream)
    head: list[_Line] = []
    for number, raw in lines:
        if raw is None or not _blank(raw):
            head.append((number, raw))
            break
    if not head:
        yield source, RecordError(f"{source}: no records (the input is empty)")
        return
    first = head[0][1]
    if first is None or is_whole(first.removeprefix(_BOM)):
        yield from _lines(itertools.chain(head, lines), source)
        return
    size = len(first)
    for number, raw in lines:
        head.append((number, raw))
        size += len(raw) if raw is not None else MAX_RECORD_BYTES
        if size > MAX_RECORD_BYTES:
            break
    later = [raw for _, raw in head[1:] if raw is not None and not _blank(raw)]
    if size <= MAX_RECORD_BYTES:
        text = b"".join(raw for _, raw in head if raw is not None)
        if is_whole(text.removeprefix(_BOM)) or not any(is_whole(raw) for raw in later):
            yield source, _decode(text, source)
            return
    elif not any(is_whole(raw) for raw in later):
        yield source, _too_large(source)
        return
    yield from _lines(itertools.chain(head, lines), source)


def _read_file(handle: BinaryIO, source: str) -> Item:
    """The one record of a ``.json`` file (read up to :data:`MAX_RECORD_BYTES`)."""
    try:
        data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        return source, RecordError(f"{source}: cannot read: {exc.strerror or exc}")
    if len(data) > MAX_RECORD_BYTES:
        return source, RecordError(f"{source}: longer than {MAX_RECORD_BYTES:,} bytes, too "
                                   "large to be a record")
    if _blank(data):
        return source, RecordError(f"{source}: no records (the file is empty)")
    return source, _decode(data, source)


def _scan(folder: Path, recursive: bool, skipped: list[str], top: Path) -> Iterator[Path]:
    """The record files in ``folder`` sorted by name (and in its subdirectories when
    ``recursive``); what is left out goes to ``skipped`` (its path from ``top``, and why)."""
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        skipped.append(f"{folder.relative_to(top)}/ (cannot list it: {exc.strerror or exc})")
        return
    for entry in entries:
        shown = entry.relative_to(top)
        try:
            mode = entry.stat().st_mode
        except OSError:
            skipped.append(f"{shown} (a broken link)")
            continue
        if stat.S_ISDIR(mode):
            if recursive and entry.is_symlink():  # a link could lead back up: a loop
                skipped.append(f"{shown}/ (a link to a directory)")
            elif recursive:
                yield from _scan(entry, recursive, skipped, top)
            else:
                skipped.append(f"{shown}/ (a directory; --recursive reads it)")
        elif entry.suffix.lower() not in SUFFIXES:
            skipped.append(f"{shown} (not .json or .jsonl)")
        elif not stat.S_ISREG(mode):
            skipped.append(f"{shown} (not a regular file)")
        else:
            yield entry


def record_texts(
    source: str,
    recursive: bool = False,
    skipped: Callable[[str], None] | None = None,
    stdin: BinaryIO | None = None,
) -> Iterator[Item]:
    """The text of every record in ``source``, one at a time: a JSON file, a JSON Lines file
    (``.jsonl``, one record per line, read line by line), a directory (its ``.json`` and
    ``.jsonl`` files, any case, sorted by name; subdirectories too when ``recursive``), or
    ``-`` for standard input (``stdin``; a record or JSON Lines).  What a directory scan
    leaves out is reported, one line per directory, to ``skipped``."""
    if source == "-":
        yield from _stream_texts(stdin if stdin is not None else sys.stdin.buffer, "-")
        return
    path = Path(source)
    if path.is_dir():
        left_out: list[str] = []
        files = list(_scan(path, recursive, left_out, path))
        if left_out and skipped is not None:
            shown = "; ".join(left_out[:5]) + (f"; and {len(left_out) - 5} more"
                                               if len(left_out) > 5 else "")
            skipped(f"{source}: skipped {len(left_out)}: {shown}")
        if not files:
            yield source, RecordError(f"{source}: no .json or .jsonl files in this directory")
        for file in files:
            yield from record_texts(str(file))
        return
    if "\x00" in source:
        yield source, RecordError(f"{source}: not a file name (it holds a NUL character)")
        return
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        yield source, RecordError(f"{source}: no such file or directory")
        return
    except OSError as exc:
        yield source, RecordError(f"{source}: cannot read: {exc.strerror or exc}")
        return
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        yield source, RecordError(f"{source}: not a regular file (a device or a socket); name "
                                  "a record file")
        return
    try:
        handle = path.open("rb")
    except OSError as exc:
        yield source, RecordError(f"{source}: cannot read: {exc.strerror or exc}")
        return
    with handle:
        if path.suffix.lower() == ".jsonl":
            try:
                yield from _lines(_read_lines(handle), source)
            except OSError as exc:
                yield source, RecordError(f"{source}: cannot read: {exc.strerror or exc}")
            return
        yield _read_file(handle, source)


def load_item(item: Item) -> tuple[str, Record | RecordError]:
    """Parse one item of :func:`record_texts`."""
    name, text = item
    if isinstance(text, RecordError):
        return name, text
    try:
        return name, parse_record(text, name)
    except RecordError as exc:
        return name, exc


def load_records(
    source: str, recursive: bool = False, skipped: Callable[[str], None] | None = None
) -> Iterator[tuple[str, Record | RecordError]]:
    """Every record in ``source`` (see :func:`record_texts`), one at a time, as (name, record)
    or (name, the error that makes it unusable)."""
    for item in record_texts(source, recursive, skipped):
        yield load_item(item)


Status = Literal["legal", "illegal", "incomplete", "legal-so-far"]


@attrs.frozen
class Verdict:
    """The outcome of replaying one record.

    ``status`` is ``legal`` (every step legal, game over, claimed totals right), ``illegal``
    (``step`` — 1-based — is the first wrong one, or ``step`` is None when the claimed totals are
    wrong), ``incomplete`` (every step legal, but the game is not over) or, for
    ``verify(partial=True)``, ``legal-so-far`` (every step legal, the game not over: a game in
    progress).  ``ruleset`` names the ruleset options the record was judged under that differ
    from the game's defaults (empty: the defaults).  For a refusal: ``player``, ``move``,
    ``rule``, ``reason``, ``sheet_before``
    (sheet notation of the player to move, or of the active player at a roll) and ``legal`` (the
    moves that were legal).  ``position`` is the whole position in position notation
    (:mod:`oracle.records.position`): before the wrong step, or after the last step of a game not
    over; ``to_move`` who is to move there (``p2 (Bob)``, ``dice``).
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
    position: str | None = None
    to_move: str | None = None
    ruleset: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, object]:
        """The verdict as a JSON-ready mapping."""
        out = attrs.asdict(self, recurse=False)
        out["legal"] = list(self.legal)
        out["players"] = list(self.players)
        out["scores"] = [s.to_json() for s in self.scores]
        out["ruleset"] = dict(self.ruleset)
        return out


def changed_options(game: Game, ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """The options of ``ruleset`` that differ from ``game``'s defaults, as (name, value) with
    the value as ``--ruleset`` takes it (``true``, ``total``)."""
    mine, ours = ruleset.options(), game.default_ruleset.options()
    return tuple((name, str(value).lower()) for name, value in mine.items()
                 if ours.get(name) != value)


def _who(record: Record, actor: int) -> str:
    if actor < 0:
        return "dice" if actor == DICE else "nobody"
    return f"p{actor + 1} ({record.players[actor]})"


def _to_move(record: Record, actor: int) -> str:
    """Who is to move, as a clause: ``p2 (Bob) is to move``, ``the dice are to be rolled``."""
    if actor == DICE:
        return "the dice are to be rolled"
    return "nobody is to move" if actor < 0 else f"{_who(record, actor)} is to move"


def chance_text(game: Game, state: State) -> str:
    """What a due roll looks like: ``roll W Y T`` (the dice in the cup) or ``solo-roll``."""
    example = str(game.sample_chance(state, random.Random(0)))
    if example.startswith("solo-roll"):
        return "solo-roll (all six dice)"
    return "roll " + " ".join(token.rstrip("0123456789") for token in example.split()[1:])


def _sheet_before(game: Game, state: State) -> str | None:
    mover = state.actor if state.actor >= 0 else state.active
    return game.format_sheet(state.sheets[mover]) if 0 <= mover < state.players else None


def _refusal(
    name: str, record: Record, state: State, index: int, step: Step, rule: str, reason: str,
    under: tuple[tuple[str, str], ...],
) -> Verdict:
    game = record.game
    if state.is_chance:
        legal: tuple[str, ...] = (chance_text(game, state),)
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
        position=game.format_position(state),
        to_move=_who(record, state.actor),
        ruleset=under,
    )


def replay(record: Record, upto: int | None = None, ruleset: Ruleset | None = None) -> State:
    """The state before step ``upto`` (1-based; None: after every step).  Raises
    :class:`OracleError` if a step before it is not legal."""
    game = record.game
    state = game.new_game(len(record.players), ruleset or record.options)
    steps = record.steps if upto is None else record.steps[: max(0, upto - 1)]
    for index, step in enumerate(steps):
        if step.actor != state.actor and not state.is_terminal:
            raise OracleError(f"step {index + 1} ({step}) is not its turn: "
                              f"{_to_move(record, state.actor)}")
        try:
            state = game.apply(state, step.move)
        except IllegalMoveError as exc:
            raise OracleError(f"step {index + 1} ({step}) is illegal: {exc}") from None
    return state


#: The hint for a recorded question mark that needed no step (ruling 19).
_ONE_USE = (" (a question mark with exactly one use is entered at once, with no move, so no step "
            "is recorded for it; docs/rulings.md, ruling 19)")


def _wrong_totals(claims: tuple[int, ...], scores: tuple[Score, ...], when: str) -> str | None:
    """Why the claimed totals are wrong (None when they are right)."""
    wrong = [f"p{i + 1} claims {claimed}, the sheet scores {s.total}{when}"
             for i, (claimed, s) in enumerate(zip(claims, scores)) if claimed != s.total]
    return "the claimed totals are wrong: " + "; ".join(wrong) if wrong else None


def verify(
    record: Record, name: str = "record", ruleset: Ruleset | None = None, partial: bool = False
) -> Verdict:
    """Replay ``record`` and judge it (see :class:`Verdict`).  ``ruleset`` overrides the
    record's own options, to check an app against the other reading of an open rule.  With
    ``partial`` a record of a game in progress whose steps are all legal is ``legal-so-far``
    rather than ``incomplete`` (an app checks each move as it is made); totals it claims are
    checked against the sheets so far."""
    game = record.game
    used = ruleset or record.options
    under = changed_options(game, used)
    state = game.new_game(len(record.players), used)
    for index, step in enumerate(record.steps):
        if not state.is_terminal and step.actor != state.actor:
            hint = (
                " (a step in which a player has no choice at all is skipped, so no 'pass' is "
                "recorded for it)" if str(step.move) == "pass" else _ONE_USE
                if str(step.move).startswith("question ") else ""
            )
            return _refusal(name, record, state, index, step, "TURN-ORDER",
                            f"the step is made by {_who(record, step.actor)}, but "
                            f"{_to_move(record, state.actor)}{hint}", under)
        try:
            state = game.apply(state, step.move)
        except IllegalMoveError as exc:
            one_use = exc.rule == "QUESTION-USE" and exc.reason.startswith("there is no pending")
            return _refusal(name, record, state, index, step, exc.rule,
                            exc.reason + (_ONE_USE if one_use else ""), under)
    scores = game.scores(state)
    claims = record.totals
    if not state.is_terminal:
        legal = tuple(str(m) for m in game.legal_moves(state)) or (chance_text(game, state),)
        wrong = _wrong_totals(claims, scores, " so far") if claims is not None else None
        status: Status = "incomplete"
        rule: str | None = "GAME-COMPLETE"
        reason: str | None = (f"the record ends after {len(record.steps)} steps, before the "
                              f"game is over; {_to_move(record, state.actor)}")
        if partial:
            status, rule, reason = ("illegal", "SCORE-TOTAL", wrong) if wrong else (
                "legal-so-far", None, None)
        return Verdict(
            name=name, status=status, steps=len(record.steps),
            player=None if status == "legal-so-far" else _who(record, state.actor),
            rule=rule, reason=reason,
            sheet_before=_sheet_before(game, state), dice_before=game.dice_text(state),
            legal=legal, scores=scores, players=record.players,
            position=game.format_position(state), to_move=_who(record, state.actor),
            ruleset=under,
        )
    wrong = _wrong_totals(claims, scores, "") if claims is not None else None
    if wrong:
        return Verdict(
            name=name, status="illegal", steps=len(record.steps), rule="SCORE-TOTAL",
            reason=wrong, scores=scores, players=record.players, ruleset=under,
        )
    return Verdict(name=name, status="legal", steps=len(record.steps), scores=scores,
                   players=record.players, ruleset=under)


def record_game(
    moves: tuple[Move, ...], players: tuple[str, ...], ruleset: Ruleset | None = None,
    with_totals: bool = True, game: str = DEFAULT_GAME, meta: Meta | None = None,
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
    return Record(players=players, steps=tuple(steps), ruleset=ruleset, totals=totals, game=rules,
                  meta=meta)


def bench_verify(count: int) -> float:
    """Records verified per second over ``count`` random 2-player games (for the benchmark)."""
    records = [
        record_game(play_game(2, seed)[0], ("A", "B")) for seed in range(count)
    ]
    start = time.perf_counter()
    for record in records:
        assert verify(record).status == "legal"
    return count / (time.perf_counter() - start)
