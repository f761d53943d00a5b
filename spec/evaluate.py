"""Evaluating Z3 terms on many concrete assignments at once (numpy), for checking an encoding
against the engine over whole state spaces.  A term is a DAG of Z3 operations; :func:`compile`
walks it once (the Z3 API is slow) into a list of steps, and :meth:`Program.run` performs each
step as one array operation over all assignments, so the 262,144 yellow states take a fraction
of a second where one Z3 call per state would take minutes.  Only the operations the encodings
use are known; any other raises :class:`ValueError`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import numpy as np
import numpy.typing as npt
import z3

from spec.logic import Bool, Int

Array = npt.NDArray[np.int64]
Values = Mapping[str, "Array | npt.NDArray[np.bool_] | int"]
Op = Callable[..., Array]

_OPS: Mapping[int, Op] = {
    z3.Z3_OP_AND: lambda *xs: np.logical_and.reduce(np.broadcast_arrays(*xs)),
    z3.Z3_OP_OR: lambda *xs: np.logical_or.reduce(np.broadcast_arrays(*xs)),
    z3.Z3_OP_ADD: lambda *xs: np.add.reduce(np.broadcast_arrays(*xs)),
    z3.Z3_OP_MUL: lambda *xs: np.multiply.reduce(np.broadcast_arrays(*xs)),
    z3.Z3_OP_EQ: np.equal,
    z3.Z3_OP_IFF: np.equal,
    z3.Z3_OP_DISTINCT: np.not_equal,
    z3.Z3_OP_XOR: np.not_equal,
    z3.Z3_OP_LE: np.less_equal,
    z3.Z3_OP_GE: np.greater_equal,
    z3.Z3_OP_LT: np.less,
    z3.Z3_OP_GT: np.greater,
    z3.Z3_OP_SUB: np.subtract,
    z3.Z3_OP_IMPLIES: lambda a, b: np.logical_or(np.logical_not(a), b),
    z3.Z3_OP_NOT: np.logical_not,
    z3.Z3_OP_UMINUS: np.negative,
    z3.Z3_OP_ITE: np.where,
}
#: The operations that take exactly two arguments.
_BINARY = frozenset({z3.Z3_OP_EQ, z3.Z3_OP_IFF, z3.Z3_OP_DISTINCT, z3.Z3_OP_XOR, z3.Z3_OP_LE,
                     z3.Z3_OP_GE, z3.Z3_OP_LT, z3.Z3_OP_GT, z3.Z3_OP_SUB, z3.Z3_OP_IMPLIES})


@attrs.frozen
class Step:
    """One node: a constant, a variable (by name) or an operation on earlier nodes."""

    op: Op | None
    args: tuple[int, ...] = ()
    constant: int | bool | None = None
    name: str | None = None


@attrs.frozen
class Program:
    """Terms compiled to steps; ``outputs`` are the steps holding the terms' values."""

    steps: tuple[Step, ...]
    outputs: tuple[int, ...]

    def variables(self) -> frozenset[str]:
        """The names of the variables the terms read."""
        return frozenset(s.name for s in self.steps if s.name is not None)

    def run(self, values: Values, size: int) -> list[Array]:
        """Each term's value for every one of ``size`` assignments: ``values`` maps each
        variable's name to an array of ``size`` values (or one value for all).  Booleans come
        back as 0/1."""
        got: list[object] = []
        for step in self.steps:
            if step.name is not None:
                if step.name not in values:
                    raise ValueError(f"no value for {step.name}")
                got.append(np.asarray(values[step.name]))
            elif step.op is None:
                got.append(step.constant)
            else:
                got.append(step.op(*(got[i] for i in step.args)))
        return [np.broadcast_to(np.asarray(got[i]).astype(np.int64), (size,))
                for i in self.outputs]


def compile(terms: Sequence[Int | Bool]) -> Program:  # noqa: A001 - the word for it
    """The steps computing ``terms`` (shared subterms once)."""
    steps: list[Step] = []
    seen: dict[int, int] = {}

    def visit(e: object) -> int:
        key = e.get_id()  # type: ignore[attr-defined]  # a z3 expression
        if key in seen:
            return seen[key]
        kind = e.decl().kind()  # type: ignore[attr-defined]  # a z3 expression
        if kind == z3.Z3_OP_ANUM:
            step = Step(None, constant=int(e.as_long()))  # type: ignore[attr-defined]  # a z3 expression
        elif kind in (z3.Z3_OP_TRUE, z3.Z3_OP_FALSE):
            step = Step(None, constant=kind == z3.Z3_OP_TRUE)
        elif kind == z3.Z3_OP_UNINTERPRETED:
            step = Step(None, name=e.decl().name())  # type: ignore[attr-defined]  # a z3 expression
        else:
            children = e.children()  # type: ignore[attr-defined]  # a z3 expression
            if kind not in _OPS or (kind in _BINARY and len(children) != 2):
                raise ValueError(f"cannot evaluate {e.decl()}")  # type: ignore[attr-defined]  # a z3 expression
            step = Step(_OPS[kind], tuple(visit(c) for c in children))
        steps.append(step)
        seen[key] = len(steps) - 1
        return seen[key]

    outputs = tuple(visit(t.ref) for t in terms)
    return Program(tuple(steps), outputs)


def evaluate(terms: Sequence[Int | Bool], values: Values, size: int) -> list[Array]:
    """:func:`compile` and :meth:`Program.run` in one."""
    return compile(terms).run(values, size)
