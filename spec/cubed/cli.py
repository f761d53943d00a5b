"""``clever-oracle solve``: the solver questions on the command line (see :mod:`spec.cubed.questions`;
``--game clever-4ever``: :mod:`spec.fourever.cli`).

    clever-oracle solve area-max pink 5        highest pink score with at most 5 entries
    clever-oracle solve sheet-max 20           highest sheet total with at most 20 entries
    clever-oracle solve fewest 60 --area brown fewest entries for 60 brown points
    clever-oracle solve complete "SHEET" 3     best completion with 3 more entries
    clever-oracle solve reachable "SHEET" [--players N] [--round R] [--record FILE]
    clever-oracle solve solo-bound [AT]        the proven upper bound on a solo game (AT: prove
                                               that no solo game totals AT or more)

Exit codes as for every command (:mod:`oracle.plumbing.exitcodes`): 0 answered (yes, no, a value, or
undecided in the time given), 2 unusable input (one line on stderr), 3 a certificate the
engine does not confirm (a bug: nothing is printed as proven), 130/143 Ctrl-C/SIGTERM, which
stop the solver at once (:func:`oracle.plumbing.interrupts.run_interruptibly`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

import attrs
import z3

from oracle.plumbing.argtypes import count, seconds, whole
from oracle import Area
from oracle.engine.errors import OracleError
from oracle.plumbing.exitcodes import epilog
from oracle.plumbing.interrupts import run_interruptibly
from oracle.plumbing.outfile import OutputExists, new_file
from spec.cubed import questions
from spec.cubed.printed import ROUNDS
from spec.cubed.seam import parse_sheet
from spec.solving import shown


P = TypeVar("P", bound=argparse.ArgumentParser)


def _area(text: str) -> Area:
    by_label = {a.label: a for a in Area}
    if text not in by_label:
        raise OracleError(f"unknown area {text!r} (want {', '.join(by_label)})")
    return by_label[text]


#: Seconds the solo-bound proof gets by default.
SOLO_BOUND_TIMEOUT = 1800.0
#: Each question's arguments, as the help prints them.
USAGE = {
    "area-max": "AREA N", "sheet-max": "N", "fewest": "POINTS [--area AREA]",
    "complete": "SHEET N", "reachable": "SHEET [--players P] [--round R] [--record FILE]",
    "solo-bound": "[AT]", "turn-bound": "AT",
}


def _count(question: str, text: str) -> int:
    """A question's whole-number argument (entries, points): 0 or more."""
    return count(f"solve {question}", text)


def _ask(ask: Callable[[], questions.Answer]) -> questions.Answer:
    """``ask()`` with Z3 leaving Ctrl-C to us: in a thread, so that Ctrl-C and SIGTERM stop
    the solver and the command at once (Z3 would otherwise catch Ctrl-C and answer
    "undecided", and hold SIGTERM until its check ends)."""
    z3.set_param("ctrl_c", False)
    return run_interruptibly(ask, z3.main_ctx().interrupt)


