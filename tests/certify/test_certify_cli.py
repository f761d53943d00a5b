"""certify on the command line: the same --seed plays the same games as the Python API, findings
are printed (with --json one JSON line each) as soon as they are found, progress goes to a
terminal, --budget stops a run and says so, and --trace replays one finding step by step."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.games import find_game
from oracle.record import parse_record, verify
from properties import duel
from properties.certify import certify
from properties.certify_report import finding_json
from tests.certify.bends import fourever_three
from tests.processes import PATIENCE

PYTHON = sys.executable
FOUREVER = find_game("clever-4ever")
BENT = f"{PYTHON} -m tests.certify.bends fourever-three --listless"
#: ``--timeout`` for the bent adapter: a bound (its start on a busy machine takes seconds).
LIMIT = ["--timeout", str(PATIENCE)]


class Terminal(io.StringIO):
    """Standard error as a terminal (so certify shows its progress)."""

    def isatty(self) -> bool:
        return True


class Watched(io.StringIO):
    """Standard output that notes, at every finding line, how much progress was shown."""

    def __init__(self, err: io.StringIO) -> None:
        super().__init__()
        self.err = err
        self.progress_at: list[str] = []

    def write(self, text: str) -> int:
        if text.startswith('{"type": "finding"'):
            self.progress_at.append(self.err.getvalue())
        return super().write(text)


def test_same_seed_same_games_in_the_command_line_and_the_api(tmp_path: Path) -> None:
    err = Terminal()
    out = Watched(err)
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--seed", "7",
                 "--max-examples", "2", "--shrink", "3", "--json", "--records",
                 str(tmp_path), *LIMIT], out, err)
    assert code == 1, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["type"] for line in lines] == ["finding"] * (len(lines) - 1) + ["report"]
    # In process, the same app: the same games, the same findings.
    result = certify(FOUREVER, fourever_three(lists=False), seed=7, max_examples=2,
                     shrink_replays=3)
    cli = [(f["kind"], f["rule"], f["games"], f["decisions"], f["moves"]) for f in lines[:-1]]
    api = [(f.kind, f.rule, f.games, list(f.decisions), list(f.moves)) for f in result.findings]
    assert cli == api and len(api) >= 2
    # Each finding's game is also a record file, which verify replays.
    saved = sorted(tmp_path.glob("finding-*.json"))
    assert len(saved) == len(api)
    for path in saved:
        assert verify(parse_record(path.read_text(), str(path))).status in ("legal", "incomplete")
    # Streamed: the first finding was printed while games were still to be played.
    assert "2/2 games" not in out.progress_at[0]
    assert "2/2 games" in err.getvalue()


def test_the_command_line_default_budget_is_the_harness_default() -> None:
    from oracle.adapter import commands
    from properties import certify as harness
    from properties.shrink import SHRINK_REPLAYS

    assert commands.DEFAULT_EXAMPLES == harness.DEFAULT_EXAMPLES
    assert commands.SHRINK_REPLAYS == SHRINK_REPLAYS


def test_the_api_reports_each_finding_before_it_returns() -> None:
    seen: list[str] = []
    result = certify(FOUREVER, fourever_three(lists=False), max_examples=2, shrink_replays=3,
                     on_finding=lambda f: seen.append(f.rule))
    assert seen == [f.rule for f in result.findings] and seen


def test_budget_stops_the_run_and_keeps_what_was_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves one second per question to the app (no wall clock in the test)."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(duel.time, "monotonic", lambda: float(next(ticks)))
    monkeypatch.setattr("properties.certify.time.monotonic", lambda: float(next(ticks)))
    result = certify(FOUREVER, fourever_three(lists=False), max_examples=30, budget=400)
    assert not result.complete
    assert result.examples < 30
    assert all(f.rule for f in result.findings)


def test_budget_on_the_command_line_is_checked() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--budget", "nan"], out, err)
    assert code == 2 and "--budget" in err.getvalue() and "Traceback" not in err.getvalue()


def test_trace_replays_a_finding_step_by_step(tmp_path: Path) -> None:
    result = certify(FOUREVER, fourever_three(lists=False), max_examples=1, shrink_replays=2)
    finding = result.findings[0]
    saved = tmp_path / "finding.json"
    saved.write_text(json.dumps(finding_json(FOUREVER, finding)))
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--trace", str(saved),
                 *LIMIT], out, err)
    assert code == 1, err.getvalue()
    lines = out.getvalue().splitlines()
    steps = [line for line in lines if line[:4].strip().isdigit()]
    assert len(steps) == finding.step
    assert "<-- differs" in "\n".join(lines[-3:]) and "<-- differs" not in "\n".join(steps[:-1])


def test_trace_of_a_file_that_is_no_finding_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--trace", str(bad), *LIMIT], out, err)
    assert code == 2 and err.getvalue().count("\n") == 1 and "--trace" in err.getvalue()
