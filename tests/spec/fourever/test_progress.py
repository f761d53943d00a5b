"""Progress of the Clever 4Ever solo searches on a terminal (issue 29, "Honest output"): the
branch and bound of ``python -m spec.fourever.paid_bound --prove N`` shows the lowest area, its
bound, the nodes searched and the best found; ``python -m spec.fourever.solo_plan`` the best plan
so far, then the beam's round and best total so far; both with the seconds since they began, on
standard error when it is a terminal (a pty here) and never otherwise, so that what they print
on standard output is byte for byte the same.  Small budgets (a total nothing reaches, a narrow
beam), no clock: the seconds shown are only matched as a number."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from spec.fourever import paid_bound, solo_plan
from spec.solving import Shown, shown
from tests.processes import PATIENCE

ROOT = Path(__file__).resolve().parents[3]
#: The beam's budget: narrow, yet it plays the plan's game to its end (410).
BEAM = ["--width", "5", "--branch", "10"]
#: A line written over the last on a terminal.
OVER = b"\r\033[K"


def _on_a_terminal(argv: list[str]) -> tuple[int, bytes, bytes]:
    """``python -m`` ``argv`` with its standard error on a terminal: the exit code, standard
    output and what the terminal showed."""
    reader, writer = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", *argv], stdout=subprocess.PIPE,
                               stderr=writer, cwd=ROOT)
    os.close(writer)
    seen = b""
    while True:
        ready, _, _ = select.select([reader], [], [], PATIENCE)
        assert ready, f"{argv}: nothing shown for {PATIENCE} s"
        try:
            chunk = os.read(reader, 4096)
        except OSError:  # the command ended: the terminal closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(reader)
    assert process.stdout is not None
    out = process.stdout.read()
    return process.wait(PATIENCE), out, seen


def _lines(seen: bytes) -> list[str]:
    """The progress lines shown, each without the seconds before it."""
    shown_lines = [part.decode() for part in seen.split(OVER) if part]
    for line in shown_lines:
        assert re.match(r"\[\d+ s\] ", line), line
    return [line.split("] ", 1)[1] for line in shown_lines]


def test_the_branch_and_bound_shows_its_progress_on_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, seen = _on_a_terminal(["spec.fourever.paid_bound", "--prove", "1000"])
    assert code == 0
    lines = _lines(seen)
    assert lines[0].startswith(f"lowest area {paid_bound.LOWEST}: bound ")
    assert any(re.fullmatch(r"lowest area 20: bound \d+\.\d, \d+ nodes, found none; below: "
                            r"at most 1000", line) for line in lines), lines
    assert seen.endswith(OVER)  # cleared at the end
    # not a terminal: nothing on standard error, the same standard output
    assert paid_bound.main(["--prove", "1000"]) == 0
    printed = capsys.readouterr()
    assert (printed.out.encode(), printed.err) == (out, "")


def test_the_plan_and_its_beam_show_their_progress_on_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, seen = _on_a_terminal(["spec.fourever.solo_plan", *BEAM])
    assert code == 0 and out.startswith(b"plan: 410 ") and b"\ngame: 410 " in out
    lines = _lines(seen)
    plans = [line for line in lines if line.startswith("plan: ")]
    beams = [line for line in lines if line.startswith("beam: ")]
    assert plans[0] == "plan: restart 1/1, 0, best so far 0"
    assert plans[-1] == "plan: restart 1/1, 410, best so far 410"
    assert beams[0].startswith("beam: round 1, ")
    assert re.fullmatch(r"beam: round 6, 5 games, best total so far \d+", beams[-1])
    assert lines.index(plans[-1]) < lines.index(beams[0])
    assert seen.endswith(OVER)
    assert solo_plan.main(BEAM) == 0
    printed = capsys.readouterr()
    assert (printed.out.encode(), printed.err) == (out, "")


def test_a_progress_line_is_cut_to_the_terminals_width() -> None:
    """A line longer than the terminal would wrap, and the next one would not be written over
    it: it is cut to one column less than the width."""
    reader, writer = pty.openpty()
    fcntl.ioctl(writer, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 30, 0, 0))
    with os.fdopen(writer, "w") as err:
        progress = shown(err)
        assert isinstance(progress, Shown)
        progress("lowest area 34: bound 421.7, 45245 nodes, found none")
        progress.done()
    seen = os.read(reader, 4096)
    os.close(reader)
    first, rest = seen.split(OVER)[1:]
    assert len(first) == 29 and re.match(rb"\[\d+ s\] lowest area 34", first)
    assert rest == b""


def test_no_progress_where_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    with open(tmp_path / "err", "w", encoding="utf-8") as err:
        assert shown(err) is None
