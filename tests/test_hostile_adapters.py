"""Hostile adapters and counts files (issue "No crash, hang, orphan or misleading verdict"): an
adapter that exits at once, answers with a 5,000-digit number or JSON nested 100,000 deep,
writes a line without end, or starts a child that would outlive it; counts files that are not
counts.  Each is exit 2 with one line, at once, and leaves no process behind."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.adapter.jsonl import SubprocessImplementation
from oracle.adapter.protocol import AdapterError
from oracle.cli import main
from properties.perft import MAX_DEPTH, default_counts
from tests.processes import PATIENCE, gone, wait_gone

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
HOSTILE = f"{PYTHON} -m tests.hostile_adapters"
REFERENCE = f"{PYTHON} -m oracle.adapter.reference"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("mode, what", [
    ("huge-number", "5,000 digits"), ("deep", "nested too deeply"),
    ("endless-line", "a line longer than"),
])
def test_a_hostile_answer_is_garbage(monkeypatch: pytest.MonkeyPatch, mode: str,
                                     what: str) -> None:
    monkeypatch.chdir(ROOT)
    app = SubprocessImplementation(f"{HOSTILE} {mode}", timeout=PATIENCE)
    try:
        with pytest.raises(AdapterError, match="garbage") as caught:
            app.hello()
    finally:
        app.close()
    assert what in str(caught.value) and "\n" not in str(caught.value)


def test_standard_error_without_an_end_is_kept_short(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    app = SubprocessImplementation(f"{HOSTILE} endless-stderr", timeout=2)
    try:
        with pytest.raises(AdapterError, match="timeout") as caught:
            app.hello()
    finally:
        app.close()
    assert len(str(caught.value)) < 2000


def test_closing_the_adapter_ends_its_children(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    pids = tmp_path / "pids.json"
    app = SubprocessImplementation(f"{HOSTILE} forks {pids}", timeout=PATIENCE)
    app.hello()
    started = json.loads(pids.read_text())
    assert not gone(started["child"])
    app.close()
    assert wait_gone(started["adapter"]) and wait_gone(started["child"])


@pytest.mark.parametrize("command", ["certify", "conformance"])
def test_an_adapter_that_exits_at_once_is_exit_2_not_a_broken_pipe(command: str) -> None:
    """``--adapter true``: the oracle writes to a pipe nobody reads; that is an unusable adapter
    (exit 2), not death by SIGPIPE (141)."""
    done = subprocess.run([PYTHON, "-m", "clever_oracle", command, "--adapter", "true"],
                          capture_output=True, text=True, cwd=ROOT, timeout=PATIENCE * 4,
                          check=False)
    assert done.returncode == 2, done
    assert "exited" in done.stderr and done.stderr.count("\n") == 1


def _counts(tmp_path: Path, change: object) -> str:
    data = json.loads(default_counts("clever-cubed").read_text())
    if callable(change):
        change(data)
    path = tmp_path / "counts.json"
    path.write_text(json.dumps(data))
    return str(path)


def _no_positions(data: dict[str, object]) -> None:
    del data["positions"]


def _bad_dice(data: dict[str, list[dict[str, object]]]) -> None:
    data["positions"][0]["dice"] = "nope"


def _deep(data: dict[str, list[dict[str, object]]]) -> None:
    data["positions"][0]["perft"] = [1] * 40


def _illegal_step(data: dict[str, list[dict[str, object]]]) -> None:
    data["positions"][1]["steps"] = ["p1: take Y yellow:I"]


@pytest.mark.parametrize("change, what", [
    (_no_positions, "'positions' is a required property"), (_bad_dice, "/positions/0/dice"),
    (_deep, "/positions/0/perft"), (_illegal_step, "/positions/1"),
])
def test_a_bad_counts_file_is_one_line(tmp_path: Path, change: object, what: str) -> None:
    path = _counts(tmp_path, change)
    code, out, err = run("conformance", "--adapter", REFERENCE, "--counts", path)
    assert code == 2 and what in err and f"--counts {path}" in err and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert MAX_DEPTH < 40


def test_counts_are_shipped_with_the_package(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``conformance`` finds its counts from any directory (they are package data), for both
    games."""
    import properties

    monkeypatch.chdir(tmp_path)
    for game in ("clever-cubed", "clever-4ever"):
        assert default_counts(game).is_file()
        assert default_counts(game).is_relative_to(Path(properties.__file__).parent)


def _one_position(tmp_path: Path) -> str:
    data = json.loads(default_counts("clever-cubed").read_text())
    data["positions"] = [min(data["positions"], key=lambda p: p["perft"][-1])]
    path = tmp_path / "counts.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a subreaper is Linux's")
@pytest.mark.parametrize("command", ["certify", "conformance"])
def test_a_helper_in_a_session_of_its_own_does_not_outlive_the_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """The adapter starts a helper with ``setsid`` (outside its process group, which is what
    closing the adapter kills): the harness, a child subreaper while it runs, ends it too."""
    from oracle.adapter.reaper import _PR_GET_CHILD_SUBREAPER, _prctl

    monkeypatch.chdir(ROOT)
    pid_file = tmp_path / "helper.pid"
    extra = (["--max-examples", "1"] if command == "certify"
             else ["--counts", _one_position(tmp_path)])
    try:
        code, out, err = run(command, "--adapter", f"{HOSTILE} setsid {pid_file}", *extra)
        assert code == 0, err
        helper = int(pid_file.read_text())
        assert wait_gone(helper)
        assert _prctl(_PR_GET_CHILD_SUBREAPER, 0) in (0, None)  # set back as it was
    finally:
        if pid_file.exists():
            with contextlib.suppress(OSError):
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
