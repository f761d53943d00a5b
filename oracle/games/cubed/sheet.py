"""The printed Clever Cubed score sheet, as constants.

Every number here is what the printed sheet shows, cross-checked against the rulebook's worked
examples (``tests/cubed/test_sheet_data.py`` checks them).  Each printed thing has one named
constant, so a correction from a photographed sheet is a one-line change plus its test.  Where
public transcriptions disagree the majority reading is used.

Indexing: rows and fields are **1-based** in the public API and in notation (as printed); tuples
below carry a dummy entry at index 0 where that keeps the lookup 1-based.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.engine.kinds import Coded
from oracle.engine.tracks import Track


class Bonus(Coded):
    """A bonus printed on the sheet ("Bonuses": question-mark bonuses, actions, foxes), with its
    code in notation."""

    REROLL = 0, "RR"
    NUMBER_JOKER = 1, "NJ"
    EXTRA_DIE = 2, "+1"
    FOX = 3, "FOX"
    QUESTION_YELLOW = 4, "?Y"
    QUESTION_TURQUOISE = 5, "?T"
    QUESTION_BLUE = 6, "?B"
    QUESTION_BROWN = 7, "?Br"
    QUESTION_PINK = 8, "?P"
    QUESTION_BLACK = 9, "?*"

    @property
    def is_question(self) -> bool:
        """True for the question-mark bonuses (coloured and black)."""
        return self >= Bonus.QUESTION_YELLOW


BONUS_CODES: tuple[str, ...] = tuple(b.code for b in Bonus)
BONUS_BY_CODE: Mapping[str, Bonus] = MappingProxyType({b.code: b for b in Bonus})

RR = Bonus.REROLL
NJ = Bonus.NUMBER_JOKER
XD = Bonus.EXTRA_DIE
FOX = Bonus.FOX
QY = Bonus.QUESTION_YELLOW
QT = Bonus.QUESTION_TURQUOISE
QB = Bonus.QUESTION_BLUE
QBR = Bonus.QUESTION_BROWN
QP = Bonus.QUESTION_PINK
QX = Bonus.QUESTION_BLACK

# --- Yellow: 3 rows (I, II, III) x 6 columns showing 1..6 -------------------------------------
YELLOW_ROWS = 3
#: The grey (passive) cell's row for each number: 5, 6 in row I; 3, 4 in row II; 1, 2 in row III.
YELLOW_GREY_ROW: tuple[int, ...] = (0, 3, 3, 2, 2, 1, 1)
#: Bonus between rows I and II, columns 1..6 (index 0 = column 1).
YELLOW_BONUS_I_II: tuple[Bonus, ...] = (RR, NJ, QP, XD, QT, FOX)
#: Bonus between rows II and III, columns 1..6.
YELLOW_BONUS_II_III: tuple[Bonus, ...] = (NJ, QT, QB, QBR, QY, XD)
#: Points per row by number of crosses 0..6.
YELLOW_POINTS: tuple[int, ...] = (0, 2, 6, 12, 20, 30, 42)

# --- Turquoise: 5 rows x 6 columns; the column is the die value -------------------------------
TURQUOISE_ROWS = 5
#: How many cells (from the left) of rows 1..5 are turquoise-shaded.
TURQUOISE_SHADED_PER_ROW: tuple[int, ...] = (6, 5, 3, 2, 1)
#: Bonus at the right end of rows 1..5 (None = nothing printed).
TURQUOISE_ROW_BONUS: tuple[Bonus | None, ...] = (FOX, XD, QBR, QT, None)
#: Bonus below columns 1..6.
TURQUOISE_COLUMN_BONUS: tuple[Bonus, ...] = (QBR, QP, QY, NJ, QB, RR)
#: Points per row by number of crosses 0..6.
TURQUOISE_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21)

# --- Blue: a track of 6 + printed 7 + 6 fields; values written are blue + white -------------
BLUE_SIDE_FIELDS = 6
BLUE_MIDDLE = 7
BLUE_MIN = 2
BLUE_MAX = 12
#: Points above the fields at distance 1..6 from the middle (same on both sides).
BLUE_POINTS: tuple[int, ...] = (3, 6, 9, 13, 17, 22)
#: Bonus below the left fields at distance 1..6.
BLUE_LEFT_BONUS: tuple[Bonus | None, ...] = (None, NJ, QY, None, QP, XD)
#: Bonus below the right fields at distance 1..6.
BLUE_RIGHT_BONUS: tuple[Bonus | None, ...] = (None, RR, QBR, None, QT, FOX)
#: Points for every written number <= BLUE_LOW_LIMIT or >= BLUE_HIGH_LIMIT.
BLUE_EXTREME_POINTS = 4
BLUE_LOW_LIMIT = 4
BLUE_HIGH_LIMIT = 10

# --- Brown: one row of 12 fields, left to right -------------------------------------------------
BROWN_FIELDS = 12
#: The printed numbers of fields 1..12.
BROWN_NUMBERS: tuple[int, ...] = (1, 5, 3, 4, 2, 6, 4, 5, 2, 1, 6, 3)
#: Bonus between fields i and i+1, for i = 1..11.
BROWN_GAP_BONUS: tuple[Bonus | None, ...] = (NJ, QP, None, RR, QT, None, XD, QB, None, QY, FOX)
#: Points by number of crossed fields 0..12.
BROWN_POINTS: tuple[int, ...] = (0, 2, 5, 9, 14, 20, 27, 35, 44, 54, 65, 77, 90)

# --- Pink: one row of 12 fields -----------------------------------------------------------------
PINK_FIELDS = 12
#: Star multiplier above fields 1..12 (field 1 has none: always half).
PINK_STARS: tuple[int, ...] = (0, 1, 2, 2, 1, 2, 2, 1, 3, 2, 2, 3)
#: Bonus below fields 1..12, taken when the player writes half the die (field 1: none).
PINK_BONUS: tuple[Bonus | None, ...] = (None, RR, QB, XD, NJ, QY, QBR, RR, FOX, QB, QT, QX)

# --- Action tracks --------------------------------------------------------------------------------
TRACK_LENGTH = 7
#: The number-joker track's printed fields; 0 stands for a printed "?" (free choice 1..6).
NUMBER_JOKER_FIELDS: tuple[int, ...] = (3, 4, 5, 6, 0, 0, 0)
#: The end bonus of each action track, received with the 7th circle.
REROLL_TRACK_END = FOX
NUMBER_JOKER_TRACK_END = QP
EXTRA_DIE_TRACK_END = QBR
REROLL_TRACK: Track[Bonus] = Track(RR, TRACK_LENGTH, REROLL_TRACK_END, "rr", "re-roll")
NUMBER_JOKER_TRACK: Track[Bonus] = Track(
    NJ, len(NUMBER_JOKER_FIELDS), NUMBER_JOKER_TRACK_END, "nj", "number joker"
)
EXTRA_DIE_TRACK: Track[Bonus] = Track(XD, TRACK_LENGTH, EXTRA_DIE_TRACK_END, "xd", "extra die")
#: The three action tracks in the order the sheet prints them.
TRACKS: tuple[Track[Bonus], ...] = (REROLL_TRACK, NUMBER_JOKER_TRACK, EXTRA_DIE_TRACK)
TRACK_OF: Mapping[Bonus, Track[Bonus]] = MappingProxyType({t.action: t for t in TRACKS})
#: The tracks in the engine's order (re-roll, extra die, the number joker: oracle.engine.sheet).
ENGINE_TRACKS: tuple[Track[Bonus], ...] = (REROLL_TRACK, EXTRA_DIE_TRACK, NUMBER_JOKER_TRACK)

# --- Round track ----------------------------------------------------------------------------------
#: Bonus for every player at the start of rounds 1..6 (None = nothing).
ROUND_BONUS: tuple[Bonus | None, ...] = (RR, XD, NJ, QX, None, None)

# --- Solo rating (rulebook "How 'Clever' Did You Play?") ---------------------------------------
#: The level titles, best first, one per step of the family's scale (oracle.engine.family: >= 450 the top
#: level, 0-179 the bottom one).
SOLO_TITLES: tuple[str, ...] = (
    "Clever Cubed!", "Beautiful AND clever!", "Hello Mr. Hawking!", "On the way to the stars",
    "That's pretty clever!", "Prodigy in training", "Things are looking up",
    "Wouldn't you rather play Yahtzee?", "There's still room for improvement",
    "It was surely just bad luck with the dice", "Let's talk about something else",
)
