"""The engine's answers about an area over families of states, through its public names
(:mod:`spec.cubed.probe`): the other side of :mod:`spec.cubed.equality`.

The families: every yellow state (262,144), every brown state (4,096), every blue state the
engine lets a player write (pairs of sides), pink states of every length with every half/times
pattern and every option of every field, and turquoise states with every pattern of the
shaded cells, of each row and of each column.

The truths, and how the engine gives them:

- score, foxes: the game's ``score`` of the area's sheet;
- earned: the bonuses the entries brought on the way (each state is made from a state one
  entry smaller with a question mark of the area's colour, ``apply``; what the sheet gained is
  the bonus: circles, pending question marks);
- entries: every entry the engine allows adds one cross or field (turquoise: crosses in one
  column, any set of its free cells when enough dice match), checked on every entry probed
  (:func:`spec.cubed.equality.entry_differences`), so the fewest entries are the crosses or
  fields (turquoise: the columns used);
- well_formed: the states reached that way (blue, pink: by the engine's legal moves);
- grows: the states the engine's entries lead to from a state.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from oracle import Area, Bonus, PlayerSheet, Position, QuestionMark, Ruleset, apply, legal_moves
from oracle.engine.errors import IllegalMoveError
from spec.cubed import probe
from spec.cubed.patterns import brown_bit, turquoise_bit, yellow_bit
from spec.cubed.printed import (BROWN_PRINTED, OWN_QUESTION, PINK_FACTOR, PINK_FIELD_COUNT,
                                TURQUOISE_SHADED)
from spec.cubed.seam import GAME, format_sheet
from spec.evaluate import Array

#: Every bonus a state may have earned.
BONUSES = tuple(Bonus)

@attrs.frozen
class Space:
    """A family of area states (area-only sheets) with the engine's answers for each:
    the area's score, its foxes, the bonuses earned on the way to it, the fewest entries."""

    area: Area
    sheets: tuple[PlayerSheet, ...]
    score: Array
    foxes: Array
    earned: dict[Bonus, Array]
    entries: Array


def last_entry(area: Area, sheet: PlayerSheet) -> tuple[PlayerSheet, int, int]:
    """A state one entry smaller, and the question mark's number and target that make
    ``sheet`` from it: yellow and turquoise the lowest cell (turquoise: the lowest unshaded one
    while there is one; so the last entry of a full area earns no question mark of its own
    colour, which the engine drops, ruling 19), brown its
    last field, blue the outermost number of the right side (else the left), pink the last
    field (the die number that writes it)."""
    if area is Area.YELLOW or area is Area.TURQUOISE:
        mask = getattr(sheet, area.label)
        if area is Area.TURQUOISE and mask & ~SHADED:
            mask &= ~SHADED  # unshaded cells first: chains meet the all-shaded family
        low = (mask & -mask).bit_length() - 1
        mask = getattr(sheet, area.label)
        row, number = low // 6 + 1, low % 6 + 1
        target = row if area is Area.YELLOW else 1 << (row - 1)
        return sheet.but(**{area.label: mask & ~(1 << low)}), number, target
    if area is Area.BROWN:
        f = sheet.brown.bit_length()
        return sheet.but(brown=sheet.brown & ~brown_bit(f)), BROWN_PRINTED[f - 1], f
    if area is Area.BLUE:
        if sheet.blue_right:
            return sheet.but(blue_right=sheet.blue_right[:-1]), sheet.blue_right[-1], 1
        return sheet.but(blue_left=sheet.blue_left[:-1]), sheet.blue_left[-1], 0
    f = len(sheet.pink)
    value = sheet.pink[-1]
    half = f == 1 or bool(sheet.pink_bonus >> (f - 1) & 1)
    number = 2 * value if half else value // PINK_FACTOR[f - 1]
    return PlayerSheet(pink=sheet.pink[:-1], pink_bonus=sheet.pink_bonus & ((1 << (f - 1)) - 1)),\
        number, 0 if half else 1


