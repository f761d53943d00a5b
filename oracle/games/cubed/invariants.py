"""Invariants every reachable state satisfies, and an independent recomputation of the score.

These are checked after every step of the random-game suites: nothing is ever un-crossed, no
track exceeds 7, spent never exceeds circled, and the score equals a recomputation written
straight from the printed sheet's point tables, without the engine's tables.
"""

from __future__ import annotations

from oracle.games.cubed.playersheet import PlayerSheet


def _is_prefix(old: tuple[int, ...], new: tuple[int, ...]) -> bool:
    return new[: len(old)] == old


def sheet_problems(sheet: PlayerSheet, ruleset: object = None) -> list[str]:
    """What is wrong with one sheet on its own (empty when nothing is)."""
    problems = []
    for name, circled, spent in (
        ("re-roll", sheet.rerolls, sheet.rerolls_spent),
        ("extra-die", sheet.extra_dice, sheet.extra_dice_spent),
        ("number-joker", sheet.jokers, sheet.jokers_spent.bit_count()),
    ):
        if not 0 <= spent <= circled <= 7:
            problems.append(f"{name} track: {spent} spent of {circled} circled")
    if sheet.jokers_spent >> sheet.jokers:
        problems.append("a number-joker field spent before it was circled")
    if len(sheet.blue_left) > 6 or len(sheet.blue_right) > 6 or len(sheet.pink) > 12:
        problems.append("more numbers written than fields")
    if sheet.yellow >> 18 or sheet.turquoise >> 30 or sheet.brown >> 12:
        problems.append("a cross outside the area")
    seven_after_seven = bool(getattr(ruleset, "blue_seven_after_seven", False))
    for name, values, step in (("left", sheet.blue_left, -1), ("right", sheet.blue_right, 1)):
        before = 7
        for value in values:
            if value != before + step and not (value == 7 and (before != 7 or seven_after_seven)):
                problems.append(f"blue {name}: {value} cannot follow {before} (one step "
                                f"{'down' if step < 0 else 'up'}, or a 7)")
                break
            before = value
    return problems


def step_problems(before: PlayerSheet, after: PlayerSheet) -> list[str]:
    """What is wrong with a sheet's change over one step: anything un-crossed or un-written."""
    problems = []
    for name in ("yellow", "turquoise", "brown", "pink_bonus", "jokers_spent"):
        old, new = getattr(before, name), getattr(after, name)
        if old & new != old:
            problems.append(f"{name}: something was un-crossed")
    for name in ("blue_left", "blue_right", "pink"):
        if not _is_prefix(getattr(before, name), getattr(after, name)):
            problems.append(f"{name}: a written number changed")
    for name in ("rerolls", "rerolls_spent", "jokers", "extra_dice", "extra_dice_spent"):
        if getattr(after, name) < getattr(before, name):
            problems.append(f"{name}: went down")
    return problems


_YELLOW = (0, 2, 6, 12, 20, 30, 42)
_TURQUOISE = (0, 1, 3, 6, 10, 15, 21)
_BROWN = (0, 2, 5, 9, 14, 20, 27, 35, 44, 54, 65, 77, 90)
_BLUE = (0, 3, 6, 9, 13, 17, 22)


def recomputed_total(sheet: PlayerSheet) -> int:
    """The total score, recomputed cell by cell from the printed sheet's tables."""
    yellow = sum(
        _YELLOW[sum(1 for c in range(6) if sheet.yellow >> (r * 6 + c) & 1)] for r in range(3)
    )
    turquoise = sum(
        _TURQUOISE[sum(1 for c in range(6) if sheet.turquoise >> (r * 6 + c) & 1)]
        for r in range(5)
    )
    blue = _BLUE[len(sheet.blue_left)] + _BLUE[len(sheet.blue_right)]
    blue += 4 * len([v for v in sheet.blue_left + sheet.blue_right if v <= 4 or v >= 10])
    brown = _BROWN[bin(sheet.brown).count("1")]
    pink = sum(sheet.pink)
    areas = [yellow, turquoise, blue, brown, pink]
    return sum(areas) + sheet.foxes * min(areas)
