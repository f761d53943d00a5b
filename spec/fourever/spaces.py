"""The engine's side of :mod:`spec.fourever.equality`: families of an area's states with what
the engine says of each (score, foxes, the bonuses earned, whether the state can be written at
all and the fewest entries that write it).  "Can be written" is the engine's own answer: the
states reached from the blank area by question-mark entries (every number 1..6, or every cell
or part for blue and grey), each entry one of the targets the engine lists and made by the
engine's ``enter`` (:func:`writable`, a breadth-first search, so its depth is the fewest
entries).  A question mark reaches every state dice reach: an area's targets depend on the
number and, in blue, on the partner die only through the cell (rulings 4E-5 to 4E-9).

Families: grey, every one of its 2^17 states; yellow, every row of up to five numbers in each
row (the other rows one state of each length); blue, every state of rows 1-3 and of rows 4-6
(2 x 2^18) and a seeded sample of whole grids; green and pink, every state of up to
:data:`SHORT` numbers per line and a seeded sample of longer ones.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from oracle import Position
from oracle.engine.area import QUESTION_DIE
from spec.fourever.engine_view import area_rules, code
from spec.fourever.seam import DEFAULT, Options

Array = npt.NDArray[np.int64]
#: How many numbers per line the short families of green and pink hold.
SHORT = 3


@attrs.frozen
class _Entry:
    """The game state an area may read for an entry (:class:`oracle.engine.area.EntryState`): a
    question mark reads no dice."""

    ruleset: Any
    faces: tuple[int, ...] = ()
    places: tuple[Any, ...] = ()


def successors(label: str, part: Any, options: Options = DEFAULT) -> list[Any]:
    """Every part one question-mark entry of the engine makes from ``part``."""
    rules = area_rules(label)
    state = _Entry(options)
    out = []
    for number in rules.question_numbers(options):
        for target in rules.targets(part, number, 0, Position.QUESTION, QUESTION_DIE, state):
            out.append(rules.enter(part, target, number, 0, Position.QUESTION, QUESTION_DIE,
                                   state)[0])
    return out


def writable(label: str, start: Any, options: Options = DEFAULT,
             keep: Callable[[Any], bool] = lambda part: True) -> dict[Any, int]:
    """The parts the engine writes from ``start`` (only through parts ``keep`` accepts), each
    with the fewest entries that write it."""
    depth = {start: 0}
    layer = [start]
    while layer:
        nxt = []
        for part in layer:
            for new in successors(label, part, options):
                if new not in depth and keep(new):
                    depth[new] = depth[part] + 1
                    nxt.append(new)
        layer = nxt
    return depth


@attrs.frozen(eq=False)
class Space:
    """States of one area with the engine's answers (arrays in the states' order).
    ``entries`` is -1 for a state the engine cannot write."""

    label: str
    parts: tuple[Any, ...]
    entries: Array
    score: Array
    foxes: Array
    earned: dict[str, Array]

    @property
    def writable(self) -> Array:
        """1 where the engine writes the state."""
        return (self.entries >= 0).astype(np.int64)

    def subset(self, chosen: Array) -> Space:
        """The states at the indices ``chosen``."""
        return Space(self.label, tuple(self.parts[i] for i in chosen), self.entries[chosen],
                     self.score[chosen], self.foxes[chosen],
                     {b: v[chosen] for b, v in self.earned.items()})


def space(label: str, parts: Sequence[Any], depth: dict[Any, int]) -> Space:
    """The engine's answers for ``parts`` (``depth``: the writable ones' fewest entries)."""
    rules = area_rules(label)
    earned: dict[str, Array] = {}
    for i, part in enumerate(parts):
        for bonus in rules.earned(part):
            key = code(bonus)
            if key not in earned:
                earned[key] = np.zeros(len(parts), np.int64)
            earned[key][i] += 1
    return Space(label, tuple(parts), np.array([depth.get(p, -1) for p in parts], np.int64),
                 np.array([rules.score(p) for p in parts], np.int64),
                 np.array([rules.foxes(p) for p in parts], np.int64),
                 earned)


def sequences(longest: int) -> list[tuple[int, ...]]:
    """Every line of up to ``longest`` numbers 1..6."""
    return [s for n in range(longest + 1) for s in itertools.product(range(1, 7), repeat=n)]


@functools.cache
def grey() -> Space:
    """Every grey state."""
    depth = writable("grey", 0)
    return space("grey", list(range(1 << 17)), depth)


#: One row of each length 0..5 (strictly increasing, so that it fits every row).
ROW_OF_LENGTH = tuple(tuple(range(1, n + 1)) for n in range(6))
#: The rows the other two rows show while one row takes every state: empty, half, full.
BESIDE = (ROW_OF_LENGTH[0], ROW_OF_LENGTH[3], ROW_OF_LENGTH[5])


def _row_depths(row: int) -> dict[tuple[int, ...], int]:
    """The engine's writable states of yellow ``row`` (1..3), the other rows empty."""
    empty: tuple[tuple[int, ...], ...] = ((), (), ())
    got = writable("yellow", empty, keep=lambda p: all(not p[r] for r in range(3) if r != row - 1))
    return {p[row - 1]: d for p, d in got.items()}


