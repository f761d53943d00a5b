"""Large-neighbourhood search for high solo games (the dice chosen freely, as in
:mod:`spec.cubed.witness`): keep the first rolls of the best game found, replan the rest with
:func:`spec.cubed.planner.search` under other weights, and keep the result when it is no worse.
Each try changes only the game's tail, so a good opening found once is built on rather than
lost; the total never goes down.  The beam is guided by the best game (its states are always
expanded), so even a try cut before the first roll searches around that game.  :func:`fresh`
finds other openings: whole-game searches with random weights.

The evaluation :func:`foxward` adds to :func:`spec.cubed.planner.potential` a term for progress
towards the foxes not yet on the sheet: each fox scores the lowest area (rulebook "Foxes";
docs/rulings.md, ruling 21), and a beam that sees a fox only when it comes gives up on the far
ones (the re-roll track's 7th circle, the blue right side's 6th field)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import get_args

import attrs

from oracle import Bonus, GameState, Move, PlayerSheet, Roll, SoloRoll
from spec.cubed.patterns import BROWN_PATTERNS, TURQUOISE_PATTERNS, YELLOW_PATTERNS
from spec.cubed.printed import (BLUE_FIELDS_PER_SIDE, BLUE_LEFT_FIELD_BONUS,
                                BLUE_RIGHT_FIELD_BONUS, BROWN_FIELD_COUNT, PINK_FIELD_BONUS,
                                TRACK_FIELDS)
from spec.cubed.planner import potential, random_weights, search
from spec.cubed.witness import Found, Weights

#: The yellow cells of column 6 in rows I and II (the fox between them), as mask bits.
_YELLOW_FOX = (1 << 5, 1 << 11)
#: Turquoise row 1: all six cells are shaded, the fox at its end.
_TURQUOISE_FOX = 63
#: Brown fields 11 and 12 (the fox between them), as mask bits.
_BROWN_FOX = (1 << (BROWN_FIELD_COUNT - 2), 1 << (BROWN_FIELD_COUNT - 1))
#: The pink field whose bonus (taken with half) is a fox.
_PINK_FOX = PINK_FIELD_BONUS.index(Bonus.FOX) + 1


def open_sources(sheet: PlayerSheet, bonus: Bonus) -> int:
    """How many printed ``bonus`` fields the sheet may still earn: yellow and turquoise bonuses
    whose cells are not all crossed (a free cell may still be crossed), brown gaps whose free
    fields lie right of the last cross (a skipped field is lost), blue and pink fields not yet
    written (rulebook "The Yellow Area" ... "The Pink Area")."""
    count = 0
    for mask, got in YELLOW_PATTERNS:
        count += got is bonus and sheet.yellow & mask != mask
    for mask, got in TURQUOISE_PATTERNS:
        count += got is bonus and sheet.turquoise & mask != mask
    last = sheet.brown.bit_length()
    for mask, got in BROWN_PATTERNS:
        free = mask & ~sheet.brown
        count += got is bonus and free != 0 and free >> last << last == free
    for table, side in ((BLUE_LEFT_FIELD_BONUS, sheet.blue_left), (BLUE_RIGHT_FIELD_BONUS, sheet.blue_right)):
        count += sum(1 for d, got in enumerate(table, start=1) if got is bonus and len(side) < d)
    count += sum(1 for f, got in enumerate(PINK_FIELD_BONUS, start=1)
                 if got is bonus and len(sheet.pink) < f)
    return count


def fox_progress(sheet: PlayerSheet) -> float:
    """How far the sheet has come towards each of the six foxes it has not got, 0 to 1 each,
    summed (0 for a fox that can no longer come): yellow column 6 in rows I and II, turquoise
    row 1, the blue right side's 6th field, brown fields 11 and 12, pink field 9 with half, and
    the re-roll track's 7th circle, which needs every re-roll field the sheet prints, so it is
    lost once one of them is (:func:`open_sources`; rulebook "Foxes", "Actions")."""
    total = 0.0
    crossed = sum(1 for b in _YELLOW_FOX if sheet.yellow & b)
    if crossed < 2:
        total += crossed / 2
    row = bin(sheet.turquoise & _TURQUOISE_FOX).count("1")
    if row < 6:
        total += row / 6
    if len(sheet.blue_right) < BLUE_FIELDS_PER_SIDE:
        total += len(sheet.blue_right) / BLUE_FIELDS_PER_SIDE
    ends = sum(1 for b in _BROWN_FOX if sheet.brown & b)
    if ends < 2 and (sheet.brown.bit_length() <= BROWN_FIELD_COUNT - 2 or sheet.brown & _BROWN_FOX[0]):
        total += ends / 2
    if len(sheet.pink) < _PINK_FOX:
        total += len(sheet.pink) / _PINK_FOX
    if sheet.rerolls < TRACK_FIELDS <= sheet.rerolls + open_sources(sheet, Bonus.REROLL):
        total += sheet.rerolls / TRACK_FIELDS
    return total


def foxward(state: GameState, weights: Weights, share: float, fill: float, fox: float) -> float:
    """:func:`spec.cubed.planner.potential` plus ``fox`` points per unit of
    :func:`fox_progress`."""
    return potential(state, weights, share, fill) + fox * fox_progress(state.sheets[0])


@attrs.frozen
class Evaluation:
    """A :func:`foxward` evaluation with its parameters (a picklable, printable partial)."""

    share: float
    fill: float
    fox: float

    def __call__(self, state: GameState, weights: Weights) -> float:
        """:func:`foxward` of ``state`` with these parameters."""
        return foxward(state, weights, self.share, self.fill, self.fox)


def roll_indices(moves: tuple[Move, ...]) -> tuple[int, ...]:
    """The positions of the rolls (active and solo passive) in a game's moves: the places where
    a game may be cut and replanned (the state before a roll is a chance node)."""
    return tuple(i for i, m in enumerate(moves) if isinstance(m, (Roll, SoloRoll)))


def improve(found: Found, tries: int, rng: random.Random, width: int, branch: int,
            fox_range: tuple[float, float] = (0.0, 30.0),
            report: Callable[[int, int, Found, Evaluation], None] | None = None,
            guided: bool = True, tail: int = 0,
            stop: Callable[[], bool] | None = None, jokers: bool = False,
            spread: bool = False) -> Found:
    """``tries`` rounds of large-neighbourhood search from ``found``: cut the best game before a
    random roll, replan its tail with random weights and a :func:`foxward` evaluation (fox
    weight drawn from ``fox_range``), and keep the new game when its total is at least the best
    one's (ties move on, so the search drifts along plateaus).  With ``guided``, the beam keeps
    the best game's own states (``guide`` of :func:`spec.cubed.planner.search`), so it searches
    around that game.  With ``tail``, only the last ``tail`` rolls are cut before.  ``stop`` is
    asked before each try (a time budget).  Never returns a worse game."""
    best = found
    for attempt in range(tries):
        if stop is not None and stop():
            break
        cut = rng.choice(roll_indices(best.moves)[-tail:] if tail else roll_indices(best.moves))
        weights, share, fill = random_weights(rng)
        evaluation = Evaluation(share, fill, rng.uniform(*fox_range))
        tried = search(width, weights, evaluate=evaluation, branch=branch,
                       start=best.moves[:cut], guide=best.moves if guided else (),
                       jokers=jokers, spread=spread)
        if report is not None:
            report(attempt, cut, tried, evaluation)
        if tried.total >= best.total:
            best = tried
    return best


def fresh(tries: int, rng: random.Random, width: int, branch: int,
          fox_range: tuple[float, float] = (0.0, 30.0),
          report: Callable[[int, int, Found, Evaluation], None] | None = None,
          stop: Callable[[], bool] | None = None, jokers: bool = False,
          spread: bool = False) -> Found | None:
    """The best of ``tries`` whole-game searches (no start, no guide) with random weights and a
    :func:`foxward` evaluation: other openings for :func:`improve` to build on.  None when
    ``stop`` ends it before the first try."""
    best: Found | None = None
    for attempt in range(tries):
        if stop is not None and stop():
            break
        weights, share, fill = random_weights(rng)
        evaluation = Evaluation(share, fill, rng.uniform(*fox_range))
        tried = search(width, weights, evaluate=evaluation, branch=branch, jokers=jokers,
                       spread=spread)
        if report is not None:
            report(attempt, 0, tried, evaluation)
        if best is None or tried.total > best.total:
            best = tried
    return best


def load_found(path: str) -> Found:
    """The solo game of a record file as a :class:`Found` (its moves and final total)."""
    from oracle import score
    from oracle.record import load_records
    from spec.cubed.planner import replay

    (_, record), = load_records(path)
    if isinstance(record, Exception):
        raise record
    moves: list[Move] = []
    for step in record.steps:
        move = step.move
        if not isinstance(move, get_args(Move)):
            raise ValueError(f"{path}: not a Clever Cubed move: {move}")
        moves.append(move)
    state = replay(tuple(moves))
    return Found(tuple(moves), score(state.sheets[0]).total)


def main(argv: list[str] | None = None) -> int:
    """``python -m spec.cubed.improve --start examples/solo-best.json --tries 20 --out x.json``."""
    import argparse
    import time

    from oracle import score
    from oracle.record import dump_record, record_game
    from spec.cubed.planner import replay

    parser = argparse.ArgumentParser(prog="python -m spec.cubed.improve",
                                     description="large-neighbourhood search from a solo game")
    parser.add_argument("--start", help="a solo record to improve")
    parser.add_argument("--fresh", type=int, default=0,
                        help="first this many whole-game searches; improve the best game found")
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--width", type=int, default=8)
    parser.add_argument("--branch", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--fox-max", type=float, default=30.0,
                        help="the fox-progress weight is drawn from 0 to this")
    parser.add_argument("--unguided", action="store_true",
                        help="replan without keeping the best game's states in the beam")
    parser.add_argument("--tail", type=int, default=0,
                        help="cut only before one of the last this many rolls (0: any)")
    parser.add_argument("--seconds", type=float, default=0.0,
                        help="start no new try after this many seconds (0: no limit)")
    parser.add_argument("--jokers", action="store_true",
                        help="let extra dice be entered with number jokers")
    parser.add_argument("--spread", action="store_true",
                        help="third rolls also with the dice not picked on another face")
    parser.add_argument("--out", help="write the best record here (JSON), after each gain")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    began = time.monotonic()
    best: Found | None = load_found(args.start) if args.start else None
    print(f"start {best.total if best else '-'}", flush=True)
    stop = (lambda: time.monotonic() - began > args.seconds) if args.seconds else None

    def report(attempt: int, cut: int, tried: Found, evaluation: Evaluation) -> None:
        nonlocal best
        mark = ""
        if best is None or tried.total > best.total:
            best = tried
            mark = " *"
            if args.out:
                record = record_game(tried.moves, ("Solo",), game="clever-cubed")
                with open(args.out, "w", encoding="utf-8") as handle:
                    handle.write(dump_record(record))
        sheet = score(replay(tried.moves).sheets[0])
        print(f"try {attempt}: cut {cut} total {tried.total}{mark} fox {evaluation.fox:.1f} "
              f"areas {'/'.join(map(str, sheet.areas))} foxes {sheet.foxes} "
              f"({time.monotonic() - began:.0f} s)", flush=True)

    fresh(args.fresh, rng, args.width, args.branch, (0.0, args.fox_max), report, stop,
          args.jokers, args.spread)
    if best is None:
        parser.error("give --start or --fresh")
    final = improve(best, args.tries, rng, args.width, args.branch, (0.0, args.fox_max), report,
                    not args.unguided, args.tail, stop, args.jokers, args.spread)
    print(f"best {final.total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
