"""One solo search, both games (spec/solo_beam.py, with spec/fourever/solo_search.py and
spec/cubed/solo_seam.py supplying each game's rolls, worth and budget; issue 29): the neutral
beam plays a whole Clever Cubed and a whole Clever 4Ever solo game through the engine, each
record verified by the engine, the same budget giving the same record byte for byte; each
slot keeps its best-ranked positions; the rolls a game supplies are legal and cover what the
solo rules let a passive pick take.  Node budgets only (beam widths), no clock."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import pytest

from oracle import Phase, Place
from oracle.engine.game import Game, State
from oracle.records.record import parse_record, verify
from spec import solo_beam
from spec.cubed import solo_game as sg
from spec.cubed import solo_seam
from spec.cubed.seam import GAME as CUBED
from spec.cubed.solo_value import to_come
from spec.fourever import solo_search
from spec.fourever.solo_value import Prices
from spec.solo_beam import Node, SoloGame


@functools.cache
def _cubed() -> SoloGame:
    return solo_seam.solo_game()


def _fourever() -> SoloGame:
    return solo_search.solo_game(Prices())


def _games() -> list[tuple[str, SoloGame]]:
    return [("clever-cubed", _cubed()), ("clever-4ever", _fourever())]


#: The narrowest beam's game (one game a slot, four positions a decision): its total and the
#: first hex digits of the SHA-256 of its record's steps (one a line; the steps alone, so a
#: ruleset option added to the records changes nothing here).  Clever 4Ever's are the steps
#: of the record ``python -m spec.fourever.solo_search --width 1 --branch 4`` wrote before the
#: beam was shared (that record is byte for byte the same).  A change to a game's rolls or
#: worth changes these on purpose; a change to the neutral beam must not.
PINNED = {"clever-cubed": (414, "2b67dc6c8ec2d226"), "clever-4ever": (326, "2271ec5141e7afc1")}


@pytest.mark.parametrize("name", ["clever-cubed", "clever-4ever"])
def test_the_beam_plays_a_whole_solo_game_the_engine_verifies_twice_alike(
        name: str, tmp_path: Path) -> None:
    """One game a slot, four positions a decision: a whole game whose record the engine
    verifies with the total found (legal, solo), the same budget again writes the same
    bytes, and they are the pinned ones (:data:`PINNED`)."""
    solo = dict(_games())[name]
    assert solo.game.name == name
    first = solo_beam.search(solo, width=1, branch=4)
    again = solo_beam.search(solo, width=1, branch=4)
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert solo_beam.write_record(solo.game, first, str(one)) == first.total
    assert solo_beam.write_record(solo.game, again, str(two)) == again.total
    assert one.read_bytes() == two.read_bytes()
    record = parse_record(one.read_text(encoding="utf-8"), "found")
    assert record.game.name == name and record.players == ("Solo",)
    verdict = verify(record, "found")
    assert verdict.status == "legal" and verdict.scores[0].total == first.total
    steps = "\n".join(json.loads(one.read_text(encoding="utf-8"))["steps"])
    digest = hashlib.sha256(steps.encode("utf-8")).hexdigest()[:16]
    assert (first.total, digest) == PINNED[name]


def _slot(solo: SoloGame, width: int, branch: int) -> list[Node]:
    return solo_beam.next_slot(solo, [Node(solo.game.new_game(1))], solo.worth, width, branch)


@pytest.mark.parametrize("name", ["clever-cubed", "clever-4ever"])
def test_a_slot_keeps_the_best_ranked_positions_in_order(name: str) -> None:
    """The first roll slot, narrowed to three games, keeps the three best by the game's worth
    of every position the slot reaches (the same decisions tried), best first: a ranking
    that kept the worst, or kept them unordered, fails here."""
    solo = dict(_games())[name]
    every = _slot(solo, 10 ** 6, 6)
    kept = _slot(solo, 3, 6)
    ranks = [solo.worth(n.state) for n in every]
    assert len(every) > 3
    assert [n.state for n in kept] == [n.state for n in every[:3]]
    assert ranks == sorted(ranks, reverse=True)
    assert [solo.worth(n.state) for n in kept] == ranks[:3]
    # positions are one when they differ only by the faces of dice in the cup
    keys = [solo_beam.key(solo.game, n.state) for n in every]
    assert len(set(keys)) == len(keys)
    assert all(n.state.is_chance for n in every)


def _solo_roll_state(game: Game) -> State:
    """The first solo passive roll of a game whose active player always takes the first legal
    move, every die showing 6."""
    state = game.new_game(1)
    while game.phase(state) != Phase.SOLO_ROLL:
        if state.is_chance:
            cup = [d for d in game.dice(state) if d.place == Place.CUP]
            state = game.apply(state, game.parse_move(
                "roll " + " ".join(f"{d.die.code}6" for d in cup)))
        else:
            state = game.apply(state, game.legal_moves(state)[0])
    return state


@pytest.mark.parametrize("name", ["clever-cubed", "clever-4ever"])
def test_every_die_lies_on_the_platter_with_every_face_in_some_solo_roll(name: str) -> None:
    """The solo passive pick takes a platter die (ruling 9): among the rolls the game tries,
    each die lies on the silver platter showing each face, and every roll is legal."""
    solo = dict(_games())[name]
    game = solo.game
    state = _solo_roll_state(game)
    shown: set[tuple[str, int | None]] = set()
    for roll, _ in solo.rolls(state):
        after = game.apply(state, roll)  # legal, or IllegalMoveError
        shown |= {(d.die.code, d.face) for d in game.dice(after) if d.place == Place.PLATTER}
    assert shown == {(code, f) for code in game.dice_codes for f in range(1, 7)}


def test_the_cubed_budget_counts_the_open_face_games_entries_to_come() -> None:
    """Clever Cubed's budget from the engine's position counts what the open-face game's
    does (:func:`spec.cubed.solo_value.to_come`) at the start: three picks and a passive pick
    a round, round 2's extra die and round 4's black question mark (rulings 8, 9); nothing
    at the end."""
    total, caps = solo_seam.budget(CUBED.new_game(1))
    assert total == to_come(sg.start()) == 6 * 4 + 2
    # an area: its own die and the white die of three active picks, the passive pick
    assert caps == (2 + 1 + 5 * 3 + 2,) * 5
    end = solo_beam.search(_cubed(), width=1, branch=2).node.state
    assert solo_seam.budget(end)[0] == 0


def test_the_cubed_command_writes_a_verified_record_and_keeps_an_existing_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "solo.json"
    assert solo_seam.main(["--width", "1", "--branch", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    written = out.read_bytes()
    total = verify(parse_record(written.decode("utf-8"), "solo"), "solo").scores[0].total
    assert f"wrote {out}: {total}, verified" in printed
    # an existing file is the user's: refused, exit 2, untouched
    assert solo_seam.main(["--width", "1", "--branch", "2", "--out", str(out)]) == 2
    assert "exists" in capsys.readouterr().err
    assert out.read_bytes() == written


def test_the_search_tells_its_progress_at_each_roll_slot() -> None:
    """``progress`` hears one line a roll slot: the round, the games kept, the best total so
    far (never falling: a sheet only gains) and the entries still to come."""
    heard: list[str] = []
    found = solo_beam.search(_fourever(), width=1, branch=2, progress=heard.append)
    assert heard[0].startswith("beam: round 1, 1 games, best total so far ")
    assert heard[-1] == f"beam: round 6, 1 games, best total so far {found.total}, 0 entries " \
                        "to come"
    totals = [int(line.split("so far ")[1].split(",")[0]) for line in heard]
    assert totals == sorted(totals)
    # three active rolls and the solo roll a round (ruling 9; one face on every die in the
    # cup, so no roll leaves the cup empty early)
    assert len(heard) == 6 * 4
