"""Invariants every reachable state satisfies, and an independent recomputation of the score.

Checked after every step of the random-game suite: nothing is ever un-crossed or un-written,
tracks stay within their lengths, spent never exceeds circled, the grey crosses stay connected to
a start part, the yellow top row increases, and the score equals a recomputation written straight
from the printed sheet's numbers (copied again here, not taken from the engine's tables).
"""

from __future__ import annotations

from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.ruleset import DEFAULT_RULESET, Ruleset
from oracle.fourever.state import GameState

_SHADES = (
    "DWWLLLLWWLLDLLDD",
    "LWWDDDLWWWLDLWDD",
    "LLWLLDWDDLLWLWWD",
    "LDDLDDWDDLWWLWLD",
)
_GREY_POINTS = (1, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11)
_PINK_POINTS = (2, 4, 6, 9, 12, 15, 19, 23, 27, 32, 37, 42)


def _grey_cells(sheet: PlayerSheet) -> set[tuple[int, int]]:
    """The crossed grey cells, found by flooding from each part's first cell in row-major order
    (the part numbering of the sheet)."""
    seen: set[tuple[int, int]] = set()
    crossed: set[tuple[int, int]] = set()
    part = 0
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
            if sheet.grey >> part & 1:
                crossed |= cells
            part += 1
    return crossed


def _foxes(sheet: PlayerSheet, crossed: set[tuple[int, int]]) -> int:
    foxes = int(len(sheet.yellow[0]) == 5)
    foxes += int(sum(sheet.blue >> (30 + c) & 1 for c in range(6)) >= 2)
    foxes += sum(
        1 for shade in "WLD"
        if all((r, c) in crossed for r in range(4) for c in range(16) if _SHADES[r][c] == shade)
    )
    foxes += int(len(sheet.green[0]) >= 10)
    own, extra_next = [], False
    for v in sheet.pink:
        own.append(not extra_next)
        extra_next = not extra_next and v == 3
    foxes += int(len(sheet.pink) >= 8 and own[7] and sheet.pink[7] >= 5)
    return foxes


def recomputed_total(sheet: PlayerSheet, ruleset: Ruleset = DEFAULT_RULESET) -> int:
    """The total score, recomputed cell by cell from the printed sheet's numbers."""
    top, middle, bottom = sheet.yellow
    stars = (10, 10, 15, 15, 20)
    yellow = sum(bottom) - sum(middle) + sum(
        stars[c] for c in range(5) if len(top) > c and len(middle) > c and len(bottom) > c
    )
    grid = [[sheet.blue >> (r * 6 + c) & 1 for c in range(6)] for r in range(6)]
    blue = sum(7 + c for c in range(6) if sum(grid[r][c] for r in range(6)) >= 2)
    blue += 6 if sum(grid[r][5 - r] for r in range(6)) >= 2 else 0
    crossed = _grey_cells(sheet)
    grey = sum(_GREY_POINTS[c] for c in range(16) if all((r, c) in crossed for r in range(4)))
    lower, upper = sheet.green
    green = sum((lower[i] + upper[i]) * (1 if i < 3 else 2)
                for i in range(min(len(lower), len(upper))))
    pink = (_PINK_POINTS[len(sheet.pink) - 1] if sheet.pink else 0) + sum(
        {2: 2, 4: 4, 6: 3}.get(v, 0) for v in sheet.pink
    )
    areas = [yellow, blue, grey, green, pink]
    lowest = max(0, min(areas)) if ruleset.fox_floor_zero else min(areas)
    return sum(areas) + _foxes(sheet, crossed) * lowest


def sheet_problems(sheet: PlayerSheet, ruleset: Ruleset = DEFAULT_RULESET) -> list[str]:
    """What is wrong with one sheet on its own (empty when nothing is)."""
    problems = []
    for name, circled, spent, length in (
        ("re-roll", sheet.rerolls, sheet.rerolls_spent, 7),
        ("extra-die", sheet.extra_dice, sheet.extra_dice_spent, 7),
        ("polish", sheet.polish, sheet.polish_spent, 9),
    ):
        if not 0 <= spent <= circled <= length:
            problems.append(f"{name} track: {spent} spent of {circled} circled")
    top = sheet.yellow[0]
    if any(a >= b for a, b in zip(top, top[1:])):
        problems.append("yellow top row does not increase")
    if any(len(row) > 5 for row in sheet.yellow) or len(sheet.pink) > 12:
        problems.append("more numbers written than fields")
    lower, upper = sheet.green
    if len(lower) > 11 or len(upper) > 11:
        problems.append("more green numbers than fields")
    if ruleset.green_upper_after_lower and len(upper) > len(lower):
        problems.append("a green upper triangle before its lower one")
    written = [v for row in sheet.yellow for v in row] + list(lower + upper + sheet.pink)
    if any(not 1 <= v <= 6 for v in written):
        problems.append("a written number outside 1..6")
    if sheet.blue >> 36 or sheet.grey >> 17:
        problems.append("a cross outside the area")
    crossed = _grey_cells(sheet)
    if crossed:
        reach = {(r, 0) for r in range(4)} & crossed
        stack = list(reach)
        while stack:
            y, x = stack.pop()
            for cell in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if cell in crossed and cell not in reach:
                    reach.add(cell)
                    stack.append(cell)
        if reach != crossed:
            problems.append("grey crosses not connected to a start part")
    if list(sheet.pending) != sorted(sheet.pending) or any(
        not b.is_question for b in sheet.pending
    ):
        problems.append("pending holds something other than sorted question marks")
    return problems


def _prefix(old: tuple[int, ...], new: tuple[int, ...]) -> bool:
    return new[: len(old)] == old


def sheet_step_problems(before: PlayerSheet, after: PlayerSheet) -> list[str]:
    """What is wrong with a sheet's change over one step: anything un-crossed or un-written."""
    problems = []
    if before.blue & after.blue != before.blue or before.grey & after.grey != before.grey:
        problems.append("a cross was removed")
    rows = list(zip(before.yellow, after.yellow)) + list(zip(before.green, after.green))
    rows.append((before.pink, after.pink))
    if not all(_prefix(old, new) for old, new in rows):
        problems.append("a written number changed")
    for name in ("rerolls", "rerolls_spent", "extra_dice", "extra_dice_spent", "polish",
                 "polish_spent"):
        if getattr(after, name) < getattr(before, name):
            problems.append(f"{name}: went down")
    return problems


def state_problems(state: GameState) -> list[str]:
    """What is wrong with a state: every sheet on its own, and the turn's bookkeeping."""
    problems = [
        f"player {i + 1}: {p}"
        for i, s in enumerate(state.sheets) for p in sheet_problems(s, state.ruleset)
    ]
    if not 1 <= state.round <= state.rounds:
        problems.append(f"round {state.round} of {state.rounds}")
    if not 0 <= state.rolls <= 3:
        problems.append(f"{state.rolls} rolls used")
    return problems


def step_problems(before: GameState, after: GameState) -> list[str]:
    """What is wrong with the step from ``before`` to ``after``."""
    problems = [
        f"player {i + 1}: {p}"
        for i, (b, a) in enumerate(zip(before.sheets, after.sheets))
        for p in sheet_step_problems(b, a)
    ]
    if after.round < before.round:
        problems.append("the round went back")
    return problems
