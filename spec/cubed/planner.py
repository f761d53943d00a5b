"""A turn-synchronised beam for high solo games (the dice chosen freely, as in
:mod:`spec.cubed.witness`).  The witness's beam compares games one *decision* apart, so a game
that spends a decision on a question mark or an extra die competes with games a whole entry
ahead of it.  This beam steps from one roll to the next: every game in a step has made the same
rolls, and between two rolls it tries every sequence of decisions (picks, question marks, extra
dice), merged by the state they reach.  Re-rolls and number jokers are never needed (the dice
show what is wanted), so they are not tried."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from oracle.cubed.engine import apply_unchecked, new_game
from oracle.cubed.legal import legal_moves
from oracle.cubed.moves import Move, ReRoll
from oracle.cubed.ruleset import DEFAULT_RULESET, Ruleset
from oracle.cubed.scoring import score
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.state import GameState, Phase
from spec.cubed.witness import Found, Weights, _key, rolls, value


def _decisions(state: GameState) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """Every way from ``state`` (a player to move) to the next roll or the end, one path per
    distinct state reached."""
    seen: set[object] = set()
    stack: list[tuple[tuple[Move, ...], GameState]] = [((), state)]
    while stack:
        moves, current = stack.pop()
        if current.is_chance or current.is_terminal:
            key = _key(current)
            if key not in seen:
                seen.add(key)
                yield moves, current
            continue
        for move in legal_moves(current):
            if isinstance(move, ReRoll) or getattr(move, "joker", None) is not None:
                continue
            after = apply_unchecked(current, move)
            key = ("mid", _key(after), after.actor)
            if key in seen:
                continue
            seen.add(key)
            stack.append((moves + (move,), after))


def children(state: GameState) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """The states one roll on: each candidate roll, then every sequence of decisions."""
    for roll in rolls(state):
        after = apply_unchecked(state, roll)
        if after.is_chance or after.is_terminal:
            yield (roll,), after
            continue
        for more, child in _decisions(after):
            yield (roll,) + more, child


def moment(state: GameState) -> int:
    """When a chance node comes in the game: the roll slot (three active rolls, then the solo
    passive roll, each round); a game whose turn ended early skips slots."""
    if state.is_terminal:
        return 1000
    return 10 * state.round + (4 if state.phase is Phase.SOLO_ROLL else state.rolls)


def search(width: int, weights: Weights = Weights(), ruleset: Ruleset = DEFAULT_RULESET,
           progress: Callable[[int, float], None] | None = None,
           evaluate: Callable[[PlayerSheet, Weights], float] = value) -> Found:
    """The best solo game a beam of ``width`` games finds, stepping roll slot by roll slot: the
    games waiting at the earliest slot are ranked, the best ``width`` expanded, and their
    children wait at their own slots."""
    pools: dict[int, dict[object, tuple[float, tuple[Move, ...], GameState]]] = {}
    start = new_game(1, ruleset)
    pools[moment(start)] = {_key(start): (0.0, (), start)}
    best: Found | None = None
    while pools:
        slot = min(pools)
        ranked = sorted(pools.pop(slot).values(), key=lambda item: -item[0])[:width]
        if progress is not None and ranked:
            progress(slot, ranked[0][0])
        for _, moves, state in ranked:
            for more, child in children(state):
                if child.is_terminal:
                    total = score(child.sheets[0]).total
                    if best is None or total > best.total:
                        best = Found(moves + more, total)
                    continue
                pool = pools.setdefault(moment(child), {})
                key = _key(child)
                if key not in pool:
                    pool[key] = (evaluate(child.sheets[0], weights), moves + more, child)
    assert best is not None
    return best


def main(argv: list[str] | None = None) -> int:
    """``python -m spec.cubed.planner --width 10 --out solo.json``."""
    import argparse

    from oracle.record import dump_record, record_game

    parser = argparse.ArgumentParser(prog="python -m spec.cubed.planner",
                                     description="turn-synchronised beam for a high solo game")
    parser.add_argument("--width", type=int, default=10)
    parser.add_argument("--balance", type=float, default=Weights().balance)
    parser.add_argument("--second", type=float, default=Weights().second)
    parser.add_argument("--out", help="write the record here (JSON)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    report = (lambda step, v: print(step, round(v, 1), flush=True)) if args.verbose else None
    found = search(args.width, Weights(balance=args.balance, second=args.second),
                   progress=report)
    print(f"total {found.total} ({len(found.moves)} moves)")
    if args.out:
        record = record_game(found.moves, ("Solo",), game="clever-cubed")
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(dump_record(record))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
