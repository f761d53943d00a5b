"""Clever 4Ever's solo search (spec/fourever/solo_search.py, solo_value.py, solo_realise.py):
the bundled best game verifies with its claimed total, the worth of a position never promises
less than the sheet already has (with ``floors``, each fox priced at the lowest area), a search
continues a record's opening, and ``reachable`` answers yes with a record only for a game
the engine verifies ending with the sheet.  Node budgets only (beam widths), no clock."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.records.record import parse_record, replay, verify
from spec.fourever import questions, solo_realise, solo_search, solo_value
from spec.fourever.certificates import CertificateError
from oracle.engine.sheet import Sheet
from spec.fourever.seam import BLANK, GAME

BEST = Path(__file__).resolve().parents[3] / "examples" / "fourever-solo-best.json"


def test_the_bundled_best_game_verifies_with_its_claimed_total() -> None:
    text = BEST.read_text(encoding="utf-8")
    claimed = json.loads(text)["totals"]
    verdict = verify(parse_record(text, "best"), "best")
    assert verdict.status == "legal"
    assert [s.total for s in verdict.scores] == claimed
    assert claimed[0] >= 380  # the README's witness


def test_worth_of_an_empty_budget_is_the_areas_as_they_stand() -> None:
    """With no entries to come, each area's reach is its own score (foxes priced at 0; green
    without a triangle lacking its partner, which the worth credits by half)."""
    record = parse_record(BEST.read_text(encoding="utf-8"), "best")
    end = solo_search.sheet(replay(record))
    parts = end.parts[:3] + (((6, 6), (5, 6)),) + end.parts[4:]
    prices = solo_value.Prices(floor=0, shortfall=0.0)
    score = GAME.score(end.changed(parts=parts))
    areas = score.areas
    assert solo_value.worth(parts, 0, (0,) * 5, prices) == sum(areas)
    # foxes at the floor, an area below it costs the shortfall per point
    priced = solo_value.Prices(floor=40, shortfall=2.0)
    assert solo_value.worth(parts, 0, (0,) * 5, priced) == sum(areas) + 40 * score.foxes - sum(
        2 * max(0, 40 - a) for a in areas)
    # more entries never lower the worth
    start = solo_value.worth(BLANK.parts, 10, (10,) * 5, prices)
    assert solo_value.worth(BLANK.parts, 11, (11,) * 5, prices) >= start > 0


def test_floors_price_each_fox_at_the_lowest_area() -> None:
    """With every floor tried and a shortfall above the foxes, the worth of a finished sheet
    is the engine's total: each fox scores the lowest area (4E-10)."""
    record = parse_record(BEST.read_text(encoding="utf-8"), "best")
    end = solo_search.sheet(replay(record))
    parts = end.parts[:3] + (((6, 6), (5, 6)),) + end.parts[4:]
    score = GAME.score(end.changed(parts=parts))
    low = min(score.areas)
    prices = solo_value.Prices(shortfall=score.foxes + 1.0, floors=(low, low + 10))
    assert low < 50 and score.foxes > 0
    assert solo_value.worth(parts, 0, (0,) * 5, prices) == score.total
    # one floor alone misprices the foxes
    one = solo_value.Prices(shortfall=score.foxes + 1.0, floor=low + 10)
    assert solo_value.worth(parts, 0, (0,) * 5, one) != score.total


def test_a_search_continues_the_best_games_opening(tmp_path: Path) -> None:
    """Local improvement: the bundled game's first five rounds kept, the sixth searched again
    (one game per slot): a game the engine verifies that begins with those moves."""
    text = BEST.read_text(encoding="utf-8")
    start = solo_search.opening(text, 5)
    assert start.state.round == 6 and start.state.is_chance
    found = solo_search.search(solo_value.Prices(), width=1, branch=4, start=start)
    kept = start.moves()
    assert found.node.moves()[:len(kept)] == kept
    assert tuple(s.move for s in parse_record(text, "best").steps)[:len(kept)] == kept
    out = tmp_path / "again.json"
    assert solo_search.write_record(found, str(out)) == found.total > 0


def test_a_narrow_search_finds_a_game_the_engine_verifies(tmp_path: Path) -> None:
    """One game per slot, four positions per decision: a game the engine verifies, its record
    written to a new file only."""
    narrow = solo_search.search(solo_value.Prices(), width=1, branch=4)
    out = tmp_path / "found.json"
    assert solo_search.write_record(narrow, str(out)) == narrow.total > 0
    record = parse_record(out.read_text(encoding="utf-8"), "found")
    assert verify(record, "found").scores[0].total == narrow.total
    with pytest.raises(FileExistsError):
        solo_search.write_record(narrow, str(out))


def _after_round(rounds: int) -> Sheet:
    """The bundled best game's areas at the end of round ``rounds`` (tracks as at the
    start: the areas alone are asked for)."""
    state = solo_search.opening(BEST.read_text(encoding="utf-8"), rounds).state
    return solo_search.sheet(GAME.new_game(1)).changed(parts=solo_search.sheet(state).parts)


def test_reachable_says_yes_with_a_verified_record_for_the_best_games_first_round() -> None:
    """The bundled game's areas after round 1: yes, and the record given is accepted by
    ``verify --partial`` and ends round 1 with exactly those areas."""
    target = _after_round(1)
    answer = questions.reachable(target, budget=1, rounds=1)
    assert answer.verdict == "yes" and answer.record is not None
    record = parse_record(answer.record, "yes")
    assert verify(record, "yes", partial=True).status == "legal-so-far"
    assert solo_search.sheet(replay(record)).parts == target.parts
    # the same areas cannot end a whole game (every round's picks are still to come)
    assert questions.reachable(target, budget=1).verdict == "undecided"


def test_a_record_ending_elsewhere_is_refused() -> None:
    record = parse_record(BEST.read_text(encoding="utf-8"), "best")
    try:
        solo_realise.confirm(BEST.read_text(encoding="utf-8"), BLANK, "test")
    except CertificateError:
        pass
    else:
        raise AssertionError("a game not ending with the blank sheet was confirmed")
    solo_realise.confirm(BEST.read_text(encoding="utf-8"),
                         solo_search.sheet(replay(record)), "test")


def test_net_prices_count_an_areas_bonus_entries_as_given_back() -> None:
    """With ``net`` an area's curve is indexed by entries made less the question marks and
    extra dice they earn: yellow's middle row earns ?P, ?B, +1, ?Y at columns 2-5 (4E-5), so
    its 1s cost nothing from the second on, and no curve is lower than without ``net``."""
    gross = solo_value.Prices(floor=0, shortfall=0.0, entry=0.0)
    net = solo_value.Prices(floor=0, shortfall=0.0, entry=0.0, net=True)
    assert solo_value.returns(("?Y", "+1", "PS", "RR", "FOX", None)) == 2
    assert net.cost(3, 2) == 1 and net.cost(1, 2) == 0 and gross.cost(3, 2) == 3
    top_and_middle = (((1, 2, 3, 4, 5), (1,), (6, 6, 6, 6, 6)))
    # one more entry: with net, the whole middle row (four 1s earn four entries back)
    assert solo_value.yellow(top_and_middle, gross)[1] == 30 - 2 + 20
    assert solo_value.yellow(top_and_middle, net)[1] == 30 - 5 + 70
    for part, g, n in zip(BLANK.parts, solo_value.curves(BLANK.parts, gross),
                          solo_value.curves(BLANK.parts, net)):
        assert (n >= g).all(), part
    # grey: a part whose cell earns an entry costs none, so net reaches more with few parts
    assert solo_value.grey(0, net)[3] > solo_value.grey(0, gross)[3]
