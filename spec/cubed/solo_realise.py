"""Realising a claimed solo sheet with open faces (:mod:`spec.cubed.solo_game`): a beam stepped
roll slot by roll slot, each move kept only while the sheet stays inside the target and every question mark, extra
die and number joker still to come has room in it (:func:`spec.cubed.realise.fits`,
:func:`spec.cubed.realise.has_room`), games ranked by the entries still to make
(:func:`spec.cubed.realise.progress`).  With ``exact``, a game must end with exactly the
target (``solve reachable``); without, the best total of a game inside the target is kept
(a search for high games from a target sheet); the beam may begin at a given position
(continuing a game)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import attrs

from oracle import Bonus, Move, PlayerSheet
from spec.cubed import certificates, realise
from spec.cubed import solo_game as sg
from spec.cubed import solo_sheet as ss
from spec.cubed.printed import ROUND_START_BONUS


def _black_to_come(node: sg.Node) -> int:
    """Black question marks the round bonuses still give after ``node``'s round."""
    return sum(1 for b in ROUND_START_BONUS[node.round:] if b is Bonus.QUESTION_BLACK)


def _inside(node: sg.Node, target: PlayerSheet, exact: bool) -> bool:
    """The sheet can still grow into the target (not ``exact``: its areas can; the tracks
    are whatever the game gives)."""
    sheet = node.sheet.to_player_sheet()
    if not exact:
        target = target.but(rerolls=sheet.rerolls, jokers=sheet.jokers,
                            extra_dice=sheet.extra_dice, extra_dice_spent=sheet.extra_dice_spent,
                            rerolls_spent=sheet.rerolls_spent, jokers_spent=sheet.jokers_spent)
    return realise.fits(sheet, target) and realise.has_room(sheet, target,
                                                            _black_to_come(node))


def fits_target(node: sg.Node, target: PlayerSheet) -> bool:
    """The game at ``node`` can still grow into ``target``'s areas (as the realiser keeps
    games that are not ``exact``)."""
    return _inside(node, target, False)


def _rank(node: sg.Node, target: PlayerSheet, whole: int = 0) -> float:
    """:func:`spec.cubed.realise.progress`; with ``whole`` (the target's entries), a game
    ahead of an even pace ranks no better than one on it (it leaves room for later
    bonuses)."""
    sheet = node.sheet.to_player_sheet()
    rank: float = realise.progress(sheet, target)
    if whole:
        to_come = max(0.0, 1.0 - sg.slot(node) / sg.LAST_SLOT)
        rank += 4 * min(0, realise.work(sheet, target) - round(whole * to_come))
    return rank


@attrs.frozen
class Outcome:
    """A game reaching the target (or, not exact, the best inside it), or None."""

    node: sg.Node | None
    total: int
    reason: str = ""

    def moves(self) -> tuple[Move, ...] | None:
        """The engine's moves of the game found."""
        from spec.cubed.solo_record import to_moves

        return None if self.node is None else to_moves(self.node)


def realise_solo(target: PlayerSheet, width: int = 40, branch: int = 12,
                 seconds: float | None = 60.0, nodes: int | None = None, exact: bool = True,
                 progress_text: Callable[[str], None] | None = None,
                 rounds: int = sg.ROUNDS, paced: bool = False,
                 first: sg.Node | None = None, noise: float = 0.0,
                 seed: int = 0) -> Outcome:
    """A solo game whose sheet at the end of round ``rounds`` (default: the game's end) is
    ``target`` (``exact``), or the best whole game whose sheet stays inside it; the beam keeps
    ``width`` games per slot, expanding at most ``nodes`` games and spending at most
    ``seconds`` (None: no limit).  The games begin at ``first`` (default: a new game).

    With ``noise``, each game's rank gains up to ``noise`` drawn once per game (its
    :func:`spec.cubed.solo_game.key`) from a generator seeded with ``seed``: below 4, one
    entry's worth in :func:`spec.cubed.realise.progress`, it only reorders games with the same
    entries made, so several seeds try several orders of the same entries (which order of a
    game's bonuses a target needs, the rank cannot see)."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    first = sg.start() if first is None else first
    rng = random.Random(seed)
    draws: dict[object, float] = {}

    def rank(node: sg.Node) -> float:
        value = _rank(node, target, whole)
        if noise:
            k = sg.key(node)
            if k not in draws:
                draws[k] = noise * rng.random()
            value += draws[k]
        return value

    pools: dict[int, dict[object, tuple[float, sg.Node]]] = {
        sg.slot(first): {sg.key(first): (0, first)}}
    best: sg.Node | None = None
    best_total = -1
    expanded = 0
    goal = certificates.round_end_sheet(target, rounds, sg.ROUNDS)
    whole = realise.work(PlayerSheet(), target) if paced else 0
    while pools:
        at = min(pools)
        ranked = sorted(pools.pop(at).values(), key=lambda item: -item[0])[:width]
        if progress_text is not None and ranked:
            progress_text(f"searching a solo game: slot {at}, "
                          f"{realise.work(ranked[0][1].sheet.to_player_sheet(), target)} "
                          "entries to go")
        for _, node in ranked:
            if deadline is not None and time.perf_counter() > deadline:
                return Outcome(best, best_total, "the time ran out")
            if nodes is not None and expanded >= nodes:
                return Outcome(best, best_total, f"the budget of {nodes} games ran out")
            expanded += 1
            for child in sg.to_next_slot(node, branch, rank,
                                         lambda n: _inside(n, target, exact)):
                if exact and child.round > rounds:
                    if certificates.ends_with(child.sheet.to_player_sheet(), goal):
                        return Outcome(child, ss.total(child.sheet))
                    continue
                if child.phase == sg.OVER:
                    total = ss.total(child.sheet)
                    if exact:
                        if child.sheet.to_player_sheet() == goal:
                            return Outcome(child, total)
                        continue
                    if not exact and total > best_total:
                        best, best_total = child, total
                    continue
                pool = pools.setdefault(sg.slot(child), {})
                key = sg.key(child)
                if key not in pool:
                    pool[key] = (rank(child), child)
    return Outcome(best, best_total, "no game of the beam reaches the sheet")
