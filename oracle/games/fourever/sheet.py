"""The printed Clever 4Ever score sheet, as named constants.

Every number here is copied from the printed sheet (compiled from three public transcriptions and
checked against the rulebook's five worked examples).  Where the transcriptions disagree the
reading taken is the one of docs/rulings.md, part 2 (rulings 4E-1 .. 4E-11).

Indexing: fields, rows and columns are **1-based** in the public API and in notation (as
printed), except grey cells, which are ``(row, column)`` **0-based** like the grid below.

The grey area's parts are not copied: they are computed at import from the shading grid
(orthogonally touching cells of one shade form a part, rules "Grey"), numbered in row-major order
of their first cell; the start parts are the parts touching the left edge ("You start to the left
with one of the two red-edged subareas").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.engine.kinds import Coded
from oracle.engine.tracks import Track


class Bonus(Coded):
    """A bonus printed on the sheet: the three actions, the fox, the question marks; with its
    code in notation (a question mark's code is its die's code after ``?``)."""

    REROLL = 0, "RR"
    EXTRA_DIE = 1, "+1"
    POLISH = 2, "PS"
    FOX = 3, "FOX"
    QUESTION_YELLOW = 4, "?Y"
    QUESTION_BLUE = 5, "?B"
    QUESTION_GREY = 6, "?Gy"
    QUESTION_GREEN = 7, "?Gn"
    QUESTION_PINK = 8, "?P"
    QUESTION_BLACK = 9, "?*"


BONUS_CODES: tuple[str, ...] = tuple(b.code for b in Bonus)
BONUS_BY_CODE: Mapping[str, Bonus] = MappingProxyType({b.code: b for b in Bonus})
#: Codes of earlier versions of the notation, and the codes that replace them.
RENAMED: Mapping[str, str] = MappingProxyType({"?G": "?Gy", "?Gr": "?Gn"})

RR = Bonus.REROLL
XD = Bonus.EXTRA_DIE
PS = Bonus.POLISH
FOX = Bonus.FOX
QY = Bonus.QUESTION_YELLOW
QB = Bonus.QUESTION_BLUE
QG = Bonus.QUESTION_GREY
QGR = Bonus.QUESTION_GREEN
QP = Bonus.QUESTION_PINK
QX = Bonus.QUESTION_BLACK

NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

# --- Yellow: 3 rows x 5 fields, numbers written ------------------------------------------------
YELLOW_ROWS = 3
YELLOW_FIELDS = 5
#: Row 1 (top) must be strictly increasing; row 2's sum is minus points; row 3's sum plus points.
YELLOW_TOP, YELLOW_MINUS, YELLOW_PLUS = 1, 2, 3
#: Stars below columns 1..5, scored when the column's 3 fields are written.
YELLOW_STARS: tuple[int, ...] = (10, 10, 15, 15, 20)
#: The bonus of each row's field in columns 1..5 (None: nothing printed).
YELLOW_BONUS: tuple[tuple[Bonus | None, ...], ...] = (
    (None, PS, QG, QGR, FOX),
    (RR, QP, QB, XD, QY),
    (None, None, None, None, None),
)

# --- Blue: 6 x 6 grid; row = blue die, column = white die ---------------------------------------
BLUE_SIZE = 6
#: Bonus at the right end of rows 1..6, earned with the row's 2nd cross.
BLUE_ROW_BONUS: tuple[Bonus, ...] = (QGR, QP, QY, XD, QG, FOX)
#: Crosses in a row that earn its bonus.
BLUE_ROW_BONUS_AT = 2
#: Points below columns 1..6, for a column with at least 2 crosses.
BLUE_COLUMN_POINTS: tuple[int, ...] = (7, 8, 9, 10, 11, 12)
BLUE_COLUMN_POINTS_AT = 2
#: The main diagonal (1,1)..(6,6): its 2nd cross earns a re-roll (once).
BLUE_MAIN_DIAGONAL_BONUS = RR
BLUE_MAIN_DIAGONAL_AT = 2
#: The anti-diagonal (1,6)..(6,1): 6 points with at least 2 crosses.
BLUE_ANTI_DIAGONAL_POINTS = 6
BLUE_ANTI_DIAGONAL_AT = 2

# --- Grey: 4 rows x 16 columns of shaded cells ---------------------------------------------------
GREY_ROWS = 4
GREY_COLUMNS = 16
#: The shade of every cell: W white, L light grey, D dark grey (rows top to bottom).
GREY_SHADES: tuple[str, ...] = (
    "DWWLLLLWWLLDLLDD",
    "LWWDDDLWWWLDLWDD",
    "LLWLLDWDDLLWLWWD",
    "LDDLDDWDDLWWLWLD",
)
SHADES = "WLD"
#: Points above columns 1..16, for a column with all 4 cells crossed.
GREY_COLUMN_POINTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11)
#: Bonus icons printed in cells, (row, column) 0-based.
GREY_CELL_BONUS: Mapping[tuple[int, int], Bonus] = MappingProxyType({
    (0, 0): PS,
    (0, 5): QGR,
    (0, 12): PS,
    (1, 7): RR,
    (1, 15): QGR,
    (2, 3): QP,
    (2, 5): PS,
    (2, 9): PS,
    (2, 13): QB,
    (3, 0): RR,
    (3, 7): XD,
    (3, 11): QY,
    (3, 14): PS,
})


def _grey_parts() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Flood fill: the parts in row-major order of their first cell, each a tuple of cells."""
    seen: set[tuple[int, int]] = set()
    parts: list[tuple[tuple[int, int], ...]] = []
    for r in range(GREY_ROWS):
        for c in range(GREY_COLUMNS):
            if (r, c) in seen:
                continue
            shade = GREY_SHADES[r][c]
            stack, cells = [(r, c)], []
            seen.add((r, c))
            while stack:
                cell = stack.pop()
                cells.append(cell)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nr, nc = cell[0] + dr, cell[1] + dc
                    if (
                        0 <= nr < GREY_ROWS and 0 <= nc < GREY_COLUMNS
                        and (nr, nc) not in seen and GREY_SHADES[nr][nc] == shade
                    ):
                        seen.add((nr, nc))
                        stack.append((nr, nc))
            parts.append(tuple(sorted(cells)))
    return tuple(parts)


