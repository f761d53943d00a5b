"""The client half of the adapter protocol: an app's adapter command run as a subprocess and
spoken to in JSON Lines (docs/certify.md), as an :class:`~oracle.adapter.protocol.Implementation`.

Each request waits at most ``timeout`` seconds for its one-line reply.  A command that cannot be
started, exits, stays silent or answers garbage raises :class:`AdapterError` saying which (with
the end of what it wrote on standard error), so the harness reports an unusable adapter.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Mapping
from typing import IO

from oracle.adapter.messages import (
    answer_from_json,
    check,
    hello_from_json,
    state_from_json,
)
from oracle.adapter.protocol import PROTOCOL_VERSION, AdapterError, Answer, AppState, Hello

#: Seconds an adapter may take to answer one request (``--timeout``).
DEFAULT_TIMEOUT = 10.0


def _pump(stream: IO[str], sink: queue.Queue[str | None]) -> None:
    for line in stream:
        sink.put(line)
    sink.put(None)


def _keep_tail(stream: IO[str], tail: deque[str]) -> None:
    for line in stream:
        tail.append(line.rstrip("\n"))


class SubprocessImplementation:
    """The adapter ``command`` (a shell-like command line) as an implementation."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise AdapterError(f"--adapter {command!r}: {exc}") from None
        if not argv:
            raise AdapterError("--adapter: the command is empty")
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
            )
        except OSError as exc:
            raise AdapterError(f"--adapter {command!r}: cannot start: "
                               f"{exc.strerror or exc}") from None
        assert self.process.stdout is not None and self.process.stderr is not None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=5)
        threading.Thread(target=_pump, args=(self.process.stdout, self.lines),
                         daemon=True).start()
        threading.Thread(target=_keep_tail, args=(self.process.stderr, self.stderr_tail),
                         daemon=True).start()
        self._hello: Hello | None = None

    def _fail(self, what: str) -> AdapterError:
        tail = " | ".join(self.stderr_tail)
        return AdapterError(f"adapter {self.command!r}: {what}"
                            + (f"; its standard error ends: {tail}" if tail else ""))

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        kind = str(request["type"])
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            try:
                code = self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
            raise self._fail(f"crashed: exited (code {code}) before the {kind} request") \
                from None
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail(f"no answer to {kind} within {self.timeout:g} s (timeout)") from None
        if line is None:
            try:
                code = self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
            raise self._fail(f"crashed: closed its output (exit code {code}) instead of "
                             f"answering {kind}")
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise self._fail(f"garbage answer to {kind} (not JSON): {line.strip()!r:.120}") \
                from None
        try:
            check(kind, "response", data)
        except AdapterError as exc:
            raise self._fail(str(exc)) from None
        assert isinstance(data, dict)
        return data

    def hello(self) -> Hello:
        if self._hello is None:
            self._hello = hello_from_json(self._ask({"type": "hello",
                                                     "protocol": PROTOCOL_VERSION}))
        return self._hello

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool]) -> None:
        self._ask({"type": "new_game", "game": game, "players": players,
                   "ruleset": dict(ruleset)})

    def apply(self, move: str) -> Answer:
        return answer_from_json(self._ask({"type": "apply", "move": move}))

    def probe(self, move: str) -> Answer:
        return answer_from_json(self._ask({"type": "probe", "move": move}))

    def state(self) -> AppState:
        return state_from_json(self._ask({"type": "state"}))

    def legal(self) -> tuple[str, ...]:
        moves = self._ask({"type": "legal"})["moves"]
        assert isinstance(moves, list)
        return tuple(map(str, moves))

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write('{"type": "quit"}\n')
                self.process.stdin.close()
                self.process.wait(timeout=2)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
