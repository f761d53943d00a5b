"""The printed Clever 4Ever score sheet as the spec reads it: every number and bonus the sheet
shows, written here from the printed sheet and the rulebook (docs/rulings.md, part 2: rulings
4E-3 to 4E-10), not taken from the engine.  ``tests/spec/fourever/test_printed.py`` checks each
table equal to the engine's, so a misread number cannot hide in both.

Bonuses are named by their code in sheet notation (docs/formats.md): ``RR`` re-roll, ``+1``
extra die, ``PS`` polish the silver, ``FOX``, ``?Y`` ``?B`` ``?Gy`` ``?Gn`` ``?P`` the coloured
question marks, ``?*`` the black one.  Tables are 0-based tuples (index 0 is row 1, column 1 or
field 1); grey cells are (row, column), 0-based.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

RR, XD, PS, FOX = "RR", "+1", "PS", "FOX"
Q_Y, Q_B, Q_GY, Q_GN, Q_P, Q_ANY = "?Y", "?B", "?Gy", "?Gn", "?P", "?*"
#: Every bonus code the sheet prints.
BONUSES = (RR, XD, PS, FOX, Q_Y, Q_B, Q_GY, Q_GN, Q_P, Q_ANY)
#: The areas in sheet order, by their labels.
AREAS = ("yellow", "blue", "grey", "green", "pink")
#: The area each coloured question mark is for (the black one: any area; ruling 4E-11).
QUESTION_FOR: Mapping[str, str] = MappingProxyType({
    Q_Y: "yellow", Q_B: "blue", Q_GY: "grey", Q_GN: "green", Q_P: "pink"})

# Yellow (ruling 4E-5): three rows of five fields; numbers are written.
YELLOW_ROWS = 3
YELLOW_FIELDS = 5
#: Row 1 strictly increasing; row 2's sum is subtracted; row 3's sum is added.
YELLOW_TOP, YELLOW_MINUS, YELLOW_PLUS = 1, 2, 3
#: The star under columns 1..5, scored when all three fields of the column are written.
YELLOW_STARS = (10, 10, 15, 15, 20)
#: The bonus of each field, rows top to bottom, columns 1..5 (None: nothing printed).
YELLOW_BONUS = (
    (None, PS, Q_GY, Q_GN, FOX),
    (RR, Q_P, Q_B, XD, Q_Y),
    (None, None, None, None, None),
)

# Blue (rulings 4E-2, 4E-6): a 6 x 6 grid; the blue die gives the row, the white die the column.
BLUE_SIZE = 6
#: The bonus at the right end of rows 1..6, with the row's 2nd cross.
BLUE_ROW_BONUS = (Q_GN, Q_P, Q_Y, XD, Q_GY, FOX)
BLUE_ROW_BONUS_AT = 2
#: The points under columns 1..6, for a column with at least two crosses.
BLUE_COLUMN_POINTS = (7, 8, 9, 10, 11, 12)
BLUE_COLUMN_AT = 2
#: The main diagonal's 2nd cross: a re-roll.
BLUE_MAIN_DIAGONAL_BONUS = RR
BLUE_MAIN_DIAGONAL_AT = 2
#: The anti-diagonal (row 1 column 6 .. row 6 column 1): 6 points with at least two crosses.
BLUE_ANTI_DIAGONAL_POINTS = 6
BLUE_ANTI_DIAGONAL_AT = 2

# Grey (ruling 4E-8): four rows of sixteen shaded cells (W white, L light, D dark).
GREY_ROWS = 4
GREY_COLUMNS = 16
GREY_SHADES = (
    "DWWLLLLWWLLDLLDD",
    "LWWDDDLWWWLDLWDD",
    "LLWLLDWDDLLWLWWD",
    "LDDLDDWDDLWWLWLD",
)
#: The points above columns 1..16, for a column with all four cells crossed.
GREY_COLUMN_POINTS = (1, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11)
#: The bonus printed in a cell.
GREY_CELL_BONUS: Mapping[tuple[int, int], str] = MappingProxyType({
    (0, 0): PS, (0, 5): Q_GN, (0, 12): PS, (1, 7): RR, (1, 15): Q_GN, (2, 3): Q_P, (2, 5): PS,
    (2, 9): PS, (2, 13): Q_B, (3, 0): RR, (3, 7): XD, (3, 11): Q_Y, (3, 14): PS})
#: The largest number a die shows (a part of more cells could never be crossed).
GREY_MOST = 6

# Green (ruling 4E-7): eleven fields, each a lower and an upper triangle; numbers are written.
GREEN_FIELDS = 11
#: A field with both triangles scores their sum times its factor.
GREEN_FACTOR = (1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2)
#: The bonus under fields 1..11, with the field's lower triangle.
GREEN_BONUS = (RR, Q_B, PS, Q_Y, Q_GY, XD, Q_P, Q_B, Q_Y, FOX, XD)

# Pink (ruling 4E-9): twelve fields written from the left.
PINK_FIELDS = 12
#: The points above fields 1..12: the last written field scores.
PINK_POINTS = (2, 4, 6, 9, 12, 15, 19, 23, 27, 32, 37, 42)
#: The bonus under fields 1..12, for a 5 or a 6 the player writes there.
PINK_BONUS = (PS, None, Q_GN, XD, RR, None, Q_GY, FOX, None, Q_B, None, Q_Y)
#: The circled numbers and what each adds at the end.
PINK_CIRCLED: Mapping[int, int] = MappingProxyType({2: 2, 4: 4, 6: 3})
PINK_BONUS_NUMBERS = (5, 6)
#: The number that writes another of itself in the next field.
PINK_REPEAT = 3

# Action tracks (ruling 4E-4) and rounds (ruling 4E-3).
#: The actions in the sheet's order, each with its track's fields and end bonus.
TRACKS = ((RR, 7, Q_P), (XD, 7, None), (PS, 9, None))
#: The bonus every player receives at the start of rounds 1..6.
ROUND_BONUS = (RR, XD, PS, Q_ANY, None, None)
#: Rounds by number of players (solo: six).
ROUNDS: Mapping[int, int] = MappingProxyType({1: 6, 2: 6, 3: 5, 4: 4})