#: Each part's cells, parts in row-major order of their first cell.
GREY_PARTS: tuple[tuple[tuple[int, int], ...], ...] = _grey_parts()
GREY_PART_COUNT = len(GREY_PARTS)
#: Areas whose targets move notation 1 numbered from 0, with their count: notation 2 numbers the
#: grey parts from 1, as every other target (``grey:0`` is now ``grey:1``).
RENUMBERED: Mapping[str, int] = MappingProxyType({"grey": GREY_PART_COUNT})
#: The part of each cell: GREY_PART_OF[row][column].
GREY_PART_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(i for i, p in enumerate(GREY_PARTS) if (r, c) in p) for c in range(GREY_COLUMNS))
    for r in range(GREY_ROWS)
)
GREY_PART_SIZE: tuple[int, ...] = tuple(len(p) for p in GREY_PARTS)
GREY_PART_SHADE: tuple[str, ...] = tuple(GREY_SHADES[p[0][0]][p[0][1]] for p in GREY_PARTS)
#: For each part, the mask of the parts that touch it orthogonally.
GREY_NEIGHBOURS: tuple[int, ...] = tuple(
    sum(
        1 << q
        for q in range(GREY_PART_COUNT)
        if q != i and any(
            GREY_PART_OF[r + dr][c + dc] == q
            for r, c in GREY_PARTS[i]
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < GREY_ROWS and 0 <= c + dc < GREY_COLUMNS
        )
    )
    for i in range(GREY_PART_COUNT)
)
#: The start parts: those touching the left edge (red-framed on the sheet).
GREY_START_PARTS: tuple[int, ...] = tuple(sorted({GREY_PART_OF[r][0] for r in range(GREY_ROWS)}))
#: The parts of each shade, as a mask (a fox when all are crossed).
GREY_SHADE_PARTS: Mapping[str, int] = MappingProxyType({
    shade: sum(1 << i for i in range(GREY_PART_COUNT) if GREY_PART_SHADE[i] == shade)
    for shade in SHADES
})

# --- Green: 11 fields, each a lower and an upper triangle ---------------------------------------
GREEN_FIELDS = 11
#: The multiplier of fields 1..11 (the sum of a field's two triangles is multiplied).
GREEN_MULTIPLIER: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2)
#: The bonus under fields 1..11, earned with the field's lower triangle.
GREEN_BONUS: tuple[Bonus, ...] = (RR, QB, PS, QY, QG, XD, QP, QB, QY, FOX, XD)

# --- Pink: 12 fields, numbers written -------------------------------------------------------------
PINK_FIELDS = 12
#: Points above fields 1..12: the last written field's points are scored.
PINK_POINTS: tuple[int, ...] = (2, 4, 6, 9, 12, 15, 19, 23, 27, 32, 37, 42)
#: The bonus under fields 1..12, earned by a 5 or a 6 written there (None: nothing printed).
PINK_BONUS: tuple[Bonus | None, ...] = (PS, None, QGR, XD, RR, None, QG, FOX, None, QB, None, QY)
#: Circled extra points at the end for a written number (2 → 2, 4 → 4, 6 → 3).
PINK_CIRCLED: Mapping[int, int] = MappingProxyType({2: 2, 4: 4, 6: 3})
#: Numbers that earn the bonus under their field.
PINK_BONUS_NUMBERS: tuple[int, ...] = (5, 6)
#: The number that writes another of itself in the next field (docs/rulings.md, ruling 4E-9).
PINK_REPEAT = 3


# --- Action tracks (docs/rulings.md, ruling 4E-4) ------------------------------------------------
REROLL_TRACK: Track[Bonus] = Track(RR, 7, QP, "rr", "re-roll")
EXTRA_DIE_TRACK: Track[Bonus] = Track(XD, 7, None, "xd", "extra die")
POLISH_TRACK: Track[Bonus] = Track(PS, 9, None, "ps", "polish the silver")
#: The three action tracks in the order the sheet prints them (and the engine's: oracle.engine.sheet).
TRACKS: tuple[Track[Bonus], ...] = (REROLL_TRACK, EXTRA_DIE_TRACK, POLISH_TRACK)

# --- Round track ----------------------------------------------------------------------------------
#: Bonus for every player at the start of rounds 1..6 (None: nothing).
ROUND_BONUS: tuple[Bonus | None, ...] = (RR, XD, PS, QX, None, None)

# --- Solo rating ----------------------------------------------------------------------------------
#: The titles printed for the solo levels, best first (the family's scale: oracle.engine.family).
SOLO_TITLES: tuple[str, ...] = (
    "Clever 4ever!", "Clever once again!", "Hey, Einstein!", "Your friends will envy you.",
    "That's pretty clever!", "Prodigy in training", "It's going up", "Don't get so upset!",
    "There is still room to improve", "It was just bad luck", "Let's talk about something else.",
)
