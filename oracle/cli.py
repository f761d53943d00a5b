"""The ``clever-oracle`` command line.

Commands: ``verify RECORD...`` (replay and judge records), ``play`` (play a game and write its
record), ``legal RECORD`` (the legal moves at a step), ``show RECORD`` (the sheets as text and
SVG), ``rules`` (the rule catalogue).

Exit codes: 0 — every record legal (or the command succeeded); 1 — a record has an illegal step,
wrong claimed totals, or ends before the game is over; 2 — unusable input (missing file, bad
JSON, schema violation, unknown notation, bad option), reported as one line on stderr;
3 — an internal error of the oracle (a bug; please report it).  When the reader of the output
closes the pipe (``| head``), the program ends quietly like any Unix filter (shell status 141).  No command writes to a file it
was given to read, and ``play --out`` never overwrites an existing file.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from oracle.adapter.commands import register as register_adapter_commands
from oracle.errors import OracleError, RecordError
from oracle.game import Game, Ruleset, State
from oracle.games import DEFAULT_GAME, GAMES, find_game
from oracle.play import POLICIES, play_game
from oracle.record import (
    Record,
    Verdict,
    dump_record,
    load_records,
    record_game,
    replay,
    verify,
)

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNUSABLE = 2
EXIT_INTERNAL = 3


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
    names = {o.name for o in game.ruleset_options}
    return game.make_ruleset({k: v for k, v in options.items() if k in names}, base)


def _games(args: argparse.Namespace) -> tuple[Game, ...]:
    """The game named by ``--game``, or every game when none is named."""
    name = getattr(args, "game", None)
    return (find_game(name),) if name else tuple(GAMES.values())


def _format_verdict(verdict: Verdict, game: Game) -> str:
    if verdict.status == "legal":
        lines = [f"{verdict.name}: LEGAL ({verdict.steps} steps)"]
        won = game.winners(verdict.scores) if len(verdict.scores) > 1 else ()
        for i, (name, s) in enumerate(zip(verdict.players, verdict.scores)):
            mark = " (winner)" if i in won else ""
            lines.append(f"  p{i + 1} {name}: {s}{mark}")
        if len(verdict.scores) == 1:
            lines.append(f"  solo rating: {game.solo_rating(verdict.scores[0].total)}")
        return "\n".join(lines)
    head = "ILLEGAL" if verdict.status == "illegal" else "INCOMPLETE"
    if verdict.step is not None:
        lines = [f"{verdict.name}: {head} at step {verdict.step} of {verdict.steps}: "
                 f"{verdict.player}: {verdict.move}"]
    else:
        lines = [f"{verdict.name}: {head}"]
    lines.append(f"  rule {verdict.rule}: {verdict.reason}")
    if verdict.sheet_before:
        lines.append(f"  sheet before: {verdict.sheet_before}")
    if verdict.dice_before:
        lines.append(f"  dice before:  {verdict.dice_before}")
    if verdict.legal:
        shown = list(verdict.legal[:40])
        more = f" ... and {len(verdict.legal) - 40} more" if len(verdict.legal) > 40 else ""
        lines.append(f"  legal instead ({len(verdict.legal)}): " + ", ".join(shown) + more)
    for i, s in enumerate(verdict.scores):
        lines.append(f"  p{i + 1}: {s}")
    return "\n".join(lines)


def _progress(out: TextIO, done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        out.write("\n")
    out.flush()


def cmd_verify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    options = _option_pairs(args.ruleset, _games(args))  # reject bad options before reading
    loaded: list[tuple[str, Record | RecordError]] = []
    for source in args.records:
        loaded.extend(load_records(source))
    show_progress = len(loaded) > 1 and err.isatty() and not args.json
    results: list[dict[str, object]] = []
    counts = {"legal": 0, "illegal": 0, "incomplete": 0, "unusable": 0}
    for done, (name, item) in enumerate(loaded, start=1):
        if show_progress:
            err.write("\r\033[K")  # clear the progress line before what is printed next
            err.flush()
        if isinstance(item, RecordError):
            counts["unusable"] += 1
            results.append({"name": name, "status": "unusable", "error": str(item)})
            if not args.json:
                err.write(f"{item}\n")
        else:
            if args.game and item.game.name != args.game:
                raise UsageError(f"{name}: a {item.game.name} record, not {args.game}")
            verdict = verify(item, name, _with_options(item.game, item.options, options))
            counts[verdict.status] += 1
            results.append(verdict.to_json())
            if not args.json:
                out.write(_format_verdict(verdict, item.game) + "\n")
        if show_progress:
            _progress(err, done, len(loaded))
    summary = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
    if args.json:
        json.dump({"records": results, "summary": counts}, out, indent=2)
        out.write("\n")
    elif len(loaded) > 1:
        out.write(f"{len(loaded)} records: {summary}\n")
    if counts["unusable"]:
        return EXIT_UNUSABLE
    if counts["illegal"] or counts["incomplete"]:
        return EXIT_ILLEGAL
    return EXIT_OK


def _one_record(source: str) -> Record:
    items = list(load_records(source))
    if len(items) != 1:
        raise UsageError(f"{source}: holds {len(items)} records; name one file with one record")
    name, item = items[0]
    if isinstance(item, RecordError):
        raise item
    return item


def _step_state(record: Record, step: int | None) -> tuple[int, State]:
    if step is not None and not 1 <= step <= len(record.steps) + 1:
        raise UsageError(f"--step {step}: the record has steps 1 to {len(record.steps)} "
                         f"(or {len(record.steps) + 1} for the end)")
    return (step or len(record.steps) + 1), replay(record, step)


def cmd_legal(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    record = _one_record(args.record)
    step, state = _step_state(record, args.step)
    where = f"before step {step}" if step <= len(record.steps) else "after the last step"
    game = record.game
    if state.is_terminal:
        out.write(f"{where}: the game is over; no legal moves\n")
    elif state.is_chance:
        out.write(f"{where}: the dice are to be rolled ({game.dice_text(state)})\n")
    else:
        moves = game.legal_moves(state)
        out.write(f"{where}: p{state.actor + 1} ({record.players[state.actor]}) to move, "
                  f"{len(moves)} legal moves\n")
        for move in moves:
            out.write(f"{move}\n")
    return EXIT_OK


def cmd_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    record = _one_record(args.record)
    step, state = _step_state(record, args.step)
    where = f"before step {step}" if step <= len(record.steps) else "after the last step"
    game = record.game
    out.write(f"{args.record}, {where}: round {state.round}, dice {game.dice_text(state)}\n")
    chosen = range(len(record.players))
    if args.player is not None:
        if not 1 <= args.player <= len(record.players):
            raise UsageError(f"--player {args.player}: the record has players 1 to "
                             f"{len(record.players)}")
        chosen = range(args.player - 1, args.player)
    for i in chosen:
        out.write(game.sheet_text(state.sheets[i], f"p{i + 1} {record.players[i]}") + "\n")
    if args.svg:
        target = Path(args.svg)
        if target.exists() and not args.force:
            raise UsageError(f"--svg {args.svg}: the file exists; use --force to replace it")
        who = args.player - 1 if args.player is not None else max(state.actor, 0)
        title = f"p{who + 1} {record.players[who]} — {where}"
        try:
            target.write_text(game.sheet_svg(state.sheets[who], title), "utf-8")
        except OSError as exc:
            raise UsageError(f"--svg {args.svg}: cannot write: {exc.strerror or exc}") from None
        out.write(f"wrote {args.svg}\n")
    return EXIT_OK


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = find_game(args.game or DEFAULT_GAME)
    if not game.min_players <= args.players <= game.max_players:
        raise UsageError(f"--players {args.players}: {game.title} is for {game.min_players} to "
                         f"{game.max_players} players")
    ruleset = _with_options(game, game.default_ruleset, _option_pairs(args.ruleset, (game,)))
    moves, final = play_game(args.players, args.seed, POLICIES[args.policy], ruleset, game.name)
    names = tuple(f"Player {i + 1}" for i in range(args.players))
    record = record_game(moves, names, ruleset, game=game.name)
    text = dump_record(record)
    if args.out and args.out != "-":
        target = Path(args.out)
        if target.exists() and not args.force:
            raise UsageError(f"--out {args.out}: the file exists; use --force to replace it")
        try:
            target.write_text(text, "utf-8")
        except OSError as exc:
            raise UsageError(f"--out {args.out}: cannot write: {exc.strerror or exc}") from None
        final_scores = game.scores(final)
        totals = ", ".join(str(s.total) for s in final_scores)
        won = ", ".join(f"p{w + 1}" for w in game.winners(final_scores))
        who = f", winner {won}" if len(final_scores) > 1 else ""
        out.write(f"wrote {args.out}: {len(moves)} steps, totals {totals}{who}\n")
    else:
        out.write(text)
    return EXIT_OK


def cmd_rules(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="clever-oracle",
                     description="The reference oracle for the Clever dice games ("
                     + ", ".join(g.title for g in GAMES.values()) + ").",
                     epilog="exit codes: 0 legal/ok, 1 illegal or incomplete record, "
                     "2 unusable input, 3 internal error")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("verify", help="replay and judge game records")
    p.add_argument("records", nargs="+", help="record files (.json), JSON Lines (.jsonl), or "
                   "directories")
    p.add_argument("--json", action="store_true", help="print verdicts as JSON")
    p.add_argument("--ruleset", action="append", default=[], metavar="OPTION=VALUE",
                   help="override a ruleset option, e.g. blue_seven_after_seven=true; "
                   "options: " + _options_help())
    p.add_argument("--game", choices=list(GAMES), help="accept only records of this game "
                   "(default: each record names its game)")
    p.set_defaults(run=cmd_verify)
    p = sub.add_parser("play", help="play a game and write its record")
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", choices=sorted(POLICIES), default="random")
    p.add_argument("--out", help="the record file to write (default: standard output)")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    p.add_argument("--ruleset", action="append", default=[], metavar="OPTION=VALUE",
                   help="set a ruleset option (default: our rulings); options: "
                   + _options_help())
    p.add_argument("--game", choices=list(GAMES), help=f"the game (default: {DEFAULT_GAME})")
    p.set_defaults(run=cmd_play)
    for name, run, text in (("legal", cmd_legal, "list the legal moves at a step"),
                            ("show", cmd_show, "draw the sheets at a step")):
        p = sub.add_parser(name, help=text)
        p.add_argument("record")
        p.add_argument("--step", type=int, help="the state in which step K is played "
                       "(default: after the last step)")
        if name == "show":
            p.add_argument("--player", type=int, help="only this player (1-based)")
            p.add_argument("--svg", help="also write the sheet as an SVG picture")
            p.add_argument("--force", action="store_true", help="replace an existing SVG file")
        p.set_defaults(run=run)
    p = sub.add_parser("rules", help="print the rule catalogue")
    p.add_argument("--game", choices=list(GAMES), help="only this game's rules (default: all)")
    p.set_defaults(run=cmd_rules)
    from spec.cubed.cli import register as register_solve  # spec imports oracle: import it late

    register_solve(sub)
    register_adapter_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = build_parser().parse_args(argv)
        code: int = args.run(args, out, err)
        return code
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except OracleError as exc:
        err.write(f"clever-oracle: {exc}\n")
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        err.write("clever-oracle: interrupted\n")
        return EXIT_UNUSABLE
    except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
        err.write(f"clever-oracle: internal error ({type(exc).__name__}: {exc}); please report "
                  "it with the input\n")
        return EXIT_INTERNAL


def run() -> None:
    """Console-script entry point.  A closed output pipe (``| head``) ends the program quietly,
    as for any Unix filter."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
