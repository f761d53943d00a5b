"""Every registered game against its committed playthroughs (``conformance/<game>/``): every
count of legal moves, their order, every move and every sheet must stay the same.  After an
intended change: ``python -m properties.playthrough --game NAME --write conformance/NAME``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.games import GAMES
from properties.playthrough import GAMES as PLAYTHROUGHS
from properties.playthrough import name, playthrough

ROOT = Path(__file__).resolve().parent.parent / "conformance"


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("players,seed,policy", PLAYTHROUGHS)
def test_playthrough_unchanged(game: str, players: int, seed: int, policy: str) -> None:
    path = ROOT / game / name(players, seed, policy)
    committed = [json.loads(line) for line in path.open()]
    fresh = playthrough(players, seed, policy, game)
    assert len(fresh) == len(committed)
    for old, new in zip(committed, fresh):
        assert new == old, f"first difference at {old}"
