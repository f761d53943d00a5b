"""How one ``apply`` travels through the engine (a script, not a test): ``python bench/flow.py``.

Plays seeded random games of every registered game and, with :func:`sys.setprofile`, watches each
checked ``apply`` (the game's, :func:`oracle.engine.apply` behind it; chance moves and player
moves alike; the moves are chosen from ``legal_moves`` outside the watch).  It counts, per
``apply``, how many times control *enters* each module of ``oracle``: a call of a Python function
of that module from a function of another module (the caller is the nearest frame of ``oracle`` up
the stack, so generated code such as an attrs ``__init__`` is transparent; a call inside one
module is not an entry).

Printed: for each module entered, the average entries per ``apply`` and the most in one ``apply``;
the longest back-and-forth: the longest stretch of one ``apply`` in which control goes to and fro
between the same two modules only (counted in crossings, calls and returns), with its modules,
overall and between two modules of the engine (``oracle/engine/``: the other modules, such as the
areas a check asks in turn, left out of the trace); and the most calls of the legality check
(``legal.check``; ``legal.is_legal_formed`` in a tree from before it) in one ``apply``.

``--games N`` games per game and number of players (default 2), ``--players 1 2 ...`` (default
1 2 3), ``--seed S`` the first seed (default 0); ``--tree PATH`` measures the ``oracle`` of another
checkout (e.g. a git worktree of an older revision; default: this one); ``--json`` prints the
figures as JSON.  The figures are counts of calls, not times: they do not depend on the machine.
tests/engine/test_flow.py holds bounds on them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "engine/"


def package() -> str:
    """The folder of the imported ``oracle`` (its modules are named relative to it)."""
    import oracle

    return str(Path(oracle.__file__).resolve().parent)


@attrs.frozen
class ApplyFlow:
    """What one ``apply`` did: entries per module, and per (caller's module, module entered);
    its longest back-and-forth (crossings, the two modules), overall and inside the engine; the
    calls of the legality check."""

    entries: Counter[str]
    pairs: Counter[tuple[str, str]]
    longest: int
    between: tuple[str, ...]
    engine_longest: int
    engine_between: tuple[str, ...]
    legality_checks: int


def _longest_two(trace: Sequence[str]) -> tuple[int, tuple[str, str]]:
    """The longest stretch of ``trace`` (the modules control was in, no two consecutive ones
    equal) that holds two modules only, so alternates between them: its number of crossings and
    the two modules."""
    best, best_pair = 0, ("", "")
    start = 0
    for i in range(1, len(trace)):
        if i >= 2 and trace[i] != trace[i - 2]:
            start = i - 1
        if i - start > best:
            first, second = sorted((trace[i - 1], trace[i]))
            best, best_pair = i - start, (first, second)
    return best, best_pair


def watch(call: Callable[[], Any]) -> tuple[Any, ApplyFlow]:
    """Run ``call`` under the profiler; its result and what it did."""
    from oracle.engine import legal

    prefix = package() + "/"
    cut = len(prefix)
    entries: Counter[str] = Counter()
    pairs: Counter[tuple[str, str]] = Counter()
    trace: list[str] = []
    checks = 0
    check_code = getattr(legal, "check", legal.is_legal_formed).__code__

    def module_of(frame: FrameType | None) -> str | None:
        """The module of ``frame``, or of the nearest frame of ``oracle`` up the stack."""
        while frame is not None:
            filename = frame.f_code.co_filename
            if filename.startswith(prefix):
                return filename[cut:]
            frame = frame.f_back
        return None

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal checks
        if event != "call" and event != "return":
            return
        filename = frame.f_code.co_filename
        if not filename.startswith(prefix):
            return
        callee = filename[cut:]
        caller = module_of(frame.f_back)
        if event == "call":
            if frame.f_code is check_code:
                checks += 1
            if caller is not None and caller != callee:
                entries[callee] += 1
                pairs[caller, callee] += 1
            if not trace or trace[-1] != callee:
                trace.append(callee)
        elif caller is not None and trace and trace[-1] != caller:
            trace.append(caller)

    sys.setprofile(profile)
    try:
        result = call()
    finally:
        sys.setprofile(None)
    longest, between = _longest_two(trace)
    engine_trace: list[str] = []
    for module in trace:
        if module.startswith(ENGINE) and (not engine_trace or engine_trace[-1] != module):
            engine_trace.append(module)
    engine_longest, engine_between = _longest_two(engine_trace)
    return result, ApplyFlow(entries, pairs, longest, between, engine_longest, engine_between,
                             checks)


def flows(game_name: str, players: int, seed: int) -> Iterator[ApplyFlow]:
    """The flow of every ``apply`` of one seeded random game (moves uniformly among the legal
    ones, chance moves sampled)."""
    from oracle.games import find_game

    game = find_game(game_name)
    rng = random.Random(seed)
    state = game.new_game(players)
    while not state.is_terminal:
        if state.is_chance:
            move = game.sample_chance(state, rng)
        else:
            move = rng.choice(game.legal_moves(state))
        state, flow = watch(lambda: game.apply(state, move))  # noqa: B023 - called at once
        yield flow


@attrs.frozen
class Figures:
    """The figures of many ``apply`` calls (see the module docstring)."""

    applies: int
    average: dict[str, float]
    most: dict[str, int]
    longest: int
    between: tuple[str, ...]
    engine_longest: int
    engine_between: tuple[str, ...]
    checks_most: int


def figures(games: Sequence[str], players: Sequence[int], seeds: Sequence[int]) -> Figures:
    """The figures of the games named ``games`` for each number of ``players`` the game allows
    and each seed."""
    from oracle.games import find_game

    total: Counter[str] = Counter()
    most: Counter[str] = Counter()
    applies = checks_most = 0
    longest: tuple[int, tuple[str, ...]] = (0, ())
    engine_longest: tuple[int, tuple[str, ...]] = (0, ())
    for name in games:
        game = find_game(name)
        for n in players:
            if not game.min_players <= n <= game.max_players:
                continue
            for seed in seeds:
                for flow in flows(name, n, seed):
                    applies += 1
                    total.update(flow.entries)
                    for module, count in flow.entries.items():
                        most[module] = max(most[module], count)
                    longest = max(longest, (flow.longest, flow.between))
                    engine_longest = max(engine_longest,
                                         (flow.engine_longest, flow.engine_between))
                    checks_most = max(checks_most, flow.legality_checks)
    average = {m: total[m] / applies for m in sorted(total, key=lambda m: (-total[m], m))}
    return Figures(applies, average, dict(most), *longest, *engine_longest, checks_most)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per game and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout measured")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (args.tree / "oracle" / "__init__.py").is_file():
        parser.error(f"--tree: {args.tree} holds no oracle package (oracle/__init__.py)")
    if args.games < 1:
        parser.error(f"--games: {args.games} is not a number of games from 1")
    sys.path.insert(0, str(args.tree.resolve()))
    from oracle.games import GAMES

    found = figures(tuple(GAMES), args.players, range(args.seed, args.seed + args.games))
    if args.json:
        print(json.dumps(attrs.asdict(found), indent=2))
        return 0
    print(f"oracle measured: {package()}")
    print(f"{found.applies} apply calls ({', '.join(GAMES)}; players {args.players}; "
          f"{args.games} games each)")
    print(f"{'module':32} {'entries/apply':>14} {'most in one':>12}")
    for module, average in found.average.items():
        print(f"{module:32} {average:14.2f} {found.most[module]:12d}")
    print(f"longest back-and-forth: {found.longest} crossings between "
          f"{' and '.join(found.between)}")
    print(f"longest back-and-forth inside the engine: {found.engine_longest} crossings between "
          f"{' and '.join(found.engine_between)}")
    print(f"legality checks in one apply: at most {found.checks_most}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
