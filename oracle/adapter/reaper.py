"""No process an adapter started outlives ``certify`` or ``conformance``, not even one in a
session of its own (``setsid``), which the adapter's process group does not hold.

On Linux, :func:`reaping` makes the harness a *child subreaper* (``prctl``
``PR_SET_CHILD_SUBREAPER``) for the length of the run: a process whose parent ends is given to
the harness instead of to ``init``.  When the run ends (normally, by an error, Ctrl-C or
SIGTERM), every descendant (found in ``/proc``) that was not already one when the run began is
killed and reaped, round after round until none is left (a process killed in one round hands
its own children to the harness for the next).  Elsewhere (no ``prctl``, no ``/proc``) only
the adapter's process group is killed (:mod:`oracle.adapter.jsonl`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

#: Linux's prctl options that set and read the child-subreaper flag.
_PR_SET_CHILD_SUBREAPER = 36
_PR_GET_CHILD_SUBREAPER = 37
#: Rounds of killing and reaping at the end of a run (each round waits for what it killed).
ROUNDS = 50
#: Seconds a round waits for a killed process that is not the harness's child to end.
ROUND_WAIT = 0.05


def _prctl(option: int, value: int) -> int | None:
    """``prctl(option, value)`` on Linux; None where it cannot be called."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes  # noqa: PLC0415 - only on Linux, only for certify and conformance

        libc = ctypes.CDLL(None, use_errno=True)
        if option == _PR_GET_CHILD_SUBREAPER:
            flag = ctypes.c_int(0)
            if libc.prctl(option, ctypes.byref(flag), 0, 0, 0) != 0:
                return None
            return flag.value
        return 0 if libc.prctl(option, value, 0, 0, 0) == 0 else None
    except (OSError, AttributeError):
        return None


def _table() -> dict[int, tuple[int, bool]]:
    """Every process, its parent and whether it has ended (a zombie), from ``/proc`` (empty
    where there is none)."""
    out: dict[int, tuple[int, bool]] = {}
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                out[int(entry.name)] = (int(fields[1]), fields[0] in ("Z", "X"))
            except (OSError, IndexError, ValueError):
                continue
    return out


def descendants(root: int, spared: frozenset[int] = frozenset(),
                ended: bool = False) -> list[int]:
    """The descendants of ``root`` that live (``ended``: that have ended and wait to be
    reaped), parents before children, leaving out the processes in ``spared`` and theirs."""
    children: dict[int, list[tuple[int, bool]]] = {}
    for pid, (parent, zombie) in _table().items():
        children.setdefault(parent, []).append((pid, zombie))
    found: list[int] = []
    todo = [root]
    while todo:
        for pid, zombie in children.get(todo.pop(), []):
            if pid in spared:
                continue
            if zombie == ended:
                found.append(pid)
            todo.append(pid)
    return found


def _reap(pid: int) -> None:
    """Reap ``pid`` if it is our child and has ended."""
    with contextlib.suppress(OSError):
        os.waitpid(pid, os.WNOHANG)


def end_descendants(spared: frozenset[int] = frozenset()) -> None:
    """Kill and reap every descendant of this process but those in ``spared``, round after
    round (at most :data:`ROUNDS`), until none is left."""
    me = os.getpid()
    for _ in range(ROUNDS):
        for pid in descendants(me, spared, ended=True):
            _reap(pid)
        found = descendants(me, spared)
        if not found:
            return
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(ROUND_WAIT)  # a bound on one round, never what decides anything
        for pid in found:
            _reap(pid)


@contextlib.contextmanager
def reaping() -> Iterator[None]:
    """Run the block as a child subreaper (Linux) and end every process started during it
    (see the module docstring); the subreaper flag is set back as it was."""
    before = _prctl(_PR_GET_CHILD_SUBREAPER, 0)
    me = os.getpid()
    spared = frozenset(descendants(me) + descendants(me, ended=True))
    if before == 0:
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    try:
        yield
    finally:
        try:
            end_descendants(spared)
        finally:
            if before == 0:
                _prctl(_PR_SET_CHILD_SUBREAPER, 0)
