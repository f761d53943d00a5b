"""Requests per second of the checking service (a script, not a test): run
``python bench/serve.py``, or ``python bench/serve.py --against REV`` to measure this tree and
revision REV side by side.

A real ``clever-oracle serve`` is started on a free loopback port (for each ``--workers``
count, default 1) and sent a fixed number of requests (``--requests``, default 2,000: a
process's CPU time is counted in ticks of 10 ms, so a run needs about half a second of the
server's CPU for its figure to be within a few percent; 400 requests gave some 0.1 s, ten ticks) by
``--clients`` threads at once (default 8, each with its own keep-alive connection and as light
a client as can be: raw HTTP/1.1 over a socket), from the positions of seeded 2-player games
(Clever Cubed and Clever 4Ever, in turn), each position once in a whole run (but a new
game's start, where every game begins):

- ``legal``: each position's legal moves, the position never seen by the server before (the
  worst case for a service that remembers positions lately read and written);
- ``apply``: each position with the move played in it, in the order of play, as an app playing
  games sends them: each client plays whole games of its own, so the position it sends is the
  one the service's answer to its last request gave;
- ``play``: an app's turn: ``legal`` then ``apply`` on each position, in the order of play
  (whole games to each client, as ``apply``);
- ``verify``: one record of a 3-player game (122 steps), as one JSON record per request.

Positions are sent as position notation (``text``: ``{"position", "move"}``, the form every
revision takes) and as the JSON game model (``state``: ``{"state", "move"}`` with the move as
JSON, docs/formats.md section 6).  Every answer must be 200 (and every ``apply`` accepted).

With ``--against REV``, REV is checked out into a temporary worktree and its server runs beside
this tree's; the runs alternate between the servers, so both see the same load on a shared
machine, and each line gives the ratios of this tree's figures to REV's (REV is sent the
``text`` form only, written by REV's own code: its games, positions and move texts, since the
notation changed between revisions).  Each line gives requests per second and the server's CPU milliseconds per
request (its processes' user and system time, over the requests: what a busy machine changes
least); figures are the median of ``--repeat`` runs (default 3) with the min and max, and ratios
the median of the per-run ratios.  The clients run on the same machine as the servers and share
its cores with them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
#: ``--bodies``: only write the requests, with the ``oracle`` on PYTHONPATH (another revision's
#: checkout: :func:`_bodies_of`), so this tree must not come first on the path.
BODIES_ONLY = sys.argv[1:2] == ["--bodies"]
if not BODIES_ONLY:
    sys.path.insert(0, str(ROOT))

from typing import TYPE_CHECKING  # noqa: E402

from oracle import find_game  # noqa: E402

try:
    from oracle.records.play import play_game
except ImportError:  # --bodies in a revision from before oracle/ was split into layers
    from oracle.play import play_game  # type: ignore[no-redef]  # that revision's module

if TYPE_CHECKING:
    from oracle.engine.game import Move, State

if not BODIES_ONLY:
    from tests.serve.live import Served, alive, serving  # noqa: E402

#: The record ``verify`` sends (a revision's own, under ``--bodies``: run in its checkout).
RECORD = (Path.cwd() if BODIES_ONLY else ROOT) / "examples" / "three-players-legal.json"
#: The games whose positions ``legal`` and ``apply`` send.
GAMES = ("clever-cubed", "clever-4ever")
Request = tuple[str, bytes]


def _requests(kind: str, form: str, game: str, state: State, move: Move) -> list[Request]:
    """The requests of one kind for one position."""
    rules = find_game(game)
    position: dict[str, object] = ({"position": rules.format_position(state)} if form == "text"
                                   else {"state": rules.to_json(state)})
    applied = {**position, "move": str(move) if form == "text" else rules.move_to_json(move)}
    found = {"legal": [("/legal", position)], "apply": [("/apply", applied)],
             "play": [("/legal", position), ("/apply", applied)]}[kind]
    return [(path, json.dumps(body).encode()) for path, body in found]


#: The kinds and forms of requests, each with games of its own seeds (no kind or form is helped
#: by a cache another one filled on the same server).
SEEDS = {(kind, form): 1 + 1000 * i for i, (kind, form) in enumerate(
    (k, f) for k in ("legal", "apply", "play") for f in ("text", "state"))}


def _game_requests(kind: str, form: str, name: str, seed: int) -> list[Request]:
    """The requests of one kind and form for the positions of one seeded 2-player game of
    ``name``, in the order of play."""
    game = find_game(name)
    moves, _ = play_game(2, seed, game=name)
    state = game.new_game(2)
    found: list[Request] = []
    for move in moves:
        found.extend(_requests(kind, form, name, state, move))
        state = game.apply_unchecked(state, move)
    return found


def _bodies(kind: str, form: str, count: int, clients: int = 1) -> list[Request]:
    """``count`` (path, JSON body) requests of one kind and form: but for ``verify``, each
    position once (seeded 2-player games of each game in :data:`GAMES`, in turn, as many as
    it takes, from the kind's and form's own seeds, :data:`SEEDS`), so that no run is helped
    by what an earlier one left in a cache.  The same on every server.

    :func:`_rate` deals request ``i`` to client ``i % clients``.  For ``legal`` the games'
    positions are dealt in turn, in no order an app would keep.  For ``apply`` and ``play``
    each client gets whole games (game ``g`` to client ``g % clients``) and sends their
    requests in the order of play, as an app playing its own games does: then the position an
    ``apply`` sends is the one the service's answer to that client's last request gave."""
    if kind == "verify":
        return [("/verify", RECORD.read_bytes())] * count
    seed = SEEDS[kind, form] - 1
    if kind == "legal":
        each: dict[str, list[Request]] = {name: [] for name in GAMES}
        while min(len(found) for found in each.values()) < count:
            seed += 1
            for name, found in each.items():
                found.extend(_game_requests(kind, form, name, seed))
        return [body for pair in zip(*each.values()) for body in pair][:count]  # games in turn
    streams: list[list[Request]] = [[] for _ in range(clients)]
    played = 0
    while min(len(stream) for stream in streams) < -(-count // clients):
        seed += 1
        for name in GAMES:
            streams[played % clients].extend(_game_requests(kind, form, name, seed))
            played += 1
    return [stream[j] for j in range(-(-count // clients)) for stream in streams][:count]


def _bodies_of(root: Path | None, kind: str, form: str, count: int,
               clients: int) -> list[Request]:
    """:func:`_bodies` as the revision checked out at ``root`` writes them (None: this tree):
    its own games, positions and move texts, so that each server is sent what it reads (the
    move notation changed between revisions: a blue question mark's number, grey parts'
    counting base)."""
    if root is None:
        return _bodies(kind, form, count, clients)
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--bodies", kind, form, str(count),
         str(clients)],
        env={**os.environ, "PYTHONPATH": str(root)}, cwd=root, check=True,
        capture_output=True)
    return [(path, body.encode()) for path, body in json.loads(done.stdout)]


def _exchange(sock: socket.socket, path: str, body: bytes) -> tuple[int, bytes]:
    """Send one request on a keep-alive connection; the answer's status and body (a client as
    light as can be, so that the figures are the server's more than the client's)."""
    sock.sendall(b"POST %s HTTP/1.1\r\nhost: bench\r\ncontent-type: application/json\r\n"
                 b"content-length: %d\r\n\r\n%s" % (path.encode(), len(body), body))
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        rest += chunk
    return int(head.split(b" ", 2)[1]), rest


def _cpu(group: int) -> float:
    """Seconds of CPU the processes of process group ``group`` (a server) have used."""
    total = 0.0
    for pid in alive(group):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _rate(served: Served, bodies: Sequence[Request], clients: int) -> tuple[float, float]:
    """Send ``bodies``, ``clients`` at a time: requests per second, and the server's CPU
    milliseconds per request."""
    where = urlsplit(served.url)
    count = len(bodies)
    per_client = [list(range(c, count, clients)) for c in range(clients)]

    def work(numbers: list[int]) -> int:
        ok = 0
        with socket.create_connection((where.hostname or "", where.port or 80), 120) as sock:
            for n in numbers:
                path, body = bodies[n]
                status, data = _exchange(sock, path, body)
                ok += status == 200 and (path != "/apply" or b'"accepted": true' in data)
        return ok

    cpu = _cpu(served.process.pid)
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        done = sum(pool.map(work, per_client))
    elapsed = time.perf_counter() - started
    used = _cpu(served.process.pid) - cpu
    if done != count:
        raise SystemExit(f"{count - done} of {count} requests to {bodies[0][0]} were not "
                         "answered 200 (and accepted)")
    return count / elapsed, used / count * 1000


@contextlib.contextmanager
def checkout(revision: str) -> Iterator[Path]:
    """``revision`` checked out into a temporary worktree (removed at the end)."""
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as scratch:
        tree = Path(scratch) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(tree), revision], check=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], check=False)


def _figure(values: list[float], digits: int = 1) -> str:
    return (f"{statistics.median(values):7.{digits}f} ({min(values):.{digits}f}-"
            f"{max(values):.{digits}f})")


def _ratio(ours: list[float], theirs: list[float], higher: bool) -> str:
    ratios = [(a / b if higher else b / a) for a, b in zip(ours, theirs)]
    return f"x{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def _measure(args: argparse.Namespace, kind: str, workers: int,
             servers: dict[str, Served], roots: dict[str, Path | None]) -> None:
    """Measure ``kind`` on every server (each sent requests its own revision wrote,
    ``roots``), the runs alternating, and print a line for each."""
    forms = ("text",) if kind == "verify" else tuple(args.forms)
    runs = [("this", form) for form in forms] + [(name, "text") for name in servers
                                                  if name != "this"]
    warm = min(args.requests, 40)
    each = warm + args.repeat * args.requests
    bodies = {(name, form): _bodies_of(roots[name], kind, form, each, args.clients)
              for name, form in runs}
    rates: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
    cpus: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
    for name, form in runs:  # warm up
        _rate(servers[name], bodies[name, form][:warm], args.clients)
    for r in range(args.repeat):
        part = slice(warm + r * args.requests, warm + (r + 1) * args.requests)
        for name, form in runs[r % len(runs):] + runs[:r % len(runs)]:
            rate, cpu = _rate(servers[name], bodies[name, form][part], args.clients)
            rates[(name, form)].append(rate)
            cpus[(name, form)].append(cpu)
    for name, form in runs:
        line = (f"{kind:<7} {form:<5} {workers} worker{'s' if workers > 1 else ' '} "
                f"{name:<8} {_figure(rates[(name, form)])} req/s "
                f"{_figure(cpus[(name, form)], 2)} ms CPU")
        if args.against and name == "this":
            theirs = (str(args.against), "text")
            line += (f"   req/s {_ratio(rates[(name, form)], rates[theirs], True)}, "
                     f"CPU/request {_ratio(cpus[(name, form)], cpus[theirs], False)}")
        print(line, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per figure")
    parser.add_argument("--clients", type=int, default=8, help="requests in flight at once")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure")
    parser.add_argument("--workers", type=int, nargs="+", default=[1])
    parser.add_argument("--against", metavar="REV", help="a git revision to measure beside "
                        "this tree (text form), e.g. 0dd6112")
    parser.add_argument("--kinds", nargs="+", default=["legal", "apply", "play", "verify"],
                        choices=["legal", "apply", "play", "verify"])
    parser.add_argument("--forms", nargs="+", default=["text", "state"],
                        choices=["text", "state"], help="how positions are sent to this tree")
    args = parser.parse_args(argv)
    print(f"clever-oracle serve: requests/s, {args.requests} requests, {args.clients} clients, "
          f"median (min-max) of {args.repeat} runs" +
          (f"; ratio: this tree / {args.against}" if args.against else ""), flush=True)
    with contextlib.ExitStack() as stack:
        other = stack.enter_context(checkout(args.against)) if args.against else None
        for workers in args.workers:
            options = ("--workers", str(workers), "--max-concurrent", str(args.clients * 2))
            with contextlib.ExitStack() as servers_up:
                servers = {"this": servers_up.enter_context(serving(*options))}
                if other is not None:
                    servers[str(args.against)] = servers_up.enter_context(
                        serving(*options, root=other))
                roots: dict[str, Path | None] = {"this": None}
                if other is not None:
                    roots[str(args.against)] = other
                for kind in args.kinds:
                    _measure(args, kind, workers, servers, roots)
    return 0


if __name__ == "__main__":
    if BODIES_ONLY:  # bench/serve.py --bodies KIND FORM COUNT: the requests, as JSON
        kind_, form_, count_, clients_ = sys.argv[2:6]
        json.dump([(path, body.decode()) for path, body
                   in _bodies(kind_, form_, int(count_), int(clients_))], sys.stdout)
        sys.exit(0)
    sys.exit(main())
