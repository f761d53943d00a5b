"""A fast sheet for searching solo games: the five areas as bit masks and tuples, the three
action tracks and the pending question marks, with the entries each area allows and the
bonuses they bring (rulebook "The Yellow Area" ... "The Pink Area", "Bonuses", "Actions";
docs/rulings.md, rulings 10-20), read from the spec's printed sheet (:mod:`spec.cubed.printed`).

This is a search model, not a reference: every game a search finds with it is turned into a
record and judged by the engine (``verify``), and ``tests/spec/test_solo.py`` plays it
against the engine.  Targets are the spec's: yellow row 1..3, turquoise row set (bit
``row - 1``), blue side 0/1, brown field 1..12, pink option 0 half / 1 times.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from oracle import Area, Bonus, PlayerSheet
from spec.cubed.patterns import (
    BROWN_PATTERNS,
    TURQUOISE_PATTERNS,
    YELLOW_PATTERNS,
    blue_bonus,
    brown_bit,
    completed,
    turquoise_bit,
    yellow_bit,
)
from spec.cubed.printed import (
    QUESTION_FOR,
    BLUE_EXTREME,
    BLUE_FIELDS_PER_SIDE,
    BLUE_HIGH,
    BLUE_LOW,
    BLUE_SIDE_POINTS,
    BLUE_START,
    BROWN_FIELD_COUNT,
    BROWN_POINTS_BY_CROSSES,
    BROWN_PRINTED,
    JOKER_PRINTED,
    PINK_FACTOR,
    PINK_FIELD_BONUS,
    PINK_FIELD_COUNT,
    TRACK_END,
    TRACK_FIELDS,
    TURQUOISE_ROW_POINTS,
    YELLOW_GREY,
    YELLOW_ROW_POINTS,
)

#: Where an entry comes from: a question mark, the silver platter, die field I..III.
QUESTION, PLATTER = -1, 0


class Sheet(NamedTuple):
    """A solo player's sheet during a search (see the module docstring)."""

    yellow: int = 0
    turquoise: int = 0
    brown: int = 0
    left: tuple[int, ...] = ()
    right: tuple[int, ...] = ()
    pink: tuple[int, ...] = ()
    halves: int = 0
    rerolls: int = 0
    jokers: int = 0
    extra: int = 0
    extra_spent: int = 0
    pending: tuple[Bonus, ...] = ()
    jokers_spent: int = 0

    def to_player_sheet(self) -> PlayerSheet:
        """The engine's sheet of the same areas and tracks."""
        return PlayerSheet(yellow=self.yellow, turquoise=self.turquoise, blue_left=self.left,
                           blue_right=self.right, brown=self.brown, pink=self.pink,
                           pink_bonus=self.halves, rerolls=self.rerolls, jokers=self.jokers,
                           extra_dice=self.extra, extra_dice_spent=self.extra_spent,
                           pending=self.pending, jokers_spent=self.jokers_spent)


def of_player_sheet(s: PlayerSheet) -> Sheet:
    """The search's sheet of the engine's sheet ``s`` (:meth:`Sheet.to_player_sheet` undone)."""
    return Sheet(yellow=s.yellow, turquoise=s.turquoise, brown=s.brown, left=s.blue_left,
                 right=s.blue_right, pink=s.pink, halves=s.pink_bonus, rerolls=s.rerolls,
                 jokers=s.jokers, extra=s.extra_dice, extra_spent=s.extra_dice_spent,
                 pending=tuple(Bonus(int(b)) for b in s.pending), jokers_spent=s.jokers_spent)


def jokers(sheet: Sheet, face: int) -> list[tuple[int, str, int]]:
    """The number jokers the sheet can spend on a die showing ``face`` (rulebook "Any
    Number"; ruling 23, default: never the face itself): (number, notation, field), a printed
    field for its number, else the first free "?" field (as ``joker=?N`` spends it)."""
    out: dict[int, tuple[str, int]] = {}
    free = [i for i in range(sheet.jokers) if not sheet.jokers_spent >> i & 1]
    for i in free:
        printed = JOKER_PRINTED[i]
        if printed and printed != face:
            out.setdefault(printed, (f"joker={printed}", i))
    blank = next((i for i in free if not JOKER_PRINTED[i]), None)
    if blank is not None:
        for n in range(1, 7):
            if n != face:
                out.setdefault(n, (f"joker=?{n}", blank))
    return [(n, text, field) for n, (text, field) in sorted(out.items())]


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def yellow_rows(sheet: Sheet, number: int, position: int) -> list[int]:
    """Rows where ``number`` may be crossed: die field k row k, the platter the grey row, a
    question mark any row (rulings 5, 10)."""
    if position == QUESTION:
        rows = [1, 2, 3]
    elif position == PLATTER:
        rows = [YELLOW_GREY[number - 1]]
    else:
        rows = [position]
    return [r for r in rows if not sheet.yellow & yellow_bit(r, number)]


