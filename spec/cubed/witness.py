"""Finding high-scoring solo games: a beam search over whole games with the engine's legal moves,
where the dice are chance moves chosen freely (a record states its dice, so any faces are
allowed).  It yields witnesses — records that ``verify`` accepts — not proofs; the bound comes
from :mod:`spec.cubed.bound`."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import attrs

from oracle import (DEFAULT_RULESET, Die, GameState, Move, Phase, Place, PlayerSheet, Roll,
                    Ruleset, SoloRoll, apply_unchecked, legal_moves, new_game, score)
from spec.cubed.engine_view import spends_joker
from spec.cubed.seam import areas

#: The six dice in their order (white, yellow, turquoise, blue, brown, pink).
ALL_DICE = tuple(Die)


@attrs.frozen
class Weights:
    """How the search values a sheet that is not finished: points now, plus an estimate for
    each fox and for each unspent action or pending question mark."""

    fox: float = 22
    extra_die: float = 9
    joker: float = 3
    reroll: float = 1
    question: float = 7
    #: Foxes still expected: the lowest area counts ``foxes + balance`` times, so the search
    #: keeps the areas even (each fox is worth the lowest area at the end).
    balance: float = 6.0
    #: The second-lowest area's share of that weight (a gradient when two areas tie lowest).
    second: float = 0.3


def value(sheet: PlayerSheet, weights: Weights) -> float:
    """The search's estimate of a sheet: area points, the lowest areas weighted by the foxes
    (those on the sheet and ``balance`` more expected), unspent actions.  (``fox`` is kept for
    the earlier estimate's callers; this one does not use it.)"""
    return rating([float(a) for a in areas(sheet)], sheet, weights)


def rating(areas: list[float], sheet: PlayerSheet, weights: Weights) -> float:
    """A sheet's value from its five area estimates: their sum, the lowest (with a share of the
    second lowest) counted once per fox on the sheet and ``balance`` more, and unspent actions
    and pending question marks at their weights."""
    areas = sorted(areas)
    low = areas[0] + weights.second * areas[1]
    return (sum(areas) + (sheet.foxes + weights.balance) * low
            + weights.extra_die * sheet.extra_dice_left
            + weights.joker * (sheet.jokers - bin(sheet.jokers_spent).count("1"))
            + weights.reroll * sheet.rerolls_left + weights.question * len(sheet.pending))


def rolls(state: GameState) -> Iterator[Move]:
    """Candidate rolls: every die in the cup showing the same face (nothing has to go to the
    platter), with the blue die on a face of its own for other blue sums; for the solo passive
    roll, each choice of three platter dice with equal faces."""
    cup = [d for d in ALL_DICE if state.places[d] is Place.CUP]
    if state.phase is Phase.SOLO_ROLL:
        for v, w in itertools.product(range(1, 7), repeat=2):
            faces = tuple(w if d is Die.BLUE else v for d in ALL_DICE)
            for platter in itertools.combinations(ALL_DICE, 3):
                if w != v and Die.BLUE not in platter:
                    continue
                rest = tuple(d for d in ALL_DICE if d not in platter)
                yield SoloRoll(faces, platter + rest)
        return
    for v, w in itertools.product(range(1, 7), repeat=2):
        if w != v and Die.BLUE not in cup:
            continue
        yield Roll(tuple((w if d is Die.BLUE else v) if d in cup else 0 for d in ALL_DICE))


def _key(state: GameState) -> object:
    faces = tuple(f if p is not Place.CUP else 0 for f, p in zip(state.faces, state.places))
    return (state.sheets, state.round, state.phase, state.rolls, state.places, faces,
            state.extras, state.seat)


def children(state: GameState) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """The states one decision on (a roll and the decision after it, at a chance node)."""
    if state.is_chance:
        for roll in rolls(state):
            after = apply_unchecked(state, roll)
            if after.is_chance or after.is_terminal:
                yield (roll,), after
                continue
            for move in legal_moves(after):
                if not spends_joker(move):  # the dice are chosen: no joker needed
                    yield (roll, move), apply_unchecked(after, move)
        return
    for move in legal_moves(state):
        yield (move,), apply_unchecked(state, move)


@attrs.frozen
class Found:
    """A finished game: its moves (dice included) and final total."""

    moves: tuple[Move, ...]
    total: int


def search(width: int, weights: Weights = Weights(), ruleset: Ruleset = DEFAULT_RULESET,
           progress: Callable[[int, float], None] | None = None) -> Found:
    """The best solo game a beam of ``width`` games finds (one decision per step)."""
    beam: list[tuple[tuple[Move, ...], GameState]] = [((), new_game(1, ruleset))]
    best: Found | None = None
    step = 0
    while beam:
        step += 1
        pool: dict[object, tuple[float, tuple[Move, ...], GameState]] = {}
        for moves, state in beam:
            for more, child in children(state):
                if child.is_terminal:
                    total = score(child.sheets[0]).total
                    if best is None or total > best.total:
                        best = Found(moves + more, total)
                    continue
                key = _key(child)
                if key not in pool:
                    pool[key] = (value(child.sheets[0], weights), moves + more, child)
        ranked = sorted(pool.values(), key=lambda item: -item[0])[:width]
        beam = [(m, s) for _, m, s in ranked]
        if progress is not None and ranked:
            progress(step, ranked[0][0])
    assert best is not None
    return best


def main(argv: list[str] | None = None) -> int:
    """``python -m spec.cubed.witness --width 20 --balance 6 --out examples/solo-best.json``."""
    import argparse

    from oracle.record import dump_record, record_game

    parser = argparse.ArgumentParser(prog="python -m spec.cubed.witness",
                                     description="beam search for a high solo game")
    parser.add_argument("--width", type=int, default=20)
    parser.add_argument("--balance", type=float, default=Weights().balance)
    parser.add_argument("--second", type=float, default=Weights().second)
    parser.add_argument("--out", help="write the record here (JSON)")
    args = parser.parse_args(argv)
    found = search(args.width, Weights(balance=args.balance, second=args.second))
    print(f"total {found.total} ({len(found.moves)} moves)")
    if args.out:
        record = record_game(found.moves, ("Solo",), game="clever-cubed")
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(dump_record(record))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
