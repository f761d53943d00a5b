"""Entering a number in an area: where it may go, and the sheet after it went there.

One function per question a move asks of an area ("where may number n go?", "enter it there"),
dispatching to the area modules.  Bonuses earned by an entry are awarded at once (rulebook
"Bonuses": "you immediately receive the bonus").
"""

from __future__ import annotations

from oracle.cubed import blue, brown, pink, turquoise, yellow
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import Ruleset
from oracle.cubed.sheet import YELLOW_GREY_ROW, Area, Bonus

#: Rows a question mark may use in yellow: any row (ruling 10).
ANY_ROW = yellow.ALL_ROWS


def yellow_rows(position: int, number: int) -> tuple[int, ...]:
    """The yellow row a die may use by where it lies (ruling 5): die field k → row k; the silver
    platter (``position`` 0) → the grey cell of its number (rulebook "The Yellow Area")."""
    return (position,) if position else (YELLOW_GREY_ROW[number],)


def targets(
    sheet: PlayerSheet,
    area: Area,
    number: int,
    rows: tuple[int, ...],
    extra: int,
    ruleset: Ruleset,
) -> tuple[int, ...]:
    """Every target for ``number`` in ``area``: yellow rows among ``rows``; turquoise row sets with
    up to ``extra`` extra crosses; blue sides (``number`` is the value written); brown fields;
    pink options."""
    if area is Area.YELLOW:
        return yellow.free_rows(sheet.yellow, number, rows)
    if area is Area.TURQUOISE:
        return turquoise.targets(sheet.turquoise, number, extra)
    if area is Area.BLUE:
        seven = ruleset.blue_seven_after_seven
        return tuple(
            side
            for side, values in ((blue.LEFT, sheet.blue_left), (blue.RIGHT, sheet.blue_right))
            if blue.allowed(values, side, number, seven)
        )
    if area is Area.BROWN:
        return brown.targets(sheet.brown, number)
    return pink.options(sheet.pink)


def enter(sheet: PlayerSheet, area: Area, target: int, number: int) -> PlayerSheet:
    """The sheet after entering ``number`` in ``area`` at ``target``, bonuses awarded.

    The target must be one :func:`targets` listed; for blue ``number`` is the value written.
    """
    earned: tuple[Bonus, ...]
    if area is Area.YELLOW:
        new = sheet.yellow | yellow.bit(target, number)
        earned = yellow.bonuses(sheet.yellow, new)
        sheet = sheet.but(yellow=new)
    elif area is Area.TURQUOISE:
        new = sheet.turquoise | turquoise.cells(number, target)
        earned = turquoise.bonuses(sheet.turquoise, new)
        sheet = sheet.but(turquoise=new)
    elif area is Area.BLUE:
        if target == blue.LEFT:
            values = sheet.blue_left + (number,)
            sheet = sheet.but(blue_left=values)
        else:
            values = sheet.blue_right + (number,)
            sheet = sheet.but(blue_right=values)
        got = blue.bonus(target, len(values))
        earned = (got,) if got is not None else ()
    elif area is Area.BROWN:
        new = sheet.brown | 1 << (target - 1)
        earned = brown.bonuses(sheet.brown, new)
        sheet = sheet.but(brown=new)
    else:
        field = len(sheet.pink) + 1
        got = pink.bonus(field, target)
        earned = (got,) if got is not None else ()
        sheet = sheet.but(
            pink=sheet.pink + (pink.value(field, number, target),),
            pink_bonus=sheet.pink_bonus | (1 << (field - 1) if got is not None else 0),
        )
    return sheet.award(earned)
