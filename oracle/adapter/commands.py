"""The ``certify`` and ``conformance`` subcommands (docs/certify.md): :func:`register` adds them
to the command line's parser.  Their Hypothesis-based work lives in :mod:`properties` and is
imported only when they run, so the other commands do not need Hypothesis.

Exit codes: 0 the app conforms, 1 differences found, 2 unusable adapter or input, 5
inconclusive (no difference found, but too little compared to say); the rest as for every
command (:mod:`oracle.plumbing.exitcodes`).  While they run, the harness is a child subreaper
(:mod:`oracle.adapter.reaper`): no process the adapter starts outlives them.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TextIO, TypeVar

from oracle.adapter.jsonl import DEFAULT_TIMEOUT, SubprocessImplementation
from oracle.adapter.reaper import reaping
from oracle.plumbing.argtypes import seconds, whole
from oracle.engine.errors import OracleError
from oracle.plumbing.exitcodes import EXIT_INCONCLUSIVE, epilog
from oracle.engine.game import Game
from oracle.games import DEFAULT_GAME, GAMES, find_game

#: Games ``certify`` plays by default (``properties.certify.DEFAULT_EXAMPLES``; kept here so
#: that ``--help`` imports nothing of the harness; a test checks they agree).
DEFAULT_EXAMPLES = 80
#: Replays per finding's shrink (``properties.shrink.SHRINK_REPLAYS``).
SHRINK_REPLAYS = 24

P = TypeVar("P", bound=argparse.ArgumentParser)

EXIT_CONFORMING = 0
EXIT_DIFFERENT = 1
EXIT_UNUSABLE = 2


def _options(game: Game, pairs: list[str]) -> dict[str, str | bool]:
    chosen: dict[str, str | bool] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OracleError(f"--ruleset {pair!r}: want OPTION=VALUE")
        chosen[key] = value
    ruleset = game.make_ruleset(chosen)  # names a bad option or value
    return ruleset.options()


def _adapter(args: argparse.Namespace) -> SubprocessImplementation:
    return SubprocessImplementation(args.adapter, args.timeout)


def _hypothesis() -> None:
    try:
        import hypothesis  # noqa: F401  (only to check it is installed)
    except ImportError:
        raise OracleError("certify needs Hypothesis: pip install 'clever-oracle[test]'") from None


def cmd_certify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Each finding is printed as soon as it is first seen, marked as being shortened, then
    again once shrunk and with its checked hint (with ``--json``: a ``first`` and a ``finding``
    JSON line per finding, then the report's line); progress on standard error when it is a
    terminal.  Exit 0 conforming, 1 differences, 5 inconclusive (too little compared to
    say)."""
    _hypothesis()
    from properties.certify import CONFORMING, DIFFERENCES, Progress, certify, check_seed
    from properties.certify_report import (
        finding_json,
        finding_text,
        first_text,
        json_report,
        summary_text,
    )
    from properties.findings import Finding

    if args.trace is not None:
        return _trace(args, out)
    game = find_game(args.game or DEFAULT_GAME)
    options = _options(game, args.ruleset)
    check_seed(args.seed, args.max_examples)
    folder = None if args.records is None else records_folder(args.records)
    terminal = err.isatty()
    numbered: list[Finding] = []
    unwritten: list[str] = []

    def found(finding: Finding) -> None:
        if terminal:
            err.write("\r\033[K")
        numbered.append(finding)
        where: dict[str, str | None] = {}
        if folder is not None:
            try:
                where["record_file"] = _save_record(game, finding, folder, len(numbered))
            except (OracleError, OSError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                where = {"record_file": None, "record_error": reason}
                unwritten.append(reason)
        if args.json:
            out.write(json.dumps({"type": "finding", **finding_json(game, finding), **where})
                      + "\n")
        else:
            text = finding_text(finding)
            if where.get("record_file"):
                text += f"  the whole game as a record: {where['record_file']}\n"
            elif "record_error" in where:
                text += ("  the whole game as a record could not be written: "
                         f"{where['record_error']}\n")
            out.write(text + "\n")
        out.flush()

    def first(finding: Finding) -> None:
        if terminal:
            err.write("\r\033[K")
        if args.json:
            out.write(json.dumps({"type": "first", **finding_json(game, finding)}) + "\n")
        else:
            out.write(first_text(finding) + "\n")
        out.flush()

    def progress(now: Progress) -> None:
        err.write(f"\rcertify: {now.games}/{now.of} games, {now.findings} findings, "
                  f"{now.seconds:.0f} s")
        err.flush()

    with reaping():
        app = _adapter(args)
        try:
            result = certify(game, app, game.make_ruleset(options), args.max_examples,
                             args.seed, budget=args.budget, on_finding=found,
                             shrink_replays=args.shrink,
                             on_progress=progress if terminal else None,
                             given=_given(args.ruleset), on_first=first)
        finally:
            app.close()
            if terminal:
                err.write("\r\033[K")
    if args.json:
        report = json_report(game, result, options)
        report.pop("findings")
        if folder is not None:
            report["records_not_written"] = len(unwritten)
        out.write(json.dumps({"type": "report", **report}) + "\n")
    else:
        out.write(summary_text(game, result))
        if unwritten:
            out.write(f"{len(unwritten)} finding record(s) could not be written to {folder} "
                      "(every finding is printed above)\n")
    if result.verdict == DIFFERENCES:
        return EXIT_DIFFERENT
    return EXIT_CONFORMING if result.verdict == CONFORMING else EXIT_INCONCLUSIVE


def _given(pairs: list[str]) -> frozenset[str]:
    """The ruleset options named on the command line (``--ruleset OPTION=VALUE``)."""
    return frozenset(pair.partition("=")[0] for pair in pairs)


def records_folder(text: str) -> Path:
    """``--records DIR``, checked before the run starts: a folder that exists and holds no
    earlier run's findings (``finding-*.json``), or a new folder, created (its parent must
    exist).  A file, a folder with findings in it, or one that cannot be written is refused
    in one line (exit 2), so that no finding of this run is lost and no file of an earlier run
    is overwritten."""
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise OracleError(f"--records {text}: not a folder (give a new or an empty folder)")
    if not folder.exists():
        try:
            folder.mkdir()
        except OSError as exc:
            raise OracleError(f"--records {text}: cannot create the folder: "
                              f"{exc.strerror or exc}") from None
        return folder
    try:
        earlier = sorted(p.name for p in folder.glob(FINDING_GLOB))
    except OSError as exc:
        raise OracleError(f"--records {text}: cannot read the folder: "
                          f"{exc.strerror or exc}") from None
    if earlier:
        more = f" and {len(earlier) - 1} more" if len(earlier) > 1 else ""
        raise OracleError(f"--records {text}: holds an earlier run's findings ({earlier[0]}"
                          f"{more}); give a new or an empty folder (nothing is overwritten)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OracleError(f"--records {text}: the folder cannot be written")
    return folder


#: The names of the record files of a run's findings (``finding-N-RULE.json``).
FINDING_GLOB = "finding-*.json"


def _save_record(game: Game, finding: object, folder: Path, number: int) -> str:
    """Write ``finding``'s game as a record ``folder/finding-N-RULE.json`` (never over a file
    that exists); returns its name."""
    from oracle.plumbing.outfile import new_file
    from properties.certify_report import finding_record
    from properties.findings import Finding

    assert isinstance(finding, Finding)
    target = folder / f"finding-{number}-{finding.rule}.json"
    with new_file(target) as sink:
        json.dump(finding_record(game, finding).to_json(), sink, indent=1)
        sink.write("\n")
    return str(target)


def _finding_game(args: argparse.Namespace, data: dict[str, object]) -> Game:
    """The game of a finding of ``--trace``: the one its record names (``--game``, when given,
    must agree), else ``--game`` or the default game."""
    record = data.get("record")
    named = data.get("game") or (record.get("game") if isinstance(record, dict) else None)
    if isinstance(named, str) and named in GAMES:
        if args.game is not None and args.game != named:
            raise OracleError(f"--trace {args.trace}: a finding of {named}, not of --game "
                              f"{args.game}")
        return find_game(named)
    return find_game(args.game or DEFAULT_GAME)


def _trace(args: argparse.Namespace, out: TextIO) -> int:
    """``certify --trace FINDING``: one finding's game step by step on both sides, in the
    finding's game."""
    from oracle.formats.jsontext import JSONTextError, loads
    from properties.certify import claimed_options, greet
    from properties.trace import trace

    try:
        with open(args.trace, "rb") as handle:
            data = loads(handle.read(16 * 2**20))
    except (OSError, JSONTextError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise OracleError(f"--trace {args.trace}: cannot read the finding: {reason}") from None
    if not isinstance(data, dict):
        raise OracleError(f"--trace {args.trace}: not a finding of certify --json")
    game = _finding_game(args, data)
    options = _options(game, args.ruleset)
    with reaping():
        app = _adapter(args)
        try:
            _, hello = greet(game, app)
            claimed = claimed_options(game, game.make_ruleset(options), hello,
                                      _given(args.ruleset))
            lines, parted = trace(game, app, data, claimed)
        finally:
            app.close()
    out.write("".join(line + "\n" for line in lines))
    return EXIT_DIFFERENT if parted else EXIT_CONFORMING


def cmd_conformance(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Exit 0 every count matches, 1 a count differs, 5 inconclusive (a position could not be
    compared: the app answered "not comparable", or rolled dice of its own)."""
    _hypothesis()
    from properties.perft import check_positions, counts_label, default_counts, read_counts
    from properties.perft import report_lines, verdict

    game = find_game(args.game or DEFAULT_GAME)
    counts = args.counts or str(default_counts(game.name))
    if args.counts is None and not default_counts(game.name).is_file():
        raise OracleError(f"conformance: no counts are shipped for {game.name} yet; give a "
                          "counts file with --counts")
    read_counts(game, counts, counts_label(counts, args.counts is not None))  # before the app
    with reaping():
        app = _adapter(args)
        try:
            positions = check_positions(game, app, counts, given=args.counts is not None)
        finally:
            app.close()
    said = verdict(positions)
    if args.json:
        json.dump({"game": game.name, "verdict": said, "conforming": said == "conforming",
                   "positions": positions}, out, indent=2)
        out.write("\n")
    else:
        out.write("".join(line + "\n" for line in report_lines(positions)))
    if said == "differences":
        return EXIT_DIFFERENT
    return EXIT_CONFORMING if said == "conforming" else EXIT_INCONCLUSIVE


def register(sub: argparse._SubParsersAction[P]) -> None:
    """Add ``certify`` and ``conformance`` to the subcommands ``sub``."""
    for name, run, text, meanings in (
        ("certify", cmd_certify, "test another implementation against the rules (differential "
         "Hypothesis games; exit 0 conforming, 1 differences, 2 unusable adapter, 5 "
         "inconclusive)",
         {0: "conforming: no difference found, and at least one game played to its\n"
          "       end was compared whole (docs/certify.md, \"When a run says nothing\")",
          1: "differences found (each with a minimal game)",
          EXIT_INCONCLUSIVE: "inconclusive: no difference found, but too little was compared "
          "to say\n       (no game compared whole: 'not comparable' answers, or --budget "
          "ended first)"}),
        ("conformance", cmd_conformance, "check another implementation's move counts (perft) "
         "against the counts shipped with the oracle",
         {0: "every count matches", 1: "a count differs (with a per-move divide)",
          EXIT_INCONCLUSIVE: "inconclusive: no count differs, but a position could not be "
          "compared\n       (the app answered 'not comparable', or rolled dice of its own)"}),
    ):
        p = sub.add_parser(name, help=text, description=text,
                           formatter_class=argparse.RawDescriptionHelpFormatter,
                           epilog=epilog({**meanings, 2: "unusable adapter (exited, timed "
                                          "out, garbage) or command line; one line on stderr"}))
        p.add_argument("--adapter", required=True, metavar="COMMAND",
                       help="the app's adapter command (JSON Lines on stdin/stdout; "
                       "docs/certify.md), e.g. \"python -m oracle.adapter.reference\"")
        p.add_argument("--game", choices=list(GAMES), default=None,
                       help=f"the game (default: {DEFAULT_GAME}"
                       + ("; with --trace, the game of the finding)" if name == "certify"
                          else ")"))
        p.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT,
                       help="seconds the adapter may take per answer (default: %(default)s)")
        p.add_argument("--json", action="store_true", help="print the report as JSON")
        if name == "certify":
            p.add_argument("--ruleset", action="append", default=[], metavar="OPTION=VALUE",
                           help="a ruleset option the app claims to follow")
            p.add_argument("--max-examples", type=whole(1), default=DEFAULT_EXAMPLES,
                           help="games to play (default: %(default)s)")
            p.add_argument("--shrink", type=whole(0), default=SHRINK_REPLAYS, metavar="GAMES",
                           help="games replayed to shrink each finding to a shorter game "
                           "(default: %(default)s)")
            p.add_argument("--records", metavar="DIR", help="also write each finding's game "
                           "as a record file DIR/finding-N-RULE.json; DIR is created if "
                           "missing, and a file or a folder holding an earlier run's findings "
                           "is refused before the run (nothing is ever replaced)")
            p.add_argument("--trace", metavar="FINDING", help="replay one finding (a JSON "
                           "line of certify --json, in a file) step by step with both sides' "
                           "answers and states, instead of searching")
            p.add_argument("--budget", type=seconds, metavar="SECONDS",
                           help="stop after this many seconds even if games are left (the "
                           "findings so far are reported)")
            p.add_argument("--seed", type=whole(0), default=0, help="the search seed")
        else:
            p.add_argument("--counts", help="a counts file (default: the counts shipped with "
                           "the oracle for the game)")
        p.set_defaults(run=run)
