"""The soak script (bench/soak.py) runs, prints its table and exits 0 when every game is LEGAL;
a refused record is counted, listed with verify's line for it and kept, and the exit is 1.
Smoke runs of two games: no timing is asserted."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOAK = ROOT / "bench" / "soak.py"
LEGAL = ROOT / "examples" / "three-players-legal.json"
ILLEGAL = ROOT / "examples" / "illegal" / "illegal-step.json"
ROW = r"clever-cubed\s+2\s+{policy}\s+1" + r"\s+{}" * 4


def _soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak", SOAK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_two_games_through_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(SOAK), "--games", "2", "--game", "clever-cubed",
                           "--players", "2", "--jobs", "1", "--out", str(out)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["game", "players", "policy", "games", "legal", "illegal",
                                "incomplete", "unusable"]
    for policy in ("greedy", "random"):  # the two games shared among the policies
        assert any(re.fullmatch(ROW.format(1, 0, 0, 0, policy=policy), line) for line in lines)
    assert re.search(r"^total: 2 games played and verified in [0-9.]+ s: [0-9.]+ games/s",
                     done.stdout, re.M)
    assert "10,000 games per game and player count" in done.stdout
    assert lines[-1] == "refused: 0"
    assert sorted(p.name for p in out.iterdir()) == ["refused.txt"]  # the batches are gone
    assert (out / "refused.txt").read_text() == ""


def test_a_refused_record_is_counted_listed_and_kept(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The play step is replaced by one writing a record verify refuses (its step 4 is
    illegal) for the random policy; verify still judges it through the command line."""
    soak = _soak()

    def play(runner: object, batch: object, target: Path) -> None:
        source = ILLEGAL if getattr(batch, "policy") == "random" else LEGAL
        record = json.dumps(json.loads(source.read_text()))
        target.write_text((record + "\n") * getattr(batch, "count"))

    monkeypatch.setattr(soak, "play_batch", play)
    out = tmp_path / "out"
    code = soak.main(["--games", "2", "--game", "clever-cubed", "--players", "2", "--jobs", "1",
                      "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 1
    assert re.search(ROW.format(0, 1, 0, 0, policy="random"), printed)
    assert re.search(ROW.format(1, 0, 0, 0, policy="greedy"), printed)
    assert "refused: 1" in printed
    (kept,) = (out / "refused").iterdir()
    assert json.loads(kept.read_text()) == json.loads(ILLEGAL.read_text())
    listed = (out / "refused.txt").read_text().splitlines()
    assert len(listed) == 1 and listed[0].startswith(f"{kept}\t")
    verdict = json.loads(listed[0].split("\t", 1)[1])
    assert verdict["status"] == "illegal" and verdict["step"] == 4
    assert f"REFUSED {kept}: " in printed


def test_the_tally_of_a_verify_output() -> None:
    """What ``verify --json --quiet`` prints: a line for each record not legal, a summary."""
    lines = [
        '{"name": "b.jsonl:7", "status": "unusable", "error": "b.jsonl:7: /totals/0: -6 is '
        'less than the minimum of 0"}',
        '{"name": "b.jsonl:9", "status": "illegal", "step": 3, "rule": "R", "reason": "x"}',
        '{"summary": {"records": 10, "legal": 8, "illegal": 1, "incomplete": 0, '
        '"legal-so-far": 0, "unusable": 1}, "exit": 2}',
    ]
    found = _soak().tally(lines)
    assert found.judged == 10
    assert found.counts == {"legal": 8, "illegal": 1, "incomplete": 0, "unusable": 1}
    assert [(r.name, r.status) for r in found.refusals] == [("b.jsonl:7", "unusable"),
                                                           ("b.jsonl:9", "illegal")]
    assert found.refusals[0].line == lines[0]
