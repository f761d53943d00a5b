"""The engine against its committed playthroughs (conformance/clever-4ever): every count of
legal moves, their order, every move and every sheet must stay the same.  After an intended
change: ``python -m oracle.fourever.playthrough --write conformance/clever-4ever``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.fourever.playthrough import GAMES, name, playthrough

FOLDER = Path(__file__).resolve().parents[2] / "conformance" / "clever-4ever"


@pytest.mark.parametrize("players,seed,policy", GAMES)
def test_playthrough_unchanged(players: int, seed: int, policy: str) -> None:
    committed = [json.loads(line) for line in (FOLDER / name(players, seed, policy)).open()]
    fresh = playthrough(players, seed, policy)
    assert len(fresh) == len(committed)
    for old, new in zip(committed, fresh):
        assert new == old, f"first difference at {old}"
