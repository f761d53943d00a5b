"""Single bent rules, one rule family each, for checking that the conformance positions isolate
their family (tests/certify/test_conformance_families.py): each bend alone on our engine
(tests/certify/bends.py's :class:`~tests.certify.bends.BentApp`), by the families of positions
it must fail.

Clever Cubed, the departures of a real engine (issue 27): the blue question mark read as the
blue number plus the white die (``blue_question=number_plus_white``, not declared); pending
question marks first in, first out; no passive fallback while a platter die is usable with the
number joker; no fallback at all in the solo passive turn; no extra dice after the last turn.
Clever 4Ever: tests/certify/fourever_bends.py's four (the polish-only fallback, first in first
out, one-die polish, the partner die's polish on any entry).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from oracle.engine.game import Game, State
from oracle.engine.phase import Phase
from tests.certify.bends import (
    CUBED,
    FOUREVER,
    BentApp,
    Bend,
    FirstInFirstOut,
    NoEndExtra,
    NoFallbackWithAction,
)
from tests.certify.fourever_bends import SINGLE as FOUREVER_SINGLE
from tests.certify.fourever_bends import ListingBentApp


class BlueNumberPlusWhite(Bend):
    """A blue question mark's number is the blue number plus the white die (ruling 13's other
    reading), played without being declared."""

    options = {"blue_question": "number_plus_white"}


class NoSoloFallback(Bend):
    """The solo passive turn has no fallback: only platter dice may be taken (ours: ruling 4's
    fallback holds in the solo game too, ruling 9)."""

    def refuses(self, game: Game, state: State, move: str) -> str | None:
        if (state.players != 1 or game.phase(state) is not Phase.PASSIVE_CHOOSE
                or not move.startswith("take ")):
            return None
        where = {d.die.code: d.place.label for d in game.dice(state)}
        return None if where[move.split(" ")[1]] == "platter" else "take a platter die"


#: Each bend alone, by game: (the bend, the families of the positions it must fail, the
#: families of those it may fail too).  A polish bend may fail Clever 4Ever's fallback
#: position too: there a platter die fits only polished, so polish moves decide its counts.
FAMILY_BENDS: Mapping[str, Mapping[str, tuple[Callable[[], Bend], frozenset[str],
                                              frozenset[str]]]] = MappingProxyType({
    CUBED.name: MappingProxyType({
        "blue-question": (BlueNumberPlusWhite, frozenset({"blue-question"}), frozenset()),
        "question-order": (FirstInFirstOut, frozenset({"queued"}), frozenset()),
        "joker-fallback": (NoFallbackWithAction, frozenset({"fallback"}), frozenset()),
        "solo-fallback": (NoSoloFallback, frozenset({"solo-fallback"}), frozenset()),
        "end-extra": (NoEndExtra, frozenset({"end"}), frozenset()),
    }),
    FOUREVER.name: MappingProxyType({
        "polish-fallback": (FOUREVER_SINGLE["PASSIVE-FALLBACK"], frozenset({"fallback"}),
                            frozenset()),
        "question-order": (FOUREVER_SINGLE["QUESTION-FIRST"], frozenset({"queued"}),
                           frozenset()),
        "one-die-polish": (FOUREVER_SINGLE["POLISH-ONE-DIE"], frozenset({"action"}),
                           frozenset({"fallback"})),
        "partner-polish": (FOUREVER_SINGLE["POLISH-PARTNER"], frozenset({"action"}),
                           frozenset({"fallback"})),
    }),
})


def bent(game: Game, name: str, lists: bool = True) -> BentApp:
    """``game``'s engine with the one bend ``name`` (a key of :data:`FAMILY_BENDS`)."""
    return ListingBentApp(game, (FAMILY_BENDS[game.name][name][0](),), lists)
