"""A wrong app as a real subprocess speaking the JSON Lines protocol: our engine with the
yellow bonuses between rows II and III bent to be paid for the row II cell alone (the sheet
pays them once both cells of the column are crossed).

    python -m tests.certify.bent_adapter

The bend patches the engine's yellow bonus table in this process only: the process is the app
under test, and the oracle checking it runs in another process.  Row II cells are crossed in
most games (a die on die field II), so the difference comes up at once and the test is cheap.
"""

from __future__ import annotations

from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.serve import serve
from oracle.cubed.areas import yellow
from oracle.games import find_game


def row_two_alone() -> tuple[tuple[int, yellow.Bonus], ...]:
    """The bonus table with each bonus between rows II and III paid for its row II cell."""
    return tuple((mask & ~sum(yellow.bit(3, n) for n in yellow.NUMBERS), bonus)
                 for mask, bonus in yellow.BONUS_TABLE)


def main() -> int:
    yellow.BONUS_TABLE = row_two_alone()
    return serve(ReferenceImplementation(find_game("clever-cubed")))


if __name__ == "__main__":
    raise SystemExit(main())