def units(area: Area, sheet: PlayerSheet) -> int:
    """The fewest entries that make an area state, by the engine's entries (see the module
    docstring): crosses or fields; turquoise the columns with a cross."""
    if area is Area.YELLOW or area is Area.BROWN:
        return bin(getattr(sheet, area.label)).count("1")
    if area is Area.TURQUOISE:
        return sum(1 for c in range(1, 7)
                   if any(sheet.turquoise & turquoise_bit(r, c) for r in range(1, 6)))
    if area is Area.BLUE:
        return len(sheet.blue_left) + len(sheet.blue_right)
    return len(sheet.pink)


def build_space(area: Area, sheets: Iterable[PlayerSheet], ruleset: Ruleset = Ruleset(),
                problems: list[str] | None = None) -> Space:
    """The engine's answers for ``sheets`` (area-only).  A state the engine cannot make one
    entry at a time is noted in ``problems`` (its earned bonuses count as none)."""
    sheets = tuple(sheets)
    index = {b: i for i, b in enumerate(BONUSES)}
    nothing = (0,) * len(BONUSES)
    known: dict[PlayerSheet, tuple[int, ...]] = {PlayerSheet(): nothing}

    def earned(sheet: PlayerSheet) -> tuple[int, ...]:
        chain = []
        at = sheet
        while at not in known:
            parent, number, target = last_entry(area, at)
            chain.append((at, parent, number, target))
            at = parent
        for s, parent, number, target in reversed(chain):
            try:
                after, got = probe.step(area, parent, number, target, ruleset)
            except IllegalMoveError as exc:
                if problems is not None:
                    problems.append(f"{area.label}: the engine cannot make {format_sheet(s)} "
                                    f"from {format_sheet(parent)}: {exc}")
                after, got = s, ()
            if after != s and problems is not None:
                problems.append(f"{area.label}: the engine made {format_sheet(after)}, not "
                                f"{format_sheet(s)}")
            total = list(known[parent])
            for b in got:
                total[index[b]] += 1
            known[s] = tuple(total)
        return known[sheet]

    scores, foxes, got = [], [], []
    for s in sheets:
        breakdown = GAME.score(s)
        scores.append(breakdown.areas[area - 1])
        foxes.append(breakdown.foxes)
        got.append(earned(s))
    table = np.array(got, np.int64).reshape(len(sheets), len(BONUSES))
    by_bonus = {b: table[:, i] for i, b in enumerate(BONUSES)}
    by_bonus[Bonus.FOX] = np.array(foxes, np.int64)
    return Space(area, sheets, np.array(scores, np.int64), np.array(foxes, np.int64), by_bonus,
                 np.array([units(area, s) for s in sheets], np.int64))


def full(area: Area, sheet: PlayerSheet) -> bool:
    """No question mark of the area's colour has a use left (every cell crossed)."""
    if area is Area.YELLOW:
        return sheet.yellow == (1 << 18) - 1
    if area is Area.TURQUOISE:
        return sheet.turquoise == (1 << 30) - 1
    return False


def keeps(area: Area, old: PlayerSheet, new: PlayerSheet) -> bool:
    """``new`` keeps everything ``old`` has written."""
    if area is Area.BLUE:
        return (new.blue_left[:len(old.blue_left)] == old.blue_left
                and new.blue_right[:len(old.blue_right)] == old.blue_right)
    if area is Area.PINK:
        n = len(old.pink)
        return new.pink[:n] == old.pink and not (new.pink_bonus ^ old.pink_bonus) & ((1 << n) - 1)
    mask = int(getattr(old, area.label))
    return int(getattr(new, area.label)) & mask == mask


def successors(area: Area, sheet: PlayerSheet, ruleset: Ruleset) -> set[PlayerSheet]:
    """The area states one entry after ``sheet`` (area-only): every legal use of a question
    mark of the area's colour, any number."""
    state, seat = probe.entry_state(area, Position.QUESTION, 1, 0, ruleset)
    state = state.with_sheet(seat, sheet.but(pending=(OWN_QUESTION[area],)))
    return {probe.area_only(apply(state, m).sheets[seat], area) for m in legal_moves(state)
            if isinstance(m, QuestionMark) and m.area is area}


