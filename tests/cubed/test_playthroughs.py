"""The engine against its committed playthroughs (conformance/clever-cubed): every count of
legal moves, their order, every move and every sheet must stay the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from properties.playthrough import GAMES, name, playthrough

FOLDER = Path(__file__).resolve().parents[2] / "conformance" / "clever-cubed"


@pytest.mark.parametrize("players,seed,policy", GAMES)
def test_playthrough_unchanged(players: int, seed: int, policy: str) -> None:
    committed = [json.loads(line) for line in (FOLDER / name(players, seed, policy)).open()]
    fresh = playthrough(players, seed, policy)
    assert len(fresh) == len(committed)
    for old, new in zip(committed, fresh):
        assert new == old, f"first difference at {old}"
