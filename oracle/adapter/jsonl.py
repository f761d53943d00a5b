"""The client half of the adapter protocol: an app's adapter command run as a subprocess and
spoken to in JSON Lines (docs/certify.md), as an :class:`~oracle.adapter.protocol.Implementation`.

Each request waits at most ``timeout`` seconds for its one-line reply.  A command that cannot be
started, exits, stays silent or answers garbage raises :class:`AdapterError` saying which (with
the end of what it wrote on standard error), so the harness reports an unusable adapter.  An
answer is read only up to :data:`MAX_LINE` bytes and strictly (:mod:`oracle.formats.jsontext`: no huge
numbers, no JSON nested beyond reason); anything else is garbage.  The adapter runs in a process
group of its own, which is killed as a whole when the adapter is closed, so a child it started
cannot outlive the run.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import queue
import shlex
import signal
import subprocess
import threading
from collections import deque
from collections.abc import Mapping
from typing import IO, ClassVar

from oracle.adapter.messages import (
    answer_from_json,
    check,
    hello_from_json,
    hello_request,
    hello_version,
    legal_from_json,
    state_from_json,
    step_to_json,
    turn_to_json,
)
from oracle.adapter.protocol import (
    AdapterError,
    Answer,
    AppState,
    Hello,
    JSONData,
    NotComparable,
    Rolled,
    Step,
    Turn,
)
from oracle.engine.errors import OracleError
from oracle.formats.jsontext import JSONTextError, loads

#: Seconds an adapter may take to answer one request (``--timeout``).
DEFAULT_TIMEOUT = 10.0
#: The longest answer line read (a state of four sheets is about a kilobyte).
MAX_LINE = 4 * 2**20
#: How much of each line of the adapter's standard error is kept, and how many lines.
STDERR_LINE = 200
STDERR_LINES = 5
#: Seconds the adapter gets to end after ``quit`` before its process group is killed.
QUIT_WAIT = 2.0


def _pump(stream: IO[bytes], sink: queue.Queue[bytes | None]) -> None:
    """Each line of the adapter's output to ``sink``, then None; a line longer than
    :data:`MAX_LINE` is passed on cut (the reader calls it garbage) and ends the reading."""
    with contextlib.suppress(OSError, ValueError):
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            sink.put(line)
            if len(line) > MAX_LINE:
                return
    sink.put(None)


def _keep_tail(stream: IO[bytes], tail: deque[str]) -> None:
    """The last lines of the adapter's standard error, each cut short (read in bounded
    pieces: a line without an end cannot fill the memory)."""
    with contextlib.suppress(OSError, ValueError):
        while True:
            piece = stream.readline(64 * 1024)
            if not piece:
                return
            text = piece.decode("utf-8", errors="replace").rstrip("\n")
            tail.append(text[:STDERR_LINE] + (" ..." if len(text) > STDERR_LINE else ""))


def check_timeout(seconds: float) -> float:
    """``seconds`` if it is a usable per-answer timeout (positive and finite), else
    :class:`AdapterError`."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise AdapterError(f"--timeout {seconds:g}: want a positive number of seconds")
    return seconds


