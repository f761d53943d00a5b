"""Speed figures for the oracle (a script, not a test): run ``python bench/benchmark.py``.

For 1, 2, 3 and 4 players: random games per second with the checked ``apply`` and with
``apply_unchecked``; isolated ``legal_moves``, ``apply`` and ``apply_unchecked`` calls per second
on a fixed sample of states (and legal moves) from seeded random games; the microseconds to turn
a position into its JSON data and back, and into its text and back (docs/formats.md, sections 5
and 6); then records verified per second (2-player random games) and the time of a fresh
``import oracle``.

Each figure is the median of ``--repeat`` repetitions (default 5), shown with the min and max.
Every repetition runs ``bench/measure.py`` in a fresh process with ``PYTHONPATH`` set to the tree
measured.  ``--against REV`` checks REV out into a temporary git worktree (removed at the end,
also on an error or Ctrl-C) and measures both trees alternately (current, REV, current, REV,
...), then prints each figure for both and the ratio current/REV.

``--game NAME`` measures a game of the registry (``oracle.games.find_game``) instead of the plain
Clever Cubed API; a tree without the registry measures ``clever-cubed`` through the plain API
and shows "n/a" for any other game.  ``--games all`` measures every registered game in turn.
``--quick`` does a few games only (a smoke run); ``--json`` prints the results as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
MEASURE = ROOT / "bench" / "measure.py"  # always this tree's copy, run by path
IMPORT_RUNS = 5
IMPORT_LIMIT = 0.5  # seconds
IMPORT_FIGURE = "import oracle, s (lower is better)"

Values = dict[str, list[float | None]]  # figure -> one value per repetition (None: n/a)


def _env(tree: Path) -> dict[str, str]:
    """The environment of a measurement: only ``tree`` on the path, fixed hash seed."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    env["PYTHONHASHSEED"] = "0"
    return env


def _run(tree: Path, args: Sequence[str]) -> str:
    done = subprocess.run(
        [sys.executable, str(MEASURE), *args], env=_env(tree), cwd=tree,
        capture_output=True, text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"bench/measure.py {' '.join(args)} failed on {tree}:\n{done.stderr}")
    return done.stdout


