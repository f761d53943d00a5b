"""The quick check of request bodies (:mod:`oracle.serve.quickcheck`) is sound: whatever body it
takes, the full JSON Schema check takes too; and it takes the usual bodies, so that the full
check is seldom needed."""

from __future__ import annotations

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.serve import examples
from oracle.serve.quickcheck import quick_check
from oracle.serve.schemas import definitions, quick, validator

REQUESTS = [d for d in definitions() if d.endswith("-request")]
#: Field names the bodies have, and some they do not.
NAMES = sorted({name for d in REQUESTS for name in definitions()[d].get("properties", {})}  # type: ignore[attr-defined]  # a schema read as object
               | {"extra", ""})
LEAVES = (st.none() | st.booleans() | st.integers(-3, 20) | st.floats(-3, 20)
          | st.sampled_from(["", "x", "clever-cubed", "clever-4ever", "take W yellow:I", "p1",
                             "area-max", "pink", "a" * 1001, "b" * 20001]))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(NAMES + ["kind", "die"]), inner, max_size=3), max_leaves=8)
#: Values like the ones each field takes, and others.
FIELDS = {
    "game": st.sampled_from(["clever-cubed", "clever-4ever", "", "x" * 101]),
    "players": st.integers(-1, 6) | st.sampled_from([2.0, True]),
    "ruleset": st.dictionaries(st.sampled_from(["fox_floor_zero", "x"]),
                               st.booleans() | st.sampled_from(["total", 1])),
    "position_text": st.booleans() | st.sampled_from([1, "true"]),
    "state": st.dictionaries(st.sampled_from(["game", "round"]), LEAVES, max_size=2),
    "position": st.sampled_from(["clever-cubed round=1", "", "p" * 20001]),
    "move": (st.sampled_from(["take W yellow:I", "", "m" * 1001])
             | st.dictionaries(st.sampled_from(["kind", "die"]), LEAVES, max_size=2)),
}
def _body(definition: str) -> st.SearchStrategy[object]:
    """Bodies of ``definition``'s fields, mostly with values of the kind each takes."""
    names = sorted(definitions()[definition].get("properties", {}))  # type: ignore[attr-defined]  # a schema read as object
    fields = st.sampled_from(names + ["extra"]).flatmap(
        lambda name: st.tuples(st.just(name), FIELDS.get(name, VALUES) | VALUES))
    return st.lists(fields, max_size=5).map(dict) | VALUES


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(REQUESTS).flatmap(lambda d: st.tuples(st.just(d), _body(d))))
def test_what_the_quick_check_takes_the_full_check_takes(case: tuple[str, object]) -> None:
    definition, body = case
    fast = quick(definition)
    if fast is not None and fast(body):
        assert not list(validator(definition).iter_errors(body)), (definition, body)


def test_the_usual_bodies_are_taken_quickly() -> None:
    for definition, body in (("new-request", examples.new_request()),
                             ("legal-request", examples.legal_request()),
                             ("apply-request", examples.apply_request()),
                             ("legal-request", {"position": "clever-cubed round=1",
                                                "position_text": True}),
                             ("apply-request", {"position": "p", "move": "take W yellow:I"})):
        fast = quick(definition)
        assert fast is not None and fast(body), definition


def test_what_it_cannot_decide_it_leaves_to_the_full_check() -> None:
    assert quick_check({"patternProperties": {"^x": {}}}) is None
    assert quick_check({"oneOf": [{"minimum": 1}, {"maximum": 5}]}) is None
    exact = quick_check({"oneOf": [{"required": ["a"]}, {"required": ["b"]}]})
    assert exact is not None and exact({"a": 1}) and not exact({"a": 1, "b": 2})
    typed = quick_check({"type": "integer", "enum": [1, 2]})
    assert typed is not None and typed(1) and not typed(True) and not typed(1.0)
    assert jsonschema.Draft202012Validator({"type": "integer"}).is_valid(1.0)  # left to it
