"""A solo record's game made again in the open-face game (spec/cubed/solo_replay.py): the bundled
witness records and random model games come back with the same sheet and total, their engine
moves verify; a record the open-face game cannot follow is refused with the reason."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from oracle import apply, new_game, parse_move
from oracle.records.record import Record, Step, dump_record, load_records, record_game
from spec.cubed import solo_game as sg
from spec.cubed import solo_improve, solo_record, solo_replay
from spec.cubed import solo_sheet as ss
from tests.spec.solo import random_game, witness_sheet

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _record(path: Path) -> Record:
    (_, record), = load_records(str(path))
    assert isinstance(record, Record)
    return record


def _model_record(seed: int) -> tuple[sg.Node, Record]:
    node = random_game(seed)
    return node, record_game(solo_record.to_moves(node), ("Solo",), game="clever-cubed")


@pytest.mark.parametrize("name", ["solo-best.json", "solo-627.json", "solo-594.json"])
def test_a_witness_record_is_followed(name: str) -> None:
    path = EXAMPLES / name
    node = solo_replay.replay(_record(path))
    assert node.phase == sg.OVER
    assert node.sheet.to_player_sheet() == witness_sheet(str(path))
    state = new_game(1)
    for move in solo_record.to_moves(node):
        state = apply(state, move)
    assert state.sheets[0] == witness_sheet(str(path))


@pytest.mark.parametrize("seed", range(6))
def test_model_games_come_back(seed: int) -> None:
    """Random open-face games (question marks entered at once, forfeits, number jokers on
    passive picks and extra dice) are followed to the same sheet."""
    node, record = _model_record(seed)
    again = solo_replay.replay(record)
    assert again.sheet.to_player_sheet() == node.sheet.to_player_sheet()
    assert ss.total(again.sheet) == ss.total(node.sheet)


def test_entries_name_the_turns() -> None:
    """Round 4's black question mark comes before the round's first roll: it belongs to the
    round's active turn (turn 6), not the passive turn before it."""
    wanted, _ = solo_replay.entries(_record(EXAMPLES / "solo-best.json"))
    assert [e.turn for e in wanted] == sorted(e.turn for e in wanted)
    black = [e for e in wanted if e.kind == "question" and e.what[0] == 9]
    assert black and black[0].turn == 6


def test_a_record_it_cannot_follow_is_refused() -> None:
    """A re-roll (the open-face game has none) and an illegal move are refused, each named."""
    roll = parse_move("roll W1 Y6 T6 B6 Br6 P6")
    rerolled = record_game((roll, parse_move("reroll")), ("Solo",), game="clever-cubed")
    with pytest.raises(ValueError, match="re-roll"):
        solo_replay.replay(rerolled)
    illegal = attrs.evolve(rerolled, steps=(rerolled.steps[0],
                                            Step(0, parse_move("take W joker=3 yellow:I"))))
    with pytest.raises(ValueError, match="step 2"):
        solo_replay.replay(illegal)


def test_improvement_starts_from_the_witness_itself() -> None:
    """``solo_improve`` continues the witness's own game (before, it had to realise the sheet
    from scratch, which fails for the 627 game)."""
    found = solo_improve.game_of(str(EXAMPLES / "solo-best.json"))
    assert found.total == ss.total(found.node.sheet)
    assert found.node.sheet.to_player_sheet() == witness_sheet(str(EXAMPLES / "solo-best.json"))


def test_improvement_refuses_an_illegal_record(tmp_path: Path) -> None:
    """A record with an illegal step is refused in one line naming the step, not realised."""
    record = _record(EXAMPLES / "solo-best.json")
    bad = attrs.evolve(record, steps=record.steps[:1] + (
        Step(0, parse_move("take W joker=3 yellow:I")),))
    path = tmp_path / "bad.json"
    path.write_text(dump_record(bad), encoding="utf-8")
    with pytest.raises(ValueError, match="step 2"):
        solo_improve.game_of(str(path))
    assert solo_improve.main([str(path), "--slots", ""]) == 2
