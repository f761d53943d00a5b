"""Realising a claimed sheet (``solve reachable`` answering yes): the game found verifies and
ends with exactly the sheet; the pruning never lets a sheet outgrow its target."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from oracle.cli import main
from oracle import Bonus, Move, PlayerSheet, apply_unchecked, new_game
from spec.cubed.printed import ROUND_START_BONUS
from spec.cubed.seam import format_sheet, parse_sheet
from oracle.records.play import POLICIES, play_game
from oracle.records.record import parse_record, verify
from spec.cubed import questions, realise
from tests.spec import SAFETY

#: Player 1 after round 1 of a 2-player game: yellow II 4 and 6, brown field 3.
TWO_PLAYERS_ROUND_1 = ("y=....../...x.x/...... t=....../....../....../....../...... b=| "
                       "br=..x......... p= rr=o...... nj=....... xd=....... q=")


def _sheet_after(moves: tuple[Move, ...], players: int, rounds: int) -> PlayerSheet:
    """Player 1's sheet at the end of round ``rounds`` of a game (the next round's bonus,
    given as it begins, taken back)."""
    state = new_game(players)
    for move in moves:
        state = apply_unchecked(state, move)
        if state.round > rounds:
            bonus = ROUND_START_BONUS[rounds]
            sheet = state.sheets[0]
            if bonus is Bonus.EXTRA_DIE:
                return sheet.but(extra_dice=sheet.extra_dice - 1)
            if bonus is Bonus.NUMBER_JOKER:
                return sheet.but(jokers=sheet.jokers - 1)
            return sheet.but(pending=())
    return state.sheets[0]


def test_fits_keeps_a_sheet_inside_its_target() -> None:
    target = parse_sheet("y=x...../....../...... t=....../....../....../....../...... b=6,5|8 "
                         "br=x.x......... p=2h,6t rr=o...... nj=....... xd=....... q=")
    assert realise.fits(PlayerSheet(), target)
    assert realise.fits(target, target)
    assert not realise.fits(PlayerSheet(brown=0b100), target)  # field 1 lies left of it
    assert not realise.fits(PlayerSheet(yellow=0b10), target)  # a cross the target lacks
    assert not realise.fits(PlayerSheet(blue_left=(5,)), target)  # not a prefix
    assert not realise.fits(PlayerSheet(pink=(2, 3), pink_bonus=0b11), target)  # 6t, not 3h
    assert not realise.fits(PlayerSheet(rerolls=2), target)


def test_has_room_counts_the_question_marks_to_come() -> None:
    # Brown fields 1 and 2 earn a number joker; 2 and 3 a pink question mark: a target with
    # brown 1-3 and no pink has no room for it.
    target = parse_sheet("y=....../....../...... t=....../....../....../....../...... b=| "
                         "br=xxx......... p= rr=o...... nj=o...... xd=....... q=")
    assert Bonus.QUESTION_PINK in realise.questions_to_come(PlayerSheet(), target)
    assert not realise.has_room(PlayerSheet(), target)
    roomy = target.but(pink=(3,))
    assert realise.has_room(PlayerSheet(), roomy)


def test_a_two_player_sheet_after_round_one_is_realised() -> None:
    target = parse_sheet(TWO_PLAYERS_ROUND_1)
    found = realise.realise(target, 2, 1, seconds=None, nodes=2000)
    assert found.moves is not None
    assert _sheet_after(found.moves, 2, 1) == target


@pytest.mark.parametrize(("players", "seed", "policy", "rounds"),
                         [(1, 7, "greedy", 6), (3, 4, "random", 2)])
def test_sheets_of_real_games_are_realised(players: int, seed: int, policy: str,
                                           rounds: int) -> None:
    moves = play_game(players, seed, POLICIES[policy])[0]
    target = _sheet_after(moves, players, rounds)
    answer = questions.reachable(target, players, rounds, budget=3000)
    assert answer.proven and answer.value == 1 and answer.record is not None
    record = parse_record(answer.record)
    verdict = verify(record, partial=True)
    assert verdict.status == ("legal" if rounds == 6 else "legal-so-far")
    assert format_sheet(_sheet_after(tuple(s.move for s in record.steps), players, rounds)) \
        == format_sheet(target)


def test_pending_question_marks_do_not_outlive_a_round() -> None:
    """A question mark is used at once or lost (rulings 18-19), so no round ends with one
    pending: a sheet after round 1 (not the last) showing one is "no", naming PENDING, and the
    realiser never returns a game for it (it used to end the round without the ?Y)."""
    sheet = parse_sheet(TWO_PLAYERS_ROUND_1.replace("q=", "q=?Y"))
    answer = questions.reachable(sheet, 2, 1, budget=200)
    assert answer.verdict == "no" and answer.record is None, str(answer)
    assert any(n.startswith("PENDING") for n in answer.notes), answer.notes
    assert realise.realise(sheet, 2, 1, seconds=None, nodes=200).moves is None


def test_the_record_ends_the_round_with_exactly_the_sheet() -> None:
    """The game found ends round 1 with exactly the claimed sheet: the state after its last
    step is round 2 with the round-2 bonus (an extra die) and nothing else added."""
    target = parse_sheet(TWO_PLAYERS_ROUND_1)
    found = realise.realise(target, 2, 1, seconds=None, nodes=2000)
    assert found.moves is not None
    state = new_game(2)
    for move in found.moves:
        state = apply_unchecked(state, move)
    assert state.round == 2
    assert state.sheets[0] == target.but(extra_dice=target.extra_dice + 1)


def test_undecided_when_no_game_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(realise, "realise",
                        lambda *a, **k: realise.Realised(None, "the time ran out"))
    answer = questions.reachable(parse_sheet(TWO_PLAYERS_ROUND_1), 2, 1, budget=200)
    assert not answer.proven and answer.value is None and answer.record is None
    assert "undecided" in str(answer) and "cannot refute" in str(answer)
    # the sheet asked is not a witness of anything: none is printed
    assert answer.witness is None and "witness" not in str(answer)


def test_record_option_writes_a_new_file_only(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out, err = io.StringIO(), io.StringIO()
    argv = ["solve", "reachable", TWO_PLAYERS_ROUND_1, "--players", "2", "--round", "1",
            "--record", str(path), "--timeout", str(SAFETY)]
    assert main(argv, out, err) == 0, err.getvalue()
    assert verify(parse_record(path.read_text()), partial=True).status == "legal-so-far"
    path.write_text("mine")
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 2
    assert "exists" in err.getvalue() and err.getvalue().count("\n") == 1
    assert path.read_text() == "mine"


def test_json_answer_holds_the_record() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["solve", "reachable", TWO_PLAYERS_ROUND_1, "--players", "2", "--round", "1",
            "--json", "--timeout", str(SAFETY)]
    assert main(argv, out, err) == 0, err.getvalue()
    data = json.loads(out.getvalue())
    assert data["proven"] is True and data["record"]["format"] == "clever-oracle-record/2"


@pytest.mark.parametrize("seed", range(24))
def test_pruning_never_cuts_off_a_real_game(seed: int) -> None:
    """Every state of a real game (random or greedy play, 1-4 players) fits its own final
    sheet and has room for what that sheet still earns: the realiser's pruning is sound."""
    players = 1 + seed % 4
    moves = play_game(players, seed, POLICIES["random" if seed % 2 else "greedy"])[0]
    state = new_game(players)
    states = [state]
    for move in moves:
        state = apply_unchecked(state, move)
        states.append(state)
    target = state.sheets[0]
    rounds = state.rounds
    for before in states:
        sheet = before.sheets[0]
        assert realise.fits(sheet, target), format_sheet(sheet)
        black = realise._black_to_come(before.round, rounds)
        assert realise.has_room(sheet, target, black, before.ruleset), format_sheet(sheet)


def test_a_printed_number_joker_needs_an_entry_of_its_number() -> None:
    # Number-joker field 1 is printed 3: spent, it entered a 3 somewhere.
    target = parse_sheet("y=..x.../....../...... t=....../....../....../....../...... b=| "
                         "br=............ p= rr=o...... nj=x...... xd=....... q=")
    assert realise.jokers_have_room(PlayerSheet(), target)
    done = PlayerSheet(yellow=target.yellow)  # the 3 made without the joker: no room left
    assert not realise.jokers_have_room(done, target)
    assert realise.takes_number(PlayerSheet(), target.but(blue_right=(8,)), 2)
    assert not realise.takes_number(PlayerSheet(), target.but(yellow=0, blue_right=(8,)), 1)


@pytest.mark.parametrize("extra", [["--round", "9"], ["--round", "0"],
                                   ["--players", "4", "--round", "5"], ["--players", "5"]])
def test_a_round_outside_the_game_is_refused_in_one_line(extra: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "reachable", TWO_PLAYERS_ROUND_1, *extra], out, err) == 2
    text = err.getvalue()
    assert text.count("\n") == 1 and ("rounds 1 to" in text or "--players" in text), text
    assert out.getvalue() == ""
