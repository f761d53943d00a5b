"""The five areas of the Clever Cubed sheet, one module each, all of the same shape.

Each area module (``yellow``, ``turquoise``, ``blue``, ``brown``, ``pink``) is the one home of
what its area knows: ``targets`` (every legal target for a number in a
:class:`~oracle.cubed.areas.context.Context`: the legal reading), ``problem`` (why a target is
not legal, by rule id: the independent reading that diagnoses refusals), ``enter`` (the sheet
after an entry and the bonuses it earns), ``score``, ``foxes``, and its part of move notation
(``target_text``/``parse_target``, ``TARGETS``) and of sheet notation (``KEY``, ``notation``,
``read``).  :class:`AreaRules` states that shape; :data:`AREAS` maps each area to its module.
Each ``targets`` reads a plain-value function of its module (``yellow.rows_free``,
``turquoise.row_sets``, ``blue.sides``, ``brown.fields``, ``pink.options``: table look-ups or
cached), which :mod:`oracle.cubed.legal` calls directly in its hot loops; change a rule there
and both follow (``tests/cubed/test_fast_paths.py`` checks that they agree).
The Z3 encodings in ``spec/cubed/`` mirror these modules one to one.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from oracle.cubed.areas import blue, brown, pink, turquoise, yellow
from oracle.cubed.areas.context import Context
from oracle.cubed.sheet import Area, Bonus

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from oracle.cubed.playersheet import PlayerSheet


class AreaRules(Protocol):
    """The shape every area module has (see the package docstring)."""

    @property
    def AREA(self) -> Area: ...  # noqa: N802 - a module constant

    @property
    def KEY(self) -> str: ...  # noqa: N802 - a module constant

    @property
    def TARGETS(self) -> range: ...  # noqa: N802 - a module constant

    def targets(self, sheet: PlayerSheet, ctx: Context) -> tuple[int, ...]: ...

    def problem(self, sheet: PlayerSheet, target: int, ctx: Context) -> tuple[str, str] | None: ...

    def enter(
        self, sheet: PlayerSheet, target: int, ctx: Context
    ) -> tuple[PlayerSheet, tuple[Bonus, ...]]: ...

    def score(self, sheet: PlayerSheet) -> int: ...

    def foxes(self, sheet: PlayerSheet) -> int: ...

    def target_text(self, target: int) -> str: ...

    def parse_target(self, text: str) -> int: ...

    def notation(self, sheet: PlayerSheet) -> str: ...

    def read(self, value: str, sheet: PlayerSheet) -> PlayerSheet: ...


#: Each area's module, in sheet order.
AREAS: Mapping[Area, AreaRules] = MappingProxyType({
    Area.YELLOW: yellow,
    Area.TURQUOISE: turquoise,
    Area.BLUE: blue,
    Area.BROWN: brown,
    Area.PINK: pink,
})
#: The area modules in sheet order.
AREA_MODULES: tuple[AreaRules, ...] = tuple(AREAS.values())


def enter(sheet: PlayerSheet, area: Area, target: int, ctx: Context) -> PlayerSheet:
    """The sheet after entering in ``area`` at ``target`` (one :func:`targets` listed), the
    bonuses it earns awarded at once (rulebook "Bonuses": "you immediately receive the
    bonus")."""
    sheet, earned = AREAS[area].enter(sheet, target, ctx)
    return sheet.award(earned) if earned else sheet
