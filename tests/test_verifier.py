"""The verifier for app authors: games in progress, positions, streams, jobs, Dask, play --count."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from oracle import Record, load_records, parse_position, verify
from oracle.cli import main
from oracle.games import find_game
from oracle.records.play import play_game
from oracle.records.record import Meta, dump_record, parse_record, record_game, schema

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ILLEGAL = EXAMPLES / "illegal" / "illegal-step.json"
SOLO = EXAMPLES / "solo-legal.json"
VERDICTS = jsonschema.Draft202012Validator(schema("verdict-1.json"))


def run(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(stdin) if stdin is not None else None)
    return code, out.getvalue(), err.getvalue()


def _record(players: int, seed: int, steps: int | None = None) -> Record:
    moves, _ = play_game(players, seed)
    record = record_game(moves, tuple(f"P{i + 1}" for i in range(players)))
    if steps is not None:
        record = Record(record.players, record.steps[:steps], record.ruleset, None)
    return record


def _line(record: Record) -> str:
    return json.dumps(record.to_json())


def _mixed_jsonl(tmp_path: Path) -> Path:
    """Twelve records: legal, in progress, illegal (an impossible step) and unusable ones."""
    lines = []
    for seed in range(12):
        record = _record(1 + seed % 3, seed, None if seed % 3 else 7)
        text = _line(record)
        if seed % 4 == 1:  # step 3 (a player's move) made again as a roll: illegal
            data = record.to_json()
            steps = data["steps"]
            assert isinstance(steps, list)
            data["steps"] = [steps[0], steps[0], *steps[1:]]
            text = json.dumps(data)
        if seed == 5:
            text = "{broken"
        lines.append(text)
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


# --- games in progress and positions -------------------------------------------------------

def test_partial_game_is_legal_so_far_with_position_and_moves(tmp_path: Path) -> None:
    record = _record(2, 3, 9)
    path = tmp_path / "game.json"
    path.write_text(dump_record(record))
    code, out, _ = run("verify", "--partial", str(path))
    assert code == 0 and "LEGAL SO FAR (9 steps" in out
    position = next(line for line in out.splitlines() if "position:" in line).split(": ", 1)[1]
    state = parse_position(position)
    game = find_game("clever-cubed")
    legal = next(line for line in out.splitlines() if line.startswith("  legal ("))
    assert legal.count(",") + 1 == len(game.legal_moves(state)) or state.is_chance
    code, out, _ = run("verify", str(path))  # without --partial the same record is incomplete
    assert code == 1 and "INCOMPLETE" in out


def test_partial_does_not_excuse_an_illegal_step() -> None:
    code, out, _ = run("verify", "--partial", str(ILLEGAL))
    assert code == 1 and "ILLEGAL at step 4" in out and "position: clever-cubed" in out


def test_partial_verdict_of_a_finished_game_is_legal() -> None:
    verdict = verify(_record(1, 2), "r", partial=True)
    assert verdict.status == "legal"


def test_legal_prints_the_position_and_accepts_it_back() -> None:
    code, out, _ = run("legal", str(ILLEGAL), "--step", "4")
    position = out.splitlines()[1].removeprefix("position: ")
    code2, out2, _ = run("legal", position)
    assert (code, code2) == (1, 0)  # the record is illegal (at step 4); the position is fine
    assert out.splitlines()[2:] == out2.splitlines()[2:] and "8 legal moves" in out2
    code, out, _ = run("legal", str(ILLEGAL), "--step", "4", "--json")
    data = json.loads(out)
    assert data["position"] == position and len(data["legal"]) == 8 and data["over"] is False
    assert run("legal", position, "--step", "2")[0] == 2


def test_show_a_position() -> None:
    position = run("legal", str(SOLO))[1].splitlines()[1].removeprefix("position: ")
    code, out, _ = run("show", position)
    assert code == 0 and "YELLOW" in out and out.startswith("position, in this position")
    code, _, err = run("show", position.replace("round=", "round=x"))
    assert code == 2 and "field round=" in err and err.count("\n") == 1


# --- streams ------------------------------------------------------------------------------

def test_verify_reads_a_record_from_standard_input() -> None:
    code, out, _ = run("verify", "-", stdin=SOLO.read_bytes())
    assert code == 0 and out.startswith("-: LEGAL")


def test_verify_reads_json_lines_from_standard_input(tmp_path: Path) -> None:
    text = _mixed_jsonl(tmp_path).read_bytes()
    code, out, err = run("verify", "--json", "-", stdin=text)
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["name"] for line in lines[:-1]] == [f"-:{n}" for n in range(1, 13)]
    assert lines[-1]["summary"]["records"] == 12 and code == 2


def test_json_lines_follow_the_schema_and_quiet_leaves_out_the_legal(tmp_path: Path) -> None:
    path = _mixed_jsonl(tmp_path)
    code, out, _ = run("verify", "--json", "--jobs", "1", str(path), str(EXAMPLES))
    lines = [json.loads(line) for line in out.splitlines()]
    for line in lines:
        VERDICTS.validate(line)
    assert "summary" in lines[-1] and all("summary" not in line for line in lines[:-1])
    kinds = {line["status"] for line in lines[:-1]}
    assert kinds == {"legal", "illegal", "incomplete", "unusable"}
    assert lines[-1]["exit"] == code == 2
    _, quiet, _ = run("verify", "--json", "--quiet", "--jobs", "1", str(path), str(EXAMPLES))
    kept = [json.loads(line) for line in quiet.splitlines()]
    assert kept[-1] == lines[-1]
    assert kept[:-1] == [line for line in lines[:-1] if line["status"] != "legal"]


def test_jobs_give_the_same_output_in_the_same_order(tmp_path: Path) -> None:
    path = _mixed_jsonl(tmp_path)
    one = run("verify", "--jobs", "1", str(path))
    two = run("verify", "--jobs", "2", str(path))
    assert one == two and one[0] == 2
    assert run("verify", "--jobs", "0", str(path))[0] == 2


def test_dask_gives_the_same_verdicts_in_the_same_order(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    path = _mixed_jsonl(tmp_path)
    expected = run("verify", "--json", "--jobs", "1", str(path))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        got = run("verify", "--json", "--dask", cluster.scheduler_address, str(path))
    assert got == expected


def test_records_are_read_one_at_a_time(tmp_path: Path) -> None:
    """A JSON Lines file is not read whole: the first record comes before a broken tail is
    met, and the reader is a lazy iterator."""
    path = tmp_path / "many.jsonl"
    path.write_text(_line(_record(1, 1)) + "\n" + "{broken\n" * 3)
    loaded = load_records(str(path))
    name, first = next(loaded)
    assert name.endswith(":1") and isinstance(first, Record)
    assert [n.rsplit(":", 1)[1] for n, _ in loaded] == ["2", "3", "4"]


# --- play --count ---------------------------------------------------------------------------

def test_play_count_writes_json_lines_with_seed_and_policy(tmp_path: Path) -> None:
    target = tmp_path / "games.jsonl"
    code, out, _ = run("play", "--count", "3", "--seed", "10", "--players", "2",
                       "--policy", "greedy", "--out", str(target))
    assert code == 0 and "3 records" in out
    records = [parse_record(line) for line in target.read_text().splitlines()]
    assert [r.meta for r in records] == [Meta(s, "greedy") for s in (10, 11, 12)]
    for line in target.read_text().splitlines():
        jsonschema.validate(json.loads(line), schema())
    assert run("verify", str(target))[0] == 0
    code, _, err = run("play", "--count", "2", "--out", str(tmp_path / "games.json"))
    assert code == 2 and ".jsonl" in err


def test_solo_play_names_no_winner(tmp_path: Path) -> None:
    code, out, _ = run("play", "--out", str(tmp_path / "solo.json"))
    assert code == 0 and ", winner" not in out
    code, out, _ = run("play", "--players", "2", "--out", str(tmp_path / "two.json"))
    assert code == 0 and ", winner p" in out


# --- conventions ----------------------------------------------------------------------------

def test_version() -> None:
    done = subprocess.run([sys.executable, "-m", "oracle", "--version"], capture_output=True,
                          text=True, check=False, cwd=ROOT)
    pyproject = (ROOT / "pyproject.toml").read_text()
    version = done.stdout.split()[-1]
    assert done.returncode == 0 and f'version = "{version}"' in pyproject


def test_help_lists_defaults_options_and_exit_codes() -> None:
    done = subprocess.run([sys.executable, "-m", "oracle", "verify", "--help"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    text = done.stdout
    assert "blue_seven_after_seven=false|true" in text and "130" in text
    assert "(default: all cores" in text and "exit codes" in text
    assert "default: 1" in subprocess.run(
        [sys.executable, "-m", "oracle", "play", "--help"], capture_output=True, text=True,
        check=False, cwd=ROOT).stdout


def test_rules_prints_one_rule() -> None:
    code, out, _ = run("rules", "YELLOW-ROW", "--game", "clever-cubed")
    assert code == 0 and out.startswith("YELLOW-ROW (Clever Cubed):") and "sentence:" in out
    assert len(out.splitlines()) == 3
    code, out, _ = run("rules", "YELLOW-ROW")  # both games have a rule of that id
    assert code == 0 and "YELLOW-ROW (Clever 4Ever):" in out and len(out.splitlines()) == 6
    code, _, err = run("rules", "NO-SUCH-RULE")
    assert code == 2 and "no such rule" in err


def test_schema_catches_a_record_that_fails_only_on_move_syntax() -> None:
    data = json.loads(SOLO.read_text())
    good = jsonschema.Draft202012Validator(schema())
    assert not list(good.iter_errors(data))
    for wrong in ("p1: tkae Y yellow:I", "dice: roll W7", "p1: take Y yellow:", "p1: reroll now",
                  "dice: take Y yellow:I", "p1: question ?Y x yellow:I"):
        bad = dict(data, steps=[*data["steps"][:3], wrong])
        assert list(good.iter_errors(bad)), wrong


@pytest.mark.parametrize("text, shown", [
    ("Ann", "Ann"), ("\x1b[2J", "\\x1b[2J"), ("a\nb", "a\\x0ab"), ("\ud800", "\\ud800"),
    ("\u202eabc", "\\u202eabc"), ("Zoë 🎲", "Zoë 🎲"), ("\u2028", "\\u2028"),
])
def test_printable_escapes_what_acts_on_a_terminal(text: str, shown: str) -> None:
    from oracle.records.verifier import printable

    assert printable(text) == shown


def test_the_verdict_schema_is_a_valid_schema_and_refuses_a_wrong_line() -> None:
    jsonschema.Draft202012Validator.check_schema(schema("verdict-1.json"))
    assert not VERDICTS.is_valid({"name": "x", "status": "fine"})
    assert not VERDICTS.is_valid({"summary": {"records": 1}, "exit": 0})


def test_standard_input_json_lines_with_a_broken_first_line_keeps_the_rest() -> None:
    line = _line(_record(1, 4)).encode()
    code, out, err = run("verify", "-", stdin=b"{broken\n" + line + b"\n" + line + b"\n")
    assert code == 2 and "-:1: not JSON" in err
    assert "-:2: LEGAL" in out and "-:3: LEGAL" in out and "3 records" in out


def test_a_recorded_one_use_question_mark_is_refused_with_a_hint() -> None:
    """Ruling 19: a question mark with one use is entered at once; a record that still writes
    it as a step is refused there, and the reason says why."""
    import attrs

    from oracle.engine.moves import QuestionMark
    from oracle.records.record import Step

    best = next(r for _, r in load_records(str(ROOT / "examples" / "solo-594.json")))
    assert isinstance(best, Record) and verify(best).status == "legal"
    # Earlier versions wrote this step after 'p1: question ?Br 2 brown:9' in round 4: the blue
    # question mark then had one use (8 on the right side), so now it is entered at once.
    game = best.game
    index = next(i for i, s in enumerate(best.steps) if str(s) == "p1: question ?Br 2 brown:9")
    extra = Step(0, game.parse_move("question ?B 8 blue:right"))
    assert isinstance(extra.move, QuestionMark)
    old = attrs.evolve(best, steps=best.steps[:index + 1] + (extra,) + best.steps[index + 1:])
    verdict = verify(old)
    assert verdict.status == "illegal" and verdict.step == index + 2
    assert "entered at once" in (verdict.reason or "")
