"""Clever 4Ever through the command line: play then verify, for every player count."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.games import find_game
from oracle.engine.moves import Take
from oracle.records.play import play_game
from oracle.games.fourever.polish import Polish


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


@pytest.mark.rule("POLISH-PARTNER")
def test_a_partner_polished_for_green_is_an_illegal_step(tmp_path: Path) -> None:
    """A move the notation holds but the rules refuse is an illegal step (exit 1) with its rule
    and the legal alternatives, not unusable input (exit 2)."""
    game = find_game("clever-4ever")
    for seed in range(200):
        moves, _ = play_game(2, seed, game="clever-4ever")
        state = game.new_game(2)
        steps = []
        for move in moves:
            if not state.is_chance:
                blue = [m for m in game.legal_moves(state) if isinstance(m, Take)
                        and m.die == 0 and isinstance(m.action, Polish) and m.action.partner]
                if blue:
                    bad = f"take W polish=+0/{blue[0].action.partner:+d} green:lower"
                    steps.append(f"p{state.actor + 1}: {bad}")
                    break
            steps.append(f"{'dice' if state.is_chance else f'p{state.actor + 1}'}: {move}")
            state = game.apply(state, move)
        else:
            continue
        break
    else:
        raise AssertionError("no game offered a blue entry with the partner polished")
    record = tmp_path / "bent.json"
    record.write_text(json.dumps({"format": "clever-oracle-record/2", "game": "clever-4ever",
                                  "players": ["A", "B"], "steps": steps}))
    code, out, err = run("verify", str(record))
    assert code == 1, err
    assert "POLISH-PARTNER" in out and "legal instead" in out
