"""Shrinking a finding: the shortest game that still shows the same difference, found within a
budget of replays (docs/certify.md, "Minimal games").

A game is its list of decisions (a roll's seed, a move's place in decision order; see
:mod:`properties.duel`), so any list of numbers is a game: the shrinker tries fewer players,
then, with a generator seeded by the finding, lists with a block of decisions deleted, set to
0 (the simplest moves: forfeit, pass) or halved, and keeps each that still shows the finding's
difference at an earlier step (or at the same step with fewer players or smaller decisions).
Every replay is checked from the first step: a game in which another difference comes first
does not count.  A replay is given no more decisions than the best game's steps (a difference
seen later would not be smaller), so it stops there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from properties.findings import Finding

#: Replays a shrink may use (each is one game, up to the finding, with the app).
SHRINK_REPLAYS = 24


def size(finding: Finding) -> tuple[int, int, int]:
    """What shrinking makes smaller: the step of the difference, the players, the decisions."""
    return finding.step, finding.players, sum(finding.decisions)


def _mutations(rng: random.Random, decisions: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Endless candidate lists, each one change away from ``decisions``."""
    while True:
        n = len(decisions)
        if n == 0:
            return
        width = min(n, rng.choice((1, 1, 2, 4, 8)))
        start = rng.randrange(n - width + 1)
        how = rng.randrange(3)
        if how == 0:
            yield decisions[:start] + decisions[start + width:]
        elif how == 1:
            yield decisions[:start] + (0,) * width + decisions[start + width:]
        else:
            yield decisions[:start] + tuple(d // 2 for d in decisions[start:start + width]) \
                + decisions[start + width:]


def shrink(found: Finding, replay: Callable[[int, tuple[int, ...]], Finding | None],
           min_players: int, budget: int = SHRINK_REPLAYS) -> Finding:
    """The smallest game ``replay`` (players, decisions -> the difference it shows, or None)
    confirms, starting from ``found``, within ``budget`` replays."""
    best = found
    spent = 0
    for players in range(min_players, found.players):
        if spent >= budget:
            return best
        spent += 1
        got = replay(players, best.decisions)
        if got is not None and size(got) < size(best):
            best = got
            break
    rng = random.Random(found.seed * 7919 + found.step)
    tried: set[tuple[int, ...]] = {best.decisions}
    candidates = _mutations(rng, best.decisions)
    misses = 0
    while spent < budget and misses < 4 * budget:
        candidate = next(candidates, None)
        if candidate is None:
            break
        if candidate in tried:
            misses += 1
            continue
        tried.add(candidate)
        spent += 1
        got = replay(best.players, candidate[:best.step])
        if got is not None and size(got) < size(best):
            best = got
            candidates = _mutations(rng, best.decisions)
    return best
