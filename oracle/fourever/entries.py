"""Entering a number in an area: where it may go, why not, and the sheet after it went there.

Dispatches to the area modules.  Bonuses earned by an entry are awarded at once (rules "Bonuses
and points": "The colour bonuses must always be used immediately").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from oracle.fourever.areas import blue, green, grey, pink, yellow
from oracle.fourever.context import Context
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.sheet import Area, Bonus


def targets(sheet: PlayerSheet, area: Area, ctx: Context) -> tuple[int, ...]:
    """Every target of the entry ``ctx`` in ``area``."""
    if area is Area.YELLOW:
        return yellow.targets(sheet.yellow, ctx)
    if area is Area.BLUE:
        return blue.targets(sheet.blue, ctx)
    if area is Area.GREY:
        return grey.targets(sheet.grey, ctx)
    if area is Area.GREEN:
        return green.targets(sheet.green, ctx)
    return pink.targets(sheet.pink, ctx)


def problem(sheet: PlayerSheet, area: Area, target: int, ctx: Context) -> tuple[str, str] | None:
    """The area rule the entry at ``target`` breaks, or None (the area modules' own reading)."""
    if area is Area.YELLOW:
        return yellow.problem(sheet.yellow, target, ctx)
    if area is Area.BLUE:
        return blue.problem(sheet.blue, target, ctx)
    if area is Area.GREY:
        return grey.problem(sheet.grey, target, ctx)
    if area is Area.GREEN:
        return green.problem(sheet.green, target, ctx)
    return pink.problem(sheet.pink, target, ctx)


def enter(sheet: PlayerSheet, area: Area, target: int, ctx: Context) -> PlayerSheet:
    """The sheet after the entry, its bonuses awarded."""
    earned: tuple[Bonus, ...]
    if area is Area.YELLOW:
        y, earned = yellow.enter(sheet.yellow, target, ctx)
        sheet = attrs.evolve(sheet, yellow=y)
    elif area is Area.BLUE:
        b, earned = blue.enter(sheet.blue, target, ctx)
        sheet = attrs.evolve(sheet, blue=b)
    elif area is Area.GREY:
        g, earned = grey.enter(sheet.grey, target, ctx)
        sheet = attrs.evolve(sheet, grey=g)
    elif area is Area.GREEN:
        gn, earned = green.enter(sheet.green, target, ctx)
        sheet = attrs.evolve(sheet, green=gn)
    else:
        p, earned = pink.enter(sheet.pink, target, ctx)
        sheet = attrs.evolve(sheet, pink=p)
    return sheet.award(earned)


def target_text(area: Area, target: int) -> str:
    """The notation of a target in ``area`` (without the area label)."""
    if area is Area.YELLOW:
        return yellow.target_text(target)
    if area is Area.BLUE:
        return blue.target_text(target)
    if area is Area.GREY:
        return grey.target_text(target)
    if area is Area.GREEN:
        return green.target_text(target)
    return pink.target_text(target)


def parse_target(area: Area, text: str) -> int:
    """A target of ``area`` from its text; NotationError when it is not one."""
    if area is Area.YELLOW:
        return yellow.parse_target(text)
    if area is Area.BLUE:
        return blue.parse_target(text)
    if area is Area.GREY:
        return grey.parse_target(text)
    if area is Area.GREEN:
        return green.parse_target(text)
    return pink.parse_target(text)


TARGETS: Mapping[Area, tuple[int, ...]] = MappingProxyType({
    Area.YELLOW: yellow.TARGETS,
    Area.BLUE: blue.TARGETS,
    Area.GREY: grey.TARGETS,
    Area.GREEN: green.TARGETS,
    Area.PINK: pink.TARGETS,
})