def descendants(area: Area, sheets: Sequence[PlayerSheet], ruleset: Ruleset,
                problems: list[str], leave: Callable[[PlayerSheet], bool] | None = None
                ) -> list[int]:
    """For each of ``sheets`` (a family closed under the engine's entries, except for states
    ``leave`` names: entries that leave the family for good), the family members reachable
    from it by the engine's entries, as a bit set over the family's indices."""
    index = {s: i for i, s in enumerate(sheets)}
    reach: dict[PlayerSheet, int] = {}
    for s in sorted(sheets, key=lambda s: -units(area, s)):
        bits = 1 << index[s]
        for child in successors(area, s, ruleset):
            if child not in reach:
                if leave is None or not leave(child):
                    problems.append(f"{area.label}: {format_sheet(child)} (after an entry) is "
                                    "not in the family or has no more entries")
                continue
            bits |= reach[child]
        reach[s] = bits
    return [reach[s] for s in sheets]


def _bits(mask: int, size: int) -> npt.NDArray[np.bool_]:
    raw = np.frombuffer(mask.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:size].astype(bool)


def family_reach(area: Area, sheets: Sequence[PlayerSheet], ruleset: Ruleset,
                 problems: list[str], leave: Callable[[PlayerSheet], bool] | None = None
                 ) -> Callable[[PlayerSheet], npt.NDArray[np.bool_]]:
    """The engine's reachability within a closed family (brown, blue: every state; one blue
    side, ``leave`` naming the states with the other side written)."""
    index = {s: i for i, s in enumerate(sheets)}
    reach = descendants(area, sheets, ruleset, problems, leave)
    return lambda old: _bits(reach[index[old]], len(sheets))


def superset_reach(area: Area, news: Sequence[PlayerSheet]
                   ) -> Callable[[PlayerSheet], npt.NDArray[np.bool_]]:
    """Yellow and turquoise: the engine's entries only add crosses, and a free cell can always
    be crossed (by a question mark, ruling 10), so ``new`` follows ``old`` when it has every
    cross of ``old``."""
    masks = np.array([getattr(s, area.label) for s in news], np.int64)
    return lambda old: (masks & getattr(old, area.label)) == getattr(old, area.label)


def prefix_reach(news: Sequence[PlayerSheet]) -> Callable[[PlayerSheet], npt.NDArray[np.bool_]]:
    """Pink: the engine's entries write the next field and nothing else, and every written
    state is written one field at a time (its :func:`last_entry` chain), so ``new`` follows
    ``old`` when it begins with ``old``'s fields (numbers and halves)."""
    def reach(old: PlayerSheet) -> npt.NDArray[np.bool_]:
        n = len(old.pink)
        low = (1 << n) - 1
        return np.array([s.pink[:n] == old.pink and not (s.pink_bonus ^ old.pink_bonus) & low
                         for s in news])
    return reach


def sides_reachable(ruleset: Ruleset) -> tuple[frozenset[tuple[int, ...]], ...]:
    """Every left side and every right side the engine lets a player write (question marks
    of every value, one side at a time, the other side empty)."""
    return tuple(_sides(side, ruleset) for side in (0, 1))


@functools.cache
def _sides(side: int, ruleset: Ruleset) -> frozenset[tuple[int, ...]]:
    seen: set[tuple[int, ...]] = {()}
    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        grown = []
        for written in frontier:
            sheet = PlayerSheet(blue_right=written) if side else PlayerSheet(blue_left=written)
            for value in range(2, 13):
                for target, (after, _) in probe.entries(Area.BLUE, sheet, Position.QUESTION,
                                                        value, 0, ruleset).items():
                    if target != side:
                        continue
                    new = after.blue_right if side else after.blue_left
                    if new not in seen:
                        seen.add(new)
                        grown.append(new)
        frontier = grown
    return frozenset(seen)


def blue_sheets(ruleset: Ruleset) -> list[PlayerSheet]:
    """Every blue state the engine lets a player write: all pairs of reachable sides."""
    lefts, rights = sides_reachable(ruleset)
    return [PlayerSheet(blue_left=l, blue_right=r)
            for l, r in itertools.product(sorted(lefts), sorted(rights))]


