"""Clever 4Ever's encodings equal the engine (spec/fourever/equality.py): which states can be
written, the fewest entries, score, foxes and every bonus earned, on whole families of states
(spec/fourever/spaces.py: every grey state, every state of each yellow row, every blue state of
two rows, every green and pink line up to a length, seeded long lines), and which states can
follow which."""

from __future__ import annotations

import types

import pytest

from spec.fourever import blue, equality, green, grey, pink, spaces, yellow
from spec.fourever.seam import ruleset

FAMILIES = {"yellow": (yellow, spaces.yellow), "blue": (blue, spaces.blue),
            "grey": (grey, spaces.grey), "green": (green, spaces.green),
            "pink": (pink, spaces.pink)}


@pytest.mark.parametrize("label", sorted(FAMILIES))
def test_every_state_of_the_family_agrees(label: str) -> None:
    module, family = FAMILIES[label]
    assert equality.state_differences(module, family()) == []


@pytest.mark.parametrize("label", sorted(FAMILIES))
def test_assignments_no_state_shows_are_not_well_formed(label: str) -> None:
    module, family = FAMILIES[label]
    assert equality.raw_differences(module, family(), 1500) == []


def test_green_upper_after_lower() -> None:
    """Under the option, the states written differ (an upper triangle needs its lower one) and
    the encoding follows."""
    option = ruleset(green_upper_after_lower="true")
    space = spaces.green(option, 2)
    assert 0 < int(space.writable.sum()) < len(space.parts)
    assert equality.state_differences(green, space, option) == []


@pytest.mark.parametrize("label", ["green", "pink"])
def test_long_lines_agree(label: str) -> None:
    module: types.ModuleType = FAMILIES[label][0]
    assert equality.state_differences(module, spaces.long_lines(label, 600)) == []
    assert equality.raw_differences(module, spaces.long_lines(label, 600), 600) == []


def test_a_blue_question_mark_crosses_every_free_cell() -> None:
    """So every blue state can be written, one entry per cross (what blue's family assumes)."""
    assert spaces.blue_question_targets(spaces.blue().parts[::400]) == []


def test_grey_growth() -> None:
    """The grey states that may follow a state are exactly those the engine's entries make."""
    family = spaces.grey()
    olds = [p for p, w in zip(family.parts, family.writable) if w][::2100]
    assert len(olds) >= 2
    assert equality.grows_differences(grey, "grey", olds, family.parts, lambda p: True) == []


def test_yellow_growth() -> None:
    """Each row grows on its own: every state of one row after a state, the others kept."""
    lines = spaces.sequences(5)
    for row, old in ((1, ((1, 3), (2,), (6, 6))), (2, ((2,), (1, 5, 5), ())),
                     (3, ((), (), (4, 1)))):
        def kept(p: tuple[tuple[int, ...], ...], row: int = row,
                 old: tuple[tuple[int, ...], ...] = old) -> bool:
            return all(p[i] == old[i] for i in range(3) if i != row - 1)
        universe = [tuple(line if i == row - 1 else old[i] for i in range(3)) for line in lines]
        assert equality.grows_differences(yellow, "yellow", [old], universe, kept) == []


@pytest.mark.parametrize("label", ["green", "pink"])
def test_line_growth(label: str) -> None:
    module, family = FAMILIES[label]
    space = family()
    universe = [p for p, w in zip(space.parts, space.writable) if w]
    olds = universe[:: max(1, len(universe) // 2)][:2]
    keep = set(universe).__contains__
    assert equality.grows_differences(module, label, olds, universe, keep) == []


def test_blue_growth() -> None:
    universe = list(range(1 << 12))
    assert equality.grows_differences(blue, "blue", [0, 0b100001, 0b111000000111], universe,
                                      lambda p: p < 1 << 12) == []
