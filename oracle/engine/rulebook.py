"""Rule ids and their sources: the shape of a game's rule catalogue.

Every rule the oracle enforces or applies has a stable id, a one-line statement, and the source
it comes from: the rulebook sentence (quoted) or the ruling in ``docs/rulings.md``.  The
catalogue is what ``clever-oracle rules`` prints, and the test suite fails when an id has no test.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Rule:
    """One rule: ``id`` (stable, e.g. ``BLUE-STEP``), ``summary`` (what it says, in one line),
    ``source`` (where it comes from) and ``quote`` (the rulebook or ruling sentence)."""

    id: str
    summary: str
    source: str
    quote: str
