"""A run that compared too little is never "conforming" (docs/certify.md, "When a run says
nothing"): an app that answers "not comparable" to everything, or a budget that ends before
anything was compared, is INCONCLUSIVE (exit 5), for ``certify`` and for ``conformance``; an
app that answers "not comparable" now and then, as the protocol allows, still conforms.  No
budget here depends on the clock: a budget of 0 seconds, or a clock that moves one second per
question to the app."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from oracle.adapter.protocol import ROLLS_ITSELF, Answer, Hello, Rolled, Step
from oracle.adapter.reference import ReferenceImplementation
from oracle.cli import main
from oracle.plumbing.exitcodes import EXIT_INCONCLUSIVE
from properties.certify import CONFORMING, INCONCLUSIVE, certify
from properties.perft import NOT_COMPARED, check_positions, default_counts, verdict
from tests.certify.wrong_adapters import CUBED, AcceptsEverything, NeverComparable

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = f"{sys.executable} -m tests.hostile_adapters"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _one_position(tmp_path: Path) -> str:
    """A counts file with the shipped position that is quickest to walk."""
    data = json.loads(default_counts(CUBED.name).read_text())
    data["positions"] = [min(data["positions"], key=lambda p: p["perft"][-1])]
    path = tmp_path / "counts.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_an_app_that_is_never_comparable_is_inconclusive() -> None:
    result = certify(CUBED, NeverComparable(), max_examples=2, shrink_replays=2)
    assert result.findings == ()
    assert result.verdict == INCONCLUSIVE
    assert result.coverage.states == 0 and result.coverage.lists == 0
    assert result.coverage.states_asked > 0 and result.coverage.whole == 0


def test_an_app_now_and_then_not_comparable_still_conforms() -> None:
    """One request in three answered "not comparable" (between the app's own steps)."""
    result = certify(CUBED, NeverComparable(every=3), max_examples=1)
    assert result.findings == () and result.not_comparable > 0
    assert result.verdict == CONFORMING and result.coverage.whole == 1


def test_a_budget_that_ends_before_anything_is_compared_is_inconclusive() -> None:
    """An app that accepts every move (the first near miss would show it), and a budget of 0
    seconds: nothing is asked, nothing compared."""
    result = certify(CUBED, AcceptsEverything(), max_examples=5, budget=0)
    assert not result.complete and result.findings == ()
    assert result.verdict == INCONCLUSIVE
    assert result.coverage.states_asked == 0


def test_the_reference_app_conforms_with_what_was_compared() -> None:
    result = certify(CUBED, ReferenceImplementation(CUBED), max_examples=1)
    assert result.verdict == CONFORMING
    c = result.coverage
    assert c.ended == c.whole == 1 and c.states == c.states_asked == c.sheets == c.scores
    assert c.lists == c.lists_asked > 0


def test_cli_never_comparable_is_exit_5(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = _run("certify", "--adapter", f"{HOSTILE} not-comparable",
                          "--max-examples", "1", "--shrink", "2")
    assert code == EXIT_INCONCLUSIVE == 5, err
    assert "INCONCLUSIVE" in out and "CONFORMING" not in out
    assert "compared: 0 of " in out and "0 of 1 games played to the end compared whole" in out


def test_cli_budget_ending_first_is_exit_5_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--budget 0.5`` with a clock that moves one second per question to the app: the
    budget is spent before the first question (no wall clock in the test)."""
    monkeypatch.chdir(ROOT)
    ticks = iter(range(10**9))
    monkeypatch.setattr("properties.duel.time.monotonic", lambda: float(next(ticks)))
    monkeypatch.setattr("properties.certify.time.monotonic", lambda: float(next(ticks)))
    code, out, err = _run("certify", "--adapter", f"{HOSTILE} accepts-all", "--budget", "0.5",
                          "--json")
    assert code == EXIT_INCONCLUSIVE, err
    report = json.loads(out.splitlines()[-1])
    assert report["verdict"] == "inconclusive" and report["conforming"] is False
    assert report["complete"] is False and report["compared"]["states_asked"] == 0


def test_the_help_documents_exit_5(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("certify", "conformance"):
        code, _, _ = _run(command, "--help")
        assert code == 0 and "\n  5    inconclusive" in capsys.readouterr().out


def test_conformance_of_a_never_comparable_app_is_not_passed(tmp_path: Path) -> None:
    positions = check_positions(CUBED, NeverComparable(), _one_position(tmp_path))
    assert [p["status"] for p in positions] == [NOT_COMPARED]
    assert not positions[0]["ok"] and "not comparable" in str(positions[0]["reason"])
    assert verdict(positions) == "inconclusive"


def test_cli_conformance_never_comparable_is_exit_5(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = _run("conformance", "--adapter", f"{HOSTILE} not-comparable",
                          "--counts", _one_position(tmp_path))
    assert code == EXIT_INCONCLUSIVE, err
    assert "NOT COMPARED" in out and out.splitlines()[-1].startswith("INCONCLUSIVE")


class RollsItsOwn(ReferenceImplementation):
    """Our engine, rolling its own dice (all sixes) where it is given a roll."""

    def __init__(self) -> None:
        super().__init__(CUBED)

    def hello(self) -> Hello:
        hello = super().hello()
        return Hello(hello.game, hello.version, hello.capabilities | {ROLLS_ITSELF}, 2,
                     hello.options)

    def apply(self, step: Step) -> Answer | Rolled:  # type: ignore[override]  # it rolls
        if step.kind not in ("roll", "solo-roll"):
            return super().apply(step)
        sixes = " ".join(t[:-1] + "6" for t in step.move.split(" ")[1:])
        rolled = f"{step.move.split(' ')[0]} {sixes}"
        super().apply(Step(rolled, step.kind, step.turn))
        return Rolled(rolled)


def test_conformance_of_an_app_rolling_its_own_dice_is_not_passed(tmp_path: Path) -> None:
    positions = check_positions(CUBED, RollsItsOwn(), _one_position(tmp_path))
    assert [p["status"] for p in positions] == [NOT_COMPARED]
    assert "the app rolls its own dice" in str(positions[0]["reason"])
    assert verdict(positions) == "inconclusive"
