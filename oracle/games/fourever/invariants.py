"""Invariants every reachable state satisfies, and an independent recomputation of the score.

Checked after every step of the random-game suite: nothing is ever un-crossed or un-written,
tracks stay within their lengths, spent never exceeds circled, the grey crosses stay connected to
a start part, the yellow top row increases, and the score equals a recomputation written straight
from the printed sheet's numbers (copied again here, not taken from the engine's tables).
"""

from __future__ import annotations

from functools import lru_cache

from oracle.games.fourever.ruleset import DEFAULT_RULESET, Ruleset
from oracle.engine.sheet import Sheet

_SHADES = (
    "DWWLLLLWWLLDLLDD",
    "LWWDDDLWWWLDLWDD",
    "LLWLLDWDDLLWLWWD",
    "LDDLDDWDDLWWLWLD",
)
_GREY_POINTS = (1, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11)
_PINK_POINTS = (2, 4, 6, 9, 12, 15, 19, 23, 27, 32, 37, 42)


def _flood_parts() -> tuple[frozenset[tuple[int, int]], ...]:
    """The grey parts, found by flooding from each part's first cell in row-major order (the
    part numbering of the sheet): the cells of each part, read once from the shading."""
    seen: set[tuple[int, int]] = set()
    parts: list[frozenset[tuple[int, int]]] = []
    for r in range(4):
        for c in range(16):
            if (r, c) in seen:
                continue
            stack, cells = [(r, c)], {(r, c)}
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if (0 <= ny < 4 and 0 <= nx < 16 and (ny, nx) not in cells
                            and _SHADES[ny][nx] == _SHADES[r][c]):
                        cells.add((ny, nx))
                        stack.append((ny, nx))
            seen |= cells
            parts.append(frozenset(cells))
    return tuple(parts)


_PARTS = _flood_parts()


def _grey_cells(sheet: Sheet) -> set[tuple[int, int]]:
    """The crossed grey cells: the cells of every crossed part."""
    crossed: set[tuple[int, int]] = set()
    mask = sheet.parts[2]
    for part, cells in enumerate(_PARTS):
        if mask >> part & 1:
            crossed |= cells
    return crossed


@lru_cache(maxsize=4096)
def _grey_connected(mask: int) -> bool:
    """True when the crossed grey cells of the parts ``mask`` all connect to a start part (a
    cell in the left column), flooding cell by cell."""
    crossed = {cell for part, cells in enumerate(_PARTS) if mask >> part & 1 for cell in cells}
    reach = {(r, 0) for r in range(4)} & crossed
    stack = list(reach)
    while stack:
        y, x = stack.pop()
        for cell in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
            if cell in crossed and cell not in reach:
                reach.add(cell)
                stack.append(cell)
    return reach == crossed


def _foxes(sheet: Sheet, crossed: set[tuple[int, int]]) -> int:
    foxes = int(len(sheet.parts[0][0]) == 5)
    foxes += int(sum(sheet.parts[1] >> (30 + c) & 1 for c in range(6)) >= 2)
    foxes += sum(
        1 for shade in "WLD"
        if all((r, c) in crossed for r in range(4) for c in range(16) if _SHADES[r][c] == shade)
    )
    foxes += int(len(sheet.parts[3][0]) >= 10)
    own, extra_next = [], False
    for v in sheet.parts[4]:
        own.append(not extra_next)
        extra_next = not extra_next and v == 3
    foxes += int(len(sheet.parts[4]) >= 8 and own[7] and sheet.parts[4][7] >= 5)
    return foxes


