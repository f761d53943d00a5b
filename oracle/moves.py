"""The plain moves every Clever game has, with the same text in each: ``reroll``, ``forfeit`` and
``pass`` (docs/rulings.md, rulings 1, 3, 4, 6).  A game's move module names them among its own
moves (its ``Move`` and ``PlayerMove`` unions, its parser); the moves that name dice, areas and
targets are each game's own.
"""

from __future__ import annotations

import attrs

__all__ = ["FORFEIT", "PASS", "REROLL", "Forfeit", "Pass", "ReRoll"]


@attrs.frozen
class ReRoll:
    """Spend a re-roll action: roll the dice just rolled again (rulebook "Re-Roll"; ruling 3)."""

    def __str__(self) -> str:
        return "reroll"


@attrs.frozen
class Forfeit:
    """Use no die of this roll; the die field stays empty (rulebook "Special case"; ruling 1)."""

    def __str__(self) -> str:
        return "forfeit"


@attrs.frozen
class Pass:
    """End the optional part: decline a passive die, or stop using extra dice."""

    def __str__(self) -> str:
        return "pass"


REROLL = ReRoll()
FORFEIT = Forfeit()
PASS = Pass()
