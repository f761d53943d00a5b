"""An interrupt that lands in a finalizer (``__del__``), where Python cannot raise it, is raised
again; a second one lost while the first is ending the command is dropped (issue "No crash,
hang, orphan or misleading verdict"; ``oracle.plumbing.interrupts.install``).  Each case runs
in a fresh interpreter: the handlers are the process's."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PRELUDE = """
import select, signal, sys, threading
from oracle.plumbing.interrupts import Terminated, install
install()

class Finalizer:
    '''An object whose finalizer is where the signal lands.'''
    def __init__(self, signum):
        self.signum = signum
    def __del__(self):
        signal.raise_signal(self.signum)  # its handler runs at once, inside __del__
"""


def _run(body: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(body)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("signum, kind", [(signal.SIGINT, "KeyboardInterrupt"),
                                          (signal.SIGTERM, "Terminated")])
def test_an_interrupt_lost_in_a_finalizer_is_raised_again(signum: int, kind: str) -> None:
    done = _run(f"""
        try:
            Finalizer({int(signum)})  # dropped at once: the finalizer runs here
            select.select([], [], [], 120)  # a blocking wait: only a signal cuts it short
            print("ran on")
        except KeyboardInterrupt as exc:
            print("stopped by", type(exc).__name__)
        """)
    assert done.stdout == f"stopped by {kind}\n"
    assert done.stderr == ""


def test_a_second_interrupt_lost_during_the_clean_up_is_dropped() -> None:
    done = _run("""
        try:
            try:
                signal.raise_signal(signal.SIGINT)
            finally:
                Finalizer(signal.SIGINT)  # a second Ctrl-C, in a finalizer of the clean-up
                print("clean-up done")
        except KeyboardInterrupt:
            print("stopped")
        print("threads:", [t.name for t in threading.enumerate()])  # none sends it again
        """)
    assert done.stdout == "clean-up done\nstopped\nthreads: ['MainThread']\n"
    assert done.stderr == ""


def test_other_exceptions_in_a_finalizer_are_printed_as_python_prints_them() -> None:
    done = _run("""
        class Failing:
            def __del__(self):
                raise ValueError("in a finalizer")
        Failing()
        print("ran on")
        """)
    assert done.stdout == "ran on\n"
    assert "Exception ignored in" in done.stderr and "ValueError: in a finalizer" in done.stderr
