"""The fuzz suite of the hostile trial: a fixed number of seeded cases (tests/hostile_inputs.py)
of records, positions, sheets and adapter answers, through the command line and the adapter
client.  No case may end in exit 3 (an internal error), hang beyond its bound (the adapter's
timeout; a subprocess's bound), or leave a process behind.

A failing case names its seed: ``hostile_record(seed)`` (or ``hostile_position``, ...) gives
its input back.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from oracle.adapter.jsonl import SubprocessImplementation
from oracle.adapter.protocol import AdapterError
from oracle.cli import main
from oracle.engine.errors import NotationError
from oracle.games import find_game
from oracle.records.record import schema
from tests.fuzz_adapter import write_answers
from tests.hostile_inputs import hostile_answers, hostile_position, hostile_record, hostile_sheet
from tests.processes import HAS_PROC, PATIENCE, group_members, wait_gone
from tests.spec import SAFETY

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = jsonschema.Draft202012Validator(schema("verdict-1.json"))
#: How many cases of each kind (the budget: a count, never a time).
RECORDS, STREAM, POSITIONS, SHEETS, SOLVED, ANSWERS, CERTIFIED = 400, 300, 400, 600, 4, 60, 4


def run(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(stdin) if stdin is not None else None)
    return code, out.getvalue(), err.getvalue()


def _clean(code: int, err: str, allowed: tuple[int, ...], case: str) -> None:
    assert code in allowed and "internal error" not in err and "Traceback" not in err, (
        f"{case}: exit {code}: {err[:600]}")


def test_fuzzed_records_get_a_verdict_or_a_one_line_error() -> None:
    for seed in range(RECORDS):
        data = hostile_record(seed)
        if seed % 2:
            code, out, err = run("verify", "-", stdin=data)
        else:
            code, out, err = run("verify", "--json", "-", stdin=data)
            for line in out.splitlines():
                assert VERDICTS.is_valid(json.loads(line)), (seed, line[:300])
        _clean(code, err, (0, 1, 2), f"hostile_record({seed})")


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_fuzzed_records_in_a_real_process_with_workers(tmp_path: Path) -> None:
    """Every case as a file of a directory, judged by two worker processes: the command ends
    within its bound, with a verdict for each, and leaves no worker behind."""
    for seed in range(STREAM):
        (tmp_path / f"case-{seed:04}.json").write_bytes(hostile_record(RECORDS + seed))
    process = subprocess.Popen(
        [sys.executable, "-m", "clever_oracle", "verify", "--jobs", "2", "--json", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    try:
        out, err = process.communicate(timeout=PATIENCE * 10)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 9)
    _clean(process.returncode, err.decode(errors="replace"), (0, 1, 2), "the stream")
    summary = json.loads(out.splitlines()[-1])
    assert summary["summary"]["records"] >= STREAM
    assert all(wait_gone(pid) for pid in group_members(process.pid))


def test_fuzzed_positions_are_shown_or_refused() -> None:
    for seed in range(POSITIONS):
        position = hostile_position(seed)
        for command in ("legal", "show"):
            code, _, err = run(command, position)
            _clean(code, err, (0, 2), f"hostile_position({seed}) {command}")


#: A position in which the active player chooses after the first roll (seed 3, solo).
CHOOSING = ("clever-cubed round=1 active=p1 phase=choose seat=p1 to=p1 rolls=1 dice=W2:platter,"
            "Y6:cup,T5:cup,B2:platter,Br3:I,P1:cup extras=- ruleset=default ; y=....../....../"
            "...... t=....../....../....../....../...... b=| br=..x......... p= rr=o...... "
            "nj=....... xd=....... q=")


@pytest.mark.parametrize("position", [
    CHOOSING.replace("rolls=1", "rolls=3"),  # dice in the cup after the third roll
    CHOOSING.replace("W2:platter", "W-:cup"),  # an unrolled face at phase=choose
    CHOOSING.replace("W2:platter", "W-:I").replace("rolls=1", "rolls=3"),
])
def test_positions_the_trial_found_are_refused(position: str) -> None:
    """Positions the parser once accepted and legal/show crashed on: refused in one line."""
    for command in ("legal", "show"):
        code, _, err = run(command, position)
        _clean(code, err, (2,), position)
        assert "no game reaches it" in err, err


def test_fuzzed_sheets_are_read_or_refused() -> None:
    for seed in range(SHEETS):
        game, sheet = hostile_sheet(seed)
        try:
            find_game(game).parse_sheet(sheet)
        except NotationError as exc:
            assert "\n" not in str(exc), (seed, str(exc)[:200])


def test_fuzzed_sheets_through_solve() -> None:
    """A few well-formed sheets (perhaps no game reaches them) through Z3 (``solve complete``):
    answered or refused, never a crash.  Z3 gets a time limit it does not reach (each is proven
    in seconds), so the same paths run on a busy machine."""
    done = 0
    for seed in range(SHEETS):
        game, sheet = hostile_sheet(seed)
        try:
            find_game(game).parse_sheet(sheet)
        except NotationError:
            continue
        if game != "clever-cubed":
            continue
        code, _, err = run("solve", "complete", sheet, "1", "--timeout", str(SAFETY))
        _clean(code, err, (0, 2), f"hostile_sheet({seed})")
        done += 1
        if done == SOLVED:
            break
    assert done == SOLVED


def _fake_adapter(tmp_path: Path, seed: int) -> str:
    answers = tmp_path / f"answers-{seed}.bin"
    write_answers(answers, hostile_answers(seed))
    return f"{sys.executable} -S {ROOT / 'tests' / 'fuzz_adapter.py'} {answers}"


def test_fuzzed_adapter_answers_are_answers_or_adapter_errors(tmp_path: Path) -> None:
    for seed in range(ANSWERS):
        app = SubprocessImplementation(_fake_adapter(tmp_path, seed), timeout=PATIENCE)
        asks = (app.hello, lambda: app.new_game("clever-cubed", 1, {}),
                lambda: app.apply("roll W1 Y2 T3 B4 Br5 P6"), app.state, app.legal,
                lambda: app.probe("pass"))
        try:
            for ask in asks:
                ask()
        except AdapterError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 2000, (seed, str(exc)[:300])
        finally:
            app.close()
        assert wait_gone(app.process.pid), seed


def test_fuzzed_adapters_through_certify(tmp_path: Path) -> None:
    for seed in range(CERTIFIED):
        code, _, err = run("certify", "--adapter", _fake_adapter(tmp_path, seed),
                           "--max-examples", "1", "--timeout", str(PATIENCE))
        _clean(code, err, (0, 1, 2), f"hostile_answers({seed})")
