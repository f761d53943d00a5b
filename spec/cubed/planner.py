"""A turn-synchronised beam for high solo games (the dice chosen freely, as in
:mod:`spec.cubed.witness`).  The witness's beam compares games one *decision* apart, so a game
that spends a decision on a question mark or an extra die competes with games a whole entry
ahead of it.  This beam steps from one roll to the next: every game in a step has made the same
rolls, and between two rolls it tries every sequence of decisions (picks, question marks, extra
dice), merged by the state they reach.  Re-rolls and number jokers are never needed (the dice
show what is wanted), so they are not tried."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType

import itertools

from oracle import (DEFAULT_RULESET, Area, ExtraDie, GameState, Move, Phase, Place, ReRoll, Roll,
                    Ruleset, apply_unchecked, legal_moves, new_game, score)
from spec.cubed.engine_view import spends_joker
from spec.cubed.printed import (BROWN_FIELD_COUNT, BROWN_POINTS_BY_CROSSES,
                                TURQUOISE_ROW_POINTS, YELLOW_ROW_POINTS)
from spec.cubed.seam import areas
from spec.cubed.witness import ALL_DICE, Found, Weights, _key, rating, rolls, value


Evaluate = Callable[[GameState, Weights], float]


def _decisions(state: GameState, branch: int, evaluate: Evaluate, weights: Weights,
               jokers: bool = False) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """The ways from ``state`` (a player to move) to the next roll or the end, one path per
    distinct state reached; with ``branch``, only the ``branch`` best unfinished sequences of
    each length go on (by ``evaluate``), else all.  Number jokers are tried only with
    ``jokers``, and then only on extra dice: an extra die is one of the dice as they lie, so its
    face is not chosen with the roll (rulebook "Extra Die": "You may also apply the Any Number
    action here")."""
    seen: set[object] = set()
    layer: list[tuple[tuple[Move, ...], GameState]] = [((), state)]
    while layer:
        following: list[tuple[float, tuple[Move, ...], GameState]] = []
        for moves, current in layer:
            for move in legal_moves(current):
                if isinstance(move, ReRoll):
                    continue
                if spends_joker(move) and not (jokers and isinstance(move, ExtraDie)):
                    continue
                after = apply_unchecked(current, move)
                key = (_key(after), after.actor)
                if key in seen:
                    continue
                seen.add(key)
                if after.is_chance or after.is_terminal:
                    yield moves + (move,), after
                else:
                    rank = evaluate(after, weights) if branch else 0.0
                    following.append((rank, moves + (move,), after))
        if branch:
            following.sort(key=lambda item: -item[0])
            del following[branch:]
        layer = [(m, s) for _, m, s in following]


#: The active roll after which every die left in the cup goes to the platter.
LAST_ROLL = 2


def spread_rolls(state: GameState) -> Iterator[Move]:
    """Candidate third active rolls beyond :func:`spec.cubed.witness.rolls`: one die in the cup
    shows ``v`` and the others another face ``u``.  On the third roll every die not picked goes
    to the platter whatever it shows (rulebook "Active Player", third roll), so those faces cost
    the pick nothing but give extra dice other numbers (rulebook "Extra Die": any die on a die
    field or the platter).  None without an extra-die action left, or before another roll."""
    if (state.phase is Phase.SOLO_ROLL or state.rolls != LAST_ROLL
            or state.sheets[0].extra_dice_left <= 0):
        return
    cup = [d for d in ALL_DICE if state.places[d] is Place.CUP]
    if len(cup) < 2:
        return
    for picked in cup:
        for v, u in itertools.product(range(1, 7), repeat=2):
            if u != v:
                yield Roll(tuple((v if d is picked else u) if d in cup else 0 for d in ALL_DICE))


def children(state: GameState, branch: int = 0, evaluate: Evaluate | None = None,
             weights: Weights = Weights(), jokers: bool = False, spread: bool = False,
             ) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """The states one roll on: each candidate roll (with ``spread``, also
    :func:`spread_rolls`), then the sequences of decisions (number jokers on extra dice with
    ``jokers``)."""
    rate: Evaluate = evaluate if evaluate is not None else (lambda st, w: value(st.sheets[0], w))
    candidates = itertools.chain(rolls(state), spread_rolls(state)) if spread else rolls(state)
    for roll in candidates:
        after = apply_unchecked(state, roll)
        if after.is_chance or after.is_terminal:
            yield (roll,), after
            continue
        for more, child in _decisions(after, branch, rate, weights, jokers):
            yield (roll,) + more, child


def moment(state: GameState) -> int:
    """When a chance node comes in the game: the roll slot (three active rolls, then the solo
    passive roll, each round); a game whose turn ended early skips slots."""
    if state.is_terminal:
        return 1000
    return 10 * state.round + (4 if state.phase is Phase.SOLO_ROLL else state.rolls)


#: Points per cross if a row or track were completed: what a cross is worth on average in the
#: final sheet.  Early in the game the estimate credits crosses at this rate (the printed tables
#: are convex: the first crosses of a row score little but lead to the big ones).
LINEAR: Mapping[Area, float] = MappingProxyType(
    {Area.YELLOW: 7.0, Area.TURQUOISE: 3.5, Area.BROWN: 7.5})


def estimate(state: GameState, weights: Weights, linear: float = 1.0) -> float:
    """The estimate of a game's final total: each area between its points and its crosses at
    :data:`LINEAR` (the linear share ``linear`` times the part of the game still to come), the
    lowest areas weighted by the foxes on the sheet and ``balance`` more expected, unspent
    actions."""
    sheet = state.sheets[0]
    ahead = linear * max(0.0, 1.0 - (moment(state) - 10) / 60.0)
    out = []
    for area, now in zip(Area, areas(sheet)):
        points = float(now)
        rate = LINEAR.get(area)
        if rate is not None:
            crosses = bin(getattr(sheet, area.label)).count("1")
            points += ahead * max(0.0, rate * crosses - points)
        out.append(points)
    return rating(out, sheet, weights)


def _interp(table: tuple[int, ...], count: float) -> float:
    low = int(count)
    if low >= len(table) - 1:
        return float(table[-1])
    return table[low] + (count - low) * (table[low + 1] - table[low])


def potential(state: GameState, weights: Weights, share: float, fill: float = 0.0) -> float:
    """Like :func:`estimate`, but each crossing area is scored as if a fraction of its still
    open cells were crossed: ``share`` times the part of the game still to come.  Open means
    still crossable: a brown field left of the last cross is lost, so skipping costs now.  Blue
    and pink gain ``fill`` points per open field in the same share."""
    sheet = state.sheets[0]
    ahead = share * max(0.0, 1.0 - (moment(state) - 10) / 60.0)
    out = []
    for area, now in zip(Area, areas(sheet)):
        if area is Area.YELLOW or area is Area.TURQUOISE:
            table = YELLOW_ROW_POINTS if area is Area.YELLOW else TURQUOISE_ROW_POINTS
            mask = sheet.yellow if area is Area.YELLOW else sheet.turquoise
            points = 0.0
            for row in range(3 if area is Area.YELLOW else 5):
                crossed = bin(mask >> (6 * row) & 63).count("1")
                points += _interp(table, crossed + ahead * (6 - crossed))
        elif area is Area.BROWN:
            crossed = bin(sheet.brown).count("1")
            open_fields = BROWN_FIELD_COUNT - sheet.brown.bit_length()
            points = _interp(BROWN_POINTS_BY_CROSSES, crossed + ahead * open_fields)
        elif area is Area.BLUE:
            open_fields = 12 - len(sheet.blue_left) - len(sheet.blue_right)
            points = now + ahead * fill * open_fields
        else:
            points = now + ahead * fill * (12 - len(sheet.pink))
        out.append(points)
    return rating(out, sheet, weights)


def replay(moves: tuple[Move, ...], ruleset: Ruleset = DEFAULT_RULESET) -> GameState:
    """The solo game's state after ``moves`` (chance moves included) from a new game."""
    state = new_game(1, ruleset)
    for move in moves:
        state = apply_unchecked(state, move)
    return state


def search(width: int, weights: Weights = Weights(), ruleset: Ruleset = DEFAULT_RULESET,
           progress: Callable[[int, float], None] | None = None,
           evaluate: Evaluate = lambda st, w: value(st.sheets[0], w), branch: int = 0,
           start: tuple[Move, ...] = (), guide: tuple[Move, ...] = (),
           jokers: bool = False, spread: bool = False) -> Found:
    """The best solo game a beam of ``width`` games finds, stepping roll slot by roll slot: the
    games waiting at the earliest slot are ranked, the best ``width`` expanded, and their
    children wait at their own slots.  With ``start`` (moves of a game up to a roll, that is to
    a chance node), the beam begins from the state they reach and every game found begins with
    them.  With ``guide`` (a whole game beginning with ``start``), the guide's state before each
    of its rolls is always among the games expanded at its slot, so the beam searches around the
    guide and the game found is never worse than it.  With ``jokers``, extra dice may be
    entered with number jokers; with ``spread``, third rolls also come from
    :func:`spread_rolls`."""
    pools: dict[int, dict[object, tuple[float, tuple[Move, ...], GameState]]] = {}
    first = replay(start, ruleset)
    if not first.is_chance:
        raise ValueError("search: the start moves must end before a roll (a chance node)")
    pools[moment(first)] = {_key(first): (0.0, start, first)}
    best: Found | None = None
    forced: dict[int, object] = {}
    if guide:
        if guide[:len(start)] != start:
            raise ValueError("search: the guide must begin with the start moves")
        state = first
        for i in range(len(start), len(guide)):
            if state.is_chance:
                key = _key(state)
                forced[moment(state)] = key
                pools.setdefault(moment(state), {})[key] = (evaluate(state, weights),
                                                            guide[:i], state)
            state = apply_unchecked(state, guide[i])
        if not state.is_terminal:
            raise ValueError("search: the guide is not a whole game")
        best = Found(guide, score(state.sheets[0]).total)
    while pools:
        slot = min(pools)
        pool = pools.pop(slot)
        ranked = sorted(pool.values(), key=lambda item: -item[0])[:width]
        key = forced.get(slot)
        if key is not None and key in pool and pool[key] not in ranked:
            ranked[-1] = pool[key]
        if progress is not None and ranked:
            progress(slot, ranked[0][0])
        for _, moves, state in ranked:
            for more, child in children(state, branch, evaluate, weights, jokers, spread):
                if child.is_terminal:
                    total = score(child.sheets[0]).total
                    if best is None or total > best.total:
                        best = Found(moves + more, total)
                    continue
                waiting = pools.setdefault(moment(child), {})
                key = _key(child)
                if key not in waiting:
                    waiting[key] = (evaluate(child, weights), moves + more, child)
    assert best is not None
    return best


def _potential(state: GameState, weights: Weights, share: float, fill: float) -> float:
    return potential(state, weights, share, fill)


def random_weights(rng: random.Random) -> tuple[Weights, float, float]:
    """Weights drawn around the defaults (the search is noisy; restarts with other weights
    find other games), a potential share and a blue/pink fill."""
    weights = Weights(extra_die=rng.uniform(5, 14), joker=rng.uniform(1, 4),
                      reroll=rng.uniform(0, 4), question=rng.uniform(4, 10),
                      balance=rng.uniform(4, 8), second=rng.uniform(0.1, 0.5))
    return weights, rng.uniform(0.6, 1.0), rng.choice((0.0, rng.uniform(0, 4)))


def _trials(trials: int, width: int, seed: int, out: str | None, branch: int) -> int:
    """Run ``trials`` searches with random weights; keep (and write) the best game."""
    from oracle.record import dump_record, record_game

    rng = random.Random(seed)
    best: Found | None = None
    for trial in range(trials):
        weights, share, fill = random_weights(rng)
        found = search(width, weights,
                       evaluate=functools.partial(_potential, share=share, fill=fill),
                       branch=branch)
        print(f"trial {trial}: total {found.total} {weights} potential {share:.2f} fill {fill:.2f}",
              flush=True)
        if best is None or found.total > best.total:
            best = found
            if out:
                record = record_game(found.moves, ("Solo",), game="clever-cubed")
                with open(out, "w", encoding="utf-8") as handle:
                    handle.write(dump_record(record))
    assert best is not None
    print(f"best {best.total}")
    return 0


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
    parser.add_argument("--linear", type=float, default=0.0,
                        help="credit crosses at the full-row rate early in the game")
    parser.add_argument("--potential", type=float, default=0.0,
                        help="score crossing areas as if this share of their open cells (times "
                             "the part of the game to come) were crossed")
    parser.add_argument("--fill", type=float, default=0.0,
                        help="with --potential: points per open blue or pink field")
    parser.add_argument("--trials", type=int, default=0,
                        help="instead: this many runs with random weights, keeping the best")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--branch", type=int, default=0,
                        help="keep this many unfinished decision sequences between rolls (0: all)")
    args = parser.parse_args(argv)
    if args.trials:
        return _trials(args.trials, args.width, args.seed, args.out, args.branch)
    report = (lambda step, v: print(step, round(v, 1), flush=True)) if args.verbose else None
    found = search(args.width, Weights(balance=args.balance, second=args.second),
                   progress=report,
                   evaluate=(lambda st, w: potential(st, w, args.potential, args.fill))
                   if args.potential
                   else (lambda st, w: estimate(st, w, args.linear)), branch=args.branch)
    print(f"total {found.total} ({len(found.moves)} moves)")
    if args.out:
        record = record_game(found.moves, ("Solo",), game="clever-cubed")
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(dump_record(record))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
