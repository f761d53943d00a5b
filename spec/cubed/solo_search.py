"""Searching high solo games with open faces (:mod:`spec.cubed.solo_game`): a beam stepped
roll slot by roll slot (every game in a step has made the same rolls; between two slots it
tries every sequence of decisions: a pick, question marks, extra dice), valued by what the
sheet holds and what its open cells can still bring, the lowest area counted once per fox to
come (rulebook "Foxes"; ruling 21); and large-neighbourhood search: cut the best game at a
random slot, replan the rest with other weights, keep the result when it is no worse.

Every game found is turned into engine moves (:mod:`spec.cubed.solo_record`) and verified
before it is written.  ``python -m spec.cubed.solo_search --help``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import attrs

from oracle import Area, Bonus
from spec.cubed import solo_game as sg
from spec.cubed import solo_sheet as ss
from spec.cubed.printed import (
    BLUE_FIELDS_PER_SIDE,
    BROWN_FIELD_COUNT,
    BROWN_POINTS_BY_CROSSES,
    PINK_FIELD_BONUS,
    PINK_FIELD_COUNT,
    TRACK_FIELDS,
    TURQUOISE_ROW_POINTS,
    YELLOW_ROW_POINTS,
)


@attrs.frozen
class Weights:
    """How a game not yet over is valued (see :func:`estimate`)."""

    share: float = 0.8
    fill: float = 6.0
    balance: float = 4.0
    second: float = 0.3
    extra_die: float = 9.0
    question: float = 7.0
    fox: float = 20.0


slot = sg.slot
LAST_SLOT = sg.LAST_SLOT


def _interp(table: tuple[int, ...], count: float) -> float:
    low = int(count)
    if low >= len(table) - 1:
        return float(table[-1])
    return table[low] + (count - low) * (table[low + 1] - table[low])


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def estimate(node: sg.Node, w: Weights) -> float:
    """The value of a game at ``node``: each area scored as if ``share`` of its still open
    cells (times the part of the game to come) were crossed (blue and pink: ``fill`` points
    per open field), the lowest areas counted once per fox on the sheet and ``balance`` more,
    progress towards the foxes still open, unspent extra dice and pending question marks."""
    sheet = node.sheet
    ahead = w.share * max(0.0, 1.0 - slot(node) / LAST_SLOT)
    areas = []
    yellow = 0.0
    for r in range(3):
        crossed = _bits(sheet.yellow >> (6 * r) & 63)
        yellow += _interp(YELLOW_ROW_POINTS, crossed + ahead * (6 - crossed))
    areas.append(yellow)
    turquoise = 0.0
    for r in range(5):
        crossed = _bits(sheet.turquoise >> (6 * r) & 63)
        turquoise += _interp(TURQUOISE_ROW_POINTS, crossed + ahead * (6 - crossed))
    areas.append(turquoise)
    now = ss.area_scores(sheet)
    blue_open = 2 * BLUE_FIELDS_PER_SIDE - len(sheet.left) - len(sheet.right)
    areas.append(now[2] + ahead * w.fill * blue_open)
    crossed = _bits(sheet.brown)
    brown_open = BROWN_FIELD_COUNT - sheet.brown.bit_length()
    areas.append(_interp(BROWN_POINTS_BY_CROSSES, crossed + ahead * brown_open))
    areas.append(now[4] + ahead * w.fill * (PINK_FIELD_COUNT - len(sheet.pink)))
    areas.sort()
    low = areas[0] + w.second * areas[1]
    foxes = ss.foxes(sheet)
    return (sum(areas) + (foxes + w.balance) * low + w.fox * fox_progress(sheet)
            + w.extra_die * (sheet.extra - sheet.extra_spent)
            + w.question * len(sheet.pending))


def fox_progress(sheet: ss.Sheet) -> float:
    """How far the sheet has come towards each fox it has not got (0 to 1 each): yellow
    column 6 rows I-II, turquoise row 1, blue right's 6th field, brown fields 11-12, pink
    field 9 with half, the re-roll track's 7th circle (lost once a re-roll source is)."""
    out = 0.0
    pair = (sheet.yellow >> 5 & 1) + (sheet.yellow >> 11 & 1)
    out += pair / 2 if pair < 2 else 0.0
    row = _bits(sheet.turquoise & 63)
    out += row / 6 if row < 6 else 0.0
    out += len(sheet.right) / 6 if len(sheet.right) < 6 else 0.0
    ends = (sheet.brown >> 10 & 1) + (sheet.brown >> 11 & 1)
    if ends < 2 and (sheet.brown.bit_length() <= 10 or sheet.brown >> 10 & 1):
        out += ends / 2
    fox_field = PINK_FIELD_BONUS.index(Bonus.FOX) + 1
    out += len(sheet.pink) / fox_field if len(sheet.pink) < fox_field else 0.0
    if sheet.rerolls < TRACK_FIELDS <= sheet.rerolls + _rerolls_open(sheet):
        out += sheet.rerolls / TRACK_FIELDS
    return out


def _rerolls_open(sheet: ss.Sheet) -> int:
    """Re-roll sources the sheet may still earn."""
    n = 0 if sheet.yellow & 1 and sheet.yellow >> 6 & 1 else 1  # yellow column 1, rows I-II
    n += 0 if sheet.turquoise >> 5 & 1 else 1  # turquoise column 6 (row 1's 6th cell)
    n += 1 if len(sheet.right) < 2 else 0  # blue right field 2
    brown_ok = sheet.brown.bit_length() <= 3 or (sheet.brown >> 3 & 1 and
                                                 sheet.brown.bit_length() <= 4)
    n += 1 if brown_ok and not (sheet.brown >> 3 & 1 and sheet.brown >> 4 & 1) else 0
    n += sum(1 for f in (2, 8) if len(sheet.pink) < f)
    return n


