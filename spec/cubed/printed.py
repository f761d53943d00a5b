"""The printed Clever Cubed score sheet as the spec reads it: every number and bonus the sheet
shows, written here from the printed sheet and the rulebook (sections "The Yellow Area" to "The
Pink Area", "Actions", "Game Play"), not taken from the engine.  ``tests/spec/test_printed.py``
checks each table equal to the engine's, so a misread number cannot hide in both.

The vocabulary (:class:`oracle.Area`, :class:`oracle.Bonus`) is the engine's public one; the
data is the spec's own.  Tables are 0-based tuples: index 0 is row I, column 1, field 1 or
distance 1 from the blue middle.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle import Area, Bonus

RR, NJ, XD, FOX = Bonus.REROLL, Bonus.NUMBER_JOKER, Bonus.EXTRA_DIE, Bonus.FOX
Q_Y, Q_T, Q_B = Bonus.QUESTION_YELLOW, Bonus.QUESTION_TURQUOISE, Bonus.QUESTION_BLUE
Q_BR, Q_P, Q_ANY = Bonus.QUESTION_BROWN, Bonus.QUESTION_PINK, Bonus.QUESTION_BLACK

#: The area each coloured question mark is for (the black one: any area).
QUESTION_FOR: Mapping[Bonus, Area] = MappingProxyType({
    Q_Y: Area.YELLOW, Q_T: Area.TURQUOISE, Q_B: Area.BLUE, Q_BR: Area.BROWN, Q_P: Area.PINK})
#: The question mark of each area's colour.
OWN_QUESTION: Mapping[Area, Bonus] = MappingProxyType({a: b for b, a in QUESTION_FOR.items()})

# Yellow: rows I, II, III, each with the numbers 1 to 6 in columns 1 to 6.
YELLOW_ROWS = 3
YELLOW_COLUMNS = 6
#: Which row holds the grey (passive) cell of each number 1..6: 1 and 2 in row III, 3 and 4 in
#: row II, 5 and 6 in row I.
YELLOW_GREY = (3, 3, 2, 2, 1, 1)
#: The bonus printed between row I and row II under each column 1..6.
YELLOW_BETWEEN_I_II = (RR, NJ, Q_P, XD, Q_T, FOX)
#: The bonus printed between row II and row III under each column 1..6.
YELLOW_BETWEEN_II_III = (NJ, Q_T, Q_B, Q_BR, Q_Y, XD)
#: A yellow row's points by its crosses 0..6.
YELLOW_ROW_POINTS = (0, 2, 6, 12, 20, 30, 42)

# Turquoise: five rows of six cells; the column is the number entered.
TURQUOISE_ROWS = 5
TURQUOISE_COLUMNS = 6
#: How many cells of rows 1..5, from the left, are turquoise-shaded.
TURQUOISE_SHADED = (6, 5, 3, 2, 1)
#: The bonus at the right end of rows 1..5 (row 5 prints none).
TURQUOISE_ROW_END = (FOX, XD, Q_BR, Q_T, None)
#: The bonus under columns 1..6.
TURQUOISE_COLUMN_END = (Q_BR, Q_P, Q_Y, NJ, Q_B, RR)
#: A turquoise row's points by its crosses 0..6.
TURQUOISE_ROW_POINTS = (0, 1, 3, 6, 10, 15, 21)

# Blue: six fields on each side of a printed 7; the value written is the sum of two dice.
BLUE_FIELDS_PER_SIDE = 6
BLUE_START = 7
BLUE_LOWEST, BLUE_HIGHEST = 2, 12
#: The points printed above the fields at distance 1..6 (both sides): the outermost written
#: field of a side scores.
BLUE_SIDE_POINTS = (3, 6, 9, 13, 17, 22)
#: The bonus under the left fields at distance 1..6.
BLUE_LEFT_FIELD_BONUS = (None, NJ, Q_Y, None, Q_P, XD)
#: The bonus under the right fields at distance 1..6.
BLUE_RIGHT_FIELD_BONUS = (None, RR, Q_BR, None, Q_T, FOX)
#: Every written number of at most this or at least ``BLUE_HIGH`` scores ``BLUE_EXTREME``.
BLUE_LOW, BLUE_HIGH, BLUE_EXTREME = 4, 10, 4

# Brown: twelve fields crossed from left to right.
BROWN_FIELD_COUNT = 12
#: The number printed in fields 1..12.
BROWN_PRINTED = (1, 5, 3, 4, 2, 6, 4, 5, 2, 1, 6, 3)
#: The bonus between field i and field i + 1, for i = 1..11.
BROWN_BETWEEN = (NJ, Q_P, None, RR, Q_T, None, XD, Q_B, None, Q_Y, FOX)
#: Brown points by crossed fields 0..12.
BROWN_POINTS_BY_CROSSES = (0, 2, 5, 9, 14, 20, 27, 35, 44, 54, 65, 77, 90)

# Pink: twelve fields written from the left.
PINK_FIELD_COUNT = 12
#: The star's factor above fields 1..12 (field 1 has no star: it always takes half).
PINK_FACTOR = (0, 1, 2, 2, 1, 2, 2, 1, 3, 2, 2, 3)
#: The bonus under fields 1..12, received when half is written there (field 1: none).
PINK_FIELD_BONUS = (None, RR, Q_B, XD, NJ, Q_Y, Q_BR, RR, FOX, Q_B, Q_T, Q_ANY)

# Action tracks: seven fields each, circled from the left.
TRACK_FIELDS = 7
#: The numbers printed on the number-joker fields 1..7 (0: a "?" field, any number).
JOKER_PRINTED = (3, 4, 5, 6, 0, 0, 0)
#: The bonus each track gives with its 7th circle, by the track's action.
TRACK_END: Mapping[Bonus, Bonus] = MappingProxyType({RR: FOX, NJ: Q_P, XD: Q_BR})
#: The actions with a track, in the sheet's order.
ACTIONS = (RR, NJ, XD)

# The round track.
#: The bonus every player receives at the start of rounds 1..6 (rounds 5 and 6: none).
ROUND_START_BONUS = (RR, XD, NJ, Q_ANY, None, None)
#: Rounds by number of players (solo: six, each an active and a passive turn).
ROUNDS: Mapping[int, int] = MappingProxyType({1: 6, 2: 6, 3: 5, 4: 4})
