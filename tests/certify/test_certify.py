"""Certification: the reference adapter conforms; every deliberately wrong adapter is caught on
a minimal game that names the bent rule; unusable adapters are reported as such (exit 2)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from oracle.adapter.jsonl import SubprocessImplementation
from oracle.adapter.reference import ReferenceImplementation
from oracle.cli import main
from oracle.records.record import verify
from properties.certify import certify
from properties.certify_report import finding_record
from tests.certify.wrong_adapters import CUBED, IN_PROCESS, PlaysOption, SwapsOption
from tests.processes import PATIENCE

PYTHON = sys.executable
#: ``--timeout`` for an adapter that answers: a bound (its start on a busy machine takes
#: seconds), never what decides a verdict.
LIMIT = ("--timeout", str(PATIENCE))


def test_reference_adapter_conforms_in_process() -> None:
    result = certify(CUBED, ReferenceImplementation(CUBED), max_examples=10)
    assert result.findings == ()
    assert result.examples == 10


@pytest.mark.parametrize("name", sorted(IN_PROCESS))
def test_wrong_adapter_is_caught(name: str) -> None:
    make, rule, option = IN_PROCESS[name]
    result = certify(CUBED, make(), max_examples=3, shrink_replays=16)
    finding = next(f for f in result.findings if f.rule == rule)
    # One bent rule may show in more than one rule's situations, never as another kind.
    assert {f.kind for f in result.findings} == {finding.kind}
    assert finding.option == option
    assert len(finding.moves) <= 100, finding.moves  # shrunk (a whole game has 150 to 400 steps)
    record = finding_record(CUBED, finding)
    verdict = verify(record)
    if finding.kind == "too-lenient":  # the record's last step is the move the app accepted
        assert verdict.status == "illegal" and verdict.rule == rule
    else:
        assert verdict.status in ("incomplete", "legal")


def test_wrong_adapter_over_json_lines_is_caught() -> None:
    app = SubprocessImplementation(f"{PYTHON} -m tests.certify.bent_adapter", PATIENCE)
    try:
        result = certify(CUBED, app, max_examples=2, shrink_replays=8)
    finally:
        app.close()
    assert [(f.kind, f.rule) for f in result.findings] == [("state", "BONUS-TURQUOISE")]
    assert result.findings[0].seen == "sheet"
    # Its sheets are in sheet notation (protocol 2), read into the model: the finding names
    # the part of the sheet that differs (what a turquoise line earns: a re-roll circled, a
    # question mark pending, ...) and how.
    assert re.match(r"p\d's (reroll track|number joker track|extra die track|pending question "
                    r"marks|yellow|blue|brown|pink): .*app.*oracle",
                    result.findings[0].difference or ""), result.findings[0].difference


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_reference_adapter_conforms() -> None:
    code, out, err = _run("certify", "--adapter", f"{PYTHON} -m oracle.adapter.reference",
                          "--max-examples", "1", *LIMIT)
    assert code == 0, err
    assert "CONFORMING" in out


@pytest.mark.parametrize("command, what, timeout", [
    ("-c 'import sys; sys.exit(3)'", "crashed", PATIENCE),
    ("-c 'print(\"hello there\", flush=True); import time; time.sleep(600)'", "garbage",
     PATIENCE),
    ("-c 'import time; time.sleep(600)'", "timeout", 1),  # never answers: a timeout however slow
    ("-c 'import json; print(json.dumps({\"type\": \"hello\", \"game\": \"clever-cubed\"}), "
     "flush=True)'", "garbage", PATIENCE),
])
def test_unusable_adapter_exits_2_with_one_line(command: str, what: str, timeout: int) -> None:
    """Each adapter fails the same way on a busy machine: only the one that never answers
    meets the (short) timeout."""
    code, out, err = _run("certify", "--adapter", f"{PYTHON} {command}", "--timeout",
                          str(timeout), "--max-examples", "2")
    assert code == 2
    assert what in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_missing_adapter_command_exits_2() -> None:
    code, _, err = _run("certify", "--adapter", "/no/such/adapter")
    assert code == 2 and "cannot start" in err


def test_bad_ruleset_option_exits_2() -> None:
    code, _, err = _run("certify", "--adapter", f"{PYTHON} -m oracle.adapter.reference",
                        "--ruleset", "nonsense=1", *LIMIT)
    assert code == 2 and "nonsense" in err


def test_an_app_playing_number_plus_white_gets_only_true_findings_with_that_hint() -> None:
    """Ruling 13: a move's text means the same under every ruleset, so following the hint
    blue_question=number_plus_white changes which blue question marks are legal, never how a
    text is read: no step or seven finding on the blue track (three false ones before), nothing
    the app allows that the oracle does not, and every finding hints at that option."""
    result = certify(CUBED, PlaysOption("blue_question", "number_plus_white"), max_examples=10,
                     shrink_replays=16)
    assert result.findings
    assert {f.option for f in result.findings} == {"blue_question=number_plus_white"}
    assert "too-lenient" not in {f.kind for f in result.findings}
    assert not {"BLUE-STEP", "BLUE-SEVEN"} & {f.rule for f in result.findings}


def test_a_hint_is_checked_with_the_app_told_its_ruleset() -> None:
    """Issue 27: following a hint is a new game on both sides under it.  An app that declares
    joker_same_face and plays the other value of the one it is told accepts a joker naming the
    die's own face under our ruling; told joker_same_face=true it refuses it, so that hint is
    false and is not printed (it was, when the replay told the app the old ruleset)."""
    result = certify(CUBED, SwapsOption("joker_same_face"), max_examples=3, shrink_replays=8)
    joker = [f for f in result.findings if f.rule == "NUMBER-JOKER"]
    assert joker and joker[0].kind == "too-lenient"
    assert all(f.option is None for f in result.findings)