def pink_options(ruleset: Ruleset) -> tuple[frozenset[tuple[int, bool]], ...]:
    """For each pink field, the (value, half) pairs the engine writes there (after a prefix of
    halves; die numbers 1..6, both options)."""
    out = []
    for f in range(PINK_FIELD_COUNT):
        before = PlayerSheet(pink=(1,) * f, pink_bonus=(1 << f) - 2 if f else 0)
        seen = set()
        for number in range(1, 7):
            for target, (after, _) in probe.entries(Area.PINK, before, Position.QUESTION,
                                                    number, 0, ruleset).items():
                half = f == 0 or bool(after.pink_bonus >> f & 1)
                seen.add((after.pink[f], half))
        out.append(frozenset(seen))
    return tuple(out)


def yellow_sheets() -> list[PlayerSheet]:
    """All 262,144 yellow states."""
    return [PlayerSheet(yellow=m) for m in range(1 << 18)]


def brown_sheets() -> list[PlayerSheet]:
    """All 4,096 brown states."""
    return [PlayerSheet(brown=m) for m in range(1 << 12)]


#: The turquoise-shaded cells (rulebook "The Turquoise Area").
SHADED = sum(turquoise_bit(r, c) for r in range(1, 6)
             for c in range(1, TURQUOISE_SHADED[r - 1] + 1))


def _spread(mask: int, pattern: int) -> int:
    """``pattern``'s bits placed on the set bits of ``mask``, lowest first."""
    out, i = 0, 0
    for bit in range(30):
        if mask >> bit & 1:
            out |= (pattern >> i & 1) << bit
            i += 1
    return out


def turquoise_sheets(rng: random.Random, extra: int = 1000) -> list[PlayerSheet]:
    """Turquoise states covering every part's cells: every pattern of each row (what the score
    reads, and the row bonuses) and of each column (what entries read, and the column
    bonuses), with the other cells empty, full or random; and ``extra`` random states.  Z3
    shows that each part is a sum over these pieces
    (``tests/spec/test_equality.py::test_turquoise_parts_decompose``)."""
    masks = set()
    for line in ([sum(turquoise_bit(r, c) for c in range(1, 7)) for r in range(1, 6)]
                 + [sum(turquoise_bit(r, c) for r in range(1, 6)) for c in range(1, 7)]):
        rest = ((1 << 30) - 1) & ~line
        for p in range(1 << bin(line).count("1")):
            for other in (0, rest, rng.getrandbits(30) & rest):
                masks.add(_spread(line, p) | other)
    masks |= {rng.getrandbits(30) for _ in range(extra)}
    return [PlayerSheet(turquoise=m) for m in sorted(masks)]


def pink_sheets(rng: random.Random, ruleset: Ruleset = Ruleset(), extra: int = 1000
                ) -> list[PlayerSheet]:
    """Pink states: every length with every half/times pattern (values drawn at random from
    what the engine writes there), every option of each field after a random prefix, and
    ``extra`` random states."""
    options = [sorted(o) for o in pink_options(ruleset)]

    def make(choice: list[tuple[int, bool]]) -> PlayerSheet:
        mask = sum(1 << f for f, (_, h) in enumerate(choice) if h and f)
        return PlayerSheet(pink=tuple(x for x, _ in choice), pink_bonus=mask)

    out = {PlayerSheet()}
    for length in range(1, PINK_FIELD_COUNT + 1):
        for pattern in itertools.product((True, False), repeat=length - 1):
            halves = (True,) + pattern
            out.add(make([rng.choice([o for o in options[f] if o[1] == h])
                          for f, h in enumerate(halves)]))
    for f in range(PINK_FIELD_COUNT):
        for option in options[f]:
            prefix = [rng.choice(options[g]) for g in range(f)]
            out.add(make(prefix + [option]))
    for _ in range(extra):
        length = rng.randint(0, PINK_FIELD_COUNT)
        out.add(make([rng.choice(options[f]) for f in range(length)]))
    return sorted(out, key=format_sheet)


def space_sheets(area: Area, rng: random.Random, ruleset: Ruleset = Ruleset()
                 ) -> list[PlayerSheet]:
    """The family of states each area is checked on (every state where they can be
    enumerated)."""
    if area is Area.YELLOW:
        return yellow_sheets()
    if area is Area.TURQUOISE:
        return turquoise_sheets(rng)
    if area is Area.BLUE:
        return blue_sheets(ruleset)
    if area is Area.BROWN:
        return brown_sheets()
    return pink_sheets(rng, ruleset)


#: The seed of every random family (the checks are the same on every run).
SEED = 18


