"""Reading JSON from input nobody vouches for (records, adapter answers, counts files), strictly
and with bounds, so that every problem is one :class:`JSONTextError` with a one-line message.

Stricter than :func:`json.loads` where readers of the same text could disagree or where Python
would fail in an unexpected way:

- a key that appears twice in one object is refused (Python keeps the last value, other
  parsers the first: the same text would be another game to another app);
- ``NaN``, ``Infinity`` and ``-Infinity`` are refused (they are not JSON);
- a whole number of more than :data:`MAX_DIGITS` digits, or a number too large for a float, is
  refused (no count, total or seed is that long; Python's own limit, 4,300 digits, would raise
  an unrelated ``ValueError``);
- JSON nested too deeply for the parser is refused rather than raising ``RecursionError``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

#: The most digits a whole number may have.
MAX_DIGITS = 100
#: Every ASCII digit as 9, every other byte as a space: a text's runs of digits, quickly.
_DIGIT_RUNS = bytes(0x39 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
#: A run of more digits than a number may have.
_LONG_RUN = b"9" * (MAX_DIGITS + 1)


def _long_run(text: str | bytes) -> bool:
    """True when ``text`` holds a run of more than :data:`MAX_DIGITS` ASCII digits anywhere
    (in a number, or in a string: then each number is counted as it is read)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return _LONG_RUN in data.translate(_DIGIT_RUNS)


class JSONTextError(ValueError):
    """The text is not JSON, or JSON that no well-formed input holds (one-line message)."""


class DuplicateKeyError(JSONTextError):
    """JSON whose object holds a key twice (:class:`JSONTextError`'s message names the key)."""


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            shown = json.dumps(key)[:60]
            raise DuplicateKeyError(f"the key {shown} appears twice in one object (readers "
                                    "differ on which value counts)")
        seen.add(key)
    raise AssertionError("unreachable: a key appears twice")  # pragma: no cover


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JSONTextError(f"a number of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONTextError(f"the number {text[:40]} is too large")
    return value


def _constant(text: str) -> object:
    raise JSONTextError(f"not JSON: {text} is not a JSON value")


def where(exc: json.JSONDecodeError) -> str:
    """The parser's complaint and its place, as one phrase ("Expecting value at line 1 column
    5"; Python's "starting at" messages get no second "at")."""
    place = f"line {exc.lineno} column {exc.colno}"
    return f"{exc.msg} {place}" if exc.msg.endswith(" at") else f"{exc.msg} at {place}"


def loads(text: str | bytes) -> object:
    """Parse ``text`` (see the module docstring); :class:`JSONTextError` on any problem.  Each
    whole number's digits are counted only when the text holds a run of more digits than
    allowed at all (else no number can have too many: the common case, parsed faster)."""
    return _loads(text, _unique)


def loads_keys_unseen(text: str | bytes) -> object:
    """:func:`loads` but for one check: a key twice in one object is not looked for (the last
    value counts), about a fifth quicker.  Only for a caller that shows otherwise that no key
    comes twice (:func:`oracle.serve.positions._read`: the text is, byte for byte, what the
    service writes for the data read from it, and what it writes has no key twice)."""
    return _loads(text, None)


def _loads(text: str | bytes, pairs: Callable[[list[tuple[str, object]]], object] | None) \
        -> object:
    try:
        return json.loads(text, object_pairs_hook=pairs,
                          parse_int=_int if _long_run(text) else None,
                          parse_float=_float, parse_constant=_constant)
    except JSONTextError:
        raise
    except json.JSONDecodeError as exc:
        raise JSONTextError(f"not JSON: {where(exc)}") from None
    except RecursionError:
        raise JSONTextError("the JSON is nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise JSONTextError(f"not UTF-8 text (byte {exc.start + 1})") from None
    except ValueError as exc:  # any other limit of the parser
        raise JSONTextError(f"not JSON: {str(exc)[:120]}") from None


def _any_int(text: str) -> int:
    return 0


def is_whole(text: str | bytes) -> bool:
    """True when ``text`` is one whole JSON value by its syntax (what it holds is for
    :func:`loads` to judge: a line with a repeated key is still a whole line)."""
    try:
        json.loads(text, parse_int=_any_int, parse_float=_any_int, parse_constant=_constant)
    except (ValueError, RecursionError):  # JSONDecodeError, UnicodeDecodeError, JSONTextError
        return False
    return True
