"""Hostile records and streams (issue "No crash, hang, orphan or misleading verdict"): huge
numbers, repeated keys, devices, JSON Lines detection, claimed totals of a game in progress,
the ruleset a verdict was judged under, and streaming one verdict per record."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.records.record import MAX_RECORD_BYTES, dump_record, parse_record
from tests.processes import PATIENCE

ROOT = Path(__file__).resolve().parent.parent
SOLO = ROOT / "examples" / "solo-legal.json"


def run(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(stdin) if stdin is not None else None)
    return code, out.getvalue(), err.getvalue()


def _solo() -> dict[str, object]:
    data: dict[str, object] = json.loads(SOLO.read_text())
    return data


def _one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("where", ["totals", "seed"])
def test_a_number_of_thousands_of_digits_is_unusable_and_the_rest_judged(
        tmp_path: Path, where: str) -> None:
    data = _solo()
    text = json.dumps(data)
    if where == "totals":
        text = text.replace('"totals": [124]', '"totals": [' + "9" * 5000 + "]")
    else:
        text = text[:-1] + ', "meta": {"seed": ' + "7" * 5000 + "}}"
    (tmp_path / "a-huge.json").write_text(text)
    (tmp_path / "b-good.json").write_text(SOLO.read_text())
    code, out, err = run("verify", "--jobs", "1", str(tmp_path))
    assert code == 2 and _one_line(err) and "5,000 digits" in err
    assert "b-good.json: LEGAL" in out and "2 records: 1 legal" in out


def test_a_repeated_key_is_refused() -> None:
    text = SOLO.read_text().replace('"players": [', '"players": ["Eve"], "players": [', 1)
    code, _, err = run("verify", "-", stdin=text.encode())
    assert code == 2 and _one_line(err) and '"players" appears twice' in err


def test_nan_is_not_json() -> None:
    text = json.dumps(_solo()).replace('"totals": [124]', '"totals": [NaN]')
    code, _, err = run("verify", "-", stdin=text.encode())
    assert code == 2 and "NaN is not a JSON value" in err


def test_json_error_messages_say_at_once() -> None:
    code, _, err = run("verify", "-", stdin=b'{"format": "clever-oracle-record/1", "game": "cl')
    assert code == 2 and "starting at line 1 column" in err and "at at" not in err


def test_a_device_is_refused_without_reading_it() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    code, _, err = run("verify", "/dev/zero")
    assert code == 2 and _one_line(err) and "not a regular file" in err


def test_endless_standard_input_is_read_only_up_to_a_record(tmp_path: Path) -> None:
    """A line longer than any record ends the reading (``verify - < /dev/zero`` would read
    forever): one error, and a bounded amount read."""
    stream = io.BytesIO(b"x" * (MAX_RECORD_BYTES + 10))
    out, err = io.StringIO(), io.StringIO()
    code = main(["verify", "-"], out, err, stream)
    assert code == 2 and "too large to be a record" in err.getvalue()
    assert stream.tell() <= MAX_RECORD_BYTES + 1


def test_a_pretty_record_with_a_whole_second_line_is_one_record() -> None:
    """A valid record written over several lines whose second line happens to be a whole JSON
    value is one record on standard input, as it is from a file."""
    data = _solo()
    body = json.dumps(data)[1:]
    text = '{\n"comment"\n: "a note",' + body
    assert parse_record(text).comment == "a note"
    code, out, err = run("verify", "-", stdin=text.encode())
    assert code == 0 and out.startswith("-: LEGAL") and err == ""


def test_json_lines_with_a_broken_first_line_still_judges_the_rest() -> None:
    good = json.dumps(_solo())
    code, out, err = run("verify", "-", stdin=f'{{"broken\n{good}\n{good}\n'.encode())
    assert code == 2 and "-:2: LEGAL" in out and "-:3: LEGAL" in out and "-:1:" in err


def test_a_pretty_record_on_standard_input_is_one_record() -> None:
    record = parse_record(SOLO.read_text())
    code, out, _ = run("verify", "-", stdin=dump_record(record).encode())
    assert code == 0 and out.startswith("-: LEGAL")


def _in_progress(steps: int = 6) -> dict[str, object]:
    data = _solo()
    steps_list = data["steps"]
    assert isinstance(steps_list, list)
    data["steps"] = steps_list[:steps]
    return data


def test_partial_flags_claimed_totals_of_a_game_not_over(tmp_path: Path) -> None:
    data = _in_progress()
    data["totals"] = [999]
    path = tmp_path / "so-far.json"
    path.write_text(json.dumps(data))
    code, out, _ = run("verify", "--partial", str(path))
    assert code == 1 and "ILLEGAL" in out and "SCORE-TOTAL" in out
    assert "p1 claims 999, the sheet scores" in out and "so far" in out
    del data["totals"]
    path.write_text(json.dumps(data))
    code, out, _ = run("verify", "--partial", str(path))
    assert code == 0 and "LEGAL SO FAR" in out


def test_every_verdict_names_a_ruleset_that_is_not_the_default(tmp_path: Path) -> None:
    data = _solo()
    data["ruleset"] = {"joker_same_face": True}
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    code, out, _ = run("verify", str(path))
    assert code == 0 and "LEGAL under ruleset joker_same_face=true (" in out
    code, out, _ = run("verify", "--json", str(path))
    assert json.loads(out.splitlines()[0])["ruleset"] == {"joker_same_face": "true"}
    code, out, _ = run("verify", "--json", str(SOLO))
    assert json.loads(out.splitlines()[0])["ruleset"] == {}
    code, out, _ = run("verify", str(SOLO))
    assert "LEGAL (" in out and "under ruleset" not in out
    # an override on the command line is named too, in every kind of verdict
    path.write_text(json.dumps(_in_progress()))
    code, out, _ = run("verify", "--ruleset", "blue_seven_after_seven=true", str(path))
    assert code == 1 and "INCOMPLETE under ruleset blue_seven_after_seven=true" in out


def test_a_step_out_of_turn_names_the_dice_in_words(tmp_path: Path) -> None:
    data = _solo()
    steps = data["steps"]
    assert isinstance(steps, list)
    data["steps"] = ["p1: pass"] + steps
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(data))
    code, out, _ = run("verify", str(path))
    assert code == 1 and "the dice are to be rolled" in out and "dice is to move" not in out
    code, _, err = run("legal", "--step", "3", str(path))
    assert code == 1 and "the dice are to be rolled" in err and "dice is to" not in err


def test_each_verdict_comes_as_soon_as_its_record_is_read() -> None:
    """``verify -`` answers a record before the next one arrives (an app sends one record and
    waits for its verdict)."""
    line = json.dumps(_solo()).encode() + b"\n"
    with subprocess.Popen([sys.executable, "-m", "oracle", "verify", "-"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT) as process:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(line)
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], PATIENCE)
        answered = bool(ready) and process.stdout.readline().startswith(b"-:1: LEGAL")
        process.stdin.write(line)
        process.stdin.close()
        rest = process.stdout.read()
        process.wait(PATIENCE)
    assert answered and b"-:2: LEGAL" in rest and process.returncode == 0


def test_standard_input_of_one_record_as_a_pretty_document(tmp_path: Path) -> None:
    """A file named by path and the same bytes on standard input get the same verdict."""
    text = SOLO.read_bytes()
    path = tmp_path / "same.json"
    path.write_bytes(text)
    by_path = run("verify", str(path))
    by_stdin = run("verify", "-", stdin=text)
    assert by_path[0] == by_stdin[0] == 0
    assert by_path[1].replace(str(path), "-") == by_stdin[1]
    os.remove(path)
