"""Every ``clever-oracle`` command the README shows runs as written and exits with the code the
README gives it (issue 30: "every command in it runs").

The commands are read from the README itself: the ``$ `` lines of its fenced ``console`` and
``text`` blocks, the ``&&``-joined parts of its ``sh`` set-up blocks, and the commands in its
tables' code spans.  A command's expected exit code is the ``# exit N`` comment on its line, else
0.  Each runs in a shell, in a fresh directory holding a copy of ``examples/`` (so that a command
that writes a file writes it there), with this environment's ``clever-oracle`` first on PATH.

A command that takes more than about a minute, or that needs something outside this machine, is
listed in :data:`NOT_RUN` with the reason; the test fails if the README shows a command that is
neither run nor listed, or if a listed command is no longer in the README.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: Commands the test does not run, by how they begin, each with the reason.
NOT_RUN: dict[str, str] = {
    "clever-oracle serve --port 8000": "a server that runs until it is stopped; "
    "tests/serve/test_signals.py starts it and stops it with Ctrl-C and SIGTERM",
    "clever-oracle solve solo-bound": "the solo bound's proofs take about 810 s (669) and about "
    "43 minutes (668, `solo-bound 669`) (spec/cubed/bench.py --solo-bound runs the first)",
    "clever-oracle solve --game clever-4ever turn-bound 678": "the turn model's proof takes about "
    "65 s (tests/spec/turns/ check the model against the bundled and seeded solo games)",
    "clever-oracle solve --game clever-4ever sheet-max 78": "builds all five area tables, about "
    "55 s (python -m spec.fourever.bench runs it)",
}

_EXIT = re.compile(r"#\s*exit (\d+)")


def readme_commands() -> list[tuple[str, int]]:
    """Every ``clever-oracle`` command the README shows, with its documented exit code."""
    found: list[tuple[str, int]] = []
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```$", README, re.S | re.M):
        for line in body.splitlines():
            if lang == "sh":
                parts = [part.strip() for part in line.split("&&")]
            elif lang in ("console", "text") and line.startswith("$ "):
                parts = [line[2:]]
            else:
                continue
            for part in parts:
                if "clever-oracle " in part and not part.startswith("pip "):
                    code = _EXIT.search(part)
                    found.append((part, int(code.group(1)) if code else 0))
    for line in README.splitlines():
        if line.startswith("|"):
            found += [(span, 0) for span in re.findall(r"`(clever-oracle [^`]*)`", line)]
    return found


COMMANDS = readme_commands()
RUN = [(command, code) for command, code in COMMANDS
       if not any(command.startswith(prefix) for prefix in NOT_RUN)]


def test_the_readme_shows_commands_and_every_one_not_run_is_there() -> None:
    assert len(RUN) >= 10, RUN
    for prefix in NOT_RUN:
        assert any(command.startswith(prefix) for command, _ in COMMANDS), prefix


def _game_so_far(directory: Path) -> None:
    """The README's game in progress: the first five steps of a three-player game."""
    data = json.loads((ROOT / "examples" / "three-players-legal.json").read_text())
    data["steps"] = data["steps"][:5]
    data["players"] = ["Ann", "Bob", "Cid"]
    del data["totals"]
    (directory / "game-so-far.json").write_text(json.dumps(data))


@pytest.mark.parametrize("command, code", RUN, ids=[c[:60] for c, _ in RUN])
def test_readme_command_runs_with_its_documented_exit_code(tmp_path: Path, command: str,
                                                           code: int) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    _game_so_far(tmp_path)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == code, (command, done.stdout[-2000:], done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    # A solve line's comment gives its answer: "N, proven" or "no".
    answer = re.search(r"#\s*(?:[^#]*: )?(\d+), proven|#\s*(no)\b", command)
    if answer is not None and command.startswith("clever-oracle solve"):
        head = done.stdout.splitlines()[0]
        if answer.group(2):
            assert head.endswith(": no"), (command, head)
        else:
            assert f": {answer.group(1)} (proven optimal)" in head, (command, head)
