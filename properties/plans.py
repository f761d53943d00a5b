"""Plans: how a steer (:mod:`properties.steering`) rates a player's sheet when the situation it
is after needs a whole game of preparation, as in Clever 4Ever.

In Clever Cubed the rare situations come up within a turn or two of steering; in Clever 4Ever
they need sheets built for them over many turns:

* **several kinds of question mark pending** (ruling 18, QUESTION-FIRST): one entry earns two
  question marks only as a blue cross that is both its row's 2nd cross (rows 1, 3, 5 earn a
  green, yellow or grey question mark) and the main diagonal's 2nd cross (a re-roll) when that
  re-roll is the 7th circled, which earns a pink question mark (4E-4).  The seven re-roll
  fields come from seven places, all needed, the diagonal last: round 1, yellow's middle row,
  grey parts 4 and 9, green's first lower triangle, a 5 or 6 in pink field 5, the diagonal.
  :func:`queued_plan` rates a sheet by how far it is along that way (and 0 once it is lost).
* **the passive fallback with a platter die usable only by polishing** (ruling 4, "with no
  action spent"; PASSIVE-FALLBACK): every platter die must be unusable as it shows — pink full,
  grey with only its one-cell start part crossed (so a grey 1, 2 or 3 fits no part, but a
  polished 3 fits part 9), blue and yellow filled — and a polish field left.
  :func:`fallback_plan` rates a sheet by how full those areas are.

A plan is a tuple compared lexicographically, higher better; a game without a plan for a steer
has none (the empty tuple), so its steering is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from oracle.games.fourever.areas import SheetAreas
from oracle.games.fourever.sheet import BLUE_SIZE, REROLL_TRACK
from oracle.engine.game import Game, State
from oracle.engine.sheet import ACTION, REROLL, Sheet

#: A plan: how far the sheet of a player (the state, the seat) is along the way to a situation.
Plan = Callable[[Game, State, int], tuple[int, ...]]
#: Blue rows whose bonus (the row's 2nd cross) is a question mark of a kind pink's is not:
#: green, yellow and grey (4E-6; rows 2, 4, 6 earn pink, an extra die, a fox).
_QUEUE_ROWS = (1, 3, 5)
#: Grey parts on the way from a start part to part 4 (re-roll), and part 9 (a start, re-roll).
_GREY_WAY = frozenset({1, 2, 3, 4, 9})
#: The dice a passive player can nearly always use from the platter: the white die (a joker
#: for every area) and the green die (22 triangles to fill).
_ESCAPES = frozenset({"W", "Gn"})
#: How much a white or green die on the platter counts against a plan's fill (one die as much as
#: two pink fields).
_ESCAPE_WEIGHT = 4
#: How much more a blue cross right of the diagonal counts, in solo games and in others.
_ABOVE_SOLO, _ABOVE = 2, 1
#: Pink's field whose 5 or 6 earns a re-roll (1-based).
_PINK_REROLL_FIELD = 5


def _sheet(game: Game, state: State, seat: int) -> tuple[Sheet, SheetAreas]:
    sheet = state.sheets[seat]
    areas = game.areas(sheet)
    assert isinstance(sheet, Sheet) and isinstance(areas, SheetAreas)
    return sheet, areas


def queued_plan(game: Game, state: State, seat: int) -> tuple[int, ...]:
    """How far ``seat``'s sheet is on the way to two kinds of question mark at once (see the
    module docstring): (still possible, re-roll fields circled, blue set up, other progress)."""
    sheet, areas = _sheet(game, state, seat)
    rows = areas.blue.rows
    diagonal = sum(1 for r in range(1, BLUE_SIZE + 1) if r in rows[r - 1])
    circled = sheet.circled[REROLL]
    pink = areas.pink.numbers
    pink_lost = len(pink) >= _PINK_REROLL_FIELD and pink[_PINK_REROLL_FIELD - 1] < 5
    if diagonal >= 2 or pink_lost or circled >= REROLL_TRACK.length:
        return (0, 0, 0, 0)
    ready = any(len(rows[s - 1]) == 1 and s not in rows[s - 1] for s in _QUEUE_ROWS)
    blue = (diagonal == 1) + ready
    grey = len(_GREY_WAY.intersection(areas.grey.parts))
    return (1, circled, blue, grey + min(len(pink), _PINK_REROLL_FIELD - 1))


def fallback_plan(game: Game, state: State, seat: int) -> tuple[int, ...]:
    """How far ``seat``'s sheet is on the way to a passive choice in which only a polished
    platter die fits (see the module docstring): (a polish field left, how full)."""
    sheet, areas = _sheet(game, state, seat)
    grey = areas.grey.parts
    grey_ready = 6 if grey == (1,) else -6 * len([p for p in grey if p != 1])
    yellow = areas.yellow
    # blue crosses right of the diagonal count more: a low blue die (on the platter) with a
    # high white die (on a die field: solo, the three lowest go to the platter) falls there
    above = _ABOVE_SOLO if state.players == 1 else _ABOVE
    blue = sum(len(r) + above * sum(1 for c in r if c > i)
               for i, r in enumerate(areas.blue.rows, 1))
    full = (2 * len(areas.pink.numbers) + blue + 2 * (len(yellow.middle) + len(yellow.bottom))
            + grey_ready)
    escapes = sum(1 for d in game.dice(state)
                  if d.place.label == "platter" and d.die.code in _ESCAPES)
    return (int(sheet.left(ACTION) > 0), full - _ESCAPE_WEIGHT * escapes)


#: The plans by steer name and game name.
PLANS: Mapping[tuple[str, str], Plan] = MappingProxyType({
    ("questions", "clever-4ever"): queued_plan,
    ("fallback", "clever-4ever"): fallback_plan,
})


def plan_of(steer: str, game: Game) -> Plan | None:
    """The plan of steer ``steer`` in ``game``, if it has one."""
    return PLANS.get((steer, game.name))
