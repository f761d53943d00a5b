"""A wrong Clever 4Ever app that bends four rules at once, two of them in situations random play
rarely reaches: our engine behind the version-2 protocol (tests/certify/bends.py's
:class:`~tests.certify.bends.BentApp`), its refusals in its own words.

* the passive fallback (ruling 4, PASSIVE-FALLBACK): no die-field die while a platter die can be
  used by polishing it (ours: only a platter die usable *without* polishing blocks the fallback);
* the order of pending question marks (ruling 18, QUESTION-FIRST): first earned, first used
  (ours: the player chooses);
* one polished die per entry (4E-1, POLISH-ONE-DIE): the app plays ``polish_one_die=true``
  without declaring it;
* the partner die's polish (4E-1, POLISH-PARTNER): the app accepts a partner die's change on any
  entry and ignores it where the entry reads no partner die (ours: blue entries only).

Each bend alone: :data:`SINGLE` (for the conformance positions of its family).

``python -m tests.certify.fourever_bends [--listless]`` serves the four over JSON Lines.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

from oracle.adapter.protocol import Turn
from oracle.adapter.serve import serve
from oracle.engine.game import Game, State
from tests.certify.bends import (
    FOUREVER,
    BentApp,
    Bend,
    FirstInFirstOut,
    NoFallbackWithAction,
)

_PARTNER = re.compile(r"polish=([+-]\d+)/[+-]\d+")


class PolishOneDie(Bend):
    """One polished die per entry (4E-1's ``polish_one_die=true``, not declared)."""

    options = {"polish_one_die": "true"}


class PartnerOnAnyEntry(Bend):
    """A partner die's change (``polish=+1/-1``) is accepted on any entry; where the entry reads
    no partner die (not blue) the app drops it (ours: POLISH-PARTNER refuses it).  It lists, with
    each polished entry that is not blue, that entry with the partner die changed by 1 either
    way (as an engine that makes every entry's polish a pair would)."""

    def lists(self, game: Game, state: State, listed: tuple[str, ...]) -> tuple[str, ...]:
        """The moves the app lists besides ``listed``."""
        out = []
        for move in listed:
            tokens = move.split(" ")
            if (tokens[0] in ("take", "extra") and len(tokens) > 3
                    and tokens[2].startswith("polish=") and "/" not in tokens[2]
                    and not tokens[-1].startswith("blue")):
                out += [" ".join(tokens[:2] + [f"{tokens[2]}/{change}"] + tokens[3:])
                        for change in ("+1", "-1")]
        return tuple(out)

    def rewrite(self, game: Game, state: State, move: str) -> str:
        tokens = move.split(" ")
        if tokens[0] not in ("take", "extra") or tokens[-1].startswith("blue"):
            return move
        own = _PARTNER.fullmatch(tokens[2]) if len(tokens) > 2 else None
        if own is None:
            return move
        if int(own.group(1)) == 0:
            return " ".join(tokens[:2] + tokens[3:])
        return " ".join(tokens[:2] + [f"polish={own.group(1)}"] + tokens[3:])


#: Each bend, by the rule certification must name for it: (kind, rule id, hint or None).
#: One-die polish gets no hint here although an option reads it so: at every step where that
#: option decides a move, this app also lists partner-polish moves (the fourth bend) for a
#: polishable non-blue entry, so its list never equals the oracle's under the option and the
#: hint check cannot decide (docs/certify.md, "Hints are checked": undecided, not printed).
#: Alone, the bend gets its hint (:data:`ONE_DIE_HINT`).
FOUREVER_FOUR = {
    ("too-strict", "PASSIVE-FALLBACK", None),
    ("too-strict", "QUESTION-FIRST", None),
    ("too-strict", "POLISH-ONE-DIE", None),
    ("too-lenient", "POLISH-PARTNER", None),
}
#: The one-die polish bend alone: its finding and checked hint.
ONE_DIE_HINT = ("too-strict", "POLISH-ONE-DIE", "polish_one_die=true")

#: Each bend alone, by the rule id it bends.
SINGLE: dict[str, Callable[[], Bend]] = {
    "PASSIVE-FALLBACK": NoFallbackWithAction,
    "QUESTION-FIRST": FirstInFirstOut,
    "POLISH-ONE-DIE": PolishOneDie,
    "POLISH-PARTNER": PartnerOnAnyEntry,
}


class ListingBentApp(BentApp):
    """A :class:`BentApp` whose legal-move lists also hold the moves its lenient bends accept
    (:meth:`PartnerOnAnyEntry.lists`)."""

    def legal(self, turn: Turn | None = None) -> tuple[str, ...]:
        listed = super().legal(turn)
        state = self._now()
        for bend in self.bends:
            if isinstance(bend, PartnerOnAnyEntry):
                listed += tuple(m for m in bend.lists(self.game, state, listed)
                                if m not in listed)
        return listed


def fourever_four(lists: bool = True) -> BentApp:
    """Clever 4Ever with the four rules bent (see the module docstring)."""
    return ListingBentApp(FOUREVER, tuple(make() for make in SINGLE.values()), lists)


def fourever_one(rule: str, lists: bool = True) -> BentApp:
    """Clever 4Ever with the one rule ``rule`` (a key of :data:`SINGLE`) bent."""
    return ListingBentApp(FOUREVER, (SINGLE[rule](),), lists)


def main(argv: list[str]) -> int:
    return serve(fourever_four("--listless" not in argv))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
