"""The command line: verdicts, exit codes, one-line errors, nothing overwritten."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from oracle import RULES
from oracle.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ILLEGAL = EXAMPLES / "illegal" / "illegal-step.json"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _digest(folder: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_verify_legal_examples() -> None:
    before = _digest(EXAMPLES)
    code, out, err = run("verify", str(EXAMPLES))
    legal = len(list(EXAMPLES.glob("*.json")))
    assert code == 0 and legal >= 4
    assert err.count("\n") == 1 and "skipped 1" in err and "--recursive" in err
    assert out.count(": LEGAL") == legal and "total" in out
    assert f"{legal} records: {legal} legal" in out
    assert _digest(EXAMPLES) == before


def test_verify_illegal_example() -> None:
    code, out, _ = run("verify", str(ILLEGAL))
    assert code == 1
    assert "ILLEGAL at step 4" in out and "rule YELLOW-ROW" in out
    assert "sheet before: y=" in out and "legal instead (8): take Y yellow:II" in out


def test_verify_json() -> None:
    code, out, _ = run("verify", "--json", str(EXAMPLES), str(ILLEGAL))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    legal = len(list(EXAMPLES.glob("*.json")))
    assert lines[-1] == {"summary": {"records": legal + 1, "legal": legal, "illegal": 1,
                                     "incomplete": 0, "legal-so-far": 0, "unusable": 0},
                         "exit": 1}
    bad = [r for r in lines[:-1] if r["status"] == "illegal"][0]
    assert bad["step"] == 4 and bad["rule"] == "YELLOW-ROW" and bad["legal"][0]


def test_verify_unusable_inputs_one_line_each(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "schema.json").write_text('{"format": "clever-oracle-record/1"}')
    code, out, err = run("verify", str(tmp_path), str(tmp_path / "missing.json"))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 3 and "Traceback" not in err
    assert "not JSON" in lines[0] and "required property" in lines[1]
    assert "no such file" in lines[2]


def test_verify_ruleset_option() -> None:
    code, _, err = run("verify", "--ruleset", "blue_question=weird", str(ILLEGAL))
    assert code == 2 and "--ruleset" in err
    code, out, _ = run("verify", "--ruleset", "blue_seven_after_seven=true",
                       str(EXAMPLES / "solo-legal.json"))
    assert code == 0 and "LEGAL" in out


def test_play_writes_a_record_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    code, out, _ = run("play", "--players", "2", "--seed", "4", "--policy", "greedy",
                       "--out", str(target))
    assert code == 0 and "wrote" in out
    first = target.read_text()
    assert run("verify", str(target))[0] == 0
    code, _, err = run("play", "--players", "2", "--seed", "5", "--out", str(target))
    assert code == 2 and "exists" in err and target.read_text() == first
    assert run("play", "--players", "5")[0] == 2


def test_legal_and_show(tmp_path: Path) -> None:
    code, out, _ = run("legal", str(ILLEGAL), "--step", "4")  # exit 1: an illegal record
    assert code == 1 and "take Y yellow:II" in out.splitlines() and "8 legal moves" in out
    code, out, _ = run("legal", str(ILLEGAL), "--step", "1")
    assert code == 1 and "dice are to be rolled" in out
    code, _, err = run("legal", str(ILLEGAL), "--step", "999")
    assert code == 2 and "--step 999" in err
    code, out, err = run("legal", str(ILLEGAL))   # the moves before the illegal step 4
    assert code == 1 and "before step 4, the illegal one" in out and "8 legal moves" in out
    assert err.count("\n") == 1 and "ILLEGAL at step 4 of 122" in err
    code, out, err = run("legal", str(EXAMPLES / "solo-legal.json"))
    assert code == 0 and err == "" and "the game is over" in out
    svg = tmp_path / "sheet.svg"
    code, out, _ = run("show", str(EXAMPLES / "three-players-legal.json"), "--svg", str(svg))
    assert code == 0 and "YELLOW" in out and "p3 Player 3" in out
    assert svg.read_text().startswith("<svg") and "TURQUOISE" in svg.read_text()
    code, _, err = run("show", str(EXAMPLES / "solo-legal.json"), "--svg", str(svg))
    assert code == 2 and "exists" in err


def _wrong_totals(tmp_path: Path) -> Path:
    """A finished game whose steps are all legal but whose claimed total is wrong."""
    data = json.loads((EXAMPLES / "solo-legal.json").read_text())
    data["totals"] = [data["totals"][0] + 1]
    path = tmp_path / "totals.json"
    path.write_text(json.dumps(data))
    return path


_SHOW_FORMS = {"text": [], "svg": ["--svg", "OUT/sheet.svg"],
               "html": ["--html", "--out", "OUT/game.html"],
               "html to stdout": ["--html", "--out", "-"]}


@pytest.mark.parametrize("form", list(_SHOW_FORMS))
@pytest.mark.parametrize("source, shown, why", [
    pytest.param(str(ILLEGAL), "before step 4, the illegal one",
                 "ILLEGAL at step 4 of 122: p1 (Player 1): take Y yellow:I: rule YELLOW-ROW: ",
                 id="illegal step"),
    pytest.param(str(EXAMPLES / "illegal" / "fourever-illegal-step.json"),
                 "before step 10, the illegal one", ": ILLEGAL at step 10 of ",
                 id="clever-4ever illegal step"),
    pytest.param("TOTALS", "after the last step", ": ILLEGAL: rule SCORE-TOTAL: the claimed "
                 "totals are wrong: p1 claims ", id="wrong totals"),
    pytest.param(str(EXAMPLES / "solo-legal.json"), "after the last step", None, id="legal"),
])
def test_show_an_illegal_record_is_exit_1_in_every_form(tmp_path: Path, form: str, source: str,
                                                        shown: str, why: str | None) -> None:
    """``show``, ``show --svg`` and ``show --html`` agree with ``show --help``: an illegal
    record is shown up to its illegal step, with exit 1 and what is wrong in one line on
    standard error; a legal one exit 0 (issue 25, item 15: plain ``show`` exited 2, ``--html``
    0)."""
    source = str(_wrong_totals(tmp_path)) if source == "TOTALS" else source
    argv = [a.replace("OUT", str(tmp_path)) for a in _SHOW_FORMS[form]]
    code, out, err = run("show", source, *argv)
    if why is None:
        assert (code, err) == (0, "")
    else:
        assert code == 1 and err.count("\n") == 1 and err.startswith(f"clever-oracle: {source}")
        assert why in err and "Traceback" not in err
    if form == "text":
        assert f"{source}, {shown}: round " in out and "notation: " in out
    elif form == "svg":
        assert out.endswith("wrote " + argv[1] + "\n") and f"{shown}" in out
        assert (tmp_path / "sheet.svg").read_text().startswith("<svg")
    elif form == "html":
        assert out == f"wrote {argv[2]}\n"
        assert (tmp_path / "game.html").read_text().startswith("<!DOCTYPE html>")
    else:
        assert out.startswith("<!DOCTYPE html>")


def test_show_and_legal_before_the_illegal_step_are_exit_1_too() -> None:
    """The state asked for exists (before the illegal step), but the record is illegal: exit 1
    whatever the step, as ``show --html`` (which holds the whole record)."""
    code, out, err = run("show", str(ILLEGAL), "--step", "3", "--player", "1")
    assert code == 1 and f"{ILLEGAL}, before step 3: round 1" in out
    assert err.count("\n") == 1 and "ILLEGAL at step 4" in err
    code, out, err = run("show", str(ILLEGAL), "--step", "50")
    assert code == 1 and "before step 4, the illegal one" in out and "ILLEGAL at step 4" in err
    code, out, err = run("legal", str(ILLEGAL), "--json")
    assert code == 1 and json.loads(out)["where"] == "before step 4, the illegal one"
    assert err.count("\n") == 1 and "ILLEGAL at step 4" in err


def test_rules_lists_every_rule() -> None:
    code, out, _ = run("rules")
    assert code == 0 and all(f"{rule.id}:" in out for rule in RULES)


def test_bad_command_line() -> None:
    code, _, err = run("frobnicate")
    assert code == 2 and "invalid choice" in err and "\n" == err[-1] and err.count("\n") == 1


def test_console_entry_point_prints_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text("[1, 2")
    done = subprocess.run([sys.executable, "-m", "oracle", "verify", str(tmp_path / "r.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize("argv", [["--help"], ["verify", "--help"]])
def test_help(argv: list[str]) -> None:
    assert run(*argv)[0] == 0


def _same_face_record(tmp_path: Path) -> Path:
    """A solo record, written with the default ruleset, in which a number joker names the face
    its die shows (legal only with joker_same_face=true, docs/rulings.md ruling 23)."""
    import random

    from oracle import Ruleset, Take, apply, legal_moves, new_game, sample_chance
    from oracle.records.record import Record, Step, dump_record

    ruleset = Ruleset(joker_same_face=True)
    for seed in range(50):
        rng = random.Random(seed)
        state = new_game(1, ruleset)
        steps: list[Step] = []
        used = False
        while not state.is_terminal:
            if state.is_chance:
                move = sample_chance(state, rng)
            else:
                moves = legal_moves(state)
                same = [m for m in moves if isinstance(m, Take) and m.action is not None
                        and m.action.number == state.faces[m.die]]
                move = same[0] if same and not used else rng.choice(moves)
                used = used or bool(same)
            steps.append(Step(state.actor, move))
            state = apply(state, move)
        if used:
            path = tmp_path / "same-face.json"
            path.write_text(dump_record(Record(("Solo",), tuple(steps))))
            return path
    raise AssertionError("no game used a joker naming the face")


def test_joker_same_face_option_on_the_command_line(tmp_path: Path) -> None:
    record = _same_face_record(tmp_path)
    code, out, _ = run("verify", str(record))
    assert code == 1 and "rule NUMBER-JOKER" in out and "already shows" in out
    code, out, _ = run("verify", "--ruleset", "joker_same_face=true", str(record))
    assert code == 0 and "LEGAL" in out


def test_python_m_oracle_cli_runs_the_command_line() -> None:
    """``python -m oracle.cli`` is the command line too, not a silent no-op."""
    done = subprocess.run([sys.executable, "-m", "oracle.cli", "verify",
                           str(ROOT / "examples/illegal/illegal-step.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "ILLEGAL" in done.stdout, done.stderr
