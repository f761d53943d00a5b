"""Fuzzing Clever 4Ever records and notation: always a clean verdict or a one-line error."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.engine.errors import NotationError, RecordError
from oracle.games import find_game
from oracle.records.record import parse_record, verify
from properties.records import mutated_record_text

GAME = find_game("clever-4ever")
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.one_of(st.text(max_size=120),
                 st.sampled_from(GAME.move_space()).map(str).map(lambda t: t[:-1] + "9")))
def test_random_text_is_refused_cleanly(text: str) -> None:
    for notation in (GAME.parse_move, GAME.parse_sheet):
        try:
            notation(text)
        except NotationError as error:
            assert "\n" not in str(error).replace("\\n", "")


@FUZZ
@given(mutated_record_text("clever-4ever"))
def test_mutated_records_get_a_verdict_or_a_clean_error(text: str) -> None:
    try:
        record = parse_record(text, "m.json")
    except RecordError as error:
        assert "\n" not in str(error)
        return
    assert record.game is GAME
    verdict = verify(record, "m.json")
    assert verdict.status in ("legal", "illegal", "incomplete")
    if verdict.status == "illegal" and verdict.step is not None:
        assert verdict.rule in {r.id for r in GAME.rules} and verdict.reason
