"""Hostile command lines and full disks (issue "No crash, hang, orphan or misleading verdict"):
every numeric option checked, outputs written whole or not at all, the README's exit-code
table true for every command, and the messages a new user met."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import oracle.plumbing.outfile
from oracle.cli import build_parser, main
from oracle.plumbing.exitcodes import EXIT_CODES

ROOT = Path(__file__).resolve().parent.parent
SOLO = ROOT / "examples" / "solo-legal.json"
README = (ROOT / "README.md").read_text()
REFERENCE = f"{sys.executable} -m oracle.adapter.reference"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["solve", "sheet-max", "20", "--timeout", "abc"],
    ["solve", "sheet-max", "20", "--timeout", "inf"],
    ["solve", "sheet-max", "20", "--timeout", "-1"],
    ["solve", "sheet-max", "20", "--timeout", "nan"],
    ["solve", "area-max", "pink", "-1"],
    ["solve", "area-max", "pink", "x"],
    ["solve", "sheet-max", "-3"],
    ["solve", "fewest", "-5"],
    ["solve", "fewest", "9" * 5000],
    ["solve", "reachable", "y=", "--players", "9"],
    ["solve", "reachable", "y=", "--round", "x"],
    ["certify", "--adapter", REFERENCE, "--timeout", "nan"],
    ["certify", "--adapter", REFERENCE, "--timeout", "abc"],
    ["certify", "--adapter", REFERENCE, "--max-examples", "0"],
    ["certify", "--adapter", REFERENCE, "--seed", "-1"],
    ["conformance", "--adapter", REFERENCE, "--timeout", "-1"],
    ["verify", "--jobs", "40", str(SOLO)],
    ["verify", "--jobs", "0", str(SOLO)],
    ["play", "--count", "0"],
    ["play", "--players", "-2"],
    ["play", "--seed", "1.5"],
    ["legal", "--step", "0", str(SOLO)],
    ["show", "--player", "-1", str(SOLO)],
])
def test_every_numeric_option_is_checked(argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert code == 2 and _one_line(err) and out == "", (code, err)


@pytest.mark.parametrize("argv", [
    ["verify", "a\x00b.json"], ["legal", "a\x00b"], ["show", "a\x00b"],
    ["show", "--svg", "a\x00b.svg", str(SOLO)], ["play", "--out", "a\x00b.json"],
    ["solve", "reachable", "y=", "--record", "a\x00b.json"],
])
def test_a_nul_character_in_a_file_name_is_a_one_line_error(argv: list[str]) -> None:
    code, _, err = run(*argv)
    assert code == 2 and _one_line(err) and "internal error" not in err


def test_a_position_too_long_to_be_one_is_refused() -> None:
    position = ("clever-cubed round=" + "1" * 5000 + " active=p1 phase=roll seat=p1 to=dice "
                "rolls=0 dice=W-:cup,Y-:cup,T-:cup,B-:cup,Br-:cup,P-:cup extras=- "
                "ruleset=default ; y=....../....../...... t=....../....../....../....../...... "
                "b=| br=............ p= rr=o...... nj=....... xd=....... q=")
    for command in ("legal", "show"):
        code, _, err = run(command, position)
        assert code == 2 and _one_line(err) and "longer than any position" in err


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing an output file fails as on a full disk (when its data is flushed to disk)."""
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(oracle.plumbing.outfile.os, "fsync", no_space)


