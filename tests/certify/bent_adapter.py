"""A wrong app as a real subprocess speaking the JSON Lines protocol: our engine with the
turquoise bonuses bent to need the whole row (6 cells) or the whole column (5 cells) instead of
the turquoise-shaded cells.

    python -m tests.certify.bent_adapter

The bend patches the engine's turquoise bonus table in this process only: the process is the
app under test, and the oracle checking it runs in another process.  The column of sixes has one
shaded cell (its re-roll needs only the 6 in row 1), so the difference comes up in the first
games.
"""

from __future__ import annotations

from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.serve import serve
from oracle.games.cubed.areas import turquoise
from oracle.games.cubed.sheet import TURQUOISE_COLUMN_BONUS, TURQUOISE_ROW_BONUS, TURQUOISE_ROWS
from oracle.games import find_game


def whole_lines() -> tuple[tuple[int, turquoise.Bonus], ...]:
    """The bonus table with each row bonus needing all six cells of its row and each column
    bonus all five cells of its column."""
    rows = [(sum(turquoise.bit(r, c) for c in range(1, 7)), b)
            for r, b in enumerate(TURQUOISE_ROW_BONUS, start=1) if b is not None]
    columns = [(sum(turquoise.bit(r, c) for r in range(1, TURQUOISE_ROWS + 1)), b)
               for c, b in enumerate(TURQUOISE_COLUMN_BONUS, start=1)]
    return tuple(rows + columns)


def main() -> int:
    turquoise.BONUS_TABLE = whole_lines()
    return serve(ReferenceImplementation(find_game("clever-cubed")))


if __name__ == "__main__":
    raise SystemExit(main())