def cmd_solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Answer one solver question; print it (or JSON)."""
    # The solo bound's proof takes a few minutes (README, "The highest solo score").
    timeout = (args.timeout if args.timeout is not None
               else SOLO_BOUND_TIMEOUT if args.question == "solo-bound" else 60.0)
    progress = shown(err) if not args.json else None
    q, a = args.question, args.args
    if args.record and q != "reachable":
        raise OracleError("solve: --record is for the reachable question")
    if args.record and os.path.exists(args.record):
        raise OracleError(f"solve: {args.record} exists; --record never overwrites a file")
    need = {"area-max": 2, "sheet-max": 1, "fewest": 1, "complete": 2, "reachable": 1,
            "solo-bound": 0, "turn-bound": 1}[q]
    if q == "solo-bound" and len(a) == 1:  # an optional AT
        need = 1
    if len(a) != need:
        want = "0 or 1" if q == "solo-bound" else str(need)
        raise OracleError(f"solve {q}: want {want} argument(s) ({USAGE[q] or 'none'}), got "
                          f"{len(a)}")
    ask: Callable[[], questions.Answer]
    if q == "turn-bound":  # the turn model (spec/turns, docs/turns.md)
        from spec.turns.cli import answer as turn_bound  # noqa: PLC0415

        at = _count(q, a[0])
        ask = lambda: turn_bound(args.game, at, timeout, progress)  # noqa: E731
    elif args.game == "clever-4ever":
        from spec.fourever.cli import answer as fourever, options_of  # noqa: PLC0415

        options = options_of(args.ruleset or ())
        if q == "reachable" and args.players != 1:
            raise OracleError("solve: --players: Clever 4Ever's reachable looks for solo games "
                              "only")
        ask = lambda: fourever(q, a, args.area, timeout, options, progress,  # noqa: E731
                               args.round)
    elif args.ruleset:
        raise OracleError("solve: --ruleset is for --game clever-4ever")
    elif q == "area-max":
        area, most = _area(a[0]), _count(q, a[1])
        ask = lambda: questions.area_max(area, most, timeout, progress=progress)  # noqa: E731
    elif q == "sheet-max":
        most = _count(q, a[0])
        ask = lambda: questions.sheet_max(most, timeout, progress=progress)  # noqa: E731
    elif q == "fewest":
        goal, only = _count(q, a[0]), _area(args.area) if args.area else None
        ask = lambda: questions.fewest(goal, only, timeout, progress=progress)  # noqa: E731
    elif q == "complete":
        sheet, more = parse_sheet(a[0]), _count(q, a[1])
        ask = lambda: questions.complete(sheet, more, timeout, progress=progress)  # noqa: E731
    elif q == "reachable":
        if args.players not in ROUNDS:
            raise OracleError("solve: --players must be 1 to 4")
        sheet = parse_sheet(a[0])
        ask = lambda: questions.reachable(  # noqa: E731
            sheet, args.players, args.round, timeout, progress=progress)
    else:
        at = _count(q, a[0]) if a else questions.SOLO_UNSAT_AT
        ask = lambda: questions.solo_upper_bound_check(timeout, at,  # noqa: E731
                                                       progress=progress)
    try:
        answer = _ask(ask)
    except OracleError:
        raise
    except ValueError as exc:
        raise OracleError(f"solve {q}: {exc}") from None
    if progress is not None:
        progress.done()
    if args.record and answer.record is not None:
        _write_new(args.record, answer.record)
        answer = attrs.evolve(answer, notes=answer.notes + (f"record written to {args.record}",))
    if args.json:
        json.dump(answer.to_json(), out, indent=2)
        out.write("\n")
    else:
        out.write(str(answer) + "\n")
        if answer.record is not None and not args.record:
            out.write(answer.record if answer.record.endswith("\n") else answer.record + "\n")
    return 0


def _write_new(path: str, text: str) -> None:
    """Write ``text`` to ``path``, which must not exist yet (nothing the user has is
    overwritten), whole or not at all (:mod:`oracle.plumbing.outfile`); a path that cannot be written is
    a bad command line (exit 2), a full disk exit 4."""
    try:
        with new_file(Path(path)) as handle:
            handle.write(text)
    except OutputExists:
        raise OracleError(f"solve: {path} exists; --record never overwrites a file") from None
    except OracleError as exc:
        raise OracleError(f"solve: --record {exc}") from None


def register(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``solve`` subcommand to the command line's subparsers."""
    questions_text = "\n".join(f"  solve {q} {args}".rstrip() for q, args in USAGE.items())
    p = sub.add_parser("solve", help="optimal sheets and sheet checks with Z3 certificates",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Clever Cubed sheets with Z3 certificates:\n"
                       + questions_text + "\nAREA is yellow, turquoise, blue, brown or pink; "
                       "SHEET is in sheet notation (docs/formats.md).",
                       epilog=epilog({0: "answered (yes, no, a value, or undecided in the time "
                                      "given)",
                                      3: "a certificate the engine does not confirm, or "
                                      "another internal error (a bug; please report it)"}))
    p.add_argument("--game", choices=["clever-cubed", "clever-4ever"], default="clever-cubed",
                   help="the game (default clever-cubed); Clever 4Ever's areas are yellow, "
                   "blue, grey, green and pink")
    p.add_argument("--ruleset", action="append", metavar="OPTION=VALUE",
                   help="clever-4ever: a ruleset option (fox_floor_zero=true ...)")
    p.add_argument("question", choices=list(USAGE))
    p.add_argument("args", nargs="*", help="the question's arguments (above)")
    p.add_argument("--area", help="fewest: an area (default: the whole sheet)")
    p.add_argument("--players", type=whole(1, 4), default=1,
                   help="reachable: players (default 1)")
    p.add_argument("--round", type=whole(), help="reachable: after this round, 1 to the game's "
                   "rounds (default: the end)")
    p.add_argument("--timeout", type=seconds, default=None,
                   help=f"seconds per question (default 60; solo-bound {SOLO_BOUND_TIMEOUT:g})")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.add_argument("--record", metavar="FILE",
                   help="reachable: write the game record reaching the sheet to FILE (a new "
                        "file)")
    p.set_defaults(run=cmd_solve)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use: clever-oracle solve ...")
