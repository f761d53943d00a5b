"""The ``certify`` and ``conformance`` subcommands (docs/certify.md): :func:`register` adds them
to the command line's parser.  Their Hypothesis-based work lives in :mod:`properties` and is
imported only when they run, so the other commands do not need Hypothesis.

Exit codes: 0 the app conforms, 1 differences found, 2 unusable adapter or input.
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO, TypeVar

from oracle.adapter.jsonl import DEFAULT_TIMEOUT, SubprocessImplementation
from oracle.adapter.protocol import Implementation
from oracle.errors import OracleError
from oracle.game import Game
from oracle.games import DEFAULT_GAME, GAMES, find_game

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


def _adapter(args: argparse.Namespace) -> Implementation:
    return SubprocessImplementation(args.adapter, args.timeout)


def _hypothesis() -> None:
    try:
        import hypothesis  # noqa: F401  (only to check it is installed)
    except ImportError:
        raise OracleError("certify needs Hypothesis: pip install 'clever-oracle[test]'") from None


def cmd_certify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    _hypothesis()
    from properties.certify import certify
    from properties.certify_report import json_report, text_report

    game = find_game(args.game)
    options = _options(game, args.ruleset)
    if args.max_examples < 1:
        raise OracleError(f"--max-examples {args.max_examples}: want 1 or more")
    app = _adapter(args)
    try:
        result = certify(game, app, game.make_ruleset(options), args.max_examples, args.seed)
    finally:
        app.close()
    if args.json:
        json.dump(json_report(game, result, options), out, indent=2)
        out.write("\n")
    else:
        out.write(text_report(game, result, options))
    return EXIT_DIFFERENT if result.findings else EXIT_CONFORMING


def cmd_conformance(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    _hypothesis()
    from properties.perft import check_app, default_counts

    game = find_game(args.game)
    app = _adapter(args)
    try:
        lines, ok = check_app(game, app, args.counts or str(default_counts(game.name)))
    finally:
        app.close()
    out.write("".join(line + "\n" for line in lines))
    return EXIT_CONFORMING if ok else EXIT_DIFFERENT


def register(sub: argparse._SubParsersAction[P]) -> None:
    """Add ``certify`` and ``conformance`` to the subcommands ``sub``."""
    for name, run, text in (
        ("certify", cmd_certify, "test another implementation against the rules (differential "
         "Hypothesis games; exit 0 conforming, 1 differences, 2 unusable adapter)"),
        ("conformance", cmd_conformance, "check another implementation's move counts (perft) "
         "against conformance/GAME/counts-1.json"),
    ):
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--adapter", required=True, metavar="COMMAND",
                       help="the app's adapter command (JSON Lines on stdin/stdout; "
                       "docs/certify.md), e.g. \"python -m oracle.adapter.reference\"")
        p.add_argument("--game", choices=list(GAMES), default=DEFAULT_GAME,
                       help="the game (default: %(default)s)")
        p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                       help="seconds the adapter may take per answer (default: %(default)s)")
        p.add_argument("--json", action="store_true", help="print the report as JSON")
        if name == "certify":
            p.add_argument("--ruleset", action="append", default=[], metavar="OPTION=VALUE",
                           help="a ruleset option the app claims to follow")
            p.add_argument("--max-examples", type=int, default=60,
                           help="games per round of search (default: %(default)s)")
            p.add_argument("--seed", type=int, default=0, help="the search seed")
        else:
            p.add_argument("--counts", help="the counts file (default: "
                           "conformance/GAME/counts-1.json)")
        p.set_defaults(run=run)
