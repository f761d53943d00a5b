"""Conformance counts: the committed perft files are what the engine counts now, for both games;
every rule family decides a count; ``clever-oracle conformance`` passes the reference adapter
and fails wrong ones with a per-move divide (text or ``--json``)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from oracle.adapter.protocol import Turn
from oracle.adapter.reference import ReferenceImplementation
from oracle.cli import main
from oracle.games import find_game
from properties.perft import POSITIONS, all_counts, check_app, default_counts
from tests.certify.bends import cubed_five, fourever_three
from tests.processes import PATIENCE

GAMES = ("clever-cubed", "clever-4ever")
CUBED = find_game("clever-cubed")


@pytest.mark.parametrize("name", GAMES)
def test_committed_counts_are_current_and_consistent(name: str) -> None:
    game = find_game(name)
    committed = json.loads(default_counts(name).read_text("utf-8"))
    assert all_counts(game) == committed, (
        f"regenerate with `python -m properties.perft --game {name} --write` if intended")
    for entry in committed["positions"]:
        assert sum(entry["divide"].values()) == entry["perft"][-1]
        assert entry["perft"][0] == len(entry["divide"])
        assert all(s <= p for s, p in zip(entry["states"], entry["perft"]))


def test_every_rule_family_has_a_position() -> None:
    families = {p[4] for p in POSITIONS["clever-cubed"]}
    assert {"action", "question", "blue-question", "queued", "fallback", "extra", "solo",
            "lastround", "end"} <= families
    assert {"action", "question", "queued", "fallback", "solo", "lastround", "end"} <= {
        p[4] for p in POSITIONS["clever-4ever"]}


class ForgetsPass(ReferenceImplementation):
    """Lists every legal move but ``pass``."""

    def legal(self, turn: Turn | None = None) -> tuple[str, ...]:
        return tuple(m for m in super().legal(turn) if m != "pass")


@pytest.mark.parametrize("name", GAMES)
def test_reference_adapter_matches_the_counts(name: str) -> None:
    game = find_game(name)
    lines, ok = check_app(game, ReferenceImplementation(game), str(default_counts(name)))
    assert ok, lines


def test_wrong_move_list_gets_a_divide() -> None:
    lines, ok = check_app(CUBED, ForgetsPass(CUBED), str(default_counts(CUBED.name)))
    assert not ok
    assert any("MISMATCH" in line for line in lines)
    assert any("<-- differs" in line for line in lines)
    assert any("does not allow pass" in line for line in lines)


@pytest.mark.parametrize("name, make", [("clever-cubed", cubed_five),
                                        ("clever-4ever", fourever_three)])
def test_bent_apps_fail_conformance(name: str, make: object) -> None:
    """The several-bent-rules apps list moves by their rules, so their counts differ."""
    assert callable(make)
    lines, ok = check_app(find_game(name), make(), str(default_counts(name)))
    assert not ok and any("MISMATCH" in line for line in lines)


def test_cli_conformance_of_clever_4ever_as_json() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["conformance", "--game", "clever-4ever", "--json", "--adapter",
                 f"{sys.executable} -m oracle.adapter.reference --game clever-4ever",
                 "--timeout", str(PATIENCE)], out, err)
    assert code == 0, err.getvalue()
    report = json.loads(out.getvalue())
    assert report["conforming"] and report["game"] == "clever-4ever"
    assert len(report["positions"]) == len(POSITIONS["clever-4ever"])
    assert all(p["ok"] and p["app"] == p["expected"] for p in report["positions"])
