"""certify on the command line: the same --seed plays the same games as the Python API, findings
are printed (with --json one JSON line each) as soon as they are found, progress goes to a
terminal, --budget stops a run and says so, and --trace replays one finding step by step."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.engine.errors import OracleError
from oracle.games import find_game
from oracle.formats.jsontext import MAX_DIGITS, loads
from oracle.records.record import parse_record, verify
from properties import duel
from properties.certify import DEFAULT_EXAMPLES, certify
from properties.certify_report import finding_json
from properties.findings import Finding
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
    # Two events per finding: as first seen (being shortened), then shrunk with its hint.
    assert [line["type"] for line in lines] == ["first", "finding"] * (len(lines) // 2) + [
        "report"]
    assert all(line["shortened"] for line in lines[:-1:2])
    assert not any(line["shortened"] for line in lines[1:-1:2])
    assert [(f["rule"], f["situation"]) for f in lines[:-1:2]] == [
        (f["rule"], f["situation"]) for f in lines[1:-1:2]]
    # In process, the same app: the same games, the same findings.
    result = certify(FOUREVER, fourever_three(lists=False), seed=7, max_examples=2,
                     shrink_replays=3)
    cli = [(f["kind"], f["rule"], f["games"], f["decisions"], f["moves"]) for f in lines[1:-1:2]]
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


def test_each_finding_is_reported_as_first_seen_before_it_is_shrunk() -> None:
    """Print first, then improve: ``on_first`` gets the difference as first seen (its whole
    game so far, marked ``shortened``), before the shrink and the hint, and ``on_finding``
    the same cause shrunk."""
    events: list[tuple[str, Finding]] = []
    result = certify(FOUREVER, fourever_three(lists=False), max_examples=2, shrink_replays=3,
                     on_first=lambda f: events.append(("first", f)),
                     on_finding=lambda f: events.append(("finding", f)))
    assert [e for e, _ in events] == ["first", "finding"] * len(result.findings)
    assert result.findings
    for (_, first), (_, final) in zip(events[::2], events[1::2]):
        assert first.shortened and not final.shortened
        assert first.key == final.key
        assert len(final.moves) <= len(first.moves) and first.games == final.games


def test_the_text_report_prints_a_finding_as_first_seen_then_shrunk() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--max-examples", "1",
                 "--shrink", "2", *LIMIT], out, err)
    assert code == 1, err.getvalue()
    blocks = [b for b in out.getvalue().split("\n\n") if b.startswith(("-- ", "== "))]
    assert blocks and [b[:3] for b in blocks] == ["-- ", "== "] * (len(blocks) // 2)
    assert all("being shortened" in b for b in blocks[::2])


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


# --- --seed: every game's seed fits in a record ---------------------------------------------

def _largest_seed(games: int) -> int:
    """The largest run seed whose games' seeds (SEED * 1,000,003 + the game's number, from 0)
    have at most 100 digits, as every number in a record and in a finding's line."""
    return (10**MAX_DIGITS - games) // 1_000_003


@pytest.mark.parametrize("seed,games", [("9" * 95, "1"), ("9" * MAX_DIGITS, "1"),
                                        (str(_largest_seed(1) + 1), "1"),
                                        (str(_largest_seed(30) + 1), None)],
                         ids=["95-digits", "100-digits", "largest+1", "largest+1-default"])
def test_certify_refuses_a_seed_whose_games_seeds_no_record_holds(
        tmp_path: Path, seed: str, games: str | None) -> None:
    """Refused before the run: the adapter (``false``, which would fail otherwise) is never
    started and the --records folder is not created."""
    folder = tmp_path / "findings"
    argv = ["certify", "--adapter", "false", "--seed", seed, "--records", str(folder)]
    out, err = io.StringIO(), io.StringIO()
    code = main(argv + (["--max-examples", games] if games else []), out, err)
    text = err.getvalue()
    assert code == 2 and out.getvalue() == "" and text.count("\n") == 1
    assert "--seed" in text and "100 digits" in text and "Traceback" not in text
    assert str(_largest_seed(int(games or DEFAULT_EXAMPLES))) in text
    assert not folder.exists()
    with pytest.raises(OracleError, match="100 digits"):
        certify(FOUREVER, fourever_three(lists=False), seed=int(seed),
                max_examples=int(games or DEFAULT_EXAMPLES))