@pytest.mark.parametrize("argv, name", [
    (["play", "--count", "3", "--out", "OUT/games.jsonl"], "games.jsonl"),
    (["play", "--out", "OUT/game.json"], "game.json"),
    (["show", "--svg", "OUT/sheet.svg", str(SOLO)], "sheet.svg"),
])
def test_a_full_disk_is_exit_4_and_leaves_nothing(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  argv: list[str], name: str) -> None:
    _full_disk(monkeypatch)
    code, _, err = run(*[a.replace("OUT", str(tmp_path)) for a in argv])
    assert code == 4 and _one_line(err) and "cannot write" in err
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_never_harms_the_file_being_replaced(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "sheet.svg"
    target.write_text("mine")
    _full_disk(monkeypatch)
    code, _, _ = run("show", "--force", "--svg", str(target), str(SOLO))
    assert code == 4 and target.read_text() == "mine" and list(tmp_path.iterdir()) == [target]


def test_ctrl_c_during_play_leaves_no_file(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import oracle.cli

    played: list[int] = []
    real = oracle.cli._play_one

    def interrupted(*args: object) -> object:
        if played:
            raise KeyboardInterrupt
        played.append(1)
        return real(*args)  # type: ignore[arg-type]  # the same arguments, passed on

    monkeypatch.setattr(oracle.cli, "_play_one", interrupted)
    code, _, err = run("play", "--count", "5", "--out", str(tmp_path / "games.jsonl"))
    assert code == 130 and err == "clever-oracle: interrupted\n"
    assert list(tmp_path.iterdir()) == []


def test_outputs_are_complete_files(tmp_path: Path) -> None:
    code, out, _ = run("play", "--count", "3", "--out", str(tmp_path / "games.jsonl"))
    assert code == 0 and "3 records" in out
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 3 and all(json.loads(line)["game"] for line in lines)
    assert run("play", "--out", str(tmp_path / "games.jsonl"))[0] == 2  # never overwritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_legal_json_at_a_roll_names_the_due_roll() -> None:
    code, out, _ = run("legal", "--json", "--step", "1", str(SOLO))
    answer = json.loads(out)
    assert code == 0 and answer["to_move"] == "dice" and answer["legal"] == ["roll W Y T B Br P"]


def test_help_names_the_games_as_records_name_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run("--help")
    out = capsys.readouterr().out
    assert code == 0 and "clever-cubed" in out and "clever-4ever" in out


def _commands() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert isinstance(sub.choices, dict)
    return sorted(sub.choices)


@pytest.mark.parametrize("command", _commands())
def test_every_help_lists_the_exit_codes(command: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(command, "--help")
    out = capsys.readouterr().out
    assert code == 0
    listed = re.findall(r"^  (\d+) ", out.split("exit codes:", 1)[1], re.M)
    assert [int(c) for c in listed] == [c for c, _ in EXIT_CODES]
    assert "spec/cli.py" not in out


def test_the_readme_table_is_the_programs() -> None:
    section = README.split("**Exit codes**", 1)[1].split("\n\n", 1)[0].replace("\n", " ")
    for code, _ in EXIT_CODES:
        assert f" {code} " in section, code


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _link(path: Path) -> Path:
    mine = path.with_name("mine.txt")
    mine.write_text("mine")
    path.symlink_to(mine)
    return path


def _dangling(path: Path) -> Path:
    path.symlink_to(path.with_name("nowhere.txt"))
    return path


_NOT_REGULAR = [(_fifo, "FIFO"), (_link, "symbolic link"), (_dangling, "symbolic link"),
                (Path.mkdir, "directory")]


@pytest.mark.parametrize("make, kind", _NOT_REGULAR)
@pytest.mark.parametrize("argv", [
    ["play", "--out", "OUT"], ["play", "--count", "2", "--out", "OUT.jsonl"],
    ["show", "--svg", "OUT", str(SOLO)], ["show", "--html", "--out", "OUT", str(SOLO)],
])
@pytest.mark.parametrize("force", [["--force"], []])
def test_only_a_regular_file_is_ever_replaced(tmp_path: Path, make: Callable[[Path], object],
                                              kind: str, argv: list[str],
                                              force: list[str]) -> None:
    """``--force`` onto a FIFO, a symbolic link (its file unchanged) or a directory: one line,
    exit 2, and the thing left as it was (issue 25, item 6: ``show --svg /dev/null --force``
    as root replaced /dev/null by a regular file)."""
    target = tmp_path / ("out.jsonl" if "OUT.jsonl" in argv else "out")
    make(target)
    before = {p.name: (os.lstat(p).st_mode, p.read_text() if p.is_file() else None)
              for p in tmp_path.iterdir()}
    code, out, err = run(*[a.replace("OUT.jsonl", str(target)).replace("OUT", str(target))
                           for a in argv], *force)
    assert code == 2 and _one_line(err) and out == "", (code, err)
    assert f"is a {kind}" in err and "not a regular file" in err and "--force" not in err
    after = {p.name: (os.lstat(p).st_mode, p.read_text() if p.is_file() else None)
             for p in tmp_path.iterdir()}
    assert after == before


def test_a_target_that_becomes_a_fifo_while_written_is_left_alone(tmp_path: Path) -> None:
    """The check is made again just before the new file takes the name."""
    target = tmp_path / "sheet.svg"
    target.write_text("mine")
    with pytest.raises(oracle.plumbing.outfile.NotRegular, match="FIFO"):
        with oracle.plumbing.outfile.new_file(target, replace=True) as sink:
            sink.write("new")
            target.unlink()
            os.mkfifo(target)
    assert stat.S_ISFIFO(os.lstat(target).st_mode) and list(tmp_path.iterdir()) == [target]


def test_what_is_not_a_regular_file(tmp_path: Path) -> None:
    """The predicate on real files; /dev/null is only looked at (``os.stat``)."""
    regular = tmp_path / "file"
    regular.write_text("x")
    assert oracle.plumbing.outfile.not_regular(os.stat(regular).st_mode) is None
    assert oracle.plumbing.outfile.not_regular(os.stat(tmp_path).st_mode) == "a directory"
    if Path(os.devnull).exists() and os.devnull == "/dev/null":
        assert oracle.plumbing.outfile.not_regular(os.stat(os.devnull).st_mode) == "a character device"
    assert oracle.plumbing.outfile.not_regular(os.lstat(_link(tmp_path / "link")).st_mode) == (
        "a symbolic link")
    assert oracle.plumbing.outfile.not_regular(os.stat(_fifo(tmp_path / "fifo")).st_mode) == (
        "a FIFO (named pipe)")
