"""A move goes one way through ``apply`` (issue 30): the legality check runs once and hands what
it read to the entering step, which does not ask ``legal`` again; ``settle`` reads what it decides
by once.  Counted with bench/flow.py's profiler over seeded random games of every game: the
counts are of calls, so they do not depend on the machine; the bounds are the figures of the
one-way flow (before it: legal.py entered 2.92 times per apply on these games).  After an
intended change to the engine, ``python bench/flow.py --games 2 --players 1 2 3 4`` gives the new
figures (the same games)."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Protocol

import pytest

from oracle.games import GAMES, find_game

FLOW_SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "flow.py"
PLAYERS = (1, 2, 3, 4)
SEEDS = (0, 1)

#: Upper bounds on the entries into a module per ``apply`` (average over the games above): the
#: figures of the one-way flow (legal 1.71, turn 1.29, entries 0.55 per apply) with some room,
#: since an engine change that reorders the legal moves plays other random games; legal.py's
#: stays well below its 2.92 before.
AVERAGE_BOUND = MappingProxyType(
    {"engine/legal.py": 2.0, "engine/turn.py": 1.45, "engine/entries.py": 0.65})
#: ... and in any one ``apply`` (legal.py: the check, then one reading per seat ``settle`` passes
#: over at the end of a turn or of the game).
MOST_BOUND = MappingProxyType({"engine/legal.py": 7, "engine/turn.py": 2, "engine/entries.py": 2})


class Flow(Protocol):
    """What bench/flow.py's ``watch`` tells of one ``apply`` (its ``ApplyFlow``), as read here."""

    @property
    def entries(self) -> Counter[str]: ...

    @property
    def pairs(self) -> Counter[tuple[str, str]]: ...

    @property
    def legality_checks(self) -> int: ...


def _flow_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_flow", FLOW_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_flow", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def watched() -> list[tuple[bool, Flow]]:
    """(chance move?, its flow) for every ``apply`` of the seeded random games."""
    flow = _flow_module()
    out: list[tuple[bool, Flow]] = []
    for name in GAMES:
        game = find_game(name)
        for players in PLAYERS:
            for seed in SEEDS:
                rng = random.Random(seed)
                state = game.new_game(players)
                while not state.is_terminal:
                    chance = state.is_chance
                    move = (game.sample_chance(state, rng) if chance
                            else rng.choice(game.legal_moves(state)))
                    state, seen = flow.watch(
                        lambda: game.apply(state, move))  # noqa: B023 - called at once
                    out.append((chance, seen))
    return out


def test_module_entries_per_apply_stay_within_the_one_way_figures(
    watched: list[tuple[bool, Flow]],
) -> None:
    total: Counter[str] = Counter()
    most: Counter[str] = Counter()
    for _, seen in watched:
        entries = seen.entries
        total.update(entries)
        for module in MOST_BOUND:
            most[module] = max(most[module], entries[module])
    average = {module: total[module] / len(watched) for module in AVERAGE_BOUND}
    assert len(watched) > 1000
    assert all(average[m] <= bound for m, bound in AVERAGE_BOUND.items()), average
    assert all(most[m] <= bound for m, bound in MOST_BOUND.items()), dict(most)


def test_apply_checks_a_player_move_once_and_the_entry_never_asks_legal_again(
    watched: list[tuple[bool, Flow]],
) -> None:
    for chance, seen in watched:
        assert seen.legality_checks == (0 if chance else 1)
        assert seen.pairs["engine/entries.py", "engine/legal.py"] == 0
