"""What every Clever 4Ever area encoding shares: its variables as one flat tuple of terms (a
cell's Boolean or a field's number, 0 for an empty field), so that a concrete part of the
engine's is a tuple of ints in the same order (each area's ``values``), compared, read back
from a model and evaluated on many states at once (:mod:`spec.evaluate`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spec.logic import Bool, Int, Model, all_of, const, int_var

Term = Int | Bool


def equal(flat: Sequence[Term], values: Sequence[int]) -> Bool:
    """The terms take these values (a Boolean: 1 true, 0 false)."""
    return all_of(_equal(t, v) for t, v in zip(flat, values, strict=True))


def _equal(term: Term, value: int) -> Bool:
    if isinstance(term, Bool):
        return term if value else ~term
    return term.eq(value)


def values_of(model: Model, flat: Sequence[Term]) -> tuple[int, ...]:
    """The terms' values in a model (a Boolean as 1 or 0)."""
    return tuple(int(model.bool(t)) if isinstance(t, Bool) else model.int(t) for t in flat)


def numbers(name: str, count: int) -> tuple[Int, ...]:
    """``count`` fields' numbers, ``name1`` ... (0 for an empty field)."""
    return tuple(int_var(f"{name}{i + 1}") for i in range(count))


def written_line(fields: Sequence[Int]) -> Bool:
    """A line of fields written left to right without gaps, each 0 (empty) or 1..6 (rules
    "You start to the left ... So you can't skip a field")."""
    return all_of(f.between(0, 6) for f in fields) & all_of(
        b.gt(0).implies(a.gt(0)) for a, b in zip(fields, fields[1:]))


def kept(old: Sequence[Int], new: Sequence[Int]) -> Bool:
    """Every field written in ``old`` keeps its number in ``new``."""
    return all_of(o.gt(0).implies(n.eq(o)) for o, n in zip(old, new, strict=True))


def by_bonus(pairs: Iterable[tuple[str | None, Bool]]) -> dict[str, Int]:
    """How many of each bonus: (bonus, earned) pairs counted per bonus (None: nothing)."""
    out: dict[str, Int] = {}
    for bonus, got in pairs:
        if bonus is not None:
            out[bonus] = out.get(bonus, const(0)) + got.as_int()
    return out


def line(fields: Sequence[int], length: int) -> tuple[int, ...]:
    """Written numbers as a line of ``length`` fields (0 for the empty ones)."""
    return tuple(fields) + (0,) * (length - len(fields))


def unline(values: Sequence[int]) -> tuple[int, ...]:
    """The written numbers of a line (the inverse of :func:`line`)."""
    return tuple(v for v in values if v)
