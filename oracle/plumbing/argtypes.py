"""Numbers on the command line, checked where they are read: each option's ``type`` refuses a
value outside its range with a message naming the value and the range (exit 2), so that no
command runs with ``--timeout nan`` (no end), ``--jobs 40`` on two cores, or a negative count.
"""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable

from oracle.engine.errors import OracleError
from oracle.formats.jsontext import MAX_DIGITS


def cores() -> int:
    """How many cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def whole(low: int | None = None, high: int | None = None,
          what: str = "a whole number") -> Callable[[str], int]:
    """An option type: a whole number from ``low`` to ``high`` (either may be open)."""
    def parse(text: str) -> int:
        digits = text.strip()
        # ASCII digits only (``int`` also reads other scripts' digits), and few enough of them
        # that ``int`` reads them (Python refuses more than 4,300).
        plain = digits.removeprefix("-")
        value = (int(digits, 10) if plain.isascii() and plain.isdigit() and len(plain) <= 100
                 else None)
        if value is None or (low is not None and value < low) or (
                high is not None and value > high):
            span = (f"{low} to {high}" if low is not None and high is not None
                    else f"{low} or more" if low is not None
                    else f"at most {high}" if high is not None else "")
            raise argparse.ArgumentTypeError(
                f"{text[:40]!r} is not {what}" + (f" ({span})" if span else ""))
        return value
    return parse


def record_seed(text: str) -> int:
    """``play --seed``: a whole number (either sign) of at most :data:`~oracle.formats.jsontext.MAX_DIGITS`
    digits, the most any number in a record may have (docs/formats.md), so that the record of a
    game played with it holds its seed (``meta.seed``) and can be verified."""
    bare = text.strip().lstrip("+-").lstrip("0")
    if re.fullmatch("[0-9]+", bare) and len(bare) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}... is a number of {len(bare):,} digits; a seed has at most "
            f"{MAX_DIGITS} digits (as every number in a record, docs/formats.md)")
    return whole(what="a whole number")(text)


def seconds(text: str) -> float:
    """An option type: a positive, finite number of seconds (not ``nan``, ``inf``, ``-1``)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a positive number of seconds")
    return value


def jobs(text: str) -> int:
    """``--jobs``: 1 to the cores this process may use (at least 2, so that the parallel path
    can always be asked for)."""
    return whole(1, max(2, cores()), "a number of jobs up to the cores here")(text)


def count(command: str, text: str) -> int:
    """A command's positional whole-number argument (entries, points): 0 or more, else an
    :class:`~oracle.engine.errors.OracleError` naming ``command`` (exit 2, one line)."""
    try:
        return whole(0)(text)
    except argparse.ArgumentTypeError as exc:
        raise OracleError(f"{command}: {exc}") from None