@attrs.frozen
class Found:
    """A finished game and its total."""

    node: sg.Node
    total: int


def search(width: int, branch: int, weights: Weights, start: sg.Node | None = None,
           guide: tuple[sg.Node, ...] = (),
           report: Callable[[int, float], None] | None = None) -> Found:
    """The best finished game a beam of ``width`` finds from ``start`` (default: a new game),
    slot by slot; between slots the ``branch`` best unfinished sequences of each length go
    on.  With ``guide`` (a game's nodes at its slots), each guide node is kept in the beam
    at its slot, so the game found is no worse than the guide."""
    first = start or sg.start()
    pools: dict[int, dict[object, tuple[float, sg.Node]]] = {
        slot(first): {sg.key(first): (estimate(first, weights), first)}}
    forced = {slot(n): n for n in guide}
    for s, n in forced.items():
        pools.setdefault(s, {})[sg.key(n)] = (estimate(n, weights), n)
    best: Found | None = None
    while pools:
        at = min(pools)
        pool = pools.pop(at)
        ranked = sorted(pool.values(), key=lambda item: -item[0])[:width]
        if at in forced and all(n is not forced[at] for _, n in ranked):
            ranked[-1] = (0.0, forced[at])
        if report is not None and ranked:
            report(at, ranked[0][0])
        for _, node in ranked:
            for child in sg.to_next_slot(node, branch, lambda n: estimate(n, weights)):
                if child.phase == sg.OVER:
                    total = ss.total(child.sheet)
                    if best is None or total > best.total:
                        best = Found(child, total)
                    continue
                waiting = pools.setdefault(slot(child), {})
                key = sg.key(child)
                if key not in waiting:
                    waiting[key] = (estimate(child, weights), child)
    assert best is not None
    return best


def path(node: sg.Node) -> tuple[sg.Node, ...]:
    """The game's nodes at the start of each of its slots (replayed from its steps)."""
    steps = sg.steps(node)
    current = sg.start()
    out = [current]
    for step in steps:
        current = next(c for c in sg.children(current) if c.history is not None
                       and c.history[1] == step)
        if slot(current) != slot(out[-1]) and not current.sheet.pending:
            out.append(current)
    return tuple(out)


def random_weights(rng: random.Random) -> Weights:
    """Weights drawn around the defaults (restarts with other weights find other games)."""
    return Weights(share=rng.uniform(0.5, 1.0), fill=rng.uniform(3, 9),
                   balance=rng.uniform(2, 6), second=rng.uniform(0.1, 0.5),
                   extra_die=rng.uniform(5, 14), question=rng.uniform(4, 10),
                   fox=rng.uniform(0, 40))


def improve(found: Found, tries: int, rng: random.Random, width: int, branch: int,
            report: Callable[[str], None] | None = None,
            stop: Callable[[], bool] | None = None) -> Found:
    """Large-neighbourhood search: ``tries`` times cut the best game at a random slot, replan
    the rest with random weights, guided by the best game; keep any result no worse."""
    best = found
    for attempt in range(tries):
        if stop is not None and stop():
            break
        nodes = path(best.node)
        cut = rng.randrange(len(nodes))
        weights = random_weights(rng)
        tried = search(width, branch, weights, start=nodes[cut], guide=nodes[cut:])
        if report is not None:
            report(f"try {attempt}: cut at slot {slot(nodes[cut])}: {tried.total}"
                   f"{' *' if tried.total > best.total else ''}")
        if tried.total >= best.total:
            best = tried
    return best


def write_record(found: Found, path_out: str) -> int:
    """Verify the game with the engine and write its record; returns the engine's total."""
    from oracle import apply, new_game, score
    from oracle.record import dump_record, record_game, verify
    from spec.cubed.solo_record import to_moves

    moves = to_moves(found.node)
    state = new_game(1)
    for move in moves:
        state = apply(state, move)
    total = score(state.sheets[0]).total
    record = record_game(moves, ("Solo",), game="clever-cubed")
    verdict = verify(record, "found")
    if verdict.status != "legal" or total != found.total:
        raise RuntimeError(f"the game found does not verify: {verdict.status}, {total}")
    with open(path_out, "w", encoding="utf-8") as out:
        out.write(dump_record(record))
    return total


def main(argv: list[str] | None = None) -> int:
    """Fresh searches with random weights, then large-neighbourhood search from the best."""
    parser = argparse.ArgumentParser(prog="python -m spec.cubed.solo_search",
                                     description="search a high solo game (faces left open)")
    parser.add_argument("--fresh", type=int, default=1, help="whole-game searches first")
    parser.add_argument("--tries", type=int, default=0, help="then this many replans")
    parser.add_argument("--width", type=int, default=60)
    parser.add_argument("--branch", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write the best record here after each gain")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    began = time.monotonic()
    best: Found | None = None
    for attempt in range(args.fresh):
        weights = Weights() if attempt == 0 else random_weights(rng)
        found = search(args.width, args.branch, weights)
        print(f"fresh {attempt}: {found.total} ({time.monotonic() - began:.0f} s) {weights}",
              flush=True)
        if best is None or found.total > best.total:
            best = found
            if args.out:
                write_record(best, args.out)
    assert best is not None

    def report(text: str) -> None:
        print(f"{text} ({time.monotonic() - began:.0f} s)", flush=True)

    best = improve(best, args.tries, rng, args.width, args.branch, report)
    if args.out:
        write_record(best, args.out)
    sheet = best.node.sheet
    print(f"best {best.total}: areas {ss.area_scores(sheet)} foxes {ss.foxes(sheet)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Area", "search", "improve", "main"]
