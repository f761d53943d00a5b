"""Clever 4Ever's solo search (spec/fourever/solo_search.py, solo_value.py, solo_realise.py):
the bundled best game verifies with its claimed total, the worth of a position never promises
less than the sheet already has, and ``reachable`` answers yes with a record only for a game
the engine verifies ending with the sheet.  Node budgets only (beam widths), no clock."""

from __future__ import annotations

import json
from pathlib import Path

from oracle.record import load_records, parse_record, replay, verify
from spec.fourever import questions, solo_realise, solo_search, solo_value
from spec.fourever.seam import BLANK, GAME, parse_sheet

BEST = Path(__file__).resolve().parents[3] / "examples" / "fourever-solo-best.json"


def test_the_bundled_best_game_verifies_with_its_claimed_total() -> None:
    claimed = json.loads(BEST.read_text(encoding="utf-8"))["totals"]
    [(name, record)] = list(load_records([str(BEST)]))
    assert not isinstance(record, Exception), record
    verdict = verify(record, name)
    assert verdict.status == "legal"
    assert [s.total for s in verdict.scores] == claimed
    assert claimed[0] >= 380  # the README's witness


def test_worth_of_an_empty_budget_is_the_areas_as_they_stand() -> None:
    """With no entries to come, each area's reach is its own score (foxes at the floor)."""
    record = parse_record(BEST.read_text(encoding="utf-8"), "best")
    end = solo_search.sheet(replay(record))
    prices = solo_value.Prices(floor=0, shortfall=0.0)
    assert solo_value.worth(end.parts, 0, (0,) * 5, prices) == sum(GAME.score(end).areas)
    # more entries never lower the worth
    start = solo_value.worth(BLANK.parts, 10, (10,) * 5, prices)
    assert solo_value.worth(BLANK.parts, 11, (11,) * 5, prices) >= start > 0


def test_a_narrow_search_finds_a_game_the_engine_verifies(tmp_path: Path) -> None:
    found = solo_search.search(solo_value.Prices(), width=1, branch=4)
    out = tmp_path / "found.json"
    assert solo_search.write_record(found, str(out)) == found.total > 0
    [(name, record)] = list(load_records([str(out)]))
    assert not isinstance(record, Exception)
    assert verify(record, name).scores[0].total == found.total


def test_reachable_says_yes_with_a_verified_record_for_a_searched_games_sheet() -> None:
    """A game of a narrow search: its final sheet is reachable, and the record given ends
    with exactly that sheet's areas."""
    found = solo_search.search(solo_value.Prices(), width=1, branch=4)
    end = solo_search.sheet(found.node.state)
    answer = questions.reachable(parse_sheet(GAME.format_sheet(end)), budget=1)
    assert answer.verdict == "yes" and answer.record is not None
    record = parse_record(answer.record, "yes")
    assert verify(record, "yes").status == "legal"
    assert solo_search.sheet(replay(record)).parts == end.parts


def test_a_record_ending_elsewhere_is_refused() -> None:
    record = parse_record(BEST.read_text(encoding="utf-8"), "best")
    try:
        solo_realise.confirm(BEST.read_text(encoding="utf-8"), BLANK, "test")
    except solo_realise.CertificateError:
        pass
    else:
        raise AssertionError("a game not ending with the blank sheet was confirmed")
    solo_realise.confirm(BEST.read_text(encoding="utf-8"),
                         solo_search.sheet(replay(record)), "test")
