"""The context of one entry in an area: what the area rules need to know about it.

Built once per entry (a die taken or used as an extra die, or a question mark), so every area
module has the same shape: ``targets(state, ctx)``, ``problem(state, target, ctx)``,
``enter(state, target, ctx)``.
"""

from __future__ import annotations

import attrs

from oracle.dice import Position
from oracle.fourever.ruleset import DEFAULT_RULESET, Ruleset


@attrs.frozen
class Context:
    """One entry: ``number`` is the number entered, after polishing the silver (for blue: the
    blue die's number, the row); ``partner`` is, for blue, the white die's number after polishing
    (the column), else 0; ``position`` where the die lies (``Position.QUESTION`` for a question
    mark); ``question`` True for a question mark (blue and grey question marks may use any cell
    or part that the rules allow, docs/rulings.md, rulings 4E-6 and 4E-8)."""

    number: int
    partner: int = 0
    position: Position = Position.QUESTION
    question: bool = False
    ruleset: Ruleset = DEFAULT_RULESET
