"""A whole sheet's five areas as Z3 variables, and the per-area encodings behind one interface
(each area module has the same shape; this module picks the right one by :class:`Area`)."""

from __future__ import annotations

import attrs

from oracle import Area, Bonus, PlayerSheet, Ruleset
from spec.cubed import blue, brown, pink, turquoise, yellow
from spec.cubed.entry import Entry
from spec.logic import Bool, Int, Model, all_of, any_of, count, total


@attrs.frozen
class SheetVars:
    """The five areas' variables."""

    yellow: yellow.Yellow
    turquoise: turquoise.Turquoise
    blue: blue.Blue
    brown: brown.Brown
    pink: pink.Pink


def fresh(name: str) -> SheetVars:
    """Free variables for a whole sheet's areas."""
    return SheetVars(yellow.fresh(name), turquoise.fresh(name), blue.fresh(name),
                     brown.fresh(name), pink.fresh(name))


def equals(s: SheetVars, sheet: PlayerSheet) -> Bool:
    """``s`` holds the areas of ``sheet``."""
    return all_of((yellow.equals(s.yellow, sheet), turquoise.equals(s.turquoise, sheet),
                   blue.equals(s.blue, sheet), brown.equals(s.brown, sheet),
                   pink.equals(s.pink, sheet)))


def area_equals(s: SheetVars, area: Area, sheet: PlayerSheet) -> Bool:
    """The variables of ``area`` hold that area of ``sheet``."""
    if area is Area.YELLOW:
        return yellow.equals(s.yellow, sheet)
    if area is Area.TURQUOISE:
        return turquoise.equals(s.turquoise, sheet)
    if area is Area.BLUE:
        return blue.equals(s.blue, sheet)
    if area is Area.BROWN:
        return brown.equals(s.brown, sheet)
    return pink.equals(s.pink, sheet)


def legal(s: SheetVars, area: Area, target: Int, entry: Entry, ruleset: Ruleset) -> Bool:
    """The entry is legal in ``area`` at ``target``."""
    if area is Area.YELLOW:
        return yellow.legal(s.yellow, target, entry, ruleset)
    if area is Area.TURQUOISE:
        return turquoise.legal(s.turquoise, target, entry, ruleset)
    if area is Area.BLUE:
        return blue.legal(s.blue, target, entry, ruleset)
    if area is Area.BROWN:
        return brown.legal(s.brown, target, entry, ruleset)
    return pink.legal(s.pink, target, entry, ruleset)


def bonuses(s: SheetVars, area: Area, target: Int, entry: Entry) -> dict[Bonus, Int]:
    """How many of each bonus the entry earns."""
    if area is Area.YELLOW:
        return yellow.bonuses(s.yellow, target, entry)
    if area is Area.TURQUOISE:
        return turquoise.bonuses(s.turquoise, target, entry)
    if area is Area.BLUE:
        return blue.bonuses(s.blue, target, entry)
    if area is Area.BROWN:
        return brown.bonuses(s.brown, target, entry)
    return pink.bonuses(s.pink, target, entry)


def area_score(s: SheetVars, area: Area) -> Int:
    """The points of ``area``."""
    if area is Area.YELLOW:
        return yellow.score(s.yellow)
    if area is Area.TURQUOISE:
        return turquoise.score(s.turquoise)
    if area is Area.BLUE:
        return blue.score(s.blue)
    if area is Area.BROWN:
        return brown.score(s.brown)
    return pink.score(s.pink)


def area_foxes(s: SheetVars, area: Area) -> Int:
    """The foxes of ``area``."""
    if area is Area.YELLOW:
        return yellow.foxes(s.yellow)
    if area is Area.TURQUOISE:
        return turquoise.foxes(s.turquoise)
    if area is Area.BLUE:
        return blue.foxes(s.blue)
    if area is Area.BROWN:
        return brown.foxes(s.brown)
    return pink.foxes(s.pink)


def area_entries(s: SheetVars, area: Area) -> Int:
    """The fewest entries that make ``area``'s state."""
    if area is Area.YELLOW:
        return yellow.entries(s.yellow)
    if area is Area.TURQUOISE:
        return turquoise.entries(s.turquoise)
    if area is Area.BLUE:
        return blue.entries(s.blue)
    if area is Area.BROWN:
        return brown.entries(s.brown)
    return pink.entries(s.pink)


def added_entries(old: SheetVars, new: SheetVars) -> Int:
    """The fewest entries that make ``new``'s areas from ``old``'s (``new`` grows from
    ``old``: :func:`grows`): in yellow, blue, brown and pink one per cross or field added (each
    entry adds one); in turquoise one per column where ``new`` crosses a cell ``old`` left
    free (an entry crosses cells of one column only, rulebook "The Turquoise Area", ruling
    11).  Not the difference of :func:`area_entries`: turquoise's counts a column once
    however many entries crossed it, so more crosses in a column already used would cost
    nothing."""
    columns = count(any_of(new.turquoise.cell(r, c) & ~old.turquoise.cell(r, c)
                           for r in turquoise.ROWS) for c in turquoise.NUMBERS)
    return columns + total(area_entries(new, a) - area_entries(old, a)
                           for a in Area if a is not Area.TURQUOISE)


def earned(s: SheetVars) -> dict[Bonus, Int]:
    """How many of each printed bonus the areas have earned in all."""
    out: dict[Bonus, Int] = {}
    for part in (yellow.earned(s.yellow), turquoise.earned(s.turquoise), blue.earned(s.blue),
                 brown.earned(s.brown), pink.earned(s.pink)):
        for bonus, n in part.items():
            out[bonus] = out[bonus] + n if bonus in out else n
    return out


def well_formed(s: SheetVars, ruleset: Ruleset) -> Bool:
    """Every area is a state its rules can write."""
    return all_of((yellow.well_formed(s.yellow, ruleset),
                   turquoise.well_formed(s.turquoise, ruleset),
                   blue.well_formed(s.blue, ruleset), brown.well_formed(s.brown, ruleset),
                   pink.well_formed(s.pink, ruleset)))


def grows(old: SheetVars, new: SheetVars) -> Bool:
    """``new`` is ``old`` with more entries."""
    return all_of((yellow.grows(old.yellow, new.yellow),
                   turquoise.grows(old.turquoise, new.turquoise),
                   blue.grows(old.blue, new.blue), brown.grows(old.brown, new.brown),
                   pink.grows(old.pink, new.pink)))


def read(model: Model, s: SheetVars, sheet: PlayerSheet = PlayerSheet()) -> PlayerSheet:
    """``sheet`` with the five areas of the model."""
    sheet = yellow.read(model, s.yellow, sheet)
    sheet = turquoise.read(model, s.turquoise, sheet)
    sheet = blue.read(model, s.blue, sheet)
    sheet = brown.read(model, s.brown, sheet)
    return pink.read(model, s.pink, sheet)