def import_seconds(tree: Path) -> float:
    """Wall time of a fresh ``python -c "import oracle"`` for ``tree``."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import oracle"], env=_env(tree), cwd=tree, check=True)
    return time.perf_counter() - start


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)  # so the worktree is removed on SIGTERM too


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """A temporary detached worktree of ``rev``, removed afterwards whatever happens."""
    folder = Path(tempfile.mkdtemp(prefix="oracle-bench-"))
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        _git("worktree", "add", "--detach", str(folder), rev)
        yield folder
    finally:
        removed = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
            capture_output=True).returncode == 0
        shutil.rmtree(folder, ignore_errors=True)
        if not removed:  # e.g. interrupted inside "worktree add": drop the stale entry
            subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)
        signal.signal(signal.SIGTERM, previous)


def summary(values: list[float | None]) -> dict[str, object] | None:
    """Median, min and max of the repetitions (None when the figure is n/a)."""
    numbers = [v for v in values if v is not None]
    if not numbers:
        return None
    return {"median": statistics.median(numbers), "min": min(numbers), "max": max(numbers),
            "values": numbers}


def _num(x: float) -> str:
    return f"{x:.3f}" if x < 10 else f"{x:.0f}"


def _median(s: dict[str, object]) -> float:
    median = s["median"]
    assert isinstance(median, float)
    return median


def _cell(s: dict[str, object] | None) -> str:
    if s is None:
        return "n/a"
    median, low, high = (s[k] for k in ("median", "min", "max"))
    assert isinstance(median, float) and isinstance(low, float) and isinstance(high, float)
    return f"{_num(median)} ({_num(low)}–{_num(high)})"


def table(labels: list[str], rows: dict[str, list[dict[str, object] | None]]) -> str:
    """Figure, one column per tree, and the ratio current/other when there are two trees."""
    head = ["figure", *labels] + ([f"ratio {labels[0]}/{labels[1]}"] if len(labels) == 2 else [])
    lines = [head]
    for name, cells in rows.items():
        line = [name, *(_cell(c) for c in cells)]
        if len(labels) == 2:
            a, b = cells
            ratio = (f"{_median(a) / _median(b):.2f}"
                     if a is not None and b is not None else "n/a")
            line.append(ratio)
        lines.append(line)
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = []
    for line in lines:
        out.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                             for i, (cell, w) in enumerate(zip(line, widths))).rstrip())
    return "\n".join(out)


def run_benchmark(args: argparse.Namespace, trees: list[tuple[str, Path]]) -> dict[str, object]:
    measure_args = ["--quick"] if args.quick else []
    if args.games is not None:
        listed: list[str] = []
        for _, tree in trees:
            listed += [n for n in json.loads(_run(tree, ["--list-games"])) if n not in listed]
        wanted = listed if args.games == "all" else args.games.split(",")
        games: list[str | None] = list(wanted)
    else:
        games = [args.game]
    results: dict[str, object] = {}
    for game in games:
        values: dict[str, Values] = {label: {} for label, _ in trees}
        apis: dict[str, set[str]] = {label: set() for label, _ in trees}
        for _ in range(args.repeat):
            for label, tree in trees:  # alternate the trees within each repetition
                game_args = ["--game", game] if game is not None else []
                out = json.loads(_run(tree, [*measure_args, *game_args]))
                if Path(out["oracle"]) != (tree / "oracle").resolve():
                    raise SystemExit(f"measured {out['oracle']}, not the tree {tree}")
                apis[label].add(out["api"])
                for name, value in out["figures"].items():
                    values[label].setdefault(name, []).append(value)
        names = list(values[trees[0][0]])
        results[game or "clever-cubed"] = {
            "api": {label: sorted(a) for label, a in apis.items()},
            "figures": {name: {label: summary(values[label].get(name, [None]))
                               for label, _ in trees} for name in names},
        }
    seconds: dict[str, list[float | None]] = {label: [] for label, _ in trees}
    for _ in range(IMPORT_RUNS):
        for label, tree in trees:
            seconds[label].append(import_seconds(tree))
    results[IMPORT_FIGURE] = {label: summary(s) for label, s in seconds.items()}
    return results


def report(args: argparse.Namespace, labels: list[str], commits: dict[str, str],
           results: dict[str, object]) -> str:
    scope = "quick run" if args.quick else "full run"
    lines = [f"median of {args.repeat} repetitions (min–max); {scope}; Python "
             f"{sys.version.split()[0]}; " +
             ", ".join(f"{label} = {commits[label]}" for label in labels)]
    for game, result in results.items():
        if game == IMPORT_FIGURE:
            continue
        assert isinstance(result, dict)
        apis = "; ".join(f"{label}: {', '.join(result['api'][label])}" for label in labels)
        lines += ["", f"{game} (API: {apis})"]
        rows = {name: [cells[label] for label in labels]
                for name, cells in result["figures"].items()}
        lines.append(table(labels, rows))
    imports = results[IMPORT_FIGURE]
    assert isinstance(imports, dict)
    lines += ["", table(labels, {f"{IMPORT_FIGURE}, median of {IMPORT_RUNS}":
                                 [imports[label] for label in labels]})]
    for label in labels:
        median = imports[label]["median"]
        verdict = "ok" if median < IMPORT_LIMIT else "OVER"
        lines.append(f"import oracle ({label}): {median:.3f} s, limit {IMPORT_LIMIT} s: {verdict}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, metavar="N",
                        help="repetitions per figure (the median is shown; default 5)")
    parser.add_argument("--quick", action="store_true", help="a few games and states only")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--against", metavar="REV",
                        help="also measure git revision REV (alternately) and print ratios")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--game", metavar="NAME",
                       help="a game of the registry (default: Clever Cubed, plain API)")
    which.add_argument("--games", metavar="all",
                       help="'all' registered games (or a comma-separated list), one by one")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    labels = ["current"]
    commits = {"current": _git("rev-parse", "--short", "HEAD") + (
        "+changes" if _git("status", "--porcelain", "--untracked-files=no") else "")}
    if args.against is None:
        results = run_benchmark(args, [("current", ROOT)])
    else:
        labels.append(args.against)
        commits[args.against] = _git("rev-parse", "--short", args.against + "^{commit}")
        with worktree(commits[args.against]) as other:
            results = run_benchmark(args, [("current", ROOT), (args.against, other)])
    if args.json:
        print(json.dumps({"repeat": args.repeat, "quick": args.quick, "trees": commits,
                          "results": results}, indent=2))
    else:
        print(report(args, labels, commits, results))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
