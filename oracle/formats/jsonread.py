"""Reading the JSON game model (docs/formats.md, section 6) from data nobody vouches for: typed
readers that name the JSON pointer (RFC 6901) of the fault.

Every check here is one the shipped schemas (``oracle/schema/state-1.json``, ``move-1.json``)
also make, so what the schema refuses is refused here too, with a one-line
:class:`JSONModelError` naming where: ``JSON at /players/0/sheet/yellow/II: 7 is not ...``.  The
area modules and the game's own action read their parts of a sheet and of a move with these
readers (each given the pointer of its value), so a game's JSON form stays in its own modules.

A JSON whole number is an ``int`` and never a ``bool`` (Python's ``True`` is an int: refused
where a number is wanted).
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence

from oracle.engine.errors import NotationError

__all__ = [
    "JSONModelError", "ascending", "choice", "exact", "integer", "items", "key", "numbers",
    "obj", "pointer",
]


def exact(value: object) -> bytes | None:
    """JSON data as a key for what was read from it: the bytes :mod:`marshal` writes in
    version 2 (no back-references), so equal data of equal types is equal bytes and ``true``
    is not ``1`` nor ``1.0``; None past marshal's own limits (nesting)."""
    try:
        return marshal.dumps(value, 2)  # type: ignore[arg-type]  # JSON data marshals
    except ValueError:
        return None


def pointer(where: str, *tokens: str | int) -> str:
    """``where`` (a JSON pointer) with ``tokens`` appended, escaped as RFC 6901 says."""
    for token in tokens:
        text = str(token)
        if "~" in text or "/" in text:
            text = text.replace("~", "~0").replace("/", "~1")
        where = f"{where}/{text}"
    return where


class JSONModelError(NotationError):
    """A JSON position, sheet or move that is not one: ``pointer`` is the JSON pointer of the
    value at fault (``""``: the whole value), ``reason`` what is wrong with it."""

    def __init__(self, where: str, reason: str) -> None:
        shown = where if where else "the top level"
        super().__init__(f"JSON at {shown}: {reason}")
        self.pointer = where
        self.reason = reason


def _shown(value: object) -> str:
    """A value as a reader would write it (JSON spelling, cut short)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value[:40])
    if isinstance(value, int):
        return str(value) if len(str(value)) <= 40 else "a very long number"
    if isinstance(value, float):
        return repr(value)[:40]
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return type(value).__name__


def obj(value: object, where: str, required: Sequence[str],
        optional: Sequence[str] = ()) -> dict[str, object]:
    """``value`` as a JSON object with exactly the ``required`` keys and any of ``optional``."""
    if not isinstance(value, dict):
        raise JSONModelError(where, f"want an object, not {_shown(value)}")
    for name in required:
        if name not in value:
            raise JSONModelError(where, f"the key {name!r} is missing")
    if len(value) > len(required):
        for name in value:
            if name not in required and name not in optional:
                allowed = ", ".join((*required, *optional))
                raise JSONModelError(pointer(where, str(name)),
                                     f"unknown key (the keys are {allowed})")
    return value


def key(value: dict[str, object], name: str, where: str) -> tuple[object, str]:
    """The value of ``name`` (one of the model's own keys: nothing to escape) in an object read
    by :func:`obj`, and its pointer."""
    return value[name], f"{where}/{name}"


def integer(value: object, where: str, low: int, high: int, what: str) -> int:
    """A whole number from ``low`` to ``high`` (``what`` names it in the message)."""
    if type(value) is not int or not low <= value <= high:
        raise JSONModelError(where, f"{what} is a whole number from {low} to {high}, not "
                             f"{_shown(value)}")
    return value


def choice(value: object, where: str, choices: Sequence[str], what: str) -> str:
    """One of the strings ``choices``."""
    if type(value) is not str or value not in choices:
        raise JSONModelError(where, f"{what} is one of {', '.join(map(repr, choices))}, not "
                             f"{_shown(value)}")
    return value


def items(value: object, where: str, most: int, what: str, least: int = 0) -> list[object]:
    """``value`` as a JSON array of ``least`` to ``most`` items."""
    if not isinstance(value, list):
        raise JSONModelError(where, f"{what}: want an array, not {_shown(value)}")
    if not least <= len(value) <= most:
        count = f"{most}" if least == most else f"{least} to {most}"
        raise JSONModelError(where, f"{what}: want {count} items, not {len(value)}")
    return value


def numbers(value: object, where: str, most: int, low: int, high: int,
            what: str) -> tuple[int, ...]:
    """An array of at most ``most`` whole numbers, each ``low`` to ``high`` (numbers written in
    a row, in field order)."""
    if type(value) is list and len(value) <= most:
        for n in value:
            if type(n) is not int or not low <= n <= high:
                break
        else:
            return tuple(value)
    listed = items(value, where, most, what)
    return tuple(integer(n, pointer(where, i), low, high, what + ": each")
                 for i, n in enumerate(listed))


def ascending(value: object, where: str, low: int, high: int, what: str,
              most: int | None = None) -> tuple[int, ...]:
    """An array of distinct whole numbers ``low`` to ``high`` in ascending order (the one way to
    write a set of cells, so each sheet has one JSON form)."""
    if type(value) is list and len(value) <= (high - low + 1 if most is None else most):
        last = low - 1
        for n in value:
            if type(n) is not int or not last < n <= high:
                break
            last = n
        else:
            return tuple(value)
    listed = numbers(value, where, high - low + 1 if most is None else most, low, high, what)
    for i in range(1, len(listed)):
        if listed[i] <= listed[i - 1]:
            raise JSONModelError(pointer(where, i), f"{what}: list each once, in ascending "
                                 f"order: {sorted(set(listed))}")
    return listed