class SubprocessImplementation:
    """The adapter ``command`` (a shell-like command line) as an implementation of the shape
    the harness uses (:class:`~oracle.adapter.protocol.Implementation3`), whichever version the
    adapter speaks (``hello().protocol`` tells): a version-1 adapter is sent the bare move, a
    version-2 adapter the move in notation with its step, a version-3 adapter the move as move
    JSON too.  A move may also be given as its text alone, and ``state``/``legal`` without the
    turn (for a version-1 adapter)."""

    PROTOCOL: ClassVar[int] = 3

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = command
        self.timeout = check_timeout(timeout)
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise AdapterError(f"--adapter {command!r}: {exc}") from None
        if not argv:
            raise AdapterError("--adapter: the command is empty")
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                process_group=0,
            )
        except OSError as exc:
            raise AdapterError(f"--adapter {command!r}: cannot start: "
                               f"{exc.strerror or exc}") from None
        assert self.process.stdout is not None and self.process.stderr is not None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=STDERR_LINES)
        threading.Thread(target=_pump, args=(self.process.stdout, self.lines),
                         daemon=True).start()
        threading.Thread(target=_keep_tail, args=(self.process.stderr, self.stderr_tail),
                         daemon=True).start()
        self._hello: Hello | None = None
        self.version = 1
        self.checked: set[str] = set()  # sheets and dice found valid (messages.check)
        self.broken = False

    def _fail(self, what: str) -> AdapterError:
        self.broken = True
        tail = " | ".join(self.stderr_tail)
        return AdapterError(f"adapter {self.command!r}: {what}"
                            + (f"; its standard error ends: {tail}" if tail else ""))

    def _exit_code(self) -> int | None:
        """The adapter's exit code once its output has ended, None when it is still running
        after :data:`QUIT_WAIT` seconds (it closed its output but did not exit)."""
        try:
            return self.process.wait(timeout=QUIT_WAIT)
        except subprocess.TimeoutExpired:
            return None

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        kind = str(request["type"])
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request).encode() + b"\n")
            stdin.flush()
        except (OSError, ValueError):  # BrokenPipeError: it has exited (or closed its input)
            code = self._exit_code()
            if code is None:
                raise self._fail(f"the adapter closed its input while still running, before "
                                 f"the {kind} request") from None
            raise self._fail(f"crashed: the adapter exited (code {code}) before the {kind} "
                             "request") from None
        try:
            raw = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail(f"no answer to {kind} within {self.timeout:g} s (timeout)") from None
        if raw is None:
            code = self._exit_code()
            if code is None:
                raise self._fail(f"the adapter closed its output while still running, instead "
                                 f"of answering {kind}")
            raise self._fail(f"crashed: the adapter exited (code {code}) instead of answering "
                             f"{kind}")
        if len(raw) > MAX_LINE:
            raise self._fail(f"garbage answer to {kind}: a line longer than {MAX_LINE:,} bytes")
        line = raw.decode("utf-8", errors="replace")
        try:
            data = loads(line)
        except JSONTextError as exc:
            raise self._fail(f"garbage answer to {kind} ({exc}): {line.strip()!r:.120}") \
                from None
        if kind == "hello" and isinstance(data, dict):
            self.version = hello_version(data)
        try:
            check(kind, "response", data, self.version, self.checked)
        except AdapterError as exc:
            raise self._fail(str(exc)) from None
        except RecursionError:
            raise self._fail(f"garbage answer to {kind}: JSON nested too deeply") from None
        assert isinstance(data, dict)
        return data

    def hello(self) -> Hello:
        if self._hello is None:
            self._hello = hello_from_json(self._ask(hello_request()))
        return self._hello

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int = 0) -> None:
        request: dict[str, object] = {"type": "new_game", "game": game, "players": players,
                                      "ruleset": dict(ruleset)}
        if self.version >= 2:
            request["seed"] = seed
        self._ask(request)

    def _move(self, kind: str, step: Step | str) -> dict[str, object]:
        if isinstance(step, Step) and self.version >= 2:
            try:
                return step_to_json(kind, step, self.version)
            except OracleError as exc:  # a step without its game, or a move of no game
                raise AdapterError(f"cannot send {step.move!r} as move JSON: {exc}") from None
        return {"type": kind, "move": step.move if isinstance(step, Step) else step}

    def _where(self, kind: str, turn: Turn | None) -> dict[str, object]:
        if turn is not None and self.version >= 2:
            return {"type": kind, **turn_to_json(turn)}
        return {"type": kind}

    def apply(self, step: Step | str) -> Answer | Rolled:
        return answer_from_json(self._ask(self._move("apply", step)))

    def probe(self, step: Step | str) -> Answer:
        answer = answer_from_json(self._ask(self._move("probe", step)))
        assert isinstance(answer, Answer)  # the schema allows no other answer to a probe
        return answer

    def state(self, turn: Turn | None = None) -> AppState | NotComparable:
        return state_from_json(self._ask(self._where("state", turn)))

    def legal(self, turn: Turn | None = None) -> tuple[str | JSONData, ...] | NotComparable:
        return legal_from_json(self._ask(self._where("legal", turn)))

    def close(self) -> None:
        """Ask the adapter to quit (unless it has failed already), then kill its whole process
        group (itself if it did not quit in time, and anything it started)."""
        if self.process.poll() is None and not self.broken:
            with contextlib.suppress(OSError, ValueError):
                assert self.process.stdin is not None
                self.process.stdin.write(b'{"type": "quit"}\n')
                self.process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=QUIT_WAIT)
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.process.kill()  # in case it left its group
        self.process.wait()
