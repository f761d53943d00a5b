"""Ending at once on Ctrl-C (SIGINT) and SIGTERM, in every command, with no process left behind.

- SIGTERM raises :class:`Terminated`, a kind of ``KeyboardInterrupt``: everything unwinds as for
  Ctrl-C (files being written are removed, the adapter is stopped), and code that passes
  ``KeyboardInterrupt`` on (Hypothesis does; it would report any other exception as a failure
  of the test) passes it on too.  The command line turns them into exit 130 and 143.
- Work that blocks in C code where no signal handler runs (a Z3 check, which also catches
  Ctrl-C itself unless told not to) is run by :func:`run_interruptibly` in a thread while the
  main thread waits where handlers do run; a signal stops the work (``stop``, e.g. Z3's
  interrupt) and ends the command at once.
- An interrupt that lands in a finalizer, where Python cannot raise it, is raised again
  (:func:`install`).
- Worker processes (``verify --jobs``) start with :func:`worker_start`: they leave Ctrl-C to
  the parent and end when the parent ends, however it ends (killed, or two Ctrl-Cs during its
  clean-up), so none is left running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import NoReturn, TypeVar

T = TypeVar("T")

#: Seconds between two checks of a worker for its parent, where the system cannot tell it.
PARENT_CHECK = 0.2
#: Linux's prctl option that sends a signal to a process when its parent ends.
_PR_SET_PDEATHSIG = 1


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived (see the module docstring)."""


#: Seconds between two looks, by the thread that raises a lost interrupt again, at whether the
#: main thread has left the hook that lost it (:func:`install`); the hook ends in microseconds.
HOOK_CHECK = 0.0005


class _Ledger:
    """How many interrupts the handlers raised, how many were lost in a finalizer, and whether
    the main thread is in the hook that is told of a lost one (:func:`install`).  Made by
    :func:`install`, once per process, and shared by its handler and hook only."""

    __slots__ = ("raised", "lost", "hooking")

    def __init__(self) -> None:
        self.raised = 0
        self.lost = 0
        self.hooking = False


def _send_again(ledger: _Ledger, signum: int) -> None:
    """Send ``signum`` to the main thread once it has left the hook (:func:`install`)."""
    while ledger.hooking:
        time.sleep(HOOK_CHECK)
    main = threading.main_thread().ident
    assert main is not None  # the main thread has started: it runs this process
    signal.pthread_kill(main, signum)


def install() -> None:
    """The command line's handlers: Ctrl-C raises ``KeyboardInterrupt``, SIGTERM
    :class:`Terminated` (in the main thread); a signal the program was started ignoring
    (``nohup``, a background job of a script) stays ignored.

    Python runs a handler between two steps of whatever the main thread runs, a finalizer
    (``__del__``, a weak reference's callback) included, and an exception cannot leave a
    finalizer: Python hands it to ``sys.unraisablehook`` and goes on.  An interrupt lost so
    is sent again, to the main thread, by a thread started for it once the hook has returned
    (raised in the hook, it would be lost again, and a blocking system call is cut short only
    by a signal): ``verify --dask local``, whose futures release themselves in ``__del__``,
    ran on after 1 Ctrl-C in 15 to 50 and hung once its output pipe was full.  One lost while an
    earlier interrupt is already ending the command (a second Ctrl-C during the clean-up) is
    dropped: the command is ending and says so once.  Any other exception lost in a
    finalizer is printed as Python prints it."""
    ledger = _Ledger()

    def interrupt(signum: int, frame: object) -> NoReturn:
        ledger.raised += 1
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    def unraisable(lost: sys.UnraisableHookArgs) -> None:
        if not isinstance(lost.exc_value, KeyboardInterrupt):
            sys.__unraisablehook__(lost)
            return
        ledger.lost += 1
        if ledger.lost != ledger.raised:  # an earlier interrupt is ending the command
            return
        signum = signal.SIGTERM if isinstance(lost.exc_value, Terminated) else signal.SIGINT
        ledger.hooking = True
        threading.Thread(target=_send_again, args=(ledger, signum), name="interrupt again",
                         daemon=True).start()
        ledger.hooking = False  # the last step: no handler runs between it and the return

    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, interrupt)
    sys.unraisablehook = unraisable


def run_interruptibly(work: Callable[[], T], stop: Callable[[], None]) -> T:
    """``work()`` run in a daemon thread while this (main) thread waits; its result, or its
    exception.  On Ctrl-C or SIGTERM ``stop()`` is called and the interrupt passes on at once
    (the thread is abandoned; it ends with the process)."""
    results: list[T] = []
    failures: list[BaseException] = []

    def target() -> None:
        try:
            results.append(work())
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread as it is
            failures.append(exc)

    thread = threading.Thread(target=target, name="interruptible work", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.5)
    except KeyboardInterrupt:
        stop()
        raise
    if failures:
        raise failures[0]
    return results[0]


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent ends (a no-op elsewhere)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes  # noqa: PLC0415 - only in worker processes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)


def worker_start() -> None:
    """Initializer of a worker process: Ctrl-C and SIGTERM are the parent's to handle (the
    parent stops the workers); the worker ends when its parent does (see the module
    docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    _die_with_parent()
    if parent == 1:  # the parent ended before this worker started
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent watch",
                     daemon=True).start()
