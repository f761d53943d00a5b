"""Fuzzing the record reader, the notation parsers and the verifier: always a clean verdict or
a one-line error, never a traceback, and input files are never modified."""

from __future__ import annotations

import hashlib
import io
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import NotationError, RecordError, parse_move
from oracle.cli import main
from oracle.games import find_game
from oracle.records.record import parse_record, verify
from properties.records import hostile_record_text, json_values, mutated_record_text

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(json_values)
def test_random_json_is_refused_cleanly(value: object) -> None:
    try:
        parse_record(json.dumps(value))
    except RecordError as error:
        assert "\n" not in str(error)


@FUZZ
@given(st.text(max_size=200))
def test_random_text_is_refused_cleanly(text: str) -> None:
    for parser in (parse_record,):
        try:
            parser(text)
        except RecordError:
            pass
    for notation in (parse_move, find_game("clever-cubed").parse_sheet):
        try:
            notation(text)
        except NotationError as error:
            assert "\n" not in str(error).replace("\\n", "")


@FUZZ
@given(mutated_record_text())
def test_mutated_records_get_a_verdict_or_a_clean_error(text: str) -> None:
    try:
        record = parse_record(text, "m.json")
    except RecordError as error:
        assert "\n" not in str(error)
        return
    verdict = verify(record, "m.json")
    assert verdict.status in ("legal", "illegal", "incomplete")
    if verdict.status == "illegal" and verdict.step is not None:
        assert verdict.rule and verdict.rule != "NOT-LEGAL" and verdict.reason


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_record_text())
def test_command_line_on_mutated_records(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.json"
        path.write_text(text)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        out, err = io.StringIO(), io.StringIO()
        code = main(["verify", str(path)], out, err)
        assert code in (0, 1, 2), err.getvalue()
        assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()
        if code == 2:
            assert err.getvalue().count("\n") == 1
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_record_text(), st.sampled_from([["verify"], ["verify", "--json"], ["legal"],
                                               ["show"], ["verify", "--partial", "-"]]))
def test_command_line_on_hostile_records(text: str, command: list[str]) -> None:
    """Deep nesting, lone surrogates, control characters, huge strings, empty input: a verdict
    or a short one-line error, never a traceback; output is one line per line and UTF-8."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.json"
        data = text.encode("utf-8", "surrogatepass")
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        argv = command if command[-1] == "-" else [*command, str(path)]
        code = main(argv, out, err, io.BytesIO(data))
        assert code in (0, 1, 2), err.getvalue()
        assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()
        if "--json" in command:
            lines = [json.loads(line) for line in out.getvalue().splitlines()]
            assert lines[-1]["exit"] == code and err.getvalue() == ""
            assert all(len(line.get("error", "")) < 1_000 for line in lines)
        elif code == 2:
            assert err.getvalue().count("\n") == 1 and len(err.getvalue()) < 1_000
        printed = out.getvalue() + err.getvalue()
        printed.encode("utf-8")
        assert "\x1b" not in printed and "\u202e" not in printed
        assert path.read_bytes() == data