@functools.cache
def yellow() -> Space:
    """Every state of each row (up to five numbers) with the other two rows both empty, both
    of three numbers or both full (:data:`BESIDE`), and every combination of the three rows'
    lengths (:data:`ROW_OF_LENGTH`)."""
    lines = sequences(5)
    rows = {r: _row_depths(r) for r in (1, 2, 3)}
    parts: list[tuple[tuple[int, ...], ...]] = []
    for r in (1, 2, 3):
        for line, other in itertools.product(lines, BESIDE):
            parts.append(tuple(line if i == r - 1 else other for i in range(3)))
    parts += list(itertools.product(ROW_OF_LENGTH, repeat=3))
    depth = {}
    for p in parts:
        found = [rows[i + 1].get(p[i]) for i in range(3)]
        if all(f is not None for f in found):
            depth[p] = sum(f for f in found if f is not None)
    return space("yellow", parts, depth)


def _masks(rng: random.Random, count: int, bits: int) -> Iterable[int]:
    for _ in range(count):
        density = rng.random()
        yield sum(1 << i for i in range(bits) if rng.random() < density)


@functools.cache
def blue(sample: int = 5000) -> Space:
    """Every state of rows 1-2, of rows 3-4 and of rows 5-6, and ``sample`` seeded whole
    grids; every state can be written, in as many entries as crosses (checked: a question
    mark may cross every free cell of each state, :func:`blue_question_targets`)."""
    parts = sorted({m << 12 * k for k in range(3) for m in range(1 << 12)})
    parts += list(_masks(random.Random(4), sample, 36))
    return space("blue", parts, {p: int(p).bit_count() for p in parts})


def blue_question_targets(parts: Iterable[int]) -> list[str]:
    """States where a blue question mark may not cross exactly the free cells."""
    out = []
    for part in parts:
        got = set(successors("blue", part))
        want = {part | 1 << i for i in range(36) if not part >> i & 1}
        if got != want:
            out.append(f"blue {part:#x}: a question mark crosses {len(got)} cells, not the "
                       f"{len(want)} free ones")
    return out


def _lines_space(label: str, make: Callable[[tuple[int, ...]], Any], universe: list[Any],
                 options: Options, short: int) -> Space:
    depth = writable(label, make(()), options,
                     keep=lambda p: all(len(x) <= short for x in (p if label == "green" else [p])))
    return space(label, universe, depth)


@functools.cache
def green(options: Options = DEFAULT, short: int = SHORT) -> Space:
    """Every pair of lines of up to ``short`` numbers."""
    lines = sequences(short)
    universe = list(itertools.product(lines, lines))
    return _lines_space("green", lambda e: (e, e), universe, options, short)


@functools.cache
def pink(longest: int = 2 * SHORT) -> Space:
    """Every line of up to ``longest`` numbers (written or not)."""
    return _lines_space("pink", lambda e: e, sequences(longest), DEFAULT, longest)


@functools.cache
def long_lines(label: str, count: int = 3000) -> Space:
    """Seeded writable states of green (both lines up to 11) or pink (up to 12), made by the
    engine's entries from the blank area, with the fewest entries counted along the way
    (green: every entry a triangle; pink: one per number the player wrote)."""
    rng = random.Random(11)
    parts: list[Any] = []
    depth: dict[Any, int] = {}
    empty: Any = ((), ()) if label == "green" else ()
    for _ in range(count):
        part, steps = empty, 0
        for _ in range(rng.randrange(1, 24)):
            nxt = successors(label, part)
            if not nxt:
                break
            part, steps = rng.choice(nxt), steps + 1
        parts.append(part)
        depth[part] = min(depth.get(part, steps), steps)
    return space(label, parts, depth)