def test_the_largest_seed_plays_and_its_findings_are_traced_and_recorded(
        tmp_path: Path) -> None:
    largest = _largest_seed(2)
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--seed", str(largest),
                 "--max-examples", "2", "--shrink", "2", "--json", "--records", str(tmp_path)],
                out, err)
    assert code == 1, err.getvalue()
    findings = out.getvalue().splitlines()[:-1]
    assert findings and all(len(str(loads(line)["seed"])) <= MAX_DIGITS for line in findings)
    assert len(str(loads(findings[-1])["seed"])) == MAX_DIGITS
    for path in sorted(tmp_path.glob("finding-*.json")):
        assert verify(parse_record(path.read_text(), str(path))).status in ("legal", "incomplete")
    saved = tmp_path / "one.json"
    saved.write_text(findings[0])
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--trace", str(saved)],
                out, err)
    assert code == 1 and err.getvalue() == "" and "<-- differs" in out.getvalue()


# --- --records DIR: checked before the run; no finding lost, no file replaced -----------------

REFERENCE = f"{PYTHON} -m oracle.adapter.reference"


def test_records_onto_a_file_is_refused_before_the_run(tmp_path: Path) -> None:
    target = tmp_path / "not-a-folder"
    target.write_text("mine")
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", "/no/such/adapter", "--records", str(target)],
                out, err)
    assert code == 2 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and f"--records {target}: not a folder" in \
        err.getvalue()
    assert target.read_text() == "mine"


def test_records_onto_an_earlier_runs_findings_is_refused_before_the_run(
        tmp_path: Path) -> None:
    earlier = tmp_path / "finding-1-POLISH.json"
    earlier.write_text("an earlier run's finding")
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", "/no/such/adapter", "--records", str(tmp_path)],
                out, err)
    assert code == 2 and err.getvalue().count("\n") == 1
    assert "holds an earlier run's findings (finding-1-POLISH.json)" in err.getvalue()
    assert earlier.read_text() == "an earlier run's finding"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["finding-1-POLISH.json"]


def test_records_into_a_missing_folder_creates_it(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--max-examples", "1",
                 "--shrink", "2", "--records", str(folder)], out, err)
    assert code == 1, err.getvalue()
    saved = sorted(folder.glob("finding-*.json"))
    assert saved and out.getvalue().count("the whole game as a record: ") == len(saved)


def test_records_into_a_folder_whose_parent_is_missing_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "no" / "such"
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", REFERENCE, "--records", str(folder)], out, err)
    assert code == 2 and err.getvalue().count("\n") == 1
    assert "cannot create the folder" in err.getvalue() and not folder.exists()


def test_a_record_that_cannot_be_written_keeps_the_finding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up mid-run: every finding is still printed, saying its record could not
    be written, and the run goes on to its report (exit 1, not 2)."""
    import errno

    from oracle.plumbing import outfile

    def full(target: Path, replace: bool = False) -> object:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(outfile, "new_file", full)
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", BENT, "--game", "clever-4ever", "--max-examples", "1",
                 "--shrink", "2", "--records", str(tmp_path)], out, err)
    assert code == 1, err.getvalue()
    text = out.getvalue()
    findings = text.count("\n== ") + text.startswith("== ")
    assert findings >= 1
    assert text.count("the whole game as a record could not be written: No space left on "
                      "device") == findings
    assert "DIFFERENCES by rule" in text
    assert f"{findings} finding record(s) could not be written" in text
    assert list(tmp_path.iterdir()) == []


def test_trace_replays_under_the_findings_ruleset_and_says_so() -> None:
    """A finding played under a followed hint's reading is traced under that reading on both
    sides (the app is sent it), not under the command line's ruleset, and the trace says so."""
    from oracle.adapter.reference import ReferenceImplementation
    from properties.trace import trace

    class Told(ReferenceImplementation):
        def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                     seed: int = 0) -> None:
            told.append(dict(ruleset))
            super().new_game(game, players, ruleset, seed)

    told: list[dict[str, str | bool]] = []
    cubed = find_game("clever-cubed")
    finding = {"players": 1, "moves": ["roll W1 Y2 T3 B4 Br5 P6"], "move": None,
               "kind": "state", "ruleset": {"joker_same_face": "true"}, "seed": 3}
    lines, parted = trace(cubed, Told(cubed), finding, {})
    assert told == [{"joker_same_face": "true"}]
    assert lines[0] == ("trace: under the finding's ruleset (joker_same_face=true; the app is "
                        "sent joker_same_face=true), not the command line's (our rulings)")
    assert not parted
