"""Bad input from the new-user trial: each is a clean one-line error or an escaped verdict, with
a documented exit code, and nothing the user gave is overwritten."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import oracle.cli
from oracle.cli import main

ROOT = Path(__file__).resolve().parent.parent
SOLO = ROOT / "examples" / "solo-legal.json"
ILLEGAL = ROOT / "examples" / "illegal" / "illegal-step.json"


def run(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(stdin) if stdin is not None else None)
    return code, out.getvalue(), err.getvalue()


def _solo(**changes: object) -> str:
    data = json.loads(SOLO.read_text())
    data.update(changes)
    return json.dumps(data)


def _one_line(err: str) -> bool:
    return err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err


def test_deeply_nested_json_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    code, _, err = run("verify", str(path))
    assert code == 2 and _one_line(err) and "nested too deeply" in err
    path.write_text("[" * 500 + "]" * 500)  # parses, but too deep for a record's checks
    code, _, err = run("verify", str(path))
    assert code == 2 and _one_line(err)


@pytest.mark.parametrize("command", [["verify"], ["legal"], ["show"],
                                     ["show", "--svg", "OUT.svg"]])
def test_lone_surrogate_in_a_name_is_refused(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "sur.json"
    path.write_text(_solo(players=["\ud800"]))  # json.dumps writes it as the escape \ud800
    argv = [a.replace("OUT", str(tmp_path / "out")) for a in command]
    code, out, err = run(*argv, str(path))
    assert code == 2 and _one_line(err) and "lone surrogate" in err
    (out + err).encode("utf-8")  # printable as UTF-8
    assert not (tmp_path / "out.svg").exists()


def test_a_huge_record_is_quoted_only_in_part(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps([json.loads(_solo()), "x" * 10_000_000]))
    code, _, err = run("verify", str(path))
    assert code == 2 and _one_line(err) and len(err) < 500
    path.write_text(_solo(comment="y" * 10_000_000, players=[1]))
    code, _, err = run("verify", str(path))
    assert code == 2 and _one_line(err) and len(err) < 500


@pytest.mark.parametrize("name, content", [("empty.jsonl", ""), ("blank.jsonl", "\n  \n"),
                                            ("empty.json", ""), ("bom.json", "\ufeff")])
def test_empty_inputs_say_no_records(tmp_path: Path, name: str, content: str) -> None:
    path = tmp_path / name
    path.write_text(content)
    code, out, err = run("verify", str(path))
    assert code == 2 and "no records" in err and _one_line(err) and out == ""


def test_empty_standard_input_says_no_records() -> None:
    code, _, err = run("verify", "-", stdin=b"")
    assert code == 2 and "no records" in err


def test_control_characters_in_names_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "ansi.json"
    path.write_text(_solo(players=["\x1b[31mRed\nx.json: LEGAL (1 steps)\u202e"]))
    code, out, _ = run("verify", str(path))
    assert code == 0 and "\x1b" not in out and "\u202e" not in out
    assert "\\x1b[31mRed\\x0ax.json: LEGAL" in out
    assert sum(line.startswith("x.json") for line in out.splitlines()) == 0
    for command in (["legal"], ["show"]):
        code, out, _ = run(*command, str(path))
        assert code == 0 and "\x1b" not in out


def test_show_refuses_to_write_the_svg_over_the_record(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(SOLO.read_text())
    code, out, err = run("show", "--force", "--svg", str(path), str(path))
    assert code == 2 and "being read" in err and out == ""
    assert path.read_text() == SOLO.read_text()


def test_play_out_to_a_directory_says_so(tmp_path: Path) -> None:
    code, _, err = run("play", "--out", str(tmp_path))
    assert code == 2 and "is a directory" in err and "exists" not in err


def test_output_to_a_full_disk_is_a_one_line_write_error() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "oracle", "verify", str(SOLO)],
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False,
                              cwd=ROOT)
    assert done.returncode == 4 and _one_line(done.stderr) and "cannot write" in done.stderr


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(oracle.cli, "judged", interrupted)
    code, _, err = run("verify", str(SOLO))
    assert code == 130 and err == "clever-oracle: interrupted\n"


def test_exit_code_precedence_and_every_kind_counted(tmp_path: Path) -> None:
    (tmp_path / "a-good.json").write_text(SOLO.read_text())
    (tmp_path / "b-illegal.json").write_text(ILLEGAL.read_text())
    (tmp_path / "c-bad.json").write_text("{")
    code, out, err = run("verify", "--jobs", "1", str(tmp_path))
    assert code == 2
    assert "3 records: 1 legal, 1 illegal, 0 incomplete, 1 unusable" in out
    assert "ILLEGAL at step 4" in out and "not JSON" in err
    (tmp_path / "c-bad.json").unlink()
    assert run("verify", str(tmp_path))[0] == 1


def test_directory_scan_says_what_it_skipped(tmp_path: Path) -> None:
    (tmp_path / "A.JSON").write_text(SOLO.read_text())
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "inner.json").write_text(SOLO.read_text())
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    os.mkfifo(tmp_path / "pipe.json")
    code, out, err = run("verify", str(tmp_path))
    assert code == 0 and "A.JSON: LEGAL" in out and "inner" not in out
    assert _one_line(err) and "skipped 4" in err
    for what in ("notes.txt (not .json", "sub/ (a directory; --recursive", "gone.json (a broken",
                 "pipe.json (not a regular file"):
        assert what in err
    code, out, _ = run("verify", "--recursive", str(tmp_path))
    assert code == 0 and "inner.json: LEGAL" in out and "2 records: 2 legal" in out


def test_sigterm_while_waiting_for_input_exits_143() -> None:
    """A verify of standard input that has printed a verdict and waits for more input is
    terminated: exit 143, no traceback."""
    line = json.dumps(json.loads(SOLO.read_text())).encode() + b"\n"
    with subprocess.Popen([sys.executable, "-m", "oracle", "verify", "-"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT) as process:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(line * 3)
        process.stdin.flush()
        assert process.stdout.readline().startswith(b"-:1: LEGAL")  # running, and waiting
        process.terminate()
        _, err = process.communicate()
    assert process.returncode == 143 and b"Traceback" not in err


@pytest.mark.parametrize("text", ["\u0663", "\u00b2", "1" * 5000, "-" + "1" * 5000, "\uff11"])
def test_whole_number_options_take_ascii_digits_only(text: str) -> None:
    """A count option given other scripts' digits (``int`` reads Arabic-Indic ``٣``) or more
    digits than ``int`` reads is one line, exit 2, never a traceback nor a silent 3."""
    err = io.StringIO()
    assert main(["play", "--count", text, "--out", "-"], out=io.StringIO(), err=err) == 2
    line = err.getvalue()
    assert line.count("\n") == 1 and "--count" in line and "is not" in line, line