def recomputed_total(sheet: Sheet, ruleset: Ruleset = DEFAULT_RULESET) -> int:
    """The total score, recomputed cell by cell from the printed sheet's numbers."""
    top, middle, bottom = sheet.parts[0]
    stars = (10, 10, 15, 15, 20)
    yellow = sum(bottom) - sum(middle) + sum(
        stars[c] for c in range(5) if len(top) > c and len(middle) > c and len(bottom) > c
    )
    grid = [[sheet.parts[1] >> (r * 6 + c) & 1 for c in range(6)] for r in range(6)]
    blue = sum(7 + c for c in range(6) if sum(grid[r][c] for r in range(6)) >= 2)
    blue += 6 if sum(grid[r][5 - r] for r in range(6)) >= 2 else 0
    crossed = _grey_cells(sheet)
    grey = sum(_GREY_POINTS[c] for c in range(16) if all((r, c) in crossed for r in range(4)))
    lower, upper = sheet.parts[3]
    green = sum((lower[i] + upper[i]) * (1 if i < 3 else 2)
                for i in range(min(len(lower), len(upper))))
    pink = (_PINK_POINTS[len(sheet.parts[4]) - 1] if sheet.parts[4] else 0) + sum(
        {2: 2, 4: 4, 6: 3}.get(v, 0) for v in sheet.parts[4]
    )
    areas = [yellow, blue, grey, green, pink]
    lowest = max(0, min(areas)) if ruleset.fox_floor_zero else min(areas)
    return int(sum(areas) + _foxes(sheet, crossed) * lowest)


def sheet_problems(sheet: Sheet, ruleset: Ruleset = DEFAULT_RULESET) -> list[str]:
    """What is wrong with one sheet on its own (empty when nothing is)."""
    problems = []
    for name, circled, spent, length in (
        ("re-roll", sheet.circled[0], sheet.spent[0].bit_count(), 7),
        ("extra-die", sheet.circled[1], sheet.spent[1].bit_count(), 7),
        ("polish", sheet.circled[2], sheet.spent[2].bit_count(), 9),
    ):
        if not 0 <= spent <= circled <= length:
            problems.append(f"{name} track: {spent} spent of {circled} circled")
    top = sheet.parts[0][0]
    if any(a >= b for a, b in zip(top, top[1:])):
        problems.append("yellow top row does not increase")
    if any(len(row) > 5 for row in sheet.parts[0]) or len(sheet.parts[4]) > 12:
        problems.append("more numbers written than fields")
    lower, upper = sheet.parts[3]
    if len(lower) > 11 or len(upper) > 11:
        problems.append("more green numbers than fields")
    if ruleset.green_upper_after_lower and len(upper) > len(lower):
        problems.append("a green upper triangle before its lower one")
    written = [v for row in sheet.parts[0] for v in row] + list(lower + upper + sheet.parts[4])
    if any(not 1 <= v <= 6 for v in written):
        problems.append("a written number outside 1..6")
    if sheet.parts[1] >> 36 or sheet.parts[2] >> 17:
        problems.append("a cross outside the area")
    grey = sheet.parts[2]
    if isinstance(grey, int) and not grey >> 17 and not _grey_connected(grey):
        problems.append("grey crosses not connected to a start part")
    if list(sheet.pending) != sorted(sheet.pending) or any(
        b < 4 for b in sheet.pending  # the actions and the fox are never pending
    ):
        problems.append("pending holds something other than sorted question marks")
    return problems


def _prefix(old: tuple[int, ...], new: tuple[int, ...]) -> bool:
    return new[: len(old)] == old


def step_problems(before: Sheet, after: Sheet) -> list[str]:
    """What is wrong with a sheet's change over one step: anything un-crossed or un-written."""
    problems = []
    old, new = before.parts, after.parts
    if old[1] & new[1] != old[1] or old[2] & new[2] != old[2]:
        problems.append("a cross was removed")
    rows = list(zip(old[0], new[0])) + list(zip(old[3], new[3]))
    rows.append((old[4], new[4]))
    if not all(_prefix(o, n) for o, n in rows):
        problems.append("a written number changed")
    for i, name in enumerate(("re-roll", "extra-die", "polish")):
        if after.circled[i] < before.circled[i] or after.spent[i] & before.spent[i] != before.spent[i]:
            problems.append(f"{name} track: went down")
    return problems
