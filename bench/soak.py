"""A soak run of play and verify (a benchmark script, not a test): run ``python bench/soak.py``.

For each game (clever-cubed, clever-4ever) and each player count (1 to 4), ``--games N`` games
are played by ``clever-oracle play`` with the play policies the command line offers (``play
--policy``: greedy and random; the N games are shared among them, the first policies taking any
odd one), written as JSON Lines records, and judged by ``clever-oracle verify --json --quiet`` —
both through the command line, in batches of ``--batch`` games (default 500) so that a process
start is paid once per batch, ``--jobs`` batches at a time.  Game k (from 0) of a game and player
count has seed ``--seed`` + k (default 1), so any game is played again by ``clever-oracle play
--game GAME --players P --policy POLICY --seed S``.

Every record must be LEGAL: an illegal, incomplete or unusable verdict is a refusal.  Each
refused record is kept as ``OUT/refused/GAME-Pp-POLICY-seedS.json`` and listed, with the verify
output line for it, on standard output and in ``OUT/refused.txt``; the batches are deleted once
judged (``--keep`` keeps them in ``OUT/records/``).  ``--out DIR`` must be a new or empty
folder (default: a new temporary folder, named in the output).

It prints a table of verdicts per game x players x policy, the games per second (played and
judged, wall time) and what 10,000 games per game and player count would take at that rate.

Exit codes: 0 every game LEGAL; 1 a game was refused; 2 a bad command line or ``--out``; 3 a
``play`` or ``verify`` call failed without a verdict (its last line of standard error is shown);
130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle.plumbing.argtypes import cores, whole  # noqa: E402
from oracle.games import GAMES  # noqa: E402
from oracle.records.play import POLICIES  # noqa: E402

#: The command line of this tree.
CLI = (sys.executable, "-m", "clever_oracle")
#: A verify verdict's status, as the table counts it (``legal`` is the only one accepted).
KINDS = ("legal", "illegal", "incomplete", "unusable")
#: The reference size of a soak: games per game and player count.
FULL = 10_000


@dataclass(frozen=True)
class Batch:
    """Games ``first`` to ``first + count - 1`` (seeds) of one game, player count and policy."""

    game: str
    players: int
    policy: str
    first: int
    count: int

    @property
    def cell(self) -> tuple[str, int, str]:
        return (self.game, self.players, self.policy)

    def file_name(self) -> str:
        return f"{self.game}-{self.players}p-{self.policy}-{self.first}.jsonl"


@dataclass(frozen=True)
class Refusal:
    """A record verify did not call LEGAL: its name (``FILE:LINE``), status, verify's output
    line, and where the record is kept."""

    name: str
    status: str
    line: str
    kept: str = ""


@dataclass(frozen=True)
class Tally:
    """What one verify run said: the count of each status, and each refusal."""

    counts: dict[str, int] = field(default_factory=dict)
    refusals: tuple[Refusal, ...] = ()
    judged: int = 0


def tally(lines: Iterable[str]) -> Tally:
    """Read the output of ``verify --json --quiet`` (a verdict line for each record that is not
    legal, then a summary line).  Any status other than ``legal`` is a refusal; the counts are
    the summary's."""
    counts: dict[str, int] = dict.fromkeys(KINDS, 0)
    refusals: list[Refusal] = []
    judged = 0
    for line in lines:
        if not line.strip():
            continue
        data = json.loads(line)
        if "summary" in data:
            summary = data["summary"]
            judged = int(summary["records"])
            for kind in KINDS:
                counts[kind] = int(summary.get(kind, 0))
            counts["legal"] += int(summary.get("legal-so-far", 0))
        elif data.get("status") != "legal":
            refusals.append(Refusal(str(data.get("name")), str(data.get("status")),
                                    line.rstrip("\n")))
    return Tally(counts, tuple(refusals), judged)


class Failed(Exception):
    """A play or verify call ended without a verdict."""


