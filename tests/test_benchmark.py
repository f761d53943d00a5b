"""The benchmark script runs and prints every figure (smoke runs: no timing is asserted)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHMARK = ROOT / "bench" / "benchmark.py"

FIGURES = [
    f"{kind}, {players}p"
    for kind in ("random games/s, apply", "random games/s, apply_unchecked",
                 "legal_moves calls/s", "apply calls/s", "apply_unchecked calls/s")
    for players in (1, 2, 3, 4)
] + ["records verified/s, 2p", "import oracle, s"]

NUMBER = r"([0-9]+(?:\.[0-9]+)?)"
CELL = rf"{NUMBER} \({NUMBER}–{NUMBER}\)"


def bench(*args: str) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARK), "--quick", "--repeat", "1", *args],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def figure_line(out: str, figure: str) -> str:
    lines = [line for line in out.splitlines() if line.startswith(figure)]
    assert len(lines) == 1, (figure, out)
    return lines[0][len(figure):]


def test_every_figure_is_printed_with_positive_numbers() -> None:
    out = bench()
    for figure in FIGURES:
        cells = re.findall(CELL, figure_line(out, figure))
        assert len(cells) == 1, (figure, out)
        assert all(float(x) > 0 for x in cells[0]), (figure, out)
    assert "median of 1 repetitions" in out


def test_against_head_prints_ratios() -> None:
    out = bench("--against", "HEAD")
    assert "ratio current/HEAD" in out
    for figure in FIGURES:
        rest = figure_line(out, figure)
        assert len(re.findall(CELL, rest)) == 2, (figure, out)
        ratio = rest.split()[-1]
        assert float(ratio) > 0, (figure, out)
    worktrees = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"],
                               capture_output=True, text=True, check=True).stdout
    assert "oracle-bench-" not in worktrees  # the temporary worktree is gone


def test_json_output() -> None:
    data = json.loads(bench("--json"))
    figures = data["results"]["clever-cubed"]["figures"]
    assert set(FIGURES[:-1]) <= set(figures)
    assert all(cells["current"]["median"] > 0 for cells in figures.values())
    imports = data["results"]["import oracle, s (lower is better)"]["current"]
    assert imports["median"] > 0