def turquoise_free(sheet: Sheet, column: int) -> list[int]:
    """The free rows of a turquoise column."""
    return [r for r in range(1, 6) if not sheet.turquoise & turquoise_bit(r, column)]


def blue_follows(written: tuple[int, ...], value: int, side: int) -> bool:
    """``value`` may be written next on ``side`` (ruling 14, default: a 7 after any number
    but a 7)."""
    if len(written) >= BLUE_FIELDS_PER_SIDE:
        return False
    last = written[-1] if written else BLUE_START
    return value == last + (1 if side else -1) or (value == BLUE_START and last != BLUE_START)


def brown_fields(sheet: Sheet, number: int) -> list[int]:
    """Brown fields showing ``number`` right of the last cross."""
    start = sheet.brown.bit_length() + 1
    return [f for f in range(start, BROWN_FIELD_COUNT + 1) if BROWN_PRINTED[f - 1] == number]


def pink_value(field: int, number: int, half: bool) -> int:
    """What pink field ``field`` (1..12) gets for a die ``number``."""
    return -(-number // 2) if half else number * PINK_FACTOR[field - 1]


def enter(sheet: Sheet, area: Area, number: int, target: int) -> Sheet:
    """The sheet after an entry (legal, checked by the caller) and its bonuses: actions
    circled (a track's 7th circle brings its end bonus), question marks pending."""
    got: list[Bonus] = []
    if area is Area.YELLOW:
        new = sheet.yellow | yellow_bit(target, number)
        got = completed(YELLOW_PATTERNS, sheet.yellow, new)
        sheet = sheet._replace(yellow=new)
    elif area is Area.TURQUOISE:
        new = sheet.turquoise | sum(turquoise_bit(r, number) for r in range(1, 6)
                                    if target >> (r - 1) & 1)
        got = completed(TURQUOISE_PATTERNS, sheet.turquoise, new)
        sheet = sheet._replace(turquoise=new)
    elif area is Area.BROWN:
        new = sheet.brown | brown_bit(target)
        got = completed(BROWN_PATTERNS, sheet.brown, new)
        sheet = sheet._replace(brown=new)
    elif area is Area.BLUE:
        written = (sheet.right if target else sheet.left) + (number,)
        bonus = blue_bonus(target, len(written))
        got = [bonus] if bonus is not None else []
        sheet = sheet._replace(right=written) if target else sheet._replace(left=written)
    else:
        field = len(sheet.pink) + 1
        half = target == 0
        bonus = PINK_FIELD_BONUS[field - 1] if half else None
        got = [bonus] if bonus is not None else []
        halves = sheet.halves | (1 << (field - 1) if half and field > 1 else 0)
        sheet = sheet._replace(pink=sheet.pink + (pink_value(field, number, half),),
                               halves=halves)
    return award(sheet, got)


def award(sheet: Sheet, bonuses: list[Bonus]) -> Sheet:
    """``sheet`` after receiving ``bonuses`` (ruling 20; foxes are read off the sheet)."""
    pending = list(sheet.pending)
    for bonus in bonuses:
        if bonus is Bonus.REROLL or bonus is Bonus.NUMBER_JOKER or bonus is Bonus.EXTRA_DIE:
            field = {Bonus.REROLL: "rerolls", Bonus.NUMBER_JOKER: "jokers",
                     Bonus.EXTRA_DIE: "extra"}[bonus]
            circled = getattr(sheet, field)
            if circled < TRACK_FIELDS:
                sheet = sheet._replace(**{field: circled + 1})
                if circled + 1 == TRACK_FIELDS and TRACK_END[bonus].is_question:
                    pending.append(TRACK_END[bonus])
        elif bonus.is_question:
            pending.append(bonus)
    return sheet._replace(pending=tuple(sorted(pending)))


def area_scores(sheet: Sheet) -> tuple[int, int, int, int, int]:
    """The five area scores (rulebook "Game End")."""
    yellow = sum(YELLOW_ROW_POINTS[_bits(sheet.yellow >> (6 * r) & 63)] for r in range(3))
    turquoise = sum(TURQUOISE_ROW_POINTS[_bits(sheet.turquoise >> (6 * r) & 63)]
                    for r in range(5))
    blue = sum(BLUE_SIDE_POINTS[len(s) - 1] for s in (sheet.left, sheet.right) if s)
    blue += BLUE_EXTREME * sum(1 for s in (sheet.left, sheet.right) for v in s
                               if v <= BLUE_LOW or v >= BLUE_HIGH)
    brown = BROWN_POINTS_BY_CROSSES[_bits(sheet.brown)]
    return yellow, turquoise, blue, brown, sum(sheet.pink)


def foxes(sheet: Sheet) -> int:
    """The foxes of the sheet: each area's printed fox, and the re-roll track's end."""
    n = sum(1 for _ in completed(YELLOW_PATTERNS, 0, sheet.yellow) if _ is Bonus.FOX)
    n += sum(1 for b in completed(TURQUOISE_PATTERNS, 0, sheet.turquoise) if b is Bonus.FOX)
    n += sum(1 for b in completed(BROWN_PATTERNS, 0, sheet.brown) if b is Bonus.FOX)
    n += sum(1 for d in range(1, len(sheet.right) + 1) if blue_bonus(1, d) is Bonus.FOX)
    n += sum(1 for d in range(1, len(sheet.left) + 1) if blue_bonus(0, d) is Bonus.FOX)
    n += sum(1 for f in range(2, len(sheet.pink) + 1)
             if sheet.halves >> (f - 1) & 1 and PINK_FIELD_BONUS[f - 1] is Bonus.FOX)
    return n + (sheet.rerolls == TRACK_FIELDS)


def total(sheet: Sheet) -> int:
    """The sheet's total: the areas, and each fox worth the lowest area (ruling 21)."""
    scores = area_scores(sheet)
    return sum(scores) + foxes(sheet) * min(scores)


def question_uses(sheet: Sheet, bonus: Bonus) -> Iterator[tuple[Area, int, int]]:
    """Every (area, number, target) a question mark ``bonus`` may be used for (rulings 10,
    13, 16, 17): its own area, or any for the black one; one turquoise cross; blue the value
    2..12; pink the best number for each option."""
    for area in Area:
        if bonus is not Bonus.QUESTION_BLACK and QUESTION_FOR.get(bonus) is not area:
            continue
        yield from entries(sheet, area, QUESTION, range(2, 13) if area is Area.BLUE
                           else range(1, 7), 1)


def entries(sheet: Sheet, area: Area, position: int, numbers: range | list[int],
            crosses: int) -> Iterator[tuple[Area, int, int]]:
    """The entries of ``area`` from ``position`` for any of ``numbers`` (blue: values), with
    up to ``crosses`` turquoise cells (the largest sets only: crossing more never scores
    less).  Pink: for each option, the lowest number giving the best value (the die's face
    matters elsewhere, so lower is freer)."""
    if area is Area.YELLOW:
        for n in numbers:
            for r in yellow_rows(sheet, n, position):
                yield area, n, r
    elif area is Area.TURQUOISE:
        for n in numbers:
            free = turquoise_free(sheet, n)
            size = min(crosses, len(free))
            for rows in _subsets(free, size):
                yield area, n, sum(1 << (r - 1) for r in rows)
    elif area is Area.BLUE:
        for v in numbers:
            for side in (0, 1):
                if blue_follows(sheet.right if side else sheet.left, v, side):
                    yield area, v, side
    elif area is Area.BROWN:
        for n in numbers:
            for f in brown_fields(sheet, n):
                yield area, n, f
    elif len(sheet.pink) < PINK_FIELD_COUNT:
        field = len(sheet.pink) + 1
        for half in ((True,) if field == 1 else (True, False)):
            best = max(pink_value(field, n, half) for n in numbers)
            n = min(n for n in numbers if pink_value(field, n, half) == best)
            yield area, n, 0 if half else 1


def _subsets(items: list[int], size: int) -> Iterator[tuple[int, ...]]:
    if size <= 0:
        return
    if size == 1:
        for i in items:
            yield (i,)
        return
    for i, first in enumerate(items):
        for rest in _subsets(items[i + 1:], size - 1):
            yield (first,) + rest


def usable(sheet: Sheet, bonus: Bonus) -> bool:
    """A question mark ``bonus`` has a use (else it is lost, ruling 19)."""
    return next(question_uses(sheet, bonus), None) is not None
