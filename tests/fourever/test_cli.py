"""Clever 4Ever through the command line: play then verify, for every player count."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from oracle.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_play_then_verify_is_legal(players: int, tmp_path: Path) -> None:
    record = tmp_path / f"game-{players}.json"
    code, out, err = run("play", "--game", "clever-4ever", "--players", str(players),
                         "--seed", str(players), "--out", str(record))
    assert code == 0, err
    assert '"game": "clever-4ever"' in record.read_text()
    code, out, err = run("verify", str(record))
    assert code == 0, err
    assert ": LEGAL" in out and out.count("yellow") == players


def test_rules_and_show_for_the_second_game(tmp_path: Path) -> None:
    code, out, _ = run("rules", "--game", "clever-4ever")
    assert code == 0 and "POLISH-PLATTER" in out and "TURQUOISE" not in out
    record = tmp_path / "g.json"
    assert run("play", "--game", "clever-4ever", "--out", str(record))[0] == 0
    svg = tmp_path / "g.svg"
    code, out, _ = run("show", str(record), "--svg", str(svg))
    assert code == 0 and "GREY" in out and svg.read_text().startswith("<svg")


@pytest.mark.rule("GAME-COMPLETE")
def test_a_record_that_stops_early_is_incomplete(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    assert run("play", "--game", "clever-4ever", "--out", str(record))[0] == 0
    data = json.loads(record.read_text())
    data["steps"] = data["steps"][:-3]
    del data["totals"]
    record.write_text(json.dumps(data))
    code, out, _ = run("verify", str(record))
    assert code == 1 and "GAME-COMPLETE" in out
    code, out, _ = run("verify", "--partial", str(record))
    assert code == 0 and "LEGAL SO FAR" in out
