"""``clever-oracle solve``: the solver questions on the command line (see :mod:`spec.cubed.questions`;
``--game clever-4ever``: :mod:`spec.fourever.cli`).

    clever-oracle solve area-max pink 5        highest pink score with at most 5 entries
    clever-oracle solve sheet-max 20           highest sheet total with at most 20 entries
    clever-oracle solve fewest 60 --area brown fewest entries for 60 brown points
    clever-oracle solve complete "SHEET" 3     best completion with 3 more entries
    clever-oracle solve reachable "SHEET" [--players N] [--round R] [--record FILE]
    clever-oracle solve solo-bound             the proven upper bound on a solo game

Exit codes as for every command: 0 answered, 2 unusable input (one line on stderr), 3 a
certificate the engine does not confirm (a bug: nothing is printed as proven).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TextIO, TypeVar

import attrs

from oracle import Area
from oracle.errors import OracleError
from spec.cubed import questions
from spec.cubed.printed import ROUNDS
from spec.cubed.seam import parse_sheet


P = TypeVar("P", bound=argparse.ArgumentParser)


def _area(text: str) -> Area:
    by_label = {a.label: a for a in Area}
    if text not in by_label:
        raise OracleError(f"unknown area {text!r} (want {', '.join(by_label)})")
    return by_label[text]


#: Seconds the solo-bound proof gets by default.
SOLO_BOUND_TIMEOUT = 1800.0


def cmd_solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Answer one solver question; print it (or JSON)."""
    # The solo bound's proof takes a few minutes (README, "The highest solo score").
    timeout = float(args.timeout if args.timeout is not None
                    else SOLO_BOUND_TIMEOUT if args.question == "solo-bound" else 60)
    if timeout <= 0:
        raise OracleError("solve: --timeout must be positive")
    progress = (lambda text: (err.write(f"\r{text}   "), err.flush()) and None) \
        if err.isatty() and not args.json else None
    q, a = args.question, args.args
    if args.record and q != "reachable":
        raise OracleError("solve: --record is for the reachable question")
    if args.record and os.path.exists(args.record):
        raise OracleError(f"solve: {args.record} exists; --record never overwrites a file")
    need = {"area-max": 2, "sheet-max": 1, "fewest": 1, "complete": 2, "reachable": 1,
            "solo-bound": 0}[q]
    if len(a) != need:
        raise OracleError(f"solve {q}: want {need} argument(s), got {len(a)}")
    try:
        if args.game == "clever-4ever":
            from spec.fourever.cli import answer as fourever, options_of

            answer = fourever(q, a, args.area, timeout, options_of(args.ruleset or ()),
                              progress)
        elif args.ruleset:
            raise OracleError("solve: --ruleset is for --game clever-4ever")
        elif q == "area-max":
            answer = questions.area_max(_area(a[0]), int(a[1]), timeout, progress=progress)
        elif q == "sheet-max":
            answer = questions.sheet_max(int(a[0]), timeout, progress=progress)
        elif q == "fewest":
            area = _area(args.area) if args.area else None
            answer = questions.fewest(int(a[0]), area, timeout, progress=progress)
        elif q == "complete":
            answer = questions.complete(parse_sheet(a[0]), int(a[1]), timeout,
                                        progress=progress)
        elif q == "reachable":
            players = args.players
            if players not in ROUNDS:
                raise OracleError("solve: --players must be 1 to 4")
            answer = questions.reachable(parse_sheet(a[0]), players, args.round, timeout,
                                         progress=progress)
        else:
            answer = questions.solo_upper_bound_check(timeout)
    except OracleError:
        raise
    except ValueError as exc:
        raise OracleError(f"solve {q}: {exc}") from None
    if progress is not None:
        err.write("\r\033[K")
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
    overwritten); a path that cannot be written is a bad command line (exit 2)."""
    try:
        with open(path, "x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        raise OracleError(f"solve: {path} exists; --record never overwrites a file") from None
    except (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError) as exc:
        raise OracleError(f"solve: cannot write {path}: {exc.strerror}") from None
    # Any other OSError (a full disk) goes on to the command line's exit code 4.


def register(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``solve`` subcommand to the command line's subparsers."""
    p = sub.add_parser("solve", help="optimal sheets and sheet checks with Z3 certificates")
    p.add_argument("--game", choices=["clever-cubed", "clever-4ever"], default="clever-cubed",
                   help="the game (default clever-cubed)")
    p.add_argument("--ruleset", action="append", metavar="OPTION=VALUE",
                   help="clever-4ever: a ruleset option (fox_floor_zero=true ...)")
    p.add_argument("question", choices=["area-max", "sheet-max", "fewest", "complete",
                                        "reachable", "solo-bound"])
    p.add_argument("args", nargs="*", help="the question's arguments (see spec/cli.py)")
    p.add_argument("--area", help="fewest: an area (default: the whole sheet)")
    p.add_argument("--players", type=int, default=1, help="reachable: players (default 1)")
    p.add_argument("--round", type=int, help="reachable: after this round (default: the end)")
    p.add_argument("--timeout", default=None,
                   help=f"seconds per question (default 60; solo-bound {SOLO_BOUND_TIMEOUT:g})")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.add_argument("--record", metavar="FILE",
                   help="reachable: write the game record reaching the sheet to FILE (a new "
                        "file)")
    p.set_defaults(run=cmd_solve)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use: clever-oracle solve ...")
