"""The printed sheet's data: the grey parts computed from the shading grid agree with the table
printed beside it, and every action track is filled exactly by the sheet's sources."""

from __future__ import annotations

from oracle.games.fourever.sheet import (
    BLUE_MAIN_DIAGONAL_BONUS,
    BLUE_ROW_BONUS,
    GREEN_BONUS,
    GREY_CELL_BONUS,
    GREY_COLUMNS,
    GREY_NEIGHBOURS,
    GREY_PART_COUNT,
    GREY_PART_OF,
    GREY_PART_SHADE,
    GREY_PART_SIZE,
    GREY_SHADES,
    GREY_START_PARTS,
    PINK_BONUS,
    ROUND_BONUS,
    TRACKS,
    YELLOW_BONUS,
    Bonus,
)

#: The part numbers as printed in the sheet's table (row-major order of their first cell).
PRINTED_PARTS = (
    " 0  1  1  2  2  2  2  3  3  4  4  5  6  6  7  7",
    " 8  1  1  9  9  9  2  3  3  3  4  5  6 10  7  7",
    " 8  8  1 11 11  9 12 13 13  4  4 14  6 10 10  7",
    " 8 15 15 11  9  9 12 13 13  4 14 14  6 10 16  7",
)
PRINTED_SIZES = "0 D1 · 1 W5 · 2 L5 · 3 W5 · 4 L6 · 5 D2 · 6 L5 · 7 D6 · 8 L4 · 9 D6 · " \
    "10 W4 · 11 L3 · 12 W2 · 13 D4 · 14 W3 · 15 D2 · 16 L1"


def test_grey_parts_match_the_printed_table() -> None:
    computed = tuple(" ".join(f"{p:2d}" for p in row) for row in GREY_PART_OF)
    assert computed == PRINTED_PARTS
    assert GREY_PART_COUNT == 17
    printed = [entry.split() for entry in PRINTED_SIZES.split(" · ")]
    assert [(int(n), s[0], int(s[1:])) for n, s in printed] == [
        (i, GREY_PART_SHADE[i], GREY_PART_SIZE[i]) for i in range(17)
    ]
    assert GREY_START_PARTS == (0, 8)
    assert max(GREY_PART_SIZE) <= 6  # docs/rulings.md, ruling 4E-8: every part can be crossed


def test_grey_shade_totals_and_adjacency() -> None:
    cells = "".join(GREY_SHADES)
    assert (cells.count("W"), cells.count("L"), cells.count("D")) == (19, 24, 21)
    assert all(len(row) == GREY_COLUMNS for row in GREY_SHADES)
    for i in range(GREY_PART_COUNT):
        assert not GREY_NEIGHBOURS[i] >> i & 1
        for j in range(GREY_PART_COUNT):
            assert (GREY_NEIGHBOURS[i] >> j & 1) == (GREY_NEIGHBOURS[j] >> i & 1)
    # Part 0 (the dark top-left cell) touches parts 1 (right) and 8 (below) only.
    assert GREY_NEIGHBOURS[0] == 1 << 1 | 1 << 8
    # Neighbouring parts always differ in shade.
    assert all(GREY_PART_SHADE[i] != GREY_PART_SHADE[j]
               for i in range(17) for j in range(17) if GREY_NEIGHBOURS[i] >> j & 1)
    for (r, c), _ in GREY_CELL_BONUS.items():
        assert 0 <= r < 4 and 0 <= c < 16


def _sources() -> list[Bonus]:
    found: list[Bonus] = [b for b in ROUND_BONUS if b is not None]
    found += [b for row in YELLOW_BONUS for b in row if b is not None]
    found += list(BLUE_ROW_BONUS) + [BLUE_MAIN_DIAGONAL_BONUS]
    found += list(GREY_CELL_BONUS.values()) + list(GREEN_BONUS)
    found += [b for b in PINK_BONUS if b is not None]
    return found


def test_every_action_track_is_filled_exactly_by_its_sources() -> None:
    found = _sources()
    by_action = {track.action: track for track in TRACKS}
    for action, length in ((Bonus.REROLL, 7), (Bonus.EXTRA_DIE, 7), (Bonus.POLISH, 9)):
        assert found.count(action) == length == by_action[action].length
    assert by_action[Bonus.REROLL].end is Bonus.QUESTION_PINK
    assert by_action[Bonus.EXTRA_DIE].end is None and by_action[Bonus.POLISH].end is None


def test_seven_foxes_in_all() -> None:
    printed = _sources().count(Bonus.FOX)
    assert printed == 4
    assert printed + 3 == 7  # one fox per fully crossed grey shade (W, L, D)
