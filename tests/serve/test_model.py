"""The service speaks the JSON game model (docs/formats.md, section 6; README, "A checking
service"): a new game's start (``POST /new``), positions in and out as ``state``, moves as text
or JSON, legal moves listed both ways; an app plays a whole game with JSON alone."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable

import httpx
import pytest

from oracle.engine.game import Game, State
from oracle.games import GAMES, find_game
from oracle.records.play import play_game
from oracle.formats.model.state import state_to_json_text
from oracle.records.position import state_from_json
from oracle.serve.app import create_app
from oracle.serve.memo import PositionMemo
from tests.serve.live import SAFETY

Check = Callable[[object, str], None]
#: Moves a random game takes at most (a 4-player game has well under a thousand).
MOST_STEPS = 3000


def post(url: str, path: str, body: object) -> httpx.Response:
    return httpx.post(f"{url}{path}", json=body, timeout=SAFETY)


def _roll(state: dict[str, object], rng: random.Random) -> dict[str, object]:
    """The roll due, made from the ``state`` object alone: every die in the cup (in die order,
    as the state lists them) with a random face; a solo game's passive roll (phase solo-roll)
    rolls all six, in a random order (closest to the silver platter first)."""
    dice = state["dice"]
    assert isinstance(dice, list)
    if state["phase"] == "solo-roll":
        return {"kind": "solo-roll", "dice": [{"die": d["die"], "face": rng.randint(1, 6)}
                                              for d in rng.sample(dice, len(dice))]}
    return {"kind": "roll", "dice": [{"die": d["die"], "face": rng.randint(1, 6)}
                                     for d in dice if d["place"] == "cup"]}


def play_through(url: str, game: str, players: int, seed: int,
                 conforms: Check | None = None) -> list[dict[str, object]]:
    """A whole random game played through the service as an app that reads only the JSON
    model: it never reads or writes position or sheet notation.  Every answer, in order."""
    rng = random.Random(seed)
    answer = post(url, "/new", {"game": game, "players": players}).json()
    answers = [answer]
    for step in range(MOST_STEPS):
        state = answer["state"]
        if state["to_move"] == "nobody":
            return answers
        move = (_roll(state, rng) if state["to_move"] == "dice"
                else rng.choice(answer["legal_json"]))
        answer = post(url, "/apply", {"state": state, "move": move}).json()
        assert answer["accepted"] is True, answer
        assert "position" not in answer  # a JSON app is not sent notation it did not ask for
        if conforms is not None and step % 25 == 0:
            conforms(answer, "apply-answer")
        answers.append(answer)
    raise AssertionError(f"the game did not end within {MOST_STEPS} moves")


@pytest.mark.parametrize("game,players", [(g, n) for g in GAMES for n in (1, 2, 4)])
def test_an_app_plays_a_whole_game_with_the_json_model_alone(
        server: str, conforms: Check, game: str, players: int) -> None:
    answers = play_through(server, game, players, seed=players, conforms=conforms)
    final = answers[-1]
    assert final["over"] is True and final["legal_json"] == []
    state = final["state"]
    assert state["phase"] == "over" and state["to_move"] == "nobody"
    # the library agrees on every step and on the final scores
    rules = find_game(game)
    replayed = rules.new_game(players)
    for before, after in zip(answers, answers[1:]):
        replayed = rules.apply(replayed, after["move_json"])
        assert rules.to_json(replayed) == after["state"]
        assert [rules.move_from_json(m) for m in after["legal_json"]] == list(
            rules.legal_moves(replayed))
    totals = [p["score"]["total"] for p in state["players"]]
    assert totals == [s.total for s in rules.scores(replayed)]
    scored = post(server, "/score", {"state": state}).json()
    conforms(scored, "score-answer")
    assert [s["total"] for s in scored["scores"]] == totals
    assert scored["winners"] == (list(rules.winners(rules.scores(replayed)))
                                 if players > 1 else [])


@pytest.mark.parametrize("name", list(GAMES))
def test_a_new_game_starts_with_the_roll_due(server: str, conforms: Check, name: str) -> None:
    game = find_game(name)
    for players in range(game.min_players, game.max_players + 1):
        start = post(server, "/new", {"game": name, "players": players}).json()
        conforms(start, "position-answer")
        assert start["to_move"] == "dice" and start["legal"] == start["legal_json"] == []
        assert start["state"] == game.to_json(game.new_game(players))
        assert "position" not in start
    option = game.ruleset_options[0]
    other = next(v for v in option.values if v != option.default)
    chosen = post(server, "/new", {"game": name, "players": 2, "position_text": True,
                                   "ruleset": {option.name: other}}).json()
    ruleset = game.make_ruleset({option.name: other})
    assert chosen["position"] == game.format_position(game.new_game(2, ruleset))
    assert str(chosen["state"]["ruleset"][option.name]).lower() == other


@pytest.mark.parametrize("body,where,words", [
    ({"game": "clever-cubed", "players": 5}, "/players", "maximum"),
    ({"game": "clever-cubed", "players": 0}, "/players", "minimum"),
    ({"game": "chess", "players": 2}, "/game", "unknown game 'chess'"),
    ({"game": "clever-cubed", "players": 2, "ruleset": {"no_such": True}}, "/ruleset/no_such",
     "unknown ruleset option 'no_such'"),
    ({"game": "clever-cubed", "players": 2, "ruleset": {"blue_question": "sometimes"}},
     "/ruleset", "sometimes"),
    ({"players": 2}, "/", "'game' is a required property"),
])
def test_a_new_game_refuses_what_no_game_has(server: str, body: dict[str, object], where: str,
                                             words: str) -> None:
    refused = post(server, "/new", body)
    assert refused.status_code == 422
    assert refused.json()["where"] == where and words in refused.json()["detail"]


@pytest.mark.parametrize("name", list(GAMES))
def test_positions_as_state_or_text_get_the_same_answer(server: str, conforms: Check,
                                                         name: str) -> None:
    game = find_game(name)
    moves, _ = play_game(2, 4, game=name)
    state = game.new_game(2)
    for i, move in enumerate(moves):
        if i % 11 == 0:
            text = game.format_position(state)
            by_text = post(server, "/legal", {"position": text}).json()
            by_state = post(server, "/legal", {"state": game.to_json(state)}).json()
            conforms(by_state, "position-answer")
            assert by_text.pop("position") == text
            assert by_text == by_state
            assert by_state["legal"] == [str(m) for m in game.legal_moves(state)]
            assert by_state["legal_json"] == [game.move_to_json(m)
                                              for m in game.legal_moves(state)]
            asked = post(server, "/legal", {"state": game.to_json(state),
                                            "position_text": True}).json()
            assert asked["position"] == text
            as_text = post(server, "/apply", {"state": game.to_json(state),
                                              "move": str(move)}).json()
            as_json = post(server, "/apply", {"position": text,
                                              "move": game.move_to_json(move)}).json()
            assert as_json.pop("position") == game.format_position(game.apply(state, move))
            assert as_text == as_json
            assert as_text["move"] == str(move)
            assert as_text["move_json"] == game.move_to_json(move)
            assert as_text["state"] == game.to_json(game.apply(state, move))
        state = game.apply_unchecked(state, move)


def test_a_refused_json_move_names_the_rule_and_keeps_the_state(server: str,
                                                                conforms: Check) -> None:
    game = find_game("clever-4ever")
    moves, _ = play_game(2, 6, game="clever-4ever")
    state = game.new_game(2)
    for move in moves[:7]:
        state = game.apply_unchecked(state, move)
    assert not state.is_chance
    legal = set(game.legal_moves(state))
    wrong = next(m for m in game.move_space() if m not in legal)
    refused = post(server, "/apply", {"state": game.to_json(state),
                                      "move": game.move_to_json(wrong)}).json()
    conforms(refused, "apply-answer")
    assert refused["accepted"] is False
    assert (refused["rule"], refused["reason"]) == game.diagnose(state, wrong)
    assert refused["move_json"] == game.move_to_json(wrong)
    assert refused["state"] == game.to_json(state) and "position" not in refused
    assert refused["legal_json"] == [game.move_to_json(m) for m in game.legal_moves(state)]


def test_bad_positions_and_moves_in_json_are_422_naming_the_pointer(server: str) -> None:
    game = find_game("clever-cubed")
    start = game.to_json(game.new_game(2))
    rolled = game.to_json(game.apply(game.new_game(2), game.parse_move("roll W3 Y5 T1 B6 Br2 P4")))
    cases: list[tuple[dict[str, object], str, str]] = [
        ({"state": start, "position": game.format_position(game.new_game(2))}, "/",
         "want either 'state', or 'position' (not both)"),
        ({}, "/", "want either 'state', or 'position'"),
        ({"state": {**start, "round": 9}}, "/state/round", "not 9"),
        ({"state": {**start, "game": "chess"}}, "/state/game", "chess"),
        ({"state": {**start, "players": [start["players"][0]] * 2}}, "/state/players/1/id",
         "'p2'"),
        ({"state": "clever-cubed round=1"}, "/state", "not of type 'object'"),
    ]
    for body, where, words in cases:
        refused = post(server, "/legal", body)
        assert refused.status_code == 422, (body, refused.text)
        assert refused.json()["where"] == where and words in refused.json()["detail"], \
            refused.json()
    moves: list[tuple[object, str, str]] = [
        ({"kind": "take", "die": "W", "area": "yellow", "row": "IV"}, "/move/row", "IV"),
        ({"kind": "jump"}, "/move/kind", "jump"),
        (7, "/move", "7 is not a move, as text (move notation) or as JSON"),
        ("take W yellow:IV", "/move", "IV"),
    ]
    for move, where, words in moves:
        refused = post(server, "/apply", {"state": rolled, "move": move})
        assert refused.status_code == 422, (move, refused.text)
        assert refused.json()["where"] == where and words in refused.json()["detail"], \
            refused.json()


@pytest.mark.parametrize("name", list(GAMES))
def test_score_and_render_take_a_state_and_a_sheet_as_json(server: str, name: str) -> None:
    game = find_game(name)
    moves, _ = play_game(2, 8, game=name)
    state = game.new_game(2)
    for move in moves:
        state = game.apply_unchecked(state, move)
    by_state = post(server, "/score", {"state": game.to_json(state)}).json()
    by_text = post(server, "/score", {"position": game.format_position(state)}).json()
    assert by_state == by_text
    assert by_state["scores"] == [s.to_json() for s in game.scores(state)]
    sheet = game.sheet_to_json(state.sheets[1])
    one = post(server, "/score", {"game": name, "sheet": sheet}).json()
    assert one["scores"] == [game.scores(state)[1].to_json()]
    drawn = post(server, "/render", {"state": game.to_json(state), "player": 2})
    assert drawn.text == game.sheet_svg(state.sheets[1], "p2")
    alone = post(server, "/render", {"game": name, "sheet": sheet})
    assert alone.text == game.sheet_svg(state.sheets[1], "")
    broken = post(server, "/score", {"game": name, "sheet": {**sheet, "foxes": 99}})
    assert broken.status_code == 422 and broken.json()["where"] == "/sheet/foxes"


def test_the_positions_memo_reads_each_text_once_and_knows_what_it_wrote() -> None:
    game = find_game("clever-cubed")
    states = [game.new_game(2)]
    for move in play_game(2, 9, game="clever-cubed")[0][:5]:
        states.append(game.apply_unchecked(states[-1], move))
    read: list[object] = []

    def reader(data: object) -> tuple[Game, State]:
        read.append(data)
        return game, game.from_json(data)

    memo = PositionMemo(size=3)
    first = game.to_json(states[0])
    assert memo.read(first, reader)[1] == states[0]
    assert memo.read(json.loads(json.dumps(first)), reader)[1] == states[0]
    assert len(read) == 1  # the same JSON text: read once
    written = memo.write(game, states[1])
    assert json.loads(written) == game.to_json(states[1])
    assert memo.write(game, states[1]) is written
    assert memo.read(json.loads(written), reader)[1] == states[1]
    assert len(read) == 1  # what it wrote it need not read
    for state in states[2:]:  # the oldest are forgotten (size 3)
        memo.write(game, state)
    memo.read(json.loads(written), reader)
    assert len(read) == 2
    assert state_from_json(json.loads(memo.write(game, states[5]))) == states[5]


def test_a_position_sent_back_as_given_gets_the_same_answers() -> None:
    """The worker's memo (a position it gave, sent back byte for byte, is not read again)
    changes no answer, nor any error."""
    async def go() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://oracle") as client:
            start = (await client.post("/new", json={"game": "clever-4ever", "players": 1}))
            state = start.json()["state"]
            roll = {"kind": "roll", "dice": [{"die": d["die"], "face": 2}
                                             for d in state["dice"]]}
            found = []
            for body in ({"state": state, "move": roll}, {"state": state, "move": roll},
                         {"move": roll, "state": state},
                         {"state": state, "move": {"kind": "roll", "dice": []}},
                         {"state": state, "move": {"kind": "roll"}, "position_text": True},
                         {"state": state, "move": "roll W2"}):
                found.append(await client.post("/apply", json=body))
            for body in ({"state": state}, {"position_text": True, "state": state},
                         {"state": state, "position_text": 1}):
                found.append(await client.post("/legal", json=body))
            return found

    first, again, reordered, empty, missing, text, legal, asked, wrong = asyncio.run(go())
    assert first.json()["accepted"] is True
    assert again.content == first.content == reordered.content
    assert empty.status_code == missing.status_code == 422
    assert empty.json()["where"] == "/move/dice" and missing.json()["where"] == "/move"
    assert text.json()["accepted"] is False and text.json()["rule"] == "ROLL-DICE"
    assert legal.status_code == 200 and legal.json()["to_move"] == "dice"
    assert "position" in asked.json() and "position" not in legal.json()
    assert wrong.status_code == 422 and wrong.json()["where"] == "/position_text"


@pytest.mark.parametrize("name", list(GAMES))
def test_a_positions_json_text_is_json_dumps_of_its_json(name: str) -> None:
    """What the service writes (each sheet's text kept, oracle.formats.model.state.state_to_json_text)
    is exactly json.dumps of the position's JSON, for every position of random games of one to
    four players, sheets seen before or not."""
    game = find_game(name)
    for players in range(1, 5):
        moves, _ = play_game(players, 40 + players, game=name)
        state = game.new_game(players)
        for move in moves:
            assert state_to_json_text(state) == json.dumps(game.to_json(state))  # type: ignore[arg-type]  # a state of the game
            state = game.apply_unchecked(state, move)
        assert state_to_json_text(state) == json.dumps(game.to_json(state))  # type: ignore[arg-type]  # a state of the game
