"""A wrong app as a real subprocess speaking the JSON Lines protocol: our engine with the
turquoise row bonus bent to need the whole row (6 cells) instead of the shaded cells.

    python -m tests.certify.bent_adapter

The bend patches the engine's turquoise bonus table in this process only: the process is the
app under test, and the oracle checking it runs in another process.
"""

from __future__ import annotations

from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.serve import serve
from oracle.cubed.areas import turquoise
from oracle.cubed.sheet import TURQUOISE_ROW_BONUS
from oracle.games import find_game


def whole_rows() -> tuple[tuple[int, turquoise.Bonus], ...]:
    """The bonus table with each row bonus needing all six cells of its row."""
    rows = {sum(turquoise.bit(r, c) for c in range(1, 7)): b
            for r, b in enumerate(TURQUOISE_ROW_BONUS, start=1) if b is not None}
    return tuple(rows.items()) + turquoise.BONUS_TABLE[len(rows):]


def main() -> int:
    turquoise.BONUS_TABLE = whole_rows()
    return serve(ReferenceImplementation(find_game("clever-cubed")))


if __name__ == "__main__":
    raise SystemExit(main())
