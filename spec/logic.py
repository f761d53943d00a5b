"""Typed wrappers around Z3 terms, so that the encodings and solvers have no ``Any`` in their
API: :class:`Bool` (a formula) and :class:`Int` (an integer term).  Z3 has no type stubs; every
untyped Z3 value lives inside these two classes and the functions of this module."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import z3

@attrs.frozen(eq=False)
class Bool:
    """A Z3 formula."""

    ref: object

    def __and__(self, other: Bool) -> Bool:
        return Bool(z3.And(self.ref, other.ref))

    def __or__(self, other: Bool) -> Bool:
        return Bool(z3.Or(self.ref, other.ref))

    def __invert__(self) -> Bool:
        return Bool(z3.Not(self.ref))

    def implies(self, other: Bool) -> Bool:
        """``self → other``."""
        return Bool(z3.Implies(self.ref, other.ref))

    def iff(self, other: Bool) -> Bool:
        """``self ↔ other``."""
        return Bool(self.ref == other.ref)

    def as_int(self) -> Int:
        """1 when true, else 0."""
        return Int(z3.If(self.ref, z3.IntVal(1), z3.IntVal(0)))


def _r(value: Int | int) -> object:
    return value.ref if isinstance(value, Int) else z3.IntVal(value)


@attrs.frozen(eq=False)
class Int:
    """A Z3 integer term."""

    ref: object

    def __add__(self, other: Int | int) -> Int:
        return Int(self.ref + _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def __radd__(self, other: int) -> Int:
        return Int(_r(other) + self.ref)  # type: ignore[operator]  # z3 terms are untyped

    def __sub__(self, other: Int | int) -> Int:
        return Int(self.ref - _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def __mul__(self, other: int) -> Int:
        return Int(self.ref * _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def eq(self, other: Int | int) -> Bool:
        """``self == other``."""
        return Bool(self.ref == _r(other))

    def ne(self, other: Int | int) -> Bool:
        """``self != other``."""
        return Bool(self.ref != _r(other))

    def le(self, other: Int | int) -> Bool:
        """``self <= other``."""
        return Bool(self.ref <= _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def ge(self, other: Int | int) -> Bool:
        """``self >= other``."""
        return Bool(self.ref >= _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def lt(self, other: Int | int) -> Bool:
        """``self < other``."""
        return Bool(self.ref < _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def gt(self, other: Int | int) -> Bool:
        """``self > other``."""
        return Bool(self.ref > _r(other))  # type: ignore[operator]  # z3 terms are untyped

    def between(self, low: Int | int, high: Int | int) -> Bool:
        """``low <= self <= high``."""
        return self.ge(low) & self.le(high)


TRUE = Bool(z3.BoolVal(True))
FALSE = Bool(z3.BoolVal(False))


def bool_var(name: str) -> Bool:
    """A fresh Boolean variable."""
    return Bool(z3.Bool(name))


def int_var(name: str) -> Int:
    """A fresh integer variable."""
    return Int(z3.Int(name))


def const(value: int) -> Int:
    """An integer constant."""
    return Int(z3.IntVal(value))


def truth(value: bool) -> Bool:
    """A Boolean constant."""
    return TRUE if value else FALSE


def all_of(items: Iterable[Bool]) -> Bool:
    """The conjunction (true when empty)."""
    refs = [b.ref for b in items]
    return Bool(z3.And(*refs)) if refs else TRUE


def any_of(items: Iterable[Bool]) -> Bool:
    """The disjunction (false when empty)."""
    refs = [b.ref for b in items]
    return Bool(z3.Or(*refs)) if refs else FALSE


def total(items: Iterable[Int | int]) -> Int:
    """The sum (0 when empty)."""
    refs = [_r(i) for i in items]
    return Int(z3.Sum(*refs)) if refs else const(0)


def ite(cond: Bool, yes: Int | int, no: Int | int) -> Int:
    """``yes`` if ``cond`` else ``no``."""
    return Int(z3.If(cond.ref, _r(yes), _r(no)))


def pick(cond: Bool, yes: Bool, no: Bool) -> Bool:
    """``yes`` if ``cond`` else ``no`` (for formulas)."""
    return Bool(z3.If(cond.ref, yes.ref, no.ref))


def count(items: Iterable[Bool]) -> Int:
    """How many of ``items`` are true."""
    return total(b.as_int() for b in items)


def lookup(index: Int, table: Sequence[int]) -> Int:
    """``table[index]`` for an index in ``range(len(table))`` (the last entry beyond)."""
    out: Int = const(table[-1])
    for i in range(len(table) - 2, -1, -1):
        out = ite(index.eq(i), table[i], out)
    return out


def minimum(items: Sequence[Int]) -> Int:
    """The smallest of ``items`` (at least one)."""
    out = items[0]
    for item in items[1:]:
        out = ite(item.lt(out), item, out)
    return out


def simplified_int(term: Int) -> int | None:
    """The value of a term without free variables, else None."""
    value = z3.simplify(term.ref)
    return int(value.as_long()) if z3.is_int_value(value) else None


def simplified_bool(formula: Bool) -> bool | None:
    """The truth value of a formula without free variables, else None."""
    value = z3.simplify(formula.ref)
    if z3.is_true(value):
        return True
    return False if z3.is_false(value) else None


class Model:
    """A satisfying assignment: the values of terms and formulas in it."""

    def __init__(self, model: object) -> None:
        self._model = model

    def int(self, term: Int) -> int:
        """The value of ``term``."""
        value = self._model.eval(term.ref, model_completion=True)  # type: ignore[attr-defined]  # z3 model
        return int(value.as_long())

    def bool(self, formula: Bool) -> bool:
        """The truth value of ``formula``."""
        value = self._model.eval(formula.ref, model_completion=True)  # type: ignore[attr-defined]  # z3 model
        return bool(z3.is_true(value))


class Solver:
    """An incremental Z3 solver: formulas are built once and reused with push/pop or
    assumptions; named formulas (``add_named``) come back in an unsat core."""

    def __init__(self, timeout_ms: int | None = None, finite: bool = False) -> None:
        # ``finite``: every integer has a small bounded domain (numbers on a sheet), so the
        # formula is bit-blasted to SAT, which proves such bounds far faster than arithmetic.
        self._solver = z3.Then("simplify", "propagate-values", "solve-eqs", "lia2card",
                               "card2bv", "bit-blast", "sat").solver() if finite \
            else z3.Solver()
        if timeout_ms is not None:
            self._solver.set("timeout", max(1, timeout_ms))
        self._names: dict[str, str] = {}
        self._flags: dict[str, object] = {}

    def set_timeout(self, timeout_ms: int) -> None:
        """Give every later check at most this many milliseconds."""
        self._solver.set("timeout", max(1, timeout_ms))

    def add(self, formula: Bool) -> None:
        """Assert ``formula``."""
        self._solver.add(formula.ref)

    def add_named(self, formula: Bool, name: str) -> None:
        """Assert ``formula`` under ``name`` (tracked for unsat cores)."""
        flag = z3.Bool(f"@{name}")
        self._names[str(flag)] = name
        self._flags[name] = flag
        self._solver.add(z3.Implies(flag, formula.ref))

    def push(self) -> None:
        """Open a scope."""
        self._solver.push()

    def pop(self) -> None:
        """Close the last scope, forgetting what it asserted."""
        self._solver.pop()

    def check(self, *assumptions: Bool) -> str:
        """``sat``, ``unsat`` or ``unknown`` (timeout)."""
        return str(self._solver.check(*[a.ref for a in assumptions]))

    def model(self) -> Model:
        """The model of the last ``sat`` check."""
        return Model(self._solver.model())

    def check_named(self, names: tuple[str, ...] | None = None) -> str:
        """Check with the named formulas ``names`` (default: all) switched on."""
        chosen = self._flags if names is None else {n: self._flags[n] for n in names}
        return str(self._solver.check(*chosen.values()))

    def minimal_core(self) -> tuple[str, ...]:
        """After an unsat :meth:`check_named`: a core from which no name can be dropped."""
        core = list(self.core())
        for name in list(core):
            rest = tuple(n for n in core if n != name)
            if self.check_named(rest) == "unsat":
                core = list(rest)
        return tuple(core)

    def core(self) -> tuple[str, ...]:
        """The names of the named formulas in the last unsat core."""
        return tuple(sorted(self._names.get(str(c), str(c)) for c in self._solver.unsat_core()))
