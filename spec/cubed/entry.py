"""One entry's context as Z3 terms (rulebook "The Color Areas"; docs/rulings.md, rulings 5, 10,
11, 15): the number entered (blue: the value written, die plus partner die), where the die lies
(-1 a question mark, 0 the silver platter, 1..3 die field I..III) and how many other dice of its
group show the number.  The ruleset options stay Python values: each one picks a formula."""

from __future__ import annotations

import attrs

from spec.logic import Bool, Int, const, int_var

QUESTION = -1
PLATTER = 0


@attrs.frozen
class Entry:
    """The context terms of one entry."""

    number: Int
    position: Int
    matches: Int

    @staticmethod
    def fresh(name: str) -> Entry:
        """Free variables for an entry's context."""
        return Entry(int_var(f"{name}.number"), int_var(f"{name}.position"),
                     int_var(f"{name}.matches"))

    @staticmethod
    def of(number: int, position: int, matches: int) -> Entry:
        """A concrete context."""
        return Entry(const(number), const(position), const(matches))

    def is_question(self) -> Bool:
        """True for a question mark (no die)."""
        return self.position.eq(QUESTION)