class Runner:
    """Runs the command-line calls, remembering the processes running (ended on Ctrl-C)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: set[subprocess.Popen[str]] = set()
        self.stopped = False
        #: How many calls ended.
        self.calls = 0

    def call(self, argv: Sequence[str], ok: tuple[int, ...] = (0,)) -> str:
        """``clever-oracle ARGV``'s standard output; :class:`Failed` on another exit code."""
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with self.lock:
            if self.stopped:
                raise Failed("stopped")
            process = subprocess.Popen([*CLI, *argv], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
            self.running.add(process)
        try:
            out, err = process.communicate()
        finally:
            with self.lock:
                self.running.discard(process)
                self.calls += 1
        if process.returncode not in ok:
            last = (err.strip().splitlines() or ["(nothing on standard error)"])[-1]
            raise Failed(f"clever-oracle {' '.join(argv[:1])} exited {process.returncode}: "
                         f"{last}")
        return out

    def stop(self) -> None:
        with self.lock:
            self.stopped = True
            for process in self.running:
                process.kill()


def play_batch(runner: Runner, batch: Batch, target: Path) -> None:
    """``clever-oracle play``: the batch's games as JSON Lines in ``target``."""
    runner.call(["play", "--game", batch.game, "--players", str(batch.players), "--policy",
                 batch.policy, "--seed", str(batch.first), "--count", str(batch.count),
                 "--out", str(target)])


def verify_batch(runner: Runner, target: Path, refused: Path, expected: int) -> Tally:
    """``clever-oracle verify`` on ``target``: the tally, each refused record copied into the
    folder ``refused`` (named by game, players, policy and seed)."""
    found = tally(runner.call(["verify", "--json", "--quiet", "--jobs", "1", str(target)],
                              ok=(0, 1, 2)).splitlines())
    if found.judged != expected:
        raise Failed(f"verify judged {found.judged} of the {expected} records in {target}")
    if not found.refusals:
        return found
    lines = target.read_text(encoding="utf-8").splitlines()
    refused.mkdir(exist_ok=True)
    kept = []
    for refusal in found.refusals:
        where = refusal.name.rsplit(":", 1)[-1]
        if not where.isdigit() or not 0 < int(where) <= len(lines):  # not one line's verdict
            kept.append(Refusal(refusal.name, refusal.status, refusal.line, str(target)))
            continue
        number = int(where)
        text = lines[number - 1]
        try:
            meta = json.loads(text)
            seed = meta["meta"]["seed"]
            name = f"{meta['game']}-{len(meta['players'])}p-{meta['meta']['policy']}-seed{seed}"
        except (ValueError, KeyError, TypeError):
            name = f"{target.stem}-line{number}"
        path = refused / f"{name}.json"
        path.write_text(text + "\n", encoding="utf-8")
        kept.append(Refusal(refusal.name, refusal.status, refusal.line, str(path)))
    return Tally(found.counts, tuple(kept), found.judged)


def run_batch(runner: Runner, batch: Batch, out: Path, keep: bool) -> Tally:
    """Play one batch and judge it."""
    target = out / "records" / batch.file_name()
    play_batch(runner, batch, target)
    found = verify_batch(runner, target, out / "refused", batch.count)
    if not keep and all(r.kept != str(target) for r in found.refusals):
        target.unlink()  # judged, and any refused record kept on its own
    return found


def batches(games: Sequence[str], players: Sequence[int], policies: Sequence[str], count: int,
            seed: int, size: int) -> list[Batch]:
    """The batches of a soak: ``count`` games per game and player count, shared among the
    policies, seeds ``seed`` to ``seed + count - 1``, at most ``size`` games a batch."""
    out = []
    for game in games:
        for p in players:
            first = seed
            for i, policy in enumerate(policies):
                share = count // len(policies) + (1 if i < count % len(policies) else 0)
                for start in range(first, first + share, size):
                    out.append(Batch(game, p, policy, start, min(size, first + share - start)))
                first += share
    return out


def _out_folder(text: str | None) -> Path:
    """``--out``: a new or empty folder (nothing there is overwritten), or a new temporary one."""
    if text is None:
        return Path(tempfile.mkdtemp(prefix="clever-oracle-soak-"))
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise SystemExit(f"soak: --out {text}: not a folder")
    if path.is_dir() and any(path.iterdir()):
        raise SystemExit(f"soak: --out {text}: the folder is not empty (nothing in it is "
                         "replaced)")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _duration(seconds: float) -> str:
    return (f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min" if seconds < 7200
            else f"{seconds / 3600:.1f} h")


def cpu() -> float:
    """CPU seconds (user and system) of the child processes ended so far."""
    times = os.times()
    return times.children_user + times.children_system


@dataclass(frozen=True)
class Timing:
    """How long the run took: its wall ``seconds`` for ``games`` games; the CPU seconds of a
    call that plays a single game (``start``: mostly the process start); the calls made and
    their CPU seconds (``busy``); the jobs.  CPU seconds, unlike wall time, hardly depend on
    what else the machine runs."""

    seconds: float
    games: int
    start: float
    calls: int
    busy: float
    jobs: int

    def per_game(self) -> float:
        """CPU seconds per game played and verified, the process starts left out."""
        return max(0.0, self.busy - self.calls * self.start) / max(1, self.games)

    def estimate(self, games: int, calls: int) -> float:
        """Wall seconds for ``games`` games in ``calls`` calls on free cores: each call's start
        and each game's share, spread over the jobs (at most one a core)."""
        return (calls * self.start + games * self.per_game()) / max(1, min(self.jobs, cores()))


def report(cells: dict[tuple[str, int, str], dict[str, int]], refusals: list[Refusal],
           timing: Timing, full: list[Batch]) -> list[str]:
    """The lines printed: the table, the rate and its extrapolation, the refusals."""
    lines = [f"{'game':<14}{'players':>8}  {'policy':<8}{'games':>8}"
             + "".join(f"{kind:>12}" for kind in KINDS)]
    for (game, players, policy), counts in sorted(cells.items()):
        lines.append(f"{game:<14}{players:>8}  {policy:<8}{sum(counts.values()):>8}"
                     + "".join(f"{counts[kind]:>12}" for kind in KINDS))
    seconds = timing.seconds
    rate = timing.games / seconds if seconds > 0 else 0.0
    lines.append(f"total: {timing.games} games played and verified in {seconds:.1f} s: "
                 f"{rate:.1f} games/s (wall; {timing.calls} calls, {timing.jobs} at a time)")
    lines.append(f"CPU: {timing.busy:.1f} s in all, {timing.start:.2f} s a process start (a call "
                 f"that plays one game), {1000 * timing.per_game():.1f} ms a game played and "
                 "verified")
    games = sum(b.count for b in full)
    lines.append(f"{FULL:,} games per game and player count ({games:,} games, {len(full)} "
                 f"batches) would take about {_duration(timing.estimate(games, 2 * len(full)))} "
                 f"on {min(timing.jobs, cores())} free cores")
    lines.append(f"refused: {len(refusals)}")
    for refusal in sorted(refusals, key=lambda r: r.kept):
        lines.append(f"REFUSED {refusal.kept}: {refusal.line}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        epilog="exit codes: 0 every game LEGAL, 1 a game refused, 2 bad command line or --out, "
               "3 a play or verify call failed, 130 interrupted")
    parser.add_argument("--games", type=whole(1), default=50, metavar="N",
                        help="games per game and player count (default: %(default)s)")
    parser.add_argument("--seed", type=whole(0), default=1, help="the first seed (default 1)")
    parser.add_argument("--jobs", type=whole(1), default=cores(),
                        help="batches played and judged at once (default: the cores here)")
    parser.add_argument("--batch", type=whole(1), default=500, metavar="GAMES",
                        help="games per play and verify call (default: %(default)s)")
    parser.add_argument("--out", metavar="DIR", help="a new or empty folder for the refused "
                        "records (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep every batch's records")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="only this game (repeatable; default: every game)")
    parser.add_argument("--players", action="append", type=whole(1, 4),
                        help="only this player count (repeatable; default: 1 to 4)")
    args = parser.parse_args(argv)
    games = args.game or sorted(GAMES)
    players = sorted(set(args.players or (1, 2, 3, 4)))
    policies = sorted(POLICIES)
    try:
        out = _out_folder(args.out)
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2
    (out / "records").mkdir(exist_ok=True)
    todo = batches(games, players, policies, args.games, args.seed, args.batch)
    print(f"soak: {args.games} games per game and player count ({', '.join(games)}; players "
          f"{', '.join(map(str, players))}; policies {', '.join(policies)}), seeds from "
          f"{args.seed}, {len(todo)} batches, {args.jobs} jobs, out {out}", flush=True)
    cells = {b.cell: dict.fromkeys(KINDS, 0) for b in todo}
    refusals: list[Refusal] = []
    runner = Runner()
    before = cpu()
    try:
        runner.call(["play", "--count", "1", "--out", "-"])  # the cost of a process start
    except Failed as exc:
        print(f"soak: {exc}", file=sys.stderr)
        return 3
    start = cpu() - before
    runner.calls = 0
    before = cpu()
    started = time.perf_counter()
    pool = ThreadPoolExecutor(args.jobs)
    try:
        futures = [(b, pool.submit(run_batch, runner, b, out, args.keep)) for b in todo]
        for batch, future in futures:
            found = future.result()
            for kind in KINDS:
                cells[batch.cell][kind] += found.counts[kind]
            refusals.extend(found.refusals)
    except Failed as exc:
        runner.stop()
        pool.shutdown(wait=True, cancel_futures=True)
        print(f"soak: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        runner.stop()
        pool.shutdown(wait=True, cancel_futures=True)
        print("soak: interrupted", file=sys.stderr)
        return 130
    pool.shutdown()
    seconds = time.perf_counter() - started
    if not any((out / "records").iterdir()):
        (out / "records").rmdir()
    timing = Timing(seconds, sum(b.count for b in todo), start, runner.calls, cpu() - before,
                    args.jobs)
    lines = report(cells, refusals, timing,
                   batches(games, players, policies, FULL, args.seed, args.batch))
    (out / "refused.txt").write_text("".join(f"{r.kept}\t{r.line}\n" for r in refusals),
                                     encoding="utf-8")
    print("\n".join(lines))
    return 1 if refusals else 0


if __name__ == "__main__":
    raise SystemExit(main())
