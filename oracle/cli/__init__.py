"""The ``clever-oracle`` command line.

Commands: ``verify RECORD...`` (replay and judge records; ``-`` reads standard input),
``play`` (play games and write their records), ``legal RECORD|POSITION`` (the legal moves at a
step or in a position), ``show RECORD|POSITION`` (the sheets as text and SVG), ``rules
[RULE-ID]`` (the rule catalogue).

Exit codes (:data:`EXIT_CODES`; also in ``clever-oracle --help`` and the README): 0 — every
record legal or legal so far (or the command succeeded); 1 — a record has an illegal step, wrong
claimed totals, or ends before the game is over; 2 — unusable input (missing file, bad JSON,
schema violation, unknown notation, bad option), reported as one line on stderr; 3 — an
internal error of the oracle (a bug; please report it); 4 — the output could not be written
(a full disk); 130 — interrupted (Ctrl-C); 141 — the reader of the output closed it (``|
head``), ended quietly like any Unix filter; 143 — terminated (SIGTERM).  When ``verify`` meets
several kinds, the highest of 2, 1, 0 wins, and the summary counts every kind.  Ctrl-C and
SIGTERM end every command at once, worker processes and the adapter included
(:mod:`oracle.plumbing.interrupts`).  Text output escapes control characters in anything the user gave
(names, moves).  No command writes to a file it was given to read; files are written whole or
not at all (:mod:`oracle.plumbing.outfile`), ``--force`` replaces only a regular file (never a link, a
FIFO or a device), and ``play --out`` never overwrites an existing file without it.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import itertools
import json
import multiprocessing
import os
import signal
import stat
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, NoReturn, TextIO

import attrs

from oracle.plumbing.version import __version__
from oracle.adapter.commands import register as register_adapter_commands
from oracle.plumbing.cluster import dask_executor, no_restarts
from oracle.plumbing.argtypes import cores, jobs, record_seed, whole
from oracle.serve.command import register as register_serve
from oracle.engine.errors import OracleError, RecordError
from oracle.plumbing.exitcodes import (
    EXIT_CODES,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_ILLEGAL,
    EXIT_OUTPUT,
    EXIT_PIPE,
    EXIT_TERMINATED,
    EXIT_UNUSABLE,
    epilog,
)
from oracle.engine.game import CHANCE, NOBODY, Game, Ruleset, State
from oracle.games import DEFAULT_GAME, GAMES, find_game
from oracle.plumbing.interrupts import Terminated, install, worker_start
from oracle.formats.jsontext import MAX_DIGITS
from oracle.plumbing.outfile import NotRegular, OutputExists, check_replaceable, new_file
from oracle.formats.shown import excerpt, printable
from oracle.records.play import POLICIES, play_game
from oracle.records.position import is_position, position_game
from oracle.records.record import (
    Item,
    Meta,
    Record,
    chance_text,
    dump_record,
    load_item,
    record_game,
    record_texts,
    replay,
    verify,
)
from oracle.records.verifier import (
    KINDS,
    Judging,
    judged,
    summary_line,
    with_options,
)

#: The longest position ``legal`` and ``show`` read (four players' position is under 800
#: characters; no number in a shorter text can reach Python's limit of 4,300 digits).
MAX_POSITION = 4000
#: The errors of writing the output (files read are reported as unusable input instead).
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF})


class UsageError(OracleError):
    """A command line that cannot be carried out (exit 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("clever-oracle").strip()
        raise UsageError(f"{command}: {message}" if command else message)


def _option_pairs(pairs: Sequence[str], games: Sequence[Game]) -> dict[str, str]:
    """The ``--ruleset OPTION=VALUE`` pairs as a mapping, each checked against the games it may
    apply to (one of them must know the option and the value)."""
    chosen: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        known = [o for g in games for o in g.ruleset_options if o.name == key]
        if not sep or not known or not any(value in o.values for o in known):
            allowed = "; ".join(
                f"{o.name}={'|'.join(o.values)}" for g in games for o in g.ruleset_options
            )
            raise UsageError(f"--ruleset {pair!r}: want one of {allowed}")
        chosen[key] = value
    return chosen


def _with_options(game: Game, base: Ruleset, options: dict[str, str]) -> Ruleset:
    """``base`` with the options this game knows applied."""
    return with_options(game, base, options.items())


def _games(args: argparse.Namespace) -> tuple[Game, ...]:
    """The game named by ``--game``, or every game when none is named."""
    name = getattr(args, "game", None)
    return (find_game(name),) if name else tuple(GAMES.values())


def _progress(err: TextIO, done: int, total: int | None, started: float) -> None:
    """A progress line on standard error (only drawn when it is a terminal)."""
    rate = done / max(time.perf_counter() - started, 1e-9)
    if total:
        width = 30
        filled = width * done // total
        bar = "#" * filled + "." * (width - filled)
        err.write(f"\r\033[K[{bar}] {done}/{total} ({rate:,.0f}/s)")
    else:
        err.write(f"\r\033[K{done:,} records ({rate:,.0f}/s)")
    err.flush()


def _regular_file(out: TextIO) -> bool:
    """True when ``out`` is a file on disk (output to it is flushed in bulk)."""
    try:
        return stat.S_ISREG(os.fstat(out.fileno()).st_mode)
    except (OSError, ValueError):  # not a real file descriptor (a test's StringIO)
        return True


def _items(args: argparse.Namespace, err: TextIO) -> Iterator[Item]:
    """Every record text named on the command line, one at a time."""
    def skipped(message: str) -> None:
        err.write(f"clever-oracle: note: {printable(excerpt(message, 400))}\n")
    for source in args.records:
        yield from record_texts(source, args.recursive, skipped, args.stdin)


def cmd_verify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    options = _option_pairs(args.ruleset, _games(args))  # reject bad options before reading
    if args.records.count("-") > 1:
        raise UsageError("verify: standard input (-) can be read only once")
    judging = Judging(tuple(options.items()), args.partial, args.game)
    # Standard input is judged as it comes, one record at a time (an app streaming its moves
    # waits for each verdict), unless --jobs asks for more.
    jobs = args.jobs or (1 if "-" in args.records else cores())
    items = _items(args, err)
    first: list[Item] = []
    if jobs > 1 and not args.dask:  # a pool only for more than one record
        first = list(itertools.islice(items, 2))
        items = itertools.chain(first, items)
    show_progress = err.isatty()
    streaming = not _regular_file(out)  # a pipe or a terminal: each verdict as it comes
    counts: dict[str, int] = dict.fromkeys(KINDS, 0)
    started = last = time.perf_counter()
    with contextlib.ExitStack() as stack:
        reap = _worker_reaper()
        executor: Executor | None = None
        cancel = True
        if args.dask:
            executor, jobs = dask_executor(stack, args.dask, jobs)
        elif jobs > 1 and len(first) > 1:
            pool = ProcessPoolExecutor(jobs, initializer=worker_start)
            stack.push(_pool_stopper(pool))
            executor, cancel = pool, False  # the pool cancels its own batches (_pool_stopper)
        stack.push(reap)
        if args.dask and executor is not None:  # before the reaper kills the workers
            stack.push(no_restarts(executor))
        outcomes = judged(items, judging, executor, jobs, cancel=cancel)
        stack.callback(outcomes.close)  # first: the batches not started are cancelled
        drawn = False
        for outcome in outcomes:
            counts[outcome.kind] += 1
            done = sum(counts.values())
            quiet = args.quiet and outcome.kind in ("legal", "legal-so-far")
            if drawn and not quiet:
                err.write("\r\033[K")  # clear the progress line before what is printed next
                drawn = False
            if args.json:
                if not quiet:
                    out.write(outcome.line + "\n")
            elif outcome.kind == "unusable":
                err.write(f"{outcome.text}\n")
            elif not quiet:
                out.write(outcome.text + "\n")
            now = time.perf_counter()
            if streaming or now - last > 0.2:
                out.flush()
                if show_progress:
                    _progress(err, done, None, started)
                    drawn = True
                last = now
        if drawn:
            err.write("\r\033[K")
            err.flush()
    code = EXIT_OK
    if counts["unusable"]:
        code = EXIT_UNUSABLE
    elif counts["illegal"] or counts["incomplete"]:
        code = EXIT_ILLEGAL
    total = sum(counts.values())
    if args.json:
        out.write(summary_line(counts, code) + "\n")
    elif total > 1 or args.quiet:
        shown = [f"{n} {k.replace('-', ' ')}" for k, n in counts.items()
                 if n or k != "legal-so-far"]
        out.write(f"{total} record{'s' if total != 1 else ''}: {', '.join(shown)}\n")
    return code


def _worker_reaper() -> Callable[
        [type[BaseException] | None, BaseException | None, TracebackType | None], None]:
    """An exit callback for ``verify``: on the way out by an exception (Ctrl-C, SIGTERM) it
    kills the worker processes started since it was made (the ``--jobs`` pool's, ``--dask
    local``'s; no other child of this process), so that neither a running batch nor a graceful
    close keeps the command waiting."""
    before = set(multiprocessing.active_children())

    def reap(kind: type[BaseException] | None, exc: BaseException | None,
             tb: TracebackType | None) -> None:
        if kind is not None:
            for child in set(multiprocessing.active_children()) - before:
                child.kill()
                child.join(5)
    return reap


def _pool_stopper(pool: ProcessPoolExecutor) -> Callable[
        [type[BaseException] | None, BaseException | None, TracebackType | None], None]:
    """An exit callback for ``verify --jobs``: the pool is shut down and waited for when the
    judging ends normally.  On the way out by an exception (a closed output, Ctrl-C, SIGTERM;
    :func:`_worker_reaper` kills the workers just before) the pool cancels the batches not
    started itself, in its manager thread, and is not waited for: a worker killed while it
    sends its verdicts may leave that thread waiting for the rest for ever (the command ends
    with ``os._exit``: :func:`run`).  Batches are never cancelled from this thread (``judged(...,
    cancel=False)``): one cancelled while the killed workers break the pool makes Python 3.11's
    manager thread fail (a thread's traceback, ``InvalidStateError: CANCELLED``) and the
    interpreter's exit wait for ever for the pool's queue."""
    def stop(kind: type[BaseException] | None, exc: BaseException | None,
             tb: TracebackType | None) -> None:
        pool.shutdown(wait=kind is None, cancel_futures=kind is not None)
    return stop


def _one_record(source: str, stdin: BinaryIO | None) -> Record:
    items = list(itertools.islice(record_texts(source, stdin=stdin), 2))
    if len(items) != 1:
        raise UsageError(f"{source}: holds more than one record; name one file with one record")
    name, item = load_item(items[0])
    if isinstance(item, RecordError):
        raise item
    return item


def _step_in_range(record: Record, step: int | None) -> int:
    """The step asked for (None: after the last step, ``len(steps) + 1``), checked."""
    if step is not None and not 1 <= step <= len(record.steps) + 1:
        raise UsageError(f"--step {step}: the record has steps 1 to {len(record.steps)} "
                         f"(or {len(record.steps) + 1} for the end)")
    return step or len(record.steps) + 1


def _what_is_illegal(record: Record, name: str) -> tuple[str, int | None] | None:
    """Why ``record`` is illegal, in one line, and its illegal step (None when its claimed
    totals are wrong); None for a record whose steps are all legal (a game over or in progress,
    ``verify --partial``).  What ``legal`` and ``show`` report with exit 1."""
    verdict = verify(record, name, partial=True)
    if verdict.status != "illegal":
        return None
    at = (f" at step {verdict.step} of {verdict.steps}: {verdict.player}: {verdict.move}"
          if verdict.step is not None else "")
    return (printable(excerpt(f"{name}: ILLEGAL{at}: rule {verdict.rule}: {verdict.reason}",
                              400)), verdict.step)


@attrs.frozen
class _Target:
    """What ``legal`` and ``show`` look at: a position, or a record at a step (up to its
    illegal step at most).  ``where`` says where it is (``before step 4``), ``labels`` are the
    players' (``p1 (Ann)``), ``illegal`` is what is wrong with the record (one line), if
    anything."""

    game: Game
    state: State
    where: str
    labels: tuple[str, ...]
    illegal: str | None = None


def _target(args: argparse.Namespace) -> _Target:
    """The position, or the record at ``--step`` (default: after the last step).  A record with
    an illegal step is looked at before that step when a later one is asked for (the states
    after it do not exist); one with wrong claimed totals is looked at as asked."""
    if is_position(args.record):
        if args.step is not None:
            raise UsageError("--step: a position has no steps; give a record to use --step")
        if len(args.record) > MAX_POSITION:
            raise UsageError(f"position: {len(args.record):,} characters, longer than any "
                             f"position (at most {MAX_POSITION:,})")
        game = position_game(args.record)
        state = game.parse_position(args.record)
        return _Target(game, state, "in this position",
                       tuple(f"p{i + 1}" for i in range(state.players)))
    record = _one_record(args.record, args.stdin)
    step = _step_in_range(record, args.step)
    illegal = _what_is_illegal(record, args.record)
    where = f"before step {step}" if step <= len(record.steps) else "after the last step"
    if illegal is not None and illegal[1] is not None and step >= illegal[1]:
        step = illegal[1]
        where = f"before step {step}, the illegal one"
    labels = tuple(f"p{i + 1} ({name})" for i, name in enumerate(record.players))
    return _Target(record.game, replay(record, step), where, labels,
                   illegal[0] if illegal is not None else None)


def _illegal_note(target: _Target, err: TextIO) -> int:
    """The exit code of ``legal`` and ``show`` once they have written their output: 1, with
    what is wrong in one line on standard error, for an illegal record, else 0."""
    if target.illegal is None:
        return EXIT_OK
    err.write(f"clever-oracle: {target.illegal}\n")
    return EXIT_ILLEGAL


def _who(state: State, labels: tuple[str, ...]) -> str:
    if state.actor == CHANCE:
        return "dice"
    return "nobody" if state.actor == NOBODY else labels[state.actor]


def cmd_legal(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    target = _target(args)
    game, state, where, labels = target.game, target.state, target.where, target.labels
    moves = game.legal_moves(state)
    position = game.format_position(state)
    # At a roll the one thing to do is the due roll (as verify's verdicts list it), not nothing.
    listed = [chance_text(game, state)] if state.is_chance else [str(m) for m in moves]
    if args.json:
        json.dump({"where": where, "position": position, "to_move": _who(state, labels),
                   "over": state.is_terminal, "legal": listed}, out)
        out.write("\n")
        return _illegal_note(target, err)
    if state.is_terminal:
        lines = [f"{where}: the game is over; no legal moves"]
    elif state.is_chance:
        lines = [f"{where}: the dice are to be rolled ({game.dice_text(state)})"]
    else:
        lines = [f"{where}: {labels[state.actor]} to move, {len(moves)} legal moves"]
    lines.append(f"position: {position}")
    lines.extend(listed)
    out.write("".join(printable(line) + "\n" for line in lines))
    return _illegal_note(target, err)


def _same_file(a: Path, b: str) -> bool:
    try:
        return a.exists() and Path(b).exists() and a.samefile(b)
    except OSError:
        return False


def _check_target(option: str, target: Path, force: bool, inputs: Sequence[str]) -> None:
    """Refuse to write ``target`` when it exists and is not a regular file (a directory, a
    symbolic link, a FIFO, a device: not even with ``force``; :mod:`oracle.plumbing.outfile`), is one of
    the ``inputs``, or is an existing file (without ``force``)."""
    try:
        check_replaceable(target)
    except NotRegular as exc:
        raise UsageError(f"{option} {exc}") from None
    if any(_same_file(target, source) for source in inputs):
        raise UsageError(f"{option} {target}: is a file being read; name another file")
    if target.exists() and not force:
        raise UsageError(f"{option} {target}: the file exists; use --force to replace it")


def _show_html(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``show --html RECORD --out FILE``: the record viewer's page (:mod:`oracle.viewer`); for
    an illegal record (the page shows it up to the illegal step) exit 1, as plain ``show``."""
    from oracle.viewer.page import viewer_html  # noqa: PLC0415 - only this option needs it

    if not args.out:
        raise UsageError("--html: name the page to write with --out FILE (- for standard output)")
    if args.out != "-":
        _check_target("--out", Path(args.out), args.force, [args.record])
    if is_position(args.record):
        raise UsageError("--html: give a record (a position has no steps to step through)")
    record = _one_record(args.record, args.stdin)
    _step_in_range(record, args.step)
    illegal = _what_is_illegal(record, args.record)
    page = viewer_html(record, args.record, (args.step or 1) - 1, args.partial)
    if args.out == "-":
        out.write(page)
    else:
        with _output("--out", Path(args.out), args.force) as sink:
            sink.write(page)
        out.write(f"wrote {printable(args.out)}\n")
    if illegal is None:
        return EXIT_OK
    err.write(f"clever-oracle: {illegal[0]}\n")
    return EXIT_ILLEGAL


def cmd_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.html:
        return _show_html(args, out, err)
    if args.out:
        raise UsageError("--out: is for --html; --svg names its own file")
    if args.partial:
        raise UsageError("--partial: is for --html")
    if args.svg:
        _check_target("--svg", Path(args.svg), args.force, [args.record])
    target = _target(args)
    game, state, where, labels = target.game, target.state, target.where, target.labels
    source = "position" if is_position(args.record) else args.record
    lines = [f"{source}, {where}: round {state.round}, dice {game.dice_text(state)}"]
    chosen = range(state.players)
    if args.player is not None:
        if not 1 <= args.player <= state.players:
            raise UsageError(f"--player {args.player}: the game has players 1 to "
                             f"{state.players}")
        chosen = range(args.player - 1, args.player)
    for i in chosen:
        lines.append(game.sheet_text(state.sheets[i], labels[i].replace(" (", " ", 1)
                                     .removesuffix(")")))
    out.write("".join(printable(line) + "\n" for block in lines for line in block.split("\n")))
    if args.svg:
        who = args.player - 1 if args.player is not None else max(state.actor, 0)
        title = f"{labels[who]} — {where}"
        picture = game.sheet_svg(state.sheets[who], printable(title))
        with _output("--svg", Path(args.svg), args.force) as sink:
            sink.write(picture)
        out.write(f"wrote {printable(args.svg)}\n")
    return _illegal_note(target, err)


@contextlib.contextmanager
def _output(option: str, target: Path, force: bool) -> Iterator[TextIO]:
    """The file ``option`` names, written whole or not at all (:mod:`oracle.plumbing.outfile`)."""
    try:
        with new_file(target, replace=force) as sink:
            yield sink
    except OutputExists:
        raise UsageError(f"{option} {target}: the file exists; use --force to replace "
                         "it") from None
    except OracleError as exc:
        raise UsageError(f"{option} {exc}") from None


def _play_one(game: Game, args: argparse.Namespace, ruleset: Ruleset, seed: int) -> Record:
    moves, _ = play_game(args.players, seed, POLICIES[args.policy], ruleset, game.name)
    names = tuple(f"Player {i + 1}" for i in range(args.players))
    return record_game(moves, names, ruleset, game=game.name,
                       meta=Meta(seed=seed, policy=args.policy))


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = find_game(args.game or DEFAULT_GAME)
    if not game.min_players <= args.players <= game.max_players:
        raise UsageError(f"--players {args.players}: {game.title} is for {game.min_players} to "
                         f"{game.max_players} players")
    ruleset = _with_options(game, game.default_ruleset, _option_pairs(args.ruleset, (game,)))
    if args.seed + args.count - 1 >= 10**MAX_DIGITS:
        raise UsageError(f"--seed {str(args.seed)[:20]}... --count {args.count}: the last game's "
                         f"seed (SEED+COUNT-1) would have more than {MAX_DIGITS} digits, more than "
                         "a record's numbers may have (docs/formats.md)")
    lines = args.count > 1 or (args.out or "").lower().endswith(".jsonl")
    to_file = bool(args.out) and args.out != "-"
    if to_file:
        target = Path(args.out)
        _check_target("--out", target, args.force, [])
        if args.count > 1 and not args.out.lower().endswith(".jsonl"):
            raise UsageError(f"--out {args.out}: --count {args.count} writes JSON Lines; name a "
                             ".jsonl file")
    show_progress = args.count > 1 and err.isatty()
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        sink = out
        if to_file:
            sink = stack.enter_context(_output("--out", Path(args.out), args.force))
        record = None
        for n in range(args.count):
            record = _play_one(game, args, ruleset, args.seed + n)
            if lines:
                sink.write(json.dumps(record.to_json(), ensure_ascii=False) + "\n")
            else:
                sink.write(dump_record(record))
            if show_progress and (n % 10 == 9 or n + 1 == args.count):
                _progress(err, n + 1, args.count, started)
        if show_progress:
            err.write("\n")
    assert record is not None
    if to_file and args.count > 1:
        out.write(f"wrote {printable(args.out)}: {args.count} records (seeds {args.seed} to "
                  f"{args.seed + args.count - 1}, policy {args.policy})\n")
    elif to_file:
        totals = ", ".join(str(t) for t in record.totals or ())
        final = game.scores(replay(record))
        won = ", ".join(game.winners(final))
        who = f", winner {won}" if len(final) > 1 else ""
        out.write(f"wrote {printable(args.out)}: {len(record.steps)} steps, totals {totals}"
                  f"{who}\n")
    return EXIT_OK


def cmd_rules(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.rule:
        found = [(g, r) for g in _games(args) for r in g.rules if r.id == args.rule.upper()]
        if not found:
            raise UsageError(f"rules {printable(excerpt(args.rule, 40))}: no such rule id; "
                             "'clever-oracle rules' lists them")
        for game, rule in found:
            out.write(f"{rule.id} ({game.title}): {rule.summary}\n"
                      f"  source: {rule.source}\n  sentence: \"{rule.quote}\"\n")
        return EXIT_OK
    for game in _games(args):
        if len(GAMES) > 1 and not args.game:
            out.write(f"# {game.title} ({game.name})\n")
        _write_rules(game, out)
    return EXIT_OK


def _write_rules(game: Game, out: TextIO) -> None:
    for rule in game.rules:
        out.write(f"{rule.id}: {rule.summary}\n    [{rule.source}] \"{rule.quote}\"\n")


def _options_help() -> str:
    return "; ".join(
        f"{o.name}={'|'.join(o.values)} (default {o.default}, {g.name})"
        for g in GAMES.values() for o in g.ruleset_options
    )


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help text that shows every option's default (unless its help names it) and keeps the
    epilog's lines."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "default" in text or not action.option_strings or action.default is argparse.SUPPRESS:
            return text
        if action.default is False:
            return f"{text} (default: off)"
        if action.default in (None, []):
            return f"{text} (default: none)"
        return f"{text} (default: %(default)s)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="clever-oracle", formatter_class=_Help,
                     description="The reference oracle for the Clever dice games:\n"
                     + "".join(f"  {g.name:<14} {g.title}\n" for g in GAMES.values())
                     + "A record's \"game\" and --game take the name.",
                     epilog=epilog())
    parser.add_argument("--version", action="version", version=f"clever-oracle {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("verify", help="replay and judge game records", formatter_class=_Help,
                       epilog=epilog() + "\n\nruleset options (--ruleset OPTION=VALUE):\n"
                       + "\n".join(f"  {o.name}={'|'.join(o.values)}  default {o.default} "
                                   f"({g.name}, ruling {o.ruling}): {o.help}"
                                   for g in GAMES.values() for o in g.ruleset_options))
    p.add_argument("records", nargs="+", help="record files (.json), JSON Lines (.jsonl), "
                   "directories, or - for standard input (a record or JSON Lines)")
    p.add_argument("--json", action="store_true", help="print JSON Lines: one verdict per "
                   "record, then a summary line (schema: oracle/schema/verdict-1.json)")
    p.add_argument("--quiet", action="store_true", help="print only what is not legal, and "
                   "the summary")
    p.add_argument("--partial", action="store_true", help="a game in progress whose steps are "
                   "all legal is LEGAL SO FAR (exit 0), with its position and the legal moves")
    p.add_argument("--jobs", type=jobs, default=None, metavar="N",
                   help=f"judge records on N cores, output in input order (default: all "
                   f"cores, {cores()} here, the most allowed; 1 for standard input, judged "
                   "as it comes)")
    p.add_argument("--dask", metavar="ADDRESS", default=None, help="judge on the Dask cluster "
                   "at ADDRESS (tcp://host:8786), or 'local' for a cluster of --jobs worker "
                   "processes here (needs the dask extra; default: none, judge on this "
                   "machine)")
    p.add_argument("--recursive", action="store_true", help="read subdirectories of a "
                   "directory too")
    p.add_argument("--ruleset", action="append", default=[], metavar="OPTION=VALUE",
                   help="override a ruleset option, e.g. blue_seven_after_seven=true; "
                   "options: " + _options_help())
    p.add_argument("--game", choices=list(GAMES), help="accept only records of this game "
                   "(default: each record names its game)")
    p.set_defaults(run=cmd_verify)
    p = sub.add_parser("play", help="play games and write their records", formatter_class=_Help,
                       epilog=epilog({0: "the games were played and written"}))
    p.add_argument("--players", type=whole(1), default=1, help="the number of players")
    p.add_argument("--seed", type=record_seed, default=1, help="the random seed (game N of "
                   f"--count uses SEED+N-1), a whole number of at most {MAX_DIGITS} digits, as "
                   "every number in a record")
    p.add_argument("--count", type=whole(1), default=1, help="how many games; more than one "
                   "writes JSON Lines, one record per line")
    p.add_argument("--policy", choices=sorted(POLICIES), default="random",
                   help="how the players choose their moves")
    p.add_argument("--out", default="-", help="the record file to write (.jsonl for JSON "
                   "Lines; - for standard output)")
    p.add_argument("--force", action="store_true", help="replace an existing --out file (a "
                   "regular file only: never a link, a FIFO or a device)")
    p.add_argument("--ruleset", action="append", default=[], metavar="OPTION=VALUE",
                   help="set a ruleset option (default: our rulings); options: "
                   + _options_help())
    p.add_argument("--game", choices=list(GAMES), default=DEFAULT_GAME, help="the game")
    p.set_defaults(run=cmd_play)
    for name, run, text, meanings in (
            ("legal", cmd_legal, "list the legal moves at a step or in a position",
             {0: "listed (a position, or a record whose steps are all legal)",
              1: "an illegal record (a step, or its claimed totals): listed up to the illegal "
              "step; why, on stderr"}),
            ("show", cmd_show, "draw the sheets at a step or in a position",
             {0: "shown (a position, or a record whose steps are all legal)",
              1: "an illegal record (a step, or its claimed totals): shown up to the illegal "
              "step; why, on stderr"})):
        p = sub.add_parser(name, help=text, formatter_class=_Help, epilog=epilog(meanings))
        p.add_argument("record", help="a record file, - for standard input, or a position in "
                       "position notation (it begins with the game's name, e.g. "
                       "'clever-cubed round=1 ...')")
        p.add_argument("--step", type=whole(1), help="the state in which step K is played "
                       "(default: after the last step)")
        if name == "legal":
            p.add_argument("--json", action="store_true", help="print one JSON object: "
                           "where, position, to_move, over, legal")
        if name == "show":
            p.add_argument("--player", type=whole(1), help="only this player (1-based; default: "
                           "every player)")
            p.add_argument("--svg", help="also write the sheet as an SVG picture (default: "
                           "none)")
            p.add_argument("--html", action="store_true", help="write the record viewer: one "
                           "self-contained HTML page stepping through the game (needs --out)")
            p.add_argument("--out", help="the page --html writes (- for standard output)")
            p.add_argument("--partial", action="store_true", help="with --html: a game in "
                           "progress is shown as one (every step legal so far), not as "
                           "incomplete")
            p.add_argument("--force", action="store_true", help="replace an existing --svg or "
                           "--out file (a regular file only: never a link, a FIFO or a device)")
        p.set_defaults(run=run)
    p = sub.add_parser("rules", help="print the rule catalogue, or one rule", formatter_class=_Help,
                       epilog=epilog({0: "the rules were printed", 2: "no such rule id, or a "
                                      "bad command line"}))
    p.add_argument("rule", nargs="?", metavar="ID", help="print only the rule with this id, "
                   "with its sentence and its source (the rulebook or our ruling)")
    p.add_argument("--game", choices=list(GAMES), help="only this game's rules (default: all)")
    p.set_defaults(run=cmd_rules)
    from spec.cubed.cli import register as register_solve  # spec imports oracle: import it late

    register_solve(sub)
    register_adapter_commands(sub)
    register_serve(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None, stdin: BinaryIO | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring).  ``stdin`` is
    what ``-`` reads (default: the process's standard input)."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = build_parser().parse_args(argv)
        args.stdin = stdin
        code: int = args.run(args, out, err)
        out.flush()
        return code
    except SystemExit as exc:  # --help, --version
        return int(exc.code or 0)
    except OracleError as exc:
        err.write(f"clever-oracle: {printable(excerpt(str(exc), 400))}\n")
        return EXIT_UNUSABLE
    except Terminated:
        err.write("clever-oracle: terminated\n")
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        err.write("clever-oracle: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader of the output is gone (``| head``): end quietly
        return EXIT_PIPE
    except OSError as exc:
        if exc.errno not in _WRITE_ERRORS:
            err.write(f"clever-oracle: internal error (OSError: {exc}); please report it\n")
            return EXIT_INTERNAL
        err.write(f"clever-oracle: cannot write the output: {exc.strerror or exc}\n")
        return EXIT_OUTPUT
    except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
        err.write(f"clever-oracle: internal error ({type(exc).__name__}: "
                  f"{printable(excerpt(str(exc), 400))}); please report it with the input\n")
        return EXIT_INTERNAL


def run() -> None:
    """Console-script entry point (called by :mod:`clever_oracle` once the oracle is loaded).
    Ctrl-C and SIGTERM end the command at once (:mod:`oracle.plumbing.interrupts`); a closed output pipe
    (``| head``) ends the program quietly, as for any Unix filter; output that cannot be
    written (a full disk) is reported once.  A command that ends so ends with ``os._exit``
    once what it printed is flushed: reading standard input may still hold its lock, a solver
    thread may still run, and a ``--jobs`` pool whose workers were killed is not waited for
    (:func:`_pool_stopper`); the interpreter's shutdown would wait for them."""
    install()
    try:
        code = main()
    except Terminated:  # a second signal while the first one's line was being written
        code = EXIT_TERMINATED
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    if code not in (EXIT_OUTPUT, EXIT_PIPE, EXIT_INTERRUPTED, EXIT_TERMINATED):
        sys.exit(code)
    for signum in (signal.SIGINT, signal.SIGTERM):  # nothing more is to be interrupted
        signal.signal(signum, signal.SIG_IGN)
    if code in (EXIT_OUTPUT, EXIT_PIPE):  # drop what could not be written: no retry
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
