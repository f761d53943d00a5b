"""A game's ruleset: our ruling on each open point, the other readings as named options (the
same machinery for every game; each game lists its options, docs/rulings.md).

A game's ruleset is a frozen attrs class deriving from :class:`RulesetBase`, one field per
option (a bool, or a string enum), with its options described in ``OPTIONS``.  Values are
given as text (``"true"``, ``"number_plus_white"``) or as JSON (``True``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, TypeVar, cast

import attrs

from oracle.engine.errors import OracleError
from oracle.engine.game import RulesetOption

__all__ = ["RulesetBase", "make_ruleset"]

R = TypeVar("R", bound="RulesetBase")


def _text(value: object) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    return value if isinstance(value, str) else None


class RulesetBase:
    """What every game's ruleset does with its options (see the module docstring)."""

    __slots__ = ()
    #: The game's named options, in the order they are listed.
    OPTIONS: ClassVar[tuple[RulesetOption, ...]] = ()

    def options(self) -> dict[str, str | bool]:
        """The options as a JSON-friendly mapping (what a record stores)."""
        out: dict[str, str | bool] = {}
        for option in self.OPTIONS:
            value = getattr(self, option.name)
            out[option.name] = value if isinstance(value, bool) else _text(value) or ""
        return out


def make_ruleset(base: R, changes: Mapping[str, object], title: str) -> R:
    """``base`` with the options ``changes`` names set; :class:`OracleError` names an unknown
    option or value and what is allowed."""
    known = {o.name: o for o in base.OPTIONS}
    chosen: dict[str, object] = {}
    for name, value in changes.items():
        option = known.get(name) if isinstance(name, str) else None
        if option is None:
            raise OracleError(f"unknown ruleset option {str(name)[:40]!r} ({title} has "
                              f"{', '.join(known)})")
        text = _text(value)
        if text not in option.values:
            raise OracleError(f"ruleset option {name}: {str(value)[:40]!r} is not one of "
                              f"{'|'.join(option.values)}")
        current = getattr(base, name)
        chosen[name] = text == "true" if isinstance(current, bool) else type(current)(text)
    if not chosen:
        return base
    return cast(R, attrs.evolve(cast(Any, base), **chosen))