@functools.cache
def standard(area: Area, ruleset: Ruleset = Ruleset()) -> tuple[Space, tuple[str, ...]]:
    """The family :func:`space_sheets` of ``area`` with the engine's answers, and anything the
    engine could not do on the way (remembered: built once per process, about 30 s for
    yellow)."""
    problems: list[str] = []
    space = build_space(area, space_sheets(area, random.Random(SEED), ruleset), ruleset,
                        problems)
    return space, tuple(problems)


def entry_families(area: Area, ruleset: Ruleset = Ruleset()
                   ) -> list[tuple[list[PlayerSheet], tuple[tuple[Position, int, int], ...]]]:
    """The states and contexts the entry parts (``legal``, ``bonuses``) are compared on: each
    area's states that decide an entry, with the contexts that read them, and random states
    with every context.  Yellow: every pattern of each column (an entry reads the cells of its
    number); turquoise: every pattern of each column with that column's number (every
    position and number of matching dice); blue: every state from a die field, and random
    ones from everywhere; brown: every state as a question mark, and random ones from
    everywhere; pink: random states of every length."""
    rng = random.Random(SEED)
    every = probe.contexts(area)
    if area is Area.YELLOW:
        column = [PlayerSheet(yellow=rng.getrandbits(18) & ~_column_mask(c) | _spread(
            _column_mask(c), p)) for c in range(1, 7) for p in range(8)]
        return [(column + [PlayerSheet(), PlayerSheet(yellow=(1 << 18) - 1)], every),
                ([PlayerSheet(yellow=rng.getrandbits(18)) for _ in range(40)], every)]
    if area is Area.TURQUOISE:
        out = []
        for c in range(1, 7):
            cells = sum(turquoise_bit(r, c) for r in range(1, 6))
            sheets = [PlayerSheet(turquoise=rng.getrandbits(30) & ~cells | _spread(cells, p))
                      for p in range(32)]
            out.append((sheets, tuple(x for x in every if x[1] == c)))
        out.append(([PlayerSheet(turquoise=rng.getrandbits(30)) for _ in range(8)], every))
        return out
    if area is Area.BLUE:
        sheets = blue_sheets(ruleset)
        field = probe.contexts(area, (Position.FIELD_I,))
        if len(sheets) > 2000:
            sheets = rng.sample(sheets, 2000)
        return [(sheets, field), (rng.sample(sheets, 40), every)]
    if area is Area.BROWN:
        sheets = brown_sheets()
        return [(sheets, probe.contexts(area, (Position.QUESTION,))),
                (rng.sample(sheets, 60), every)]
    sheets = pink_sheets(rng, ruleset)
    short = [s for s in sheets if len(s.pink) <= 2]
    lengths = list({len(s.pink): s for s in sheets}.values())
    return [(short + lengths + rng.sample(sheets, 150), every)]


def _column_mask(column: int) -> int:
    return sum(yellow_bit(r, column) for r in range(1, 4))


@functools.cache
def standard_reach(area: Area) -> Callable[[PlayerSheet], npt.NDArray[np.bool_]]:
    """The engine's reachability over :func:`standard`'s family (brown, blue: closed
    families); remembered."""
    problems: list[str] = []
    reach = family_reach(area, standard(area)[0].sheets, Ruleset(), problems)
    if problems:
        raise ValueError(problems[0])
    return reach


def one_side(side: int, ruleset: Ruleset) -> list[PlayerSheet]:
    """Every blue state with only ``side`` (0 left, 1 right) written."""
    written = sorted(sides_reachable(ruleset)[side])
    return [PlayerSheet(blue_right=w) if side else PlayerSheet(blue_left=w) for w in written]


@functools.cache
def side_reach(side: int, ruleset: Ruleset) -> Callable[[PlayerSheet], npt.NDArray[np.bool_]]:
    """The engine's reachability among :func:`one_side`'s states (entries on the other side
    leave them for good)."""
    problems: list[str] = []
    other: Callable[[PlayerSheet], bool] = (
        (lambda s: bool(s.blue_left)) if side else (lambda s: bool(s.blue_right)))
    reach = family_reach(Area.BLUE, one_side(side, ruleset), ruleset, problems, other)
    if problems:
        raise ValueError(problems[0])
    return reach
